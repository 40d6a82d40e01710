// Writing to stdout/stderr without dying on a closed pipe (`upkeep hash * | head -1`).
import process from 'node:process';

let stdoutClosed = false;
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') stdoutClosed = true;
  else throw error;
});

/** Writes one line to stdout; silently drops it once the reader has gone away. */
export function printLine(/** @type {string} */ line) {
  if (!stdoutClosed) process.stdout.write(`${line}\n`);
}

/** Writes one `upkeep: ...` message to stderr. */
export function printError(/** @type {string} */ message) {
  process.stderr.write(`upkeep: ${message}\n`);
}
