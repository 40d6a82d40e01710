// The one writer of LOOP.md: the rendered state goes to `LOOP.md.tmp` beside it (never the
// git dir, which may not resolve), is synced, then renamed over LOOP.md. A rename refused
// transiently (EPERM, EACCES, EBUSY: an editor or virus scanner holding the file on
// Windows) is retried, 3 attempts in all with a short back-off; on final failure the temp
// file is removed and the error rethrown. A crash between write and rename can leave a
// torn LOOP.md.tmp behind: the engine never scores it, and the next write replaces it.
import { closeSync, constants, fchmodSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_FILE_MODE, fsyncDir } from './atomic-write.js';
import { step } from './fault.js';

const RETRYABLE = new Set(['EPERM', 'EACCES', 'EBUSY']);
const ATTEMPTS = 3;

/** Blocks the thread for `ms` milliseconds (the CLI is synchronous here). */
function sleep(/** @type {number} */ ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Renames `temp` to `file`, retrying transient refusals; removes `temp` when it gives up.
 * `rename` is a seam for tests.
 * @param {string} temp @param {string} file @param {(from: string, to: string) => void} [rename]
 */
export function renameWithRetry(temp, file, rename = renameSync) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      rename(temp, file);
      return;
    } catch (error) {
      if (attempt < ATTEMPTS && RETRYABLE.has(/** @type {any} */ (error)?.code)) {
        sleep(25 * attempt);
        continue;
      }
      try {
        unlinkSync(temp);
      } catch {
        // The rename error is the one that matters.
      }
      throw error;
    }
  }
}

/**
 * Writes `text` (a rendered LOOP.md) to `file` through `file.tmp`.
 * @param {string} file @param {string} text @param {{ rename?: (from: string, to: string) => void }} [seams]
 */
export function writeLoopText(file, text, seams = {}) {
  const temp = `${file}.tmp`;
  // A leftover temp (a torn write, or a link someone planted there) is removed, never
  // opened: the exclusive, no-follow create below can then only make a new file here.
  try {
    unlinkSync(temp);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    const data = Buffer.from(text, 'utf8');
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
    fchmodSync(fd, DEFAULT_FILE_MODE);
  } finally {
    closeSync(fd);
  }
  step('loop temp written');
  renameWithRetry(temp, file, seams.rename);
  fsyncDir(dirname(file));
}
