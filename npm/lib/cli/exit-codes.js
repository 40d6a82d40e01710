// Exit codes of the `upkeep` command, one meaning each, so scripts can branch on them.
import { ERROR_EXIT_CLASSES } from '../generated/error-codes.js';

export const EXIT = Object.freeze({
  /** Done; nothing needs attention. */
  ok: 0,
  /** Done, with a finding: a blocking score, files that differ, conflicts left to resolve. */
  findings: 1,
  /** Bad usage or bad input (an unknown option, a missing or unreadable file). */
  badInput: 2,
  /**
   * `upkeep land`: a commit failed after the commits listed (possibly none) were made; the
   * rest of the change is left staged. Re-run `upkeep land` to continue.
   */
  partlyLanded: 3,
  /**
   * Refused, nothing changed. `upkeep land` / `upkeep sync`: the workspace moved since the
   * seal; not a clean step forward; a cherry-pick conflicted; origin refused the push.
   * `upkeep update`: managed files have uncommitted changes in git (`--allow-dirty`).
   */
  refused: 4,
  /** `upkeep sync`: a check failed on the tree to be pushed; nothing was pushed. */
  checkFailed: 5,
  /** Reading or writing the file system failed (permissions, disk full, read-only). */
  io: 74,
  /** Another run holds the lock ("refresh already in progress", "update already in progress"). */
  busy: 75,
  /**
   * Stopped by SIGINT (Ctrl-C) after finishing the current file, or cancelled at a
   * prompt; re-run to resume.
   */
  interrupted: 130,
  /** Stopped by SIGTERM after finishing the current file; re-run to resume. */
  terminated: 143,
  /** An internal error: a bug in upkeep, reported with its stack. */
  internal: 70,
  /**
   * `upkeep merge` only, whose other exit codes count conflicts (capped at 127): the merge
   * could not be made (bad usage, an unreadable or binary input), and nothing was written.
   * The code `git merge-file` uses.
   */
  mergeFailed: 255,
});

/**
 * Error codes deliberately without an exit class (`null` in the generated classes), each
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
  // Every code's class is generated in one place (../generated/error-codes.js); an OS code
  // not listed there is the file system's.
  const cls = Object.hasOwn(ERROR_EXIT_CLASSES, code) ? ERROR_EXIT_CLASSES[code] : /^E[A-Z]+$/.test(code) ? 'io' : null;
  return cls === null ? undefined : EXIT[/** @type {keyof typeof EXIT} */ (cls)];
}
