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
 * Error codes that are the input's fault: an argument, a manifest, a release, a record, a
 * journal or a state file that upkeep refuses to act on, or a path that does not exist.
 */
const BAD_INPUT_CODES = new Set([
  // usage and arguments
  'usage',
  'invalid-argument',
  'invalid-options',
  'bad-path',
  'ENOENT',
  'ENOTDIR',
  // documents upkeep reads (engine codes)
  'invalid-manifest',
  'invalid-record',
  'old-manifest-schema',
  'unsafe-path',
  'path-collision',
  'corrupt-journal',
  'journal-mismatch',
  'no-record',
  'invalid-digest',
  'invalid-version',
  'invalid-update-input',
  'update-in-progress',
  'invalid-handoff',
  'unknown-action',
  'unknown-preset',
  'invalid-numstat',
  'binary-input',
  // config files read field by field (JSON, JSONC, YAML)
  'invalid-config',
  'unsupported-config',
  'invalid-merge-spec',
  // update: releases and the project's install state
  'not-installed',
  'bad-release',
  'baseline-mismatch',
  'downgrade',
  'bad-state',
  // new, adopt, the recorded source, manifest init/check (release specs and their releases)
  'invalid-spec',
  'no-such-version',
  'invalid-source-file',
  'release-drift',
  'target-not-empty',
  'no-source',
  'invalid-rules',
  'already-recorded',
  'manifest-exists',
  // land and sync: the repository is not in a state to act on
  'git',
  'no-handoff',
  'detached',
  'no-commits',
  'clone-unreadable',
  // fleet step: a job starts from a clean checkout
  'dirty-checkout',
]);

/** Error codes of a file system that refused a read or a write (or a file upkeep will not overwrite). */
const IO_CODES = new Set([
  'EACCES',
  'EPERM',
  'ENOSPC',
  'EROFS',
  'EIO',
  'EDQUOT',
  'EISDIR',
  'EEXIST',
  'ESYMLINK',
  'backup-exists',
  // a file changed between being hashed and being read for a merge: nothing was written; run again
  'changed-during-run',
  // sync: `git worktree add` could not make its worktree (a full disk, a permission, a stale lock)
  'worktree',
]);

/**
 * Error codes deliberately not mapped here, each answered where it arises (or a caller's
 * bug, which exits `internal`); tests/js/error-codes.test.js checks that every other code
 * upkeep raises has an exit code.
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
  if (code === 'busy') return EXIT.busy;
  if (code === 'interrupted' || code === 'cancelled') return EXIT.interrupted;
  if (code === 'dirty-worktree') return EXIT.refused;
  if (BAD_INPUT_CODES.has(code)) return EXIT.badInput;
  if (IO_CODES.has(code) || /^E[A-Z]+$/.test(code)) return EXIT.io;
  return undefined;
}
