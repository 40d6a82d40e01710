// The append-only journal: each record is rendered (and checksummed) by the engine,
// appended and fsynced before the action it covers. Past `cap` bytes the file rotates to
// `.1` (replacing an older `.1`) and the new file starts with the run's header again, so
// a run is never separated from its header; readers take both segments, oldest first.
// Dropping an older `.1` loses nothing resume needs: a file's intent and done records are
// appended back to back, so a dropped segment holds only finished files, whose bytes
// already match their new content (resume re-observes every file and takes journalled
// decisions only for files not yet finished).
import { closeSync, constants, fsyncSync, ftruncateSync, lstatSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { DEFAULT_FILE_MODE, fsyncDir } from './atomic-write.js';
import { journalWrite, step } from './fault.js';
import { UpkeepError } from './upkeep-error.js';

/** The engine's: a journal past this size is rotated before the next append. */
export const ROTATE_BYTES = engine.writeConstants().journalRotateBytes;

/**
 * What is at a journal segment's path: its size, or undefined when absent. Anything but a
 * regular file (a planted symlink, a directory) is refused: the journal is never read or
 * appended through a link out of the tree.
 */
function segmentSize(/** @type {string} */ path) {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!stat.isFile()) {
    const refusal = engine.treeRefusal({ kind: 'journal-not-a-file', path, link: stat.isSymbolicLink() });
    throw Object.assign(UpkeepError.from(refusal), { path });
  }
  return stat.size;
}

/** The journal's segments, oldest first, as the engine's `parseJournal` takes them. */
export function readJournal(/** @type {string} */ path, /** @type {string} */ name = path) {
  return [`${path}.1`, path]
    .filter((p) => segmentSize(p) !== undefined)
    .map((p) => ({ name: p === path ? name : `${name}.1`, text: readFileSync(p, 'utf8') }));
}

export class JournalWriter {
  /**
   * @param {string} path
   * @param {import('../index.js').JournalRecord} header this run's `begin` record, repeated after rotation
   * @param {{ cap?: number, tornAt?: number | null }} [options] tornAt: where the journal's
   *   torn last line starts (the engine's `parseJournal`), cut before the first append
   */
  constructor(path, header, { cap = Number(process.env.UPKEEP_JOURNAL_CAP ?? ROTATE_BYTES), tornAt = null } = {}) {
    this.path = path;
    this.header = header;
    this.cap = cap;
    /** @type {number | null} */
    this.tornAt = tornAt;
  }

  /** Appends one record durably. */
  append(/** @type {import('../index.js').JournalRecord} */ record) {
    this.#cutTornLine();
    const line = engine.renderJournalLine(record);
    const size = segmentSize(this.path) ?? 0;
    if (size > 0 && size + Buffer.byteLength(line) > this.cap && record.type !== 'begin') {
      renameSync(this.path, `${this.path}.1`);
      fsyncDir(dirname(this.path));
      this.#write(engine.renderJournalLine(this.header));
    }
    this.#write(line);
  }

  /**
   * Appends records durably with one write and one fsync (per segment), as the same
   * records appended one by one would leave the journal: the executor records a batch's
   * intents before any of its backups is placed, and its done lines once its folders are
   * synced, so a line per fsync bought nothing.
   * @param {import('../index.js').JournalRecord[]} records
   */
  appendAll(records) {
    if (records.length === 0) return;
    this.#cutTornLine();
    let size = segmentSize(this.path) ?? 0;
    let pending = '';
    // Rendered in one engine call: a call per line cost more than the lines themselves.
    const lines = engine.renderJournalLines(records);
    for (const [i, record] of records.entries()) {
      const line = lines[i];
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > this.cap && record.type !== 'begin') {
        if (pending) this.#write(pending);
        pending = '';
        renameSync(this.path, `${this.path}.1`);
        fsyncDir(dirname(this.path));
        const header = engine.renderJournalLine(this.header);
        pending = header;
        size = Buffer.byteLength(header);
      }
      pending += line;
      size += bytes;
    }
    this.#write(pending);
  }

  /**
   * Cuts a torn last line (a run killed mid-append) before this run appends, once, and
   * durably: appended after, it would sit mid-file, where any later read refuses it as
   * corruption.
   */
  #cutTornLine() {
    if (this.tornAt === null) return;
    const at = this.tornAt;
    this.tornAt = null;
    if ((segmentSize(this.path) ?? 0) <= at) return;
    const fd = openSync(this.path, constants.O_WRONLY | constants.O_NOFOLLOW);
    try {
      ftruncateSync(fd, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  #write(/** @type {string} */ line) {
    segmentSize(this.path);
    const fd = openSync(this.path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, DEFAULT_FILE_MODE);
    try {
      const bytes = Buffer.from(line);
      const torn = journalWrite(bytes.length);
      if (torn !== undefined) {
        writeSync(fd, bytes.subarray(0, torn));
        fsyncSync(fd);
        process.kill(process.pid, 'SIGKILL');
      }
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    step('journal');
  }
}
