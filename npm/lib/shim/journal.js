// The append-only journal: each record is rendered (and checksummed) by the engine,
// appended and fsynced before the action it covers. Past `cap` bytes the file rotates to
// `.1` (replacing an older `.1`) and the new file starts with the run's header again, so
// a run is never separated from its header; readers take both segments, oldest first.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { engine } from '../engine.js';
import { fsyncDir } from './atomic-write.js';
import { step } from './fault.js';

export const ROTATE_BYTES = 1 << 20;

/** The journal's segments, oldest first, as the engine's `parseJournal` takes them. */
export function readJournal(/** @type {string} */ path, /** @type {string} */ name = path) {
  return [`${path}.1`, path]
    .filter((p) => existsSync(p))
    .map((p) => ({ name: p === path ? name : `${name}.1`, text: readFileSync(p, 'utf8') }));
}

export class JournalWriter {
  /**
   * @param {string} path
   * @param {import('../index.js').JournalRecord} header this run's `begin` record, repeated after rotation
   * @param {{ cap?: number }} [options]
   */
  constructor(path, header, { cap = Number(process.env.UPKEEP_JOURNAL_CAP ?? ROTATE_BYTES) } = {}) {
    this.path = path;
    this.header = header;
    this.cap = cap;
  }

  /** Appends one record durably. */
  append(/** @type {import('../index.js').JournalRecord} */ record) {
    const line = engine.renderJournalLine(record);
    const size = existsSync(this.path) ? statSync(this.path).size : 0;
    if (size > 0 && size + Buffer.byteLength(line) > this.cap && record.type !== 'begin') {
      renameSync(this.path, `${this.path}.1`);
      fsyncDir(dirname(this.path));
      this.#write(engine.renderJournalLine(this.header));
    }
    this.#write(line);
  }

  #write(/** @type {string} */ line) {
    const fd = openSync(this.path, 'a', 0o644);
    try {
      writeSync(fd, line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    step('journal');
  }
}
