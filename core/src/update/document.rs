//! The report `upkeep update --json` and `upkeep status --json` print, and the JS API's
//! `update()` and `status()` return: the run's status, the plan's report (an empty one
//! when nothing was planned), for `status` the files either side changed, the change
//! request written, the releases used, and — for a run that wrote and did not finish —
//! why, as every failed command says it.
//!
//! ```
//! use upkeep_core::update::{check_versions, update_document, DocumentFacts, ReleaseUsed};
//!
//! let facts = DocumentFacts {
//!     status: "up-to-date".into(),
//!     check: Some(check_versions("1.2.0", "1.2.0", None).unwrap()),
//!     releases: ReleaseUsed::latest_only("../template", None),
//!     ..DocumentFacts::default()
//! };
//! let document = update_document(&facts, None).unwrap();
//! assert_eq!((document.report.from.as_str(), document.report.to.as_str()), ("1.2.0", "1.2.0"));
//! assert!(document.error.is_none() && document.files.is_none());
//! ```

use super::plan::{FileOutcome, UpdatePlan};
use super::report::UpdateReport;
use super::versions::VersionCheck;
use crate::error::{Error, ErrorKind, Result};
use crate::fleet::PrPayload;

/// What a stopped update says, in the report and the error it ends with.
pub const INTERRUPTED_MESSAGE: &str =
    "update interrupted before it finished; run it again to resume where it stopped";

/// A release a run used, as the report names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ReleaseUsed {
    /// The release with its version (`npm:create-vite@6.5.0//template-react-ts`).
    pub spec: String,
    /// What was fetched exactly (`.upkeep/source.json`'s `resolved`), when known.
    pub resolved: Option<String>,
}

impl ReleaseUsed {
    /// The releases of a run that never opened its baseline: the latest one alone.
    pub fn latest_only(spec: &str, resolved: Option<&str>) -> ReleasesUsed {
        ReleasesUsed {
            baseline: None,
            latest: ReleaseUsed {
                spec: spec.into(),
                resolved: resolved.map(Into::into),
            },
        }
    }
}

/// The two releases of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ReleasesUsed {
    /// The release the project was installed from; none when the run stopped before it
    /// was opened (up to date, applied but not committed).
    pub baseline: Option<ReleaseUsed>,
    /// The release updated to.
    pub latest: ReleaseUsed,
}

/// What the shell knows of a run besides its plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct DocumentFacts {
    /// The run's status word (`updated`, `dry-run`, `up-to-date`, ...).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub status: String,
    /// The version check; its versions name the empty report of a run that planned nothing.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub check: Option<VersionCheck>,
    /// `upkeep status`: the report lists the files either side changed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub read_only: bool,
    /// The change request written (`--pr`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub pr: Option<PrPayload>,
    /// It continued an interrupted update.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub resumed: bool,
    /// Files a prior run left in the merge folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub leftover_patches: Vec<String>,
    /// What the user should know about the releases.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub notices: Vec<String>,
    /// The releases used.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub releases: ReleasesUsed,
}

/// Why a run that wrote did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DocumentError {
    /// The stable code: `interrupted`, or the file system's (`ENOSPC`, `EACCES`, ...).
    pub code: String,
    /// What happened, in words.
    pub message: String,
}

/// The report `--json` prints; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateDocument {
    /// The run's status word.
    pub status: String,
    /// The plan's report, its members at the top level.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: UpdateReport,
    /// `upkeep status`: every file the project or the next release changed.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub files: Option<Vec<FileOutcome>>,
    /// The change request written (`--pr`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub pr: Option<PrPayload>,
    /// It continued an interrupted update.
    pub resumed: bool,
    /// Files a prior run left in the merge folder.
    pub leftover_patches: Vec<String>,
    /// What the user should know about the releases.
    pub notices: Vec<String>,
    /// The releases used.
    pub releases: ReleasesUsed,
    /// Why a run that wrote stopped short: stopped on request, or a write the file
    /// system refused.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub error: Option<DocumentError>,
}

/// The document of a run: `plan` when it planned an update (its report and files), else
/// an empty report between the checked versions.
pub fn update_document(facts: &DocumentFacts, plan: Option<&UpdatePlan>) -> Result<UpdateDocument> {
    let report = match (plan, &facts.check) {
        (Some(plan), _) => plan.report.clone(),
        (None, Some(check)) => UpdateReport {
            from: check.installed.clone(),
            to: check.latest.clone(),
            ..UpdateReport::default()
        },
        (None, None) => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "check",
                "a run that planned nothing is reported between the checked versions: give the version check",
            ))
        }
    };
    let files = match plan {
        Some(plan) if facts.read_only => Some(
            plan.files
                .iter()
                .filter(|f| f.local_change || f.upstream_change)
                .cloned()
                .collect(),
        ),
        _ => None,
    };
    let blocked = report.run.as_ref().and_then(|run| run.blocked.as_ref());
    // A stop's error is the one the command line and the API end with (`update_stop`).
    let error = crate::exits::update_stop(&facts.status).or_else(|| {
        match (facts.status.as_str(), blocked) {
            ("failed", Some(blocked)) => Some(DocumentError {
                code: blocked.code.clone(),
                message: blocked.message.clone(),
            }),
            _ => None,
        }
    });
    Ok(UpdateDocument {
        status: facts.status.clone(),
        report,
        files,
        pr: facts.pr.clone(),
        resumed: facts.resumed,
        leftover_patches: facts.leftover_patches.clone(),
        notices: facts.notices.clone(),
        releases: facts.releases.clone(),
        error,
    })
}
