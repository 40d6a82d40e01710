// The error codes the JavaScript side raises on purpose, each with its exit class (the
// engine's own codes and classes come from core's ErrorKind, generated into
// ../generated/error-codes.js), and the classes of the OS's `E…` codes. Declared once here:
// the generated code list, the type declarations and tests/js/error-codes.test.js read it,
// and that test fails when a flow raises a code missing from it or a code has no exit code.
//
// A class is a key of the CLI's `EXIT` (../cli/exit-codes.js); `null` marks a code answered
// inside the command that raises it (../cli/exit-codes.js's ANSWERED_ELSEWHERE says where).

/** Every code a flow, the shim or a command raises on purpose, besides the OS's, and its exit class. */
export const FLOW_ERROR_CLASSES = Object.freeze({
  // usage and arguments
  usage: 'badInput',
  'bad-path': 'badInput',
  // stopping: Ctrl-C or SIGTERM between safe points, a prompt cancelled
  interrupted: 'interrupted',
  cancelled: 'interrupted',
  // another run holds the lock
  busy: 'busy',
  // update and status: the project's install state and the release
  'not-installed': 'badInput',
  'bad-state': 'badInput',
  'no-record': 'badInput',
  // a file changed between being hashed and being read for a merge: nothing was written; run again
  'changed-during-run': 'io',
  // the file system: a backup that would differ, a link upkeep will not write through
  'backup-exists': 'io',
  ESYMLINK: 'io',
  // git, land and sync: the repository is not in a state to act on
  git: 'badInput',
  // sync: `git worktree add` could not make its worktree (a full disk, a permission, a stale lock)
  worktree: 'io',
  'no-handoff': 'badInput',
  detached: 'badInput',
  'no-commits': 'badInput',
  'clone-unreadable': 'badInput',
  // fleet step: a job starts from a clean checkout
  'dirty-checkout': 'badInput',
  // raised and answered inside `upkeep score` and `upkeep loop`
  'bad-input': null,
  'git-failed': null,
  // the browser entry: a call that needs a file system
  unsupported: null,
});

/** Every code a flow, the shim or a command raises on purpose, besides the OS's `E…` codes. */
export const FLOW_ERROR_CODES = Object.freeze(Object.keys(FLOW_ERROR_CLASSES));

/**
 * The OS's codes by class: a path that does not exist is the input's fault; a file system
 * that refused a read or a write (or a file upkeep will not overwrite) is I/O. Any other
 * `E…` code is I/O too.
 */
export const OS_ERROR_CLASSES = Object.freeze({
  ENOENT: 'badInput',
  ENOTDIR: 'badInput',
  EACCES: 'io',
  EPERM: 'io',
  ENOSPC: 'io',
  EROFS: 'io',
  EIO: 'io',
  EDQUOT: 'io',
  EISDIR: 'io',
  EEXIST: 'io',
});
