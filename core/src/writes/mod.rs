//! The executor's vocabulary, shared by update, refresh and install: the steps a plan
//! asks the shim to carry out, what must be at each path right before it is swapped
//! (compare-and-swap), and what became of each step.
//!
//! The engine plans every write as a [`WriteStep`]; the shim's one executor carries the
//! steps out and reports each as a [`StepOutcome`]. Right before a step renames or removes
//! anything, the shim checks that the path still holds exactly what [`Expect`] says — the
//! same kind, the same SHA-256 — and that a file it copies from a release hashes to what
//! the plan classified. A file that moved since is left alone: the outcome says so
//! ([`OutcomeKind::Changed`]), and the plan's report turns it into something for the
//! project to look at instead of a false "updated".
//!
//! ```
//! use upkeep_core::writes::{check_write_targets, Expect, FileMode, StepContent, WriteStep};
//!
//! let step = WriteStep::new(
//!     "src/a.js",
//!     Expect::File { sha256: upkeep_core::sha256_hex(b"v1") },
//!     StepContent::Copy { from: "src/a.js".into(), sha256: upkeep_core::sha256_hex(b"v2"), crlf: false },
//!     Some(".upkeep-backups/run1/src/a.js".into()),
//!     Some(0),
//! );
//! // A copy keeps the bits of the file it replaces.
//! assert_eq!(step.mode, FileMode::ReplacedOrSource);
//! assert!(check_write_targets(&[step.clone()], &[]).is_ok());
//! let patch = WriteStep { path: "src/a.js/x".into(), ..step.clone() };
//! assert_eq!(check_write_targets(&[step, patch], &[]).unwrap_err().code(), "path-collision");
//! ```

mod backup_name;
mod limits;
mod lock;
mod outcome;
mod preflight;
mod step;

pub use backup_name::{backup_name, backup_saved_path, BackupName, BACKUP_NAME_TRIES};
pub use limits::{
    write_constants, WriteConstants, CRLF_IN_MEMORY_MAX_BYTES, DEFAULT_DIR_MODE, DEFAULT_FILE_MODE,
    JOURNAL_ROTATE_BYTES, NEEDED_READ_MAX_BYTES,
};

pub(crate) use lock::named as holder_named;
pub use lock::{
    lock_is_stale, lock_refusal, lock_text, read_lock, LockFacts, LockHolder, LockSeen, LockedRun,
};
pub use outcome::{describe_outcome, OsError, OutcomeKind, StepOutcome, WriteStage};
pub use preflight::{preflight_first_refusal, preflight_refusal, PreflightRefused, TargetSeen};
pub use step::{
    check_write_targets, ignore_step, Durability, Expect, FileMode, StepContent, WriteStep,
    IGNORE_ALL, IGNORE_FILE,
};
