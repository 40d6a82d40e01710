//! The documents `upkeep new --json` and `upkeep adopt --json` print (and the API's
//! `newProject` and `adopt` return): the run's status, the engine's report, what the user
//! should know, the release used and, for `new --git`, the first commit.
//!
//! ```
//! use upkeep_core::lifecycle::{adopt_document, AdoptFacts, AdoptReport};
//! use upkeep_core::update::ReleaseUsed;
//!
//! let report = AdoptReport {
//!     spec: "../tpl@1.0.0".into(),
//!     version: "1.0.0".into(),
//!     same: vec!["a.md".into()],
//!     differs: vec![],
//!     missing: vec![],
//!     not_files: vec![],
//!     replaced_record: false,
//! };
//! let release = ReleaseUsed { spec: "../tpl@1.0.0".into(), resolved: None };
//! let facts = AdoptFacts { status: "adopted".into(), report, notices: vec![], release };
//! let text = serde_json::to_string(&adopt_document(facts)).unwrap();
//! assert!(text.starts_with(r#"{"status":"adopted","spec":"../tpl@1.0.0""#));
//! ```

use super::adopt::AdoptReport;
use super::first_commit::FirstCommit;
use super::scaffold::ScaffoldReport;
use crate::update::ReleaseUsed;

/// What a finished `upkeep new` hands the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct NewFacts {
    /// `created` or `resumed` (the plan's).
    pub status: String,
    /// The scaffold's report (the plan's).
    pub report: ScaffoldReport,
    /// What the user should know (the release opener's).
    pub notices: Vec<String>,
    /// The release scaffolded from.
    pub release: ReleaseUsed,
    /// With `--git`: the first commit's outcome.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub git: Option<FirstCommit>,
}

/// `upkeep new --json`: the status, the report's fields, the notices, the release and the
/// first commit (`null` without `--git`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct NewDocument {
    /// As [`NewFacts::status`].
    pub status: String,
    /// As [`NewFacts::report`], its fields inline.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: ScaffoldReport,
    /// As [`NewFacts::notices`].
    pub notices: Vec<String>,
    /// As [`NewFacts::release`].
    pub release: ReleaseUsed,
    /// As [`NewFacts::git`].
    pub git: Option<FirstCommit>,
}

/// What a finished `upkeep adopt` hands the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct AdoptFacts {
    /// `adopted` (the plan's).
    pub status: String,
    /// The adoption's report (the plan's).
    pub report: AdoptReport,
    /// What the user should know.
    pub notices: Vec<String>,
    /// The release recorded.
    pub release: ReleaseUsed,
}

/// `upkeep adopt --json`: the status, the report's fields, the notices and the release.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct AdoptDocument {
    /// As [`AdoptFacts::status`].
    pub status: String,
    /// As [`AdoptFacts::report`], its fields inline.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: AdoptReport,
    /// As [`AdoptFacts::notices`].
    pub notices: Vec<String>,
    /// As [`AdoptFacts::release`].
    pub release: ReleaseUsed,
}

/// `upkeep new --json`'s document from the run's facts.
pub fn new_document(facts: NewFacts) -> NewDocument {
    NewDocument {
        status: facts.status,
        report: facts.report,
        notices: facts.notices,
        release: facts.release,
        git: facts.git,
    }
}

/// `upkeep adopt --json`'s document from the run's facts.
pub fn adopt_document(facts: AdoptFacts) -> AdoptDocument {
    AdoptDocument {
        status: facts.status,
        report: facts.report,
        notices: facts.notices,
        release: facts.release,
    }
}
