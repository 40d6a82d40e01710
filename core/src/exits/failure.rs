//! How a command that did not finish ends: the code a stop exits with, and what a command
//! whose run threw says about it (its `--json` status, whether it was a stop, whether a
//! prompt was cancelled). The CLI gives the error's code and the signal it received; an
//! error that is not a stop exits with its code's exit class, which the CLI maps.
//!
//! ```
//! use upkeep_core::exits::{command_failure, FailureFacts};
//!
//! let facts = |code: &str, signal: Option<&str>| FailureFacts {
//!     code: Some(code.into()),
//!     signal: signal.map(str::to_string),
//! };
//! let cancelled = command_failure(&facts("cancelled", None)).unwrap();
//! assert_eq!((cancelled.status.as_str(), cancelled.cancelled, cancelled.exit), ("cancelled", true, Some(130)));
//! let killed = command_failure(&facts("interrupted", Some("SIGTERM"))).unwrap();
//! assert_eq!((killed.status.as_str(), killed.stopped, killed.exit), ("error", true, Some(143)));
//! assert_eq!(command_failure(&facts("busy", None)).unwrap().exit, None);
//! ```

use super::{INTERRUPTED, TERMINATED};
use crate::error::{Error, ErrorKind, Result};

/// The error code of a run stopped at a safe point (SIGINT, SIGTERM, an aborted signal).
pub(super) const INTERRUPTED_CODE: &str = "interrupted";
/// The error code of a prompt answered with Ctrl-C (or cut short by a signal).
const CANCELLED_CODE: &str = "cancelled";

/// The exit code of a run a signal stopped, as shells report it (128 + the signal's
/// number): 130 after SIGINT, 143 after SIGTERM, and 130 when no signal is named (Ctrl-C
/// answered a prompt, which ends the prompt rather than sending the process a signal).
/// Another name is an `invalid-argument` error: upkeep stops on those two only.
pub fn stop_exit(signal: Option<&str>) -> Result<u8> {
    match signal {
        None | Some("SIGINT") => Ok(INTERRUPTED),
        Some("SIGTERM") => Ok(TERMINATED),
        Some(other) => Err(Error::new(
            ErrorKind::InvalidArgument,
            "signal",
            format!("upkeep stops on SIGINT and SIGTERM only, not {other:?}"),
        )),
    }
}

/// What a command knows when its run threw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FailureFacts {
    /// The error's `code` (`interrupted`, `cancelled`, `busy`, an engine code, an OS
    /// `E…` code); none when the error has no code (a bug).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub code: Option<String>,
    /// The first signal the command received (`SIGINT`, `SIGTERM`), when one came.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
}

/// How the command ends.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct CommandFailure {
    /// The `status` of its `--json` document: `cancelled` for a cancelled prompt, else
    /// `error` (a stop by a signal included: the document carries the error).
    pub status: String,
    /// Whether the run was stopped (a signal, a cancelled prompt) rather than failed: a
    /// stop prints what was done and how to resume, and keeps its code under `--exit-on`.
    pub stopped: bool,
    /// Whether a prompt was cancelled with no signal received: the run is told as
    /// "cancelled, nothing changed" (`renderStopped`'s `cancelled`). A prompt a signal cut
    /// short is told as that signal's stop.
    pub cancelled: bool,
    /// The exit code of a stop (the signal's, or 130); none for a failure, whose code's
    /// exit class decides.
    pub exit: Option<u8>,
}

/// Decides how a command whose run threw ends (see the module docs).
pub fn command_failure(facts: &FailureFacts) -> Result<CommandFailure> {
    let code = facts.code.as_deref();
    let signal = facts.signal.as_deref();
    let stopped = matches!(code, Some(INTERRUPTED_CODE | CANCELLED_CODE));
    let prompt = code == Some(CANCELLED_CODE);
    Ok(CommandFailure {
        status: if prompt { "cancelled" } else { "error" }.into(),
        stopped,
        cancelled: prompt && signal.is_none(),
        exit: if stopped {
            Some(stop_exit(signal)?)
        } else {
            None
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(code: Option<&str>, signal: Option<&str>) -> FailureFacts {
        FailureFacts {
            code: code.map(str::to_string),
            signal: signal.map(str::to_string),
        }
    }

    #[test]
    fn stops_exit_with_their_signal() {
        assert_eq!(stop_exit(Some("SIGINT")).unwrap(), 130);
        assert_eq!(stop_exit(Some("SIGTERM")).unwrap(), 143);
        assert_eq!(stop_exit(None).unwrap(), 130);
        assert_eq!(
            stop_exit(Some("SIGKILL")).unwrap_err().code(),
            "invalid-argument"
        );
    }

    #[test]
    fn a_prompt_cut_short_by_a_signal_is_that_signals_stop() {
        let cut = command_failure(&facts(Some("cancelled"), Some("SIGTERM"))).unwrap();
        assert_eq!(cut.status, "cancelled");
        assert!(cut.stopped && !cut.cancelled);
        assert_eq!(cut.exit, Some(143));
        let ctrl_c = command_failure(&facts(Some("interrupted"), Some("SIGINT"))).unwrap();
        assert_eq!((ctrl_c.status.as_str(), ctrl_c.exit), ("error", Some(130)));
    }

    #[test]
    fn other_errors_keep_their_class() {
        for code in [Some("busy"), Some("EACCES"), Some("invalid-manifest"), None] {
            let failure = command_failure(&facts(code, None)).unwrap();
            assert_eq!(failure.status, "error");
            assert!(!failure.stopped && !failure.cancelled);
            assert_eq!(failure.exit, None);
        }
    }
}
