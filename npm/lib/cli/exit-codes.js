// Exit codes of the `upkeep` command, and the exit code of a failure. Both are the
// engine's: the numbers are generated from core's EXIT_CODES (../generated/exit-codes.js),
// and which number an error's code means is the engine's `codeExit`.
import { engine } from '../engine.js';

export { EXIT } from '../generated/exit-codes.js';

/**
 * The exit code for an error a command caught, or `undefined` when the error is not one
 * upkeep raises on purpose (a bug: the caller rethrows it, and it exits `internal`).
 * @param {unknown} error
 * @returns {number | undefined}
 */
export function exitForError(error) {
  const code = /** @type {{ code?: unknown }} */ (error)?.code;
  if (typeof code !== 'string') return undefined;
  return engine.codeExit(code) ?? undefined;
}
