//! What became of each step, as the shim observed it, and the words for it: the engine
//! names the file and the operating system's own message, never a temp file.

/// What became of one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "StepOutcomeKind"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum OutcomeKind {
    /// Written (or removed) as planned, after its backup.
    Done,
    /// Nothing to do: the path already held the new content, or an `if-missing` file was
    /// already there.
    Unchanged,
    /// The path no longer held what the plan saw (an edit saved meanwhile, a file that
    /// appeared, a link swapped in): left alone.
    Changed,
    /// The release's file no longer hashed to what the plan classified (or is a link now):
    /// nothing was copied.
    SourceChanged,
    /// The file system refused (permissions, a read-only or full disk): the run stopped here.
    Blocked,
    /// Not tried: the run stopped first.
    #[default]
    NotReached,
}

/// Which part of a step the file system refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum WriteStage {
    /// Reading the file as it is now, or copying it into the backup folder.
    Backup,
    /// Writing the new content beside the file (a temp file, synced).
    #[default]
    Stage,
    /// Putting the new content in place, or removing the file.
    Swap,
}

/// An operating-system error, as the shim saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct OsError {
    /// The error's code (`EACCES`, `EROFS`, `ENOSPC`, ...).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub code: String,
    /// The operating system's description ("read-only file system").
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub message: String,
    /// Which part of the step it stopped.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stage: WriteStage,
}

/// What became of one step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct StepOutcome {
    /// The step's path.
    pub path: String,
    /// What happened.
    pub outcome: OutcomeKind,
    /// Where the file was backed up, when it was.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup: Option<String>,
    /// The refusal, for a blocked step.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<OsError>,
}

impl StepOutcome {
    /// The file system's refusal, when the step was blocked (an error carried by any other
    /// outcome is not one).
    pub fn refusal(&self) -> Option<&OsError> {
        (self.outcome == OutcomeKind::Blocked)
            .then_some(self.error.as_ref())
            .flatten()
    }
}

/// The sentence for a step that did not happen, naming its file: `None` for done and
/// unchanged steps. `what` names the run (`the update`, `the refresh`).
pub fn describe_outcome(outcome: &StepOutcome, what: &str) -> Option<String> {
    let path = &outcome.path;
    Some(match outcome.outcome {
        OutcomeKind::Done | OutcomeKind::Unchanged => return None,
        OutcomeKind::Changed => {
            format!("'{path}' changed while {what} ran; it was left as it is now")
        }
        OutcomeKind::SourceChanged => format!(
            "the release's copy of '{path}' changed while {what} ran (or became a link); nothing was copied"
        ),
        OutcomeKind::Blocked => match &outcome.error {
            Some(e) => {
                let doing = match e.stage {
                    WriteStage::Backup => "back up",
                    WriteStage::Stage => "write",
                    WriteStage::Swap => "replace",
                };
                format!("cannot {doing} '{path}': {} ({})", e.message, e.code)
            }
            None => format!("cannot write '{path}'"),
        },
        OutcomeKind::NotReached => format!("'{path}' was not reached: {what} stopped first"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_the_file_and_the_os_message() {
        let blocked = StepOutcome {
            path: "lib/a.js".into(),
            outcome: OutcomeKind::Blocked,
            error: Some(OsError {
                code: "EROFS".into(),
                message: "read-only file system".into(),
                stage: WriteStage::Stage,
            }),
            ..StepOutcome::default()
        };
        assert_eq!(
            describe_outcome(&blocked, "the update").unwrap(),
            "cannot write 'lib/a.js': read-only file system (EROFS)"
        );
        let done = StepOutcome {
            outcome: OutcomeKind::Done,
            ..blocked.clone()
        };
        assert_eq!(describe_outcome(&done, "the update"), None);
        let changed = StepOutcome {
            outcome: OutcomeKind::Changed,
            ..blocked
        };
        assert!(describe_outcome(&changed, "the refresh")
            .unwrap()
            .contains("changed while the refresh ran"));
    }
}
