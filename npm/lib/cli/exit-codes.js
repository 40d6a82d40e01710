// Exit codes of the `upkeep` command, and the exit code of a failure. Both are the
// engine's: the numbers are generated from core's EXIT_CODES (../generated/exit-codes.js),
// and which number an error's code means is the engine's `codeExit`.
import { engine } from '../engine.js';

export { EXIT } from '../generated/exit-codes.js';

/**
 * Error codes deliberately without an exit code (`null` in the generated classes), each
 * answered where it arises (or a caller's bug, which exits `internal`);
 * tests/js/error-codes.test.js checks that every other code upkeep raises has an exit code.
 */
export const ANSWERED_ELSEWHERE = Object.freeze({
  'hasher-finished': 'a streaming hasher used after its digest: a bug in the caller',
  'invalid-hunk-selection': 'the API only (no command selects hunks): a bug in the caller',
  'invalid-loop-graph': 'raised and answered inside `upkeep loop`',
  'loop-refused': 'raised and answered inside `upkeep loop`',
  'invalid-loop-file': 'raised and answered inside `upkeep loop`',
  'bad-input': 'raised and answered inside `upkeep score` and `upkeep loop`',
  'git-failed': 'raised and answered inside `upkeep loop`',
  unsupported: 'the browser entry only, which has no commands',
});

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
