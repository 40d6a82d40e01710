//! Exit codes decided by the engine: the code a command's report status exits with (and
//! the signal's code when one stopped it), the exit class of every error kind (the CLI
//! maps a class to its number), how a command that threw ends ([`command_failure`]) and
//! the counted codes of `merge` and `hash`. The numbers are declared once, in
//! [`EXIT_CODES`], which the CLI's `EXIT` is generated from.
//!
//! ```
//! use upkeep_core::exits::{merge_exit, status_exit, stop_exit, ExitClass};
//! use upkeep_core::ErrorKind;
//!
//! assert_eq!(status_exit("sync", "check_failed", None).unwrap(), 5);
//! assert_eq!(status_exit("land", "partly_landed", None).unwrap(), 3);
//! assert_eq!(status_exit("land", "landed", Some("SIGTERM")).unwrap(), 143);
//! assert_eq!(ErrorKind::InvalidManifest.exit_class(), Some(ExitClass::BadInput));
//! assert_eq!(status_exit("sync", "sideways", None).unwrap_err().code(), "invalid-argument");
//! assert_eq!(stop_exit(None).unwrap(), 130);
//! assert_eq!(merge_exit(300), 127);
//! ```

use crate::error::{Error, ErrorKind, Result};

mod codes;
mod failure;
mod failure_document;
mod stopped;
pub use codes::{
    code_class, code_exit, ExitCode, RaisedCode, EXIT_CODES, KINDS_ANSWERED_ELSEWHERE, OS_CODES,
    RAISED_CODES,
};
pub use failure::{command_failure, stop_exit, CommandFailure, FailureFacts};
pub use failure_document::{failure_document, FailureDocument, FailureReport};
pub use stopped::{stopped_unwritten, update_stop, StopPoint, STOPPING_NOTICE};

/// Done; nothing needs attention.
const OK: u8 = 0;
/// Done, with a finding (files that differ, problems in a manifest, conflicts, deletes).
pub(crate) const FINDINGS: u8 = 1;
/// `land`: a commit failed; its files are staged, the commits after it were not tried.
const PARTLY_LANDED: u8 = 3;
/// Refused, nothing changed.
pub(crate) const REFUSED: u8 = 4;
/// `sync`: a check failed; nothing was pushed.
const CHECK_FAILED: u8 = 5;
/// Bad usage or bad input (an unreadable operand of `hash`).
const BAD_INPUT: u8 = 2;
/// Stopped by Ctrl-C (when the caller does not say which signal).
pub(crate) const INTERRUPTED: u8 = 130;
/// Stopped by SIGTERM.
pub(crate) const TERMINATED: u8 = 143;
/// The most conflicts `merge` counts in its exit code: exit codes stop at 255, and
/// `git merge-file` caps its count here too (255 is its "could not merge").
pub const MAX_CONFLICT_EXIT: u8 = 127;
/// The file system refused a read or a write (`EX_IOERR`).
pub(crate) const IO: u8 = 74;
/// Another run holds the lock (`EX_TEMPFAIL`).
const BUSY: u8 = 75;
/// A bug in upkeep (`EX_SOFTWARE`).
const INTERNAL: u8 = 70;
/// `merge`: the merge could not be made (`git merge-file`'s code).
const MERGE_FAILED: u8 = 255;

/// What kind of failure an error is, for its exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[non_exhaustive]
pub enum ExitClass {
    /// The input's fault: an argument, a document, a state upkeep refuses to act on (2).
    BadInput,
    /// Refused on purpose, nothing changed (4).
    Refused,
    /// The file system refused a read or a write (74).
    Io,
    /// Another run holds the lock (75).
    Busy,
    /// Stopped or cancelled (130).
    Interrupted,
}

impl ExitClass {
    /// Its name, a key of the CLI's `EXIT`: `badInput`, `refused`, `io`, `busy`, `interrupted`.
    pub fn name(&self) -> &'static str {
        match self {
            ExitClass::BadInput => "badInput",
            ExitClass::Refused => "refused",
            ExitClass::Io => "io",
            ExitClass::Busy => "busy",
            ExitClass::Interrupted => "interrupted",
        }
    }
}

impl ErrorKind {
    /// The exit class of an error of this kind; `None` for the kinds answered inside the
    /// command that raises them (the loop's, a caller's bug).
    pub fn exit_class(&self) -> Option<ExitClass> {
        use ErrorKind as K;
        match self {
            K::HasherFinished
            | K::InvalidHunkSelection
            | K::InvalidLoopGraph
            | K::LoopRefused
            | K::InvalidLoopFile => None,
            K::DirtyWorktree => Some(ExitClass::Refused),
            K::InvalidDigest
            | K::BinaryInput
            | K::InvalidOptions
            | K::InvalidManifest
            | K::InvalidRecord
            | K::OldManifestSchema
            | K::UnsafePath
            | K::PathCollision
            | K::CorruptJournal
            | K::JournalMismatch
            | K::UnknownAction
            | K::UnknownPreset
            | K::InvalidNumstat
            | K::InvalidArgument
            | K::InvalidVersion
            | K::InvalidUpdateInput
            | K::UpdateInProgress
            | K::InvalidHandoff
            | K::InvalidMergeSpec
            | K::InvalidConfig
            | K::UnsupportedConfig
            | K::InvalidSpec
            | K::NoSuchVersion
            | K::InvalidSourceFile
            | K::BadRelease
            | K::ReleaseDrift
            | K::TargetNotEmpty
            | K::NoSource
            | K::InvalidRules
            | K::AlreadyRecorded
            | K::Downgrade
            | K::BaselineMismatch
            | K::ManifestExists => Some(ExitClass::BadInput),
        }
    }
}

