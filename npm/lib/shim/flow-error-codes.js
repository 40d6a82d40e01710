// The error codes the JavaScript side raises on purpose (the engine's own codes come from
// core's ErrorKind, generated into ../generated/error-codes.js). Declared once here: the generated
// type declarations and tests/js/error-codes.test.js read this list, and that test fails
// when a flow raises a code missing from it or the CLI's exit codes miss one.

/** Every code a flow, the shim or a command raises on purpose, besides the OS's `E…` codes. */
export const FLOW_ERROR_CODES = Object.freeze([
  // usage and arguments
  'usage',
  'bad-path',
  // stopping: Ctrl-C or SIGTERM between safe points, a prompt cancelled
  'interrupted',
  'cancelled',
  // another run holds the lock
  'busy',
  // update and status: the project's install state and the release
  'not-installed',
  'bad-state',
  'no-record',
  'manifest-exists',
  'changed-during-run',
  // the file system: a backup that would differ, a link upkeep will not write through
  'backup-exists',
  'ESYMLINK',
  // git, land and sync
  'git',
  'worktree',
  'no-handoff',
  'detached',
  'no-commits',
  'clone-unreadable',
  'dirty-checkout',
  // raised and answered inside `upkeep score` and `upkeep loop`
  'bad-input',
  'git-failed',
  // the browser entry: a call that needs a file system
  'unsupported',
]);
