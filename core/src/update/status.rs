//! The status word an `update` (or `upkeep status`) ends with: what `--json` reports,
//! what the summary and the exit code are chosen from. Every ending is named here, so
//! the shells carry the engine's word and never spell one.
//!
//! ```
//! use upkeep_core::update::UpdateStatus;
//!
//! assert_eq!(UpdateStatus::DryRun.as_str(), "dry-run");
//! assert_eq!(UpdateStatus::Aborted.as_str(), "aborted");
//! assert!(!UpdateStatus::Aborted.writes_change_request());
//! ```

/// How an update ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum UpdateStatus {
    /// Every write happened (conflicts may wait for the project).
    Updated,
    /// Planned and shown; nothing written (`--dry-run`, `upkeep status`).
    DryRun,
    /// The project is on the latest release.
    UpToDate,
    /// The project is on the latest release, its last commit is not.
    AppliedUncommitted,
    /// The person declined at the prompt; nothing written.
    Aborted,
    /// Some files changed while the run ran; the next run finishes.
    Incomplete,
    /// The file system refused a write; the next run finishes.
    Failed,
    /// Stopped on request; the next run finishes.
    Interrupted,
}

impl UpdateStatus {
    /// The word `--json` carries.
    pub fn as_str(self) -> &'static str {
        match self {
            UpdateStatus::Updated => "updated",
            UpdateStatus::DryRun => "dry-run",
            UpdateStatus::UpToDate => "up-to-date",
            UpdateStatus::AppliedUncommitted => "applied-uncommitted",
            UpdateStatus::Aborted => "aborted",
            UpdateStatus::Incomplete => "incomplete",
            UpdateStatus::Failed => "failed",
            UpdateStatus::Interrupted => "interrupted",
        }
    }

    /// Whether a run that ended so writes its change request (`--pr`): a run whose writes
    /// all happened, and a dry run (a preview of what the request would say). Not one
    /// declined at the prompt, stopped, failed or unfinished: there is no update to
    /// propose. Nor an up-to-date project, nor one an earlier run updated without
    /// committing: this run planned nothing to describe.
    pub fn writes_change_request(self) -> bool {
        matches!(self, UpdateStatus::Updated | UpdateStatus::DryRun)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::UpdateStatus;

    #[test]
    fn the_json_word_is_the_serialized_one() {
        for status in [
            UpdateStatus::Updated,
            UpdateStatus::DryRun,
            UpdateStatus::UpToDate,
            UpdateStatus::AppliedUncommitted,
            UpdateStatus::Aborted,
            UpdateStatus::Incomplete,
            UpdateStatus::Failed,
            UpdateStatus::Interrupted,
        ] {
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{}\"", status.as_str()));
        }
    }
}
