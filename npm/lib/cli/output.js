// Writing to stdout/stderr without dying on a closed pipe (`upkeep hash * | head -1`),
// and the engine's rendered lines with each tone's colour (when colour is on).
import process from 'node:process';
import { colors } from './terminal.js';

let stdoutClosed = false;
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') stdoutClosed = true;
  else throw error;
});

/** Runs before anything is printed: clears a progress bar, so text never lands inside it. */
let beforePrint = () => {};

/** Sets what runs before anything is printed (the run's progress bar's close). */
export function onBeforePrint(/** @type {() => void} */ hook) {
  beforePrint = hook;
}

/** Clears the way for something else to draw on the terminal (a prompt). */
export function clearForOutput() {
  beforePrint();
}

/** Writes one line to stdout; silently drops it once the reader has gone away. */
export function printLine(/** @type {string} */ line) {
  beforePrint();
  if (!stdoutClosed) process.stdout.write(`${line}\n`);
}

/** Writes one `upkeep: ...` message to stderr. */
export function printError(/** @type {string} */ message) {
  beforePrint();
  process.stderr.write(`${colors.stderr.red(`upkeep: ${message}`)}\n`);
}

/** Writes one `upkeep: warning: ...` message to stderr. */
export function printWarning(/** @type {string} */ message) {
  beforePrint();
  process.stderr.write(`${colors.stderr.yellow(`upkeep: warning: ${message}`)}\n`);
}

/**
 * How each tone of the engine's lines is coloured.
 * @type {Record<string, (c: typeof colors.stdout, text: string) => string>}
 */
const TONES = {
  title: (c, t) => c.bold(t),
  good: (c, t) => c.green(t),
  attention: (c, t) => c.yellow(t),
  warning: (c, t) => c.yellow(t),
  hint: (c, t) => c.cyan(t),
  muted: (c, t) => c.dim(t),
};

/**
 * Prints the engine's rendered lines (`[{ tone, text }]`) to stdout, or to stderr.
 * @param {{ tone: string, text: string }[]} lines
 * @param {{ stderr?: boolean }} [options]
 */
export function printLines(lines, { stderr = false } = {}) {
  const c = stderr ? colors.stderr : colors.stdout;
  const text = lines.map(({ tone, text: t }) => (t && TONES[tone] ? TONES[tone](c, t) : t)).join('\n');
  if (lines.length === 0) return;
  beforePrint();
  if (stderr) process.stderr.write(`${text}\n`);
  else printLine(text);
}

/** Writes raw bytes (a diff, a merged file) to stdout; silently drops them once the reader has gone away. */
export function printBytes(/** @type {Uint8Array} */ bytes) {
  beforePrint();
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
