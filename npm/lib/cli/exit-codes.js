// Exit codes of the `upkeep` command, one meaning each, so scripts can branch on them.
export const EXIT = Object.freeze({
  /** Done; nothing needs attention. */
  ok: 0,
  /** Done, with a finding: a blocking score, files that differ, conflicts left to resolve. */
  findings: 1,
  /** Bad usage or bad input (an unknown option, a missing or unreadable file). */
  badInput: 2,
  /** An internal error: a bug in upkeep, reported with its stack. */
  internal: 70,
  /** An I/O error while writing (disk full, permission denied); re-running resumes. */
  ioError: 74,
  /** Another run holds the lock (`update already in progress`). */
  busy: 75,
  /** Interrupted (SIGINT/SIGTERM); re-running resumes. */
  interrupted: 130,
});
