//! Which backup runs are under way or were interrupted, so a prune never removes a run
//! that may still be written to or resumed: the update whose progress record is on disk
//! (its backup run, and the run its regeneration saves repairs in), and every refresh run
//! whose journal has no `end` line.
//!
//! ```
//! use upkeep_core::backups::{active_runs, ActiveFacts};
//!
//! let facts = ActiveFacts { progress_run: Some("20260101-120000-123".into()), journals: vec![] };
//! assert_eq!(active_runs(&facts), ["20260101-120000-123", "20260101-120000-123-regen"]);
//! ```

use crate::refresh::Journal;
use crate::regions::REGEN_SUFFIX;

/// What the shim read: the update's progress record's run id, and each refresh journal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct ActiveFacts {
    /// The `runId` of the update's progress record, when there is one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub progress_run: Option<String>,
    /// The refresh journals beside the backup folders, parsed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub journals: Vec<Journal>,
}

/// The run ids that are under way or interrupted (see the module docs).
pub fn active_runs(facts: &ActiveFacts) -> Vec<String> {
    let mut active = Vec::new();
    if let Some(run) = &facts.progress_run {
        active.push(run.clone());
        active.push(format!("{run}{REGEN_SUFFIX}"));
    }
    for journal in &facts.journals {
        for run in &journal.runs {
            if run.outcome.is_none() {
                active.push(run.run.clone());
            }
        }
    }
    active
}
