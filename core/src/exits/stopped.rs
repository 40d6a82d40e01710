//! How an `update` that returned ends when a stop ended its run: the flow finishes a run
//! a signal stopped after it wrote (its record says so) and returns the status
//! `interrupted`. That status is a stop, not a finding: the command line tells it as every
//! stop is told (what was done, how to resume, the signal's exit code) and the JS API
//! rejects with it, the report attached. The error is the one the `--json` report carries.
//!
//! ```
//! use upkeep_core::exits::update_stop;
//!
//! assert_eq!(update_stop("interrupted").unwrap().code, "interrupted");
//! assert!(update_stop("incomplete").is_none());
//! ```
//!
//! A stop before anything was written ends every writing command the same way: the
//! command, where it was, and that nothing was written ([`stopped_unwritten`]).

use crate::update::{DocumentError, RunOutcome, INTERRUPTED_MESSAGE};

/// What a person watching reads the moment a stop is asked for (Ctrl-C): the run goes on
/// to its next safe point, so nothing is left half-written.
pub const STOPPING_NOTICE: &str = "stopping at the next safe point (every file stays whole)…";

/// The error an update that returned `status` ends with, when a stop ended it; none for
/// every other status (its report and exit code say the rest).
pub fn update_stop(status: &str) -> Option<DocumentError> {
    (status == RunOutcome::Interrupted.status().as_str()).then(|| DocumentError {
        code: super::failure::INTERRUPTED_CODE.into(),
        message: INTERRUPTED_MESSAGE.into(),
    })
}

/// Where a command was when a stop came, before it wrote anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum StopPoint {
    /// Reading the files it compares.
    Reading,
    /// Between its plan and its first write (a prompt answered, the plan made).
    Planned,
}

/// The error a command that stopped before writing ends with.
pub fn stopped_unwritten(command: &str, point: StopPoint) -> DocumentError {
    let when = match point {
        StopPoint::Reading => "while reading",
        StopPoint::Planned => "before writing",
    };
    DocumentError {
        code: super::failure::INTERRUPTED_CODE.into(),
        message: format!("{command} interrupted {when}; nothing was written"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_before_writing_says_so() {
        let stop = stopped_unwritten("refresh", StopPoint::Reading);
        assert_eq!(stop.code, "interrupted");
        assert_eq!(
            stop.message,
            "refresh interrupted while reading; nothing was written"
        );
    }

    #[test]
    fn only_an_interrupted_update_is_a_stop() {
        let stop = update_stop("interrupted").unwrap();
        assert_eq!(stop.message, INTERRUPTED_MESSAGE);
        for status in [
            "updated",
            "dry-run",
            "up-to-date",
            "failed",
            "incomplete",
            "aborted",
        ] {
            assert!(update_stop(status).is_none(), "{status}");
        }
    }
}
