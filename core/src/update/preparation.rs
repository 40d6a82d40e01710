//! The update's preparation: from what the shim read (the installed version, the latest
//! release's, the baseline's once it is open, the progress record, the recorded source),
//! the run's next move — a refusal, an up-to-date ending with its clean-up, or the start
//! of a run. The CLI, the JS API and the demo all call this one step, so a downgrade or a
//! wrong baseline is refused in one place, with one wording.
//!
//! The shim calls it twice: first without a baseline (the answer says whether there is
//! anything to do and, if so, to open the baseline), then with the baseline's version.
//!
//! ```
//! use upkeep_core::update::{prepare_update, UpdateFacts, UpdatePreparation};
//!
//! let mut facts = UpdateFacts::new("1.2.0", "1.3.0", "20260101-000000-000");
//! assert!(matches!(prepare_update(&facts).unwrap(), UpdatePreparation::OpenBaseline { .. }));
//! facts.baseline = Some("1.2.0".into());
//! let UpdatePreparation::Ready { write_progress, .. } = prepare_update(&facts).unwrap() else { panic!() };
//! assert_eq!(write_progress.unwrap().run_id, "20260101-000000-000");
//! facts.baseline = Some("1.1.0".into());
//! assert_eq!(prepare_update(&facts).unwrap_err().code(), "baseline-mismatch");
//! assert_eq!(prepare_update(&UpdateFacts::new("2.0.0", "1.3.0", "r")).unwrap_err().code(), "downgrade");
//! ```

use super::layout::read_version_file;
use super::semver::Version;
use super::status::UpdateStatus;
use super::versions::{check_versions, start_update, InProgress, UpdateStart, VersionCheck};
use super::VersionStatus;
use crate::error::{Error, ErrorKind, Result};

/// The project's recorded template source (`source.json`), as the preparation needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RecordedSource {
    /// The version the record says is installed.
    pub version: String,
    /// Whether the latest release came from the record (so the record follows it).
    #[cfg_attr(feature = "serde", serde(default))]
    pub follows_latest: bool,
    /// The latest release's spec, when it is the recorded source's (not `--latest`): a
    /// refusal to downgrade then says the record is what offers nothing newer.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest_spec: Option<String>,
}

/// What the shim read before the run decides anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateFacts {
    /// The project's `VERSION` text (surrounding white space is ignored).
    pub installed: String,
    /// The latest release's `VERSION` text.
    pub latest: String,
    /// The installed version in the project's last commit, when it is a git checkout.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub committed: Option<String>,
    /// The baseline release's `VERSION` text, once the first answer asked for it.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<String>,
    /// The progress record an interrupted run left, if any.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub in_progress: Option<InProgress>,
    /// The recorded source, when the project has one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub source: Option<RecordedSource>,
    /// A dry run (`upkeep status`): nothing is written, nobody is asked.
    #[cfg_attr(feature = "serde", serde(default))]
    pub dry_run: bool,
    /// The run id from the clock, used unless an interrupted run is resumed.
    pub run_id: String,
}

impl UpdateFacts {
    /// Facts for a project on `installed`, the latest release `latest`, a fresh `run_id`;
    /// nothing else known yet.
    pub fn new(installed: &str, latest: &str, run_id: &str) -> Self {
        UpdateFacts {
            installed: installed.into(),
            latest: latest.into(),
            run_id: run_id.into(),
            ..UpdateFacts::default()
        }
    }
}

