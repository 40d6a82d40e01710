// Exit codes of the `upkeep` command, one meaning each, so scripts can branch on them.
export const EXIT = Object.freeze({
  /** Done; nothing needs attention. */
  ok: 0,
  /** Done, with a finding: a blocking score, files that differ, conflicts left to resolve. */
  findings: 1,
  /** Bad usage or bad input (an unknown option, a missing or unreadable file). */
  badInput: 2,
  /** Reading or writing the file system failed (permissions, disk full, read-only). */
  io: 74,
  /** Another run holds the lock ("refresh already in progress"). */
  busy: 75,
  /** Stopped by SIGINT after finishing the current file; re-run to resume. */
  interrupted: 130,
  /** An internal error: a bug in upkeep, reported with its stack. */
  internal: 70,
});
