// Exit codes of the `upkeep` command, one meaning each, so scripts can branch on them.
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
   * `upkeep land` / `upkeep sync` refused, nothing changed: the workspace moved since the
   * seal; not a clean step forward; a cherry-pick conflicted; origin refused the push.
   */
  refused: 4,
  /** `upkeep sync`: a check failed on the tree to be pushed; nothing was pushed. */
  checkFailed: 5,
  /** Reading or writing the file system failed (permissions, disk full, read-only). */
  io: 74,
  /** Another run holds the lock ("refresh already in progress", "update already in progress"). */
  busy: 75,
  /** Stopped by SIGINT/SIGTERM after finishing the current file; re-run to resume. */
  interrupted: 130,
  /** An internal error: a bug in upkeep, reported with its stack. */
  internal: 70,
  /**
   * `upkeep merge` only, whose other exit codes count conflicts (capped at 127): the merge
   * could not be made (bad usage, an unreadable or binary input), and nothing was written.
   * The code `git merge-file` uses.
   */
  mergeFailed: 255,
});
