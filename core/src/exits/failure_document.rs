//! The one `--json` document every command prints when its run threw: the status
//! [`command_failure`] gives, the command, and the error's code and words. One shape for
//! every command, so a script reads a failure the same way whichever command it ran.
//!
//! ```
//! use upkeep_core::exits::{failure_document, FailureReport};
//!
//! let report = FailureReport {
//!     command: Some("land".into()),
//!     code: Some("busy".into()),
//!     message: "another upkeep run holds the lock".into(),
//!     signal: None,
//! };
//! let document = failure_document(&report).unwrap();
//! assert_eq!((document.status.as_str(), document.error.code.as_str()), ("error", "busy"));
//! ```

use super::failure::{command_failure, FailureFacts};
use crate::error::Result;
use crate::update::DocumentError;

/// The code a failure without one is reported under (a bug in upkeep).
const NO_CODE: &str = "internal";

/// What a command that threw says about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FailureReport {
    /// The command as typed (`land`, `backups prune`, `loop next`); none when the command line
    /// named no command upkeep has.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub command: Option<String>,
    /// The error's `code`; none for a bug, reported as `internal`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub code: Option<String>,
    /// The error's message.
    pub message: String,
    /// The first signal the command received, when one came.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
}

/// The `--json` document of a command that threw.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FailureDocument {
    /// `cancelled` for a cancelled prompt, else `error`.
    pub status: String,
    /// The command, when the command line named one.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub command: Option<String>,
    /// The error's code and words.
    pub error: DocumentError,
}

/// The document `report` is printed as (its status from [`command_failure`]).
pub fn failure_document(report: &FailureReport) -> Result<FailureDocument> {
    let verdict = command_failure(&FailureFacts {
        code: report.code.clone(),
        signal: report.signal.clone(),
    })?;
    Ok(FailureDocument {
        status: verdict.status,
        command: report.command.clone(),
        error: DocumentError {
            code: report.code.clone().unwrap_or_else(|| NO_CODE.into()),
            message: report.message.clone(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_prompt_says_cancelled_and_no_command_is_left_out() {
        let document = failure_document(&FailureReport {
            code: Some("cancelled".into()),
            message: "cancelled".into(),
            ..FailureReport::default()
        })
        .unwrap();
        assert_eq!(document.status, "cancelled");
        assert_eq!(document.command, None);
    }

    #[test]
    fn a_failure_without_a_code_is_internal() {
        let document = failure_document(&FailureReport {
            message: "boom".into(),
            ..FailureReport::default()
        })
        .unwrap();
        assert_eq!(document.error.code, "internal");
    }
}