/// The run's next move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(
        tag = "step",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum UpdatePreparation {
    /// Nothing to update: the run ends with `status` after its clean-up.
    Done {
        /// The run's status word (`up-to-date`, `applied-uncommitted`).
        status: UpdateStatus,
        /// Where the project stands.
        check: VersionCheck,
        /// Remove the progress record: a run killed after it bumped the version left it.
        remove_progress: bool,
        /// Bring the recorded source up to the installed version (an update stopped
        /// between the version and the record).
        record_source: bool,
    },
    /// An update is due: open the baseline release and call again with its version.
    OpenBaseline {
        /// Where the project stands.
        check: VersionCheck,
        /// Ask git about the tree (for the dirty guard); a dry run does not.
        observe_git: bool,
    },
    /// The run starts.
    Ready {
        /// Where the project stands.
        check: VersionCheck,
        /// The run id and whether an interrupted run is resumed.
        start: UpdateStart,
        /// Ask the user before anything is written (never in a dry run).
        confirm: bool,
        /// The status the run ends with when the user declines at that prompt.
        declined: UpdateStatus,
        /// The status the run ends with once it is planned, when it writes nothing (a
        /// dry run); none when the plan is carried out.
        ends_planned: Option<UpdateStatus>,
        /// The progress record to write before the first write, if one is to be written
        /// (a fresh run that writes).
        write_progress: Option<InProgress>,
        /// Once the version is bumped, the recorded source follows it.
        record_source: bool,
    },
}

/// The run's next move from `facts`: refuses a downgrade (`downgrade`), a baseline that is
/// not the installed release (`baseline-mismatch`), an interrupted run for other versions
/// (`update-in-progress`).
pub fn prepare_update(facts: &UpdateFacts) -> Result<UpdatePreparation> {
    let check = check_versions(
        &read_version_file(&facts.installed),
        facts.latest.trim(),
        facts.committed.as_deref(),
    )?;
    let installed: Version = check.installed.parse()?;
    let writes = !facts.dry_run;
    match check.status {
        VersionStatus::Update => {}
        VersionStatus::Ahead => {
            return Err(Error::new(
                ErrorKind::Downgrade,
                &check.installed,
                match facts.source.as_ref().and_then(|s| s.latest_spec.as_deref()) {
                    // A recorded source that names one release (a folder left behind, a
                    // .tar.gz) after an update from another one (--latest).
                    Some(spec) => format!(
                        "the project is on {}, newer than {}, the newest release its recorded source gives ({spec}): refusing to downgrade; name the release to update to with --latest, or record the source the project follows now with `upkeep adopt <release>@{} --force`",
                        check.installed, check.latest, check.installed
                    ),
                    None => format!(
                        "the project is on {}, newer than the latest release {}: refusing to downgrade",
                        check.installed, check.latest
                    ),
                },
            ));
        }
        status => {
            let remove_progress = match &facts.in_progress {
                Some(record) if writes => record.to.parse::<Version>()? == installed,
                _ => false,
            };
            let record_source = match &facts.source {
                Some(source) if writes && status == VersionStatus::UpToDate => {
                    source.follows_latest && source.version.parse::<Version>()? != installed
                }
                _ => false,
            };
            return Ok(UpdatePreparation::Done {
                status: match status {
                    VersionStatus::AppliedUncommitted => UpdateStatus::AppliedUncommitted,
                    _ => UpdateStatus::UpToDate,
                },
                check,
                remove_progress,
                record_source,
            });
        }
    }
    let Some(baseline) = &facts.baseline else {
        return Ok(UpdatePreparation::OpenBaseline {
            check,
            observe_git: writes,
        });
    };
    let baseline = baseline.trim();
    if baseline.parse::<Version>()? != installed {
        return Err(Error::new(
            ErrorKind::BaselineMismatch,
            baseline,
            format!(
                "the baseline release is {baseline} but the project has {} installed: give the release it was installed from as --baseline",
                check.installed
            ),
        ));
    }
    let start = start_update(
        facts.in_progress.as_ref(),
        &check.installed,
        &check.latest,
        &facts.run_id,
    )?;
    let write_progress = (writes && !start.resumed).then(|| InProgress {
        from: check.installed.clone(),
        to: check.latest.clone(),
        run_id: start.run_id.clone(),
    });
    let record_source = writes && facts.source.as_ref().is_some_and(|s| s.follows_latest);
    Ok(UpdatePreparation::Ready {
        check,
        start,
        confirm: writes,
        declined: UpdateStatus::Aborted,
        ends_planned: (!writes).then_some(UpdateStatus::DryRun),
        write_progress,
        record_source,
    })
}
