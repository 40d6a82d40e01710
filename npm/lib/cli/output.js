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

/** Writes raw bytes (a diff, a merged file) to stdout; silently drops them once the reader has gone away. */
export function printBytes(/** @type {Uint8Array} */ bytes) {
  if (!stdoutClosed && bytes.length > 0) process.stdout.write(bytes);
}

/** The part of an fs error a person needs: "no such file or directory", "permission denied". */
export function fsReason(/** @type {any} */ error) {
  const reasons = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
    ENOTDIR: 'not a directory',
  };
  return reasons[/** @type {keyof typeof reasons} */ (error?.code)] ?? error?.message ?? String(error);
}