/// The exit code of a finished command from its report's status word: `land`, `sync`,
/// `diff` (the diff's status, or `trouble`: an input unreadable, as GNU diff exits 2),
/// `merge` (`failed`: no merge made, so a usage error never reads as "2 conflicts"; a
/// merge made exits [`merge_exit`]) or `manifest-check`. A run a signal stopped (`signal`:
/// `SIGINT`, `SIGTERM`) exits with that signal's code whatever its report says, so a
/// script sees the stop: `land` stops before its next commit (or with the one git was
/// making, when the stop reached git too: its report says `interrupted`), `sync` before
/// its next step, and both report what they did first. An unknown command, status or signal is an
/// `invalid-argument` error.
pub fn status_exit(command: &str, status: &str, signal: Option<&str>) -> Result<u8> {
    let code = match (command, status) {
        ("land", "landed" | "nothing_to_land") => OK,
        ("land", "partly_landed" | "commit_failed") => PARTLY_LANDED,
        ("land", "interrupted") => INTERRUPTED,
        ("land", "moved") => REFUSED,
        ("sync", "synced" | "dry_run") => OK,
        ("sync", "refused" | "conflict" | "push_rejected") => REFUSED,
        ("sync", "check_failed") => CHECK_FAILED,
        ("sync", "interrupted") => INTERRUPTED,
        ("diff", "identical") => OK,
        ("diff", "different" | "binary") => FINDINGS,
        ("diff", "trouble") => BAD_INPUT,
        ("merge", "failed") => MERGE_FAILED,
        ("manifest-check", "valid") => OK,
        ("manifest-check", "problems") => FINDINGS,
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "statusExit",
                format!("no exit code for {command:?} status {status:?}"),
            ))
        }
    };
    match signal {
        Some(_) => stop_exit(signal),
        None => Ok(code),
    }
}

/// The exit code of `upkeep merge`, as `git merge-file` has it: the number of conflicts
/// left, at most 127 (a count past it is reported as 127).
pub fn merge_exit(conflicts: u64) -> u8 {
    u8::try_from(conflicts.min(u64::from(MAX_CONFLICT_EXIT))).unwrap_or(MAX_CONFLICT_EXIT)
}

/// The exit code of `upkeep hash`: 0 when every operand was hashed, 2 when any could not
/// be read (the others are still hashed and printed).
pub fn hash_exit(unreadable: u64) -> u8 {
    if unreadable == 0 {
        OK
    } else {
        BAD_INPUT
    }
}

/// The exit code of `upkeep score` when it failed with `code`: bad input for its own
/// `bad-input` (which it answers itself, with a failure document under `--json`) and for
/// every code whose class is bad input (an unknown action or preset, a wrong option);
/// `None` for anything else, which is a bug and is not caught.
pub fn score_failure_exit(code: &str) -> Option<u8> {
    (code == "bad-input" || code_exit(code) == Some(BAD_INPUT)).then_some(BAD_INPUT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_classified_and_statuses_map() {
        let unanswered = ErrorKind::ALL
            .iter()
            .filter(|k| k.exit_class().is_none())
            .count();
        assert_eq!(unanswered, 5);
        assert_eq!(status_exit("diff", "binary", None).unwrap(), 1);
        assert_eq!(status_exit("sync", "interrupted", None).unwrap(), 130);
        assert!(status_exit("merge", "identical", None).is_err());
    }

    #[test]
    fn a_signal_decides_the_code_of_a_stopped_run() {
        assert_eq!(status_exit("land", "landed", Some("SIGINT")).unwrap(), 130);
        assert_eq!(status_exit("sync", "synced", Some("SIGTERM")).unwrap(), 143);
        assert_eq!(status_exit("sync", "refused", None).unwrap(), 4);
        assert!(status_exit("sync", "synced", Some("SIGHUP")).is_err());
        assert!(status_exit("sync", "sideways", Some("SIGINT")).is_err());
    }

    #[test]
    fn counted_exits_stop_where_exit_codes_do() {
        assert_eq!(merge_exit(0), 0);
        assert_eq!(merge_exit(3), 3);
        assert_eq!(merge_exit(127), 127);
        assert_eq!(merge_exit(u64::MAX), 127);
        assert_eq!(hash_exit(0), 0);
        assert_eq!(hash_exit(2), 2);
    }
}
