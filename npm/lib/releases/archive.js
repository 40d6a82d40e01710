// Extracting release archives (.tar.gz files, npm packages, `git archive` output) into a
// folder of upkeep's own. Which entries are refused (anything that could escape it or is
// not a plain file or folder: absolute paths, `..`, links of any kind, devices) is the
// engine's `archiveEntryProblem`; one hostile entry refuses the whole release.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { engine } from '../engine.js';
import { fetchError } from './run.js';

/**
 * Extracts the archive `stream` (gzip or plain tar) into `dir`.
 * @param {NodeJS.ReadableStream} stream @param {string} dir @param {string} label names the release in errors (`the latest release '<spec>'`)
 */
export async function extractStream(stream, dir, label) {
  /** @type {import('../index.js').RefusedEntry[]} */
  const refused = [];
  const filter = (/** @type {string} */ path, /** @type {any} */ entry) => {
    /** @type {string | null} */
    const problem = engine.archiveEntryProblem(path, entry.type);
    if (problem) refused.push({ path, problem });
    return !problem;
  };
  try {
    await pipeline(stream, tar.x({ cwd: dir, strict: true, filter }));
  } catch (error) {
    throw fetchError({ kind: 'bad-archive', name: label, error: /** @type {Error} */ (error).message });
  }
  if (refused.length > 0) throw fetchError({ kind: 'escaping-entries', name: label, entries: refused });
}

/** Extracts the `.tar.gz` file at `file` into `dir`. */
export function extractFile(/** @type {string} */ file, /** @type {string} */ dir, /** @type {string} */ label) {
  return extractStream(createReadStream(file), dir, label);
}

/**
 * Extracts an archive already read into memory into `dir`: its file is opened once (a FIFO
 * or a pipe can be read only once).
 * @param {Uint8Array} bytes @param {string} dir @param {string} label
 */
export function extractBytes(bytes, dir, label) {
  return extractStream(Readable.from([bytes]), dir, label);
}
