//! The line `upkeep fleet step` prints when it ends (without `--json`): the decision's
//! message, and where the change request is when the step made a branch; a step that
//! exits non-zero prints its message as the error it is.
//!
//! ```
//! use upkeep_core::fleet::{step_line, StepLineFacts};
//!
//! let facts = StepLineFacts {
//!     exit: 0,
//!     message: "pushed upkeep/tpl/1.3.0".into(),
//!     branch: Some("upkeep/tpl/1.3.0".into()),
//!     payload: "/w/.git/upkeep-pr".into(),
//! };
//! let line = step_line(&facts);
//! assert!(!line.error);
//! assert_eq!(line.text, "upkeep fleet step: pushed upkeep/tpl/1.3.0 (change request in /w/.git/upkeep-pr/)");
//! ```

/// What the step's line is made of (its outcome's fields).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct StepLineFacts {
    /// The step's exit code (the engine's decision).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub exit: u8,
    /// The decision's message.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub message: String,
    /// The change request's branch, when the update made one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub branch: Option<String>,
    /// The payload folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub payload: String,
}

/// The line, and whether it is an error (printed on standard error as `upkeep: …`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StepLine {
    /// Whether it is the error of a step that exits non-zero.
    pub error: bool,
    /// The text.
    pub text: String,
}

/// The step's closing line (see the module docs).
pub fn step_line(facts: &StepLineFacts) -> StepLine {
    if facts.exit != 0 {
        return StepLine {
            error: true,
            text: facts.message.clone(),
        };
    }
    let request = match facts.branch.as_deref() {
        Some(branch) if !branch.is_empty() => {
            format!(" (change request in {}/)", facts.payload)
        }
        _ => String::new(),
    };
    StepLine {
        error: false,
        text: format!("upkeep fleet step: {}{request}", facts.message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_step_prints_its_message_as_an_error() {
        let line = step_line(&StepLineFacts {
            exit: 4,
            message: "the remote branch holds someone else's work".into(),
            ..StepLineFacts::default()
        });
        assert!(line.error);
        assert_eq!(line.text, "the remote branch holds someone else's work");
        let skip = step_line(&StepLineFacts {
            message: "already at 1.3.0".into(),
            ..StepLineFacts::default()
        });
        assert_eq!(skip.text, "upkeep fleet step: already at 1.3.0");
    }
}
