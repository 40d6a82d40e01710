//! The refusals of an update whose project or release is not in a state to update from:
//! no installed-version marker, a damaged record of an interrupted update, a release
//! without one of the files every release carries. The shim reads the files and says
//! which of these it met; the words and codes are decided here.
//!
//! ```
//! use upkeep_core::update::{state_refusal, StateProblem};
//!
//! let refusal = state_refusal(&StateProblem::NotInstalled {
//!     version_path: ".upkeep/VERSION".into(),
//!     root: Some("/work/app".into()),
//! });
//! assert_eq!(refusal.code, "not-installed");
//! ```

use crate::refusal::Refusal;

/// What the shim met.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum StateProblem {
    /// The project has no installed-version marker (or no state folder).
    NotInstalled {
        /// The marker's path inside the project (`.upkeep/VERSION`).
        version_path: String,
        /// The project, as a real path; none where it has no path (the demo's dropped
        /// folder): `the project`.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        root: Option<String>,
    },
    /// The record of an interrupted update is not valid JSON.
    DamagedProgress {
        /// Its path inside the project.
        path: String,
    },
    /// The record of an interrupted update is JSON, but not of a record's shape.
    MalformedProgress {
        /// Its path inside the project.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    /// The record a regeneration keeps while its program runs is not a record.
    DamagedRegenRecord {
        /// Its path inside the project.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    /// A release lacks a file every release carries.
    ReleaseLacks {
        /// Which release (`installed`, `latest`).
        label: String,
        /// The file's path inside the release.
        path: String,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn state_refusal(problem: &StateProblem) -> Refusal {
    let (code, message) = match problem {
        StateProblem::NotInstalled { version_path, root } => (
            "not-installed",
            format!(
                "no {version_path} in {}: this project was not installed from a template release (or the marker was deleted)",
                root.as_deref().unwrap_or("the project")
            ),
        ),
        StateProblem::DamagedProgress { path } => (
            "bad-state",
            format!(
                "{path} is not valid JSON: an interrupted update's record is damaged; restore from the backups and remove it"
            ),
        ),
        StateProblem::MalformedProgress { path, why } => (
            "bad-state",
            format!(
                "{path} is not an update's progress record ({why}): an interrupted update's record is damaged; restore from the backups and remove it"
            ),
        ),
        StateProblem::DamagedRegenRecord { path, why } => (
            "bad-state",
            format!(
                "{path} is not a regeneration's record ({why}): an update stopped while a region's program ran, and what it wrote cannot be put back from it; restore from the backups and remove it"
            ),
        ),
        StateProblem::ReleaseLacks { label, path } => {
            ("bad-release", format!("the {label} release has no {path}"))
        }
    };
    Refusal::new(code, message)
}
