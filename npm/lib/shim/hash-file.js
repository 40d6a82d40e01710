// Streams a file through the engine's SHA-256, so a file of any size hashes in bounded memory.
import { closeSync, constants, createReadStream, openSync, readSync } from 'node:fs';
import process from 'node:process';
import { engine } from '../engine.js';

/** Read size: large enough to amortise the call into the engine, small enough to stay in cache. */
const CHUNK_BYTES = 1 << 20;

/**
 * The SHA-256 of the file at `path`, as lowercase hex; `'-'` reads standard input.
 * Rejects with the fs error (its `code` and `path` intact) when the file cannot be read.
 * @param {string} path
 * @returns {Promise<string>}
 */
export async function hashFile(path) {
  const stream = new engine.Sha256Stream();
  const input = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
  for await (const chunk of input) stream.update(chunk);
  return stream.finish();
}

/**
 * {@link hashFile} without the event loop, for code that must not yield between reading
 * a file and acting on it; never reads through a link (`ELOOP`).
 * @param {string} path
 * @returns {string}
 */
export function hashFileSync(path) {
  const stream = new engine.Sha256Stream();
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let n; (n = readSync(fd, chunk, 0, CHUNK_BYTES, null)) > 0; ) stream.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return stream.finish();
}
