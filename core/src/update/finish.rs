//! The end of an update run: the plan's report joined with what the executor did, so the
//! report and the summary say only what is true. A file whose write did not happen leaves
//! the buckets that would claim it; the run record lists every file replaced (with its
//! backup), every file that changed while the run ran (left alone: the next run plans it
//! as a conflict), the file the run stopped at with the operating system's words, and what
//! was not reached. The version is bumped only when every write happened.
//!
//! ```
//! use upkeep_core::update::{finish_update, UpdateReport, UpdateRun, Version, RunOutcome};
//! use upkeep_core::writes::{Expect, OutcomeKind, StepContent, StepOutcome, WriteStep};
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let mut report = UpdateReport::new(&v("1.0.0"), &v("1.1.0"));
//! report.overwrite.push("a.txt".into());
//! let step = WriteStep::new("a.txt", Expect::Missing, StepContent::Planned, None, Some(0));
//! let outcome = StepOutcome { path: "a.txt".into(), outcome: OutcomeKind::Changed, ..StepOutcome::default() };
//! let done = finish_update(UpdateRun { report, steps: vec![step], outcomes: vec![outcome], ..UpdateRun::default() });
//! assert_eq!(done.outcome, RunOutcome::Incomplete);
//! assert!(!done.bump_version);
//! assert!(done.report.overwrite.is_empty());
//! assert!(done.summary.contains("Changed while the update ran"));
//! ```

use super::report::UpdateReport;
use super::status::UpdateStatus;
use super::summary::render_summary;
use crate::writes::{describe_outcome, OsError, OutcomeKind, StepOutcome, WriteStep};

/// How an update run ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "UpdateRunOutcome"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RunOutcome {
    /// Every write happened; nothing needs the project.
    #[default]
    Complete,
    /// Every write happened; conflicts or dropped files wait for the project.
    Pending,
    /// Some files changed while the run ran (or a release file no longer matched the
    /// plan): they were left alone; the next run finishes.
    Incomplete,
    /// The file system refused a write: the run stopped there; the next run finishes.
    Failed,
    /// Stopped on request: the next run finishes.
    Interrupted,
}

impl RunOutcome {
    /// The run's status word for this ending (what `upkeep update --json` reports).
    pub fn status(self) -> UpdateStatus {
        match self {
            RunOutcome::Complete | RunOutcome::Pending => UpdateStatus::Updated,
            RunOutcome::Incomplete => UpdateStatus::Incomplete,
            RunOutcome::Failed => UpdateStatus::Failed,
            RunOutcome::Interrupted => UpdateStatus::Interrupted,
        }
    }
}

/// A file the run replaced, and where its previous content went.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Replaced {
    /// The path written.
    pub path: String,
    /// Its backup, when it had previous content.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup: Option<String>,
}

/// The file a run stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Blocked {
    /// The file.
    pub path: String,
    /// The operating system's code (`EROFS`, `ENOSPC`, `EACCES`, ...).
    pub code: String,
    /// What went wrong, naming the file and with the operating system's own words.
    pub message: String,
}

/// The backups a project holds after a run, as the shim measured them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupsKept {
    /// The backups folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub folder: String,
    /// How many runs' folders it holds.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub runs: u64,
    /// Their total size in bytes.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::backups::as_number"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub bytes: u64,
}

/// What the run did, in the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "UpdateRunRecord"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RunRecord {
    /// How it ended.
    pub outcome: RunOutcome,
    /// Every file it wrote, in order, with its backup.
    pub replaced: Vec<Replaced>,
    /// Files that changed while it ran, left as they are.
    pub changed: Vec<String>,
    /// Files whose release copy no longer matched the plan: not copied.
    pub source_changed: Vec<String>,
    /// The file it stopped at.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub blocked: Option<Blocked>,
    /// Files not tried because it stopped first.
    pub not_reached: Vec<String>,
    /// Whether the installed version was bumped (every write happened).
    pub version_bumped: bool,
    /// The backups kept in the project.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backups: Option<BackupsKept>,
}

/// A state file the run could not write after every other write happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct StateWriteError {
    /// The state file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub path: String,
    /// The refusal.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub error: OsError,
}

/// The facts of a run, as the shim gathered them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct UpdateRun {
    /// The plan's report (after regeneration, when regions ran).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub report: UpdateReport,
    /// The plan's steps.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub steps: Vec<WriteStep>,
    /// What became of the steps tried (by path: every step writes its own).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub outcomes: Vec<StepOutcome>,
    /// It stopped on request.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub interrupted: bool,
    /// Writing the version or the manifest failed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub state_error: Option<StateWriteError>,
    /// The backups kept, measured after the writes.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backups: Option<BackupsKept>,
    /// The state folder (`.upkeep`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub state_dir: String,
}

/// The completed report, its summary, how the run ended and whether to bump the version.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateFinished {
    /// The report, buckets holding only what happened, with `run` filled.
    pub report: UpdateReport,
    /// The summary the CLI prints.
    pub summary: String,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// The run's status word: `updated` when every write happened (complete, or conflicts
    /// pending), else the outcome's word.
    pub status: UpdateStatus,
    /// Whether the shim writes the new version and manifest now.
    pub bump_version: bool,
}

/// How an update's writes ended, for [`after_writes`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct WritesEnded {
    /// Whether the plan has generated regions to regenerate.
    pub has_regions: bool,
    /// Whether the executor stopped on request before a write.
    pub stopped: bool,
    /// Whether a stop has been asked for by now (after the last write included).
    pub stop_asked: bool,
    /// Whether the file system refused a write.
    pub failed: bool,
    /// What each step tried came to.
    pub outcomes: Vec<StepOutcome>,
    /// Whether the regions were regenerated since (asked again once they ran).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub regions_ran: bool,
}

/// What an update does once its writes ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct AfterWrites {
    /// Regenerate the regions now.
    pub regenerate: bool,
    /// The run ends interrupted: the version stays where it was, and re-running finishes.
    pub interrupted: bool,
}

/// The update's next move after its writes. A stop asked for after the last write ends
/// the run before the regions (re-running regenerates them); with no regions the writes
/// were the whole run, and it stands. Asked again once the regions ran: a stop asked for
/// while they ran leaves the version where it was too (re-running regenerates).
pub fn after_writes(ended: &WritesEnded) -> AfterWrites {
    if ended.regions_ran {
        return AfterWrites {
            regenerate: false,
            interrupted: ended.stop_asked,
        };
    }
    let interrupted = ended.stopped || (ended.has_regions && ended.stop_asked);
    AfterWrites {
        regenerate: regions_due(
            ended.has_regions,
            interrupted,
            ended.failed,
            &ended.outcomes,
        ),
        interrupted,
    }
}

/// Whether the regions are regenerated after the writes: only when the plan has regions
/// and the run wrote every step it tried (not stopped, no write refused, nothing changed
/// under it); otherwise the version stays where it was and re-running regenerates.
fn regions_due(has_regions: bool, stopped: bool, failed: bool, outcomes: &[StepOutcome]) -> bool {
    has_regions
        && !stopped
        && !failed
        && outcomes
            .iter()
            .all(|o| matches!(o.outcome, OutcomeKind::Done | OutcomeKind::Unchanged))
}

/// Joins the plan's report with what the run did.
pub fn finish_update(run: UpdateRun) -> UpdateFinished {
    let mut report = run.report;
    let mut record = RunRecord {
        backups: run.backups,
        ..RunRecord::default()
    };
    let mut unfinished: Vec<&str> = Vec::new();
    let by_path: foldhash::HashMap<&str, &StepOutcome> =
        run.outcomes.iter().map(|o| (o.path.as_str(), o)).collect();
    for step in &run.steps {
        let tried = by_path.get(step.path.as_str()).copied();
        let kind = tried.map_or(OutcomeKind::NotReached, |o| o.outcome);
        let own = step.index.is_none();
        match kind {
            OutcomeKind::Done if !own => record.replaced.push(Replaced {
                path: step.path.clone(),
                backup: tried.and_then(|o| o.backup.clone()),
            }),
            OutcomeKind::Done | OutcomeKind::Unchanged => {}
            OutcomeKind::Changed => record.changed.push(step.path.clone()),
            OutcomeKind::SourceChanged => record.source_changed.push(step.path.clone()),
            OutcomeKind::Blocked => {
                let o = tried.cloned().unwrap_or_default();
                record.blocked = Some(Blocked {
                    path: step.path.clone(),
                    code: o.error.as_ref().map(|e| e.code.clone()).unwrap_or_default(),
                    message: describe_outcome(&o, "the update").unwrap_or_default(),
                });
            }
            _ if !own => record.not_reached.push(step.path.clone()),
            _ => {}
        }
        if !matches!(kind, OutcomeKind::Done | OutcomeKind::Unchanged) && !own {
            unfinished.push(&step.path);
        }
    }
    if let Some(state) = &run.state_error {
        record.blocked.get_or_insert_with(|| {
            let o = StepOutcome {
                path: state.path.clone(),
                outcome: OutcomeKind::Blocked,
                backup: None,
                error: Some(state.error.clone()),
            };
            Blocked {
                path: state.path.clone(),
                code: state.error.code.clone(),
                message: describe_outcome(&o, "the update").unwrap_or_default(),
            }
        });
    }
    for path in &unfinished {
        drop_claims(&mut report, path);
    }
    let regions_backed_up = report
        .regions
        .regen
        .as_ref()
        .is_some_and(|g| !g.backed_up.is_empty());
    if !regions_backed_up && !record.replaced.iter().any(|r| r.backup.is_some()) {
        report.backup_dir = None; // nothing went there this run
    }
    record.outcome = if run.interrupted {
        RunOutcome::Interrupted
    } else if record.blocked.is_some() {
        RunOutcome::Failed
    } else if !unfinished.is_empty() {
        RunOutcome::Incomplete
    } else if report.needs_attention() {
        RunOutcome::Pending
    } else {
        RunOutcome::Complete
    };
    let bump_version =
        matches!(record.outcome, RunOutcome::Complete | RunOutcome::Pending) && !run.interrupted;
    record.version_bumped = bump_version;
    let outcome = record.outcome;
    report.run = Some(record);
    // The summary renders the run record too (render_run_notes): what was replaced, what
    // changed meanwhile, what stopped it, the backups kept.
    let summary = render_summary(&report, &run.state_dir, false);
    UpdateFinished {
        report,
        summary,
        outcome,
        status: outcome.status(),
        bump_version,
    }
}

/// Takes `path` out of every bucket that would claim it was written.
fn drop_claims(report: &mut UpdateReport, path: &str) {
    for list in [&mut report.overwrite, &mut report.merge, &mut report.add] {
        list.retain(|p| p != path);
    }
    report
        .conflicts
        .retain(|c| c.path != path && c.patch_path.as_deref() != Some(path));
    for file in report.structured.values_mut() {
        if file.notes_path.as_deref() == Some(path) {
            file.notes_path = None;
        }
    }
}

pub(crate) struct Notes {
    /// Right under the header: why the run is not finished.
    pub(crate) head: String,
    /// At the end: what was done, and the backups kept.
    pub(crate) tail: String,
}

/// How many paths a list in the summary shows before "… and N more".
const SHOWN: usize = 20;

fn listed(out: &mut String, paths: impl ExactSizeIterator<Item = String>) {
    let total = paths.len();
    for line in paths.take(SHOWN) {
        out.push_str(&format!("  {line}\n"));
    }
    if total > SHOWN {
        out.push_str(&format!(
            "  … and {} more (--json lists them all)\n",
            total - SHOWN
        ));
    }
}

pub(crate) fn render_run_notes(r: &RunRecord) -> Notes {
    let mut head = String::new();
    let stopped = match r.outcome {
        RunOutcome::Interrupted => Some("interrupted before it finished"),
        RunOutcome::Failed => Some("stopped before it finished"),
        RunOutcome::Incomplete => Some("not finished"),
        _ => None,
    };
    // Stopped before a single file was replaced: nothing to list.
    let untouched = r.outcome == RunOutcome::Interrupted
        && r.replaced.is_empty()
        && r.changed.is_empty()
        && r.source_changed.is_empty()
        && r.blocked.is_none();
    if untouched {
        head.push_str(
            "\nThe update was interrupted before it replaced any file. Run the same command again to update.\n\n",
        );
    } else if let Some(how) = stopped {
        head.push_str(&format!(
            "\nThe update was {how}: the installed version is unchanged. Run the same command again to finish it.\n"
        ));
        if let Some(b) = &r.blocked {
            head.push_str(&format!("  Stopped: {}\n", b.message));
        }
        head.push('\n');
    }
    let mut tail = String::new();
    if stopped.is_some() && !r.replaced.is_empty() {
        tail.push_str(&format!(
            "\nAlready replaced by this run ({}; each backed up first where it had content):\n",
            r.replaced.len()
        ));
        listed(
            &mut tail,
            r.replaced.iter().map(|x| match &x.backup {
                Some(b) => format!("{} (backup: {b})", x.path),
                None => x.path.clone(),
            }),
        );
    }
    if !r.changed.is_empty() {
        tail.push_str(
            "\nChanged while the update ran (left as they are now; running again merges them like any file you edited):\n",
        );
        listed(&mut tail, r.changed.iter().cloned());
    }
    if !r.source_changed.is_empty() {
        tail.push_str(
            "\nRelease files that changed after they were planned, or became links (not copied):\n",
        );
        listed(&mut tail, r.source_changed.iter().cloned());
    }
    if !r.not_reached.is_empty() && !untouched {
        tail.push_str(&format!(
            "\nNot reached ({}; the next run does them):\n",
            r.not_reached.len()
        ));
        listed(&mut tail, r.not_reached.iter().cloned());
    }
    if let Some(b) = r.backups.as_ref().filter(|b| b.runs > 0) {
        tail.push_str(&format!(
            "\nBackups kept: {} in {}/ from {} run{} (never deleted implicitly; `upkeep backups list` shows them, `upkeep backups prune --keep 3` removes older runs whose content is also in the tree or in git).\n",
            human_size(b.bytes),
            b.folder,
            b.runs,
            if b.runs == 1 { "" } else { "s" }
        ));
    }
    Notes { head, tail }
}

/// A size as people read it: `512 bytes`, `1.5 KiB`, `12.0 MiB`.
pub(crate) fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::update::{Conflict, ConflictRoute, FileClass, Version};
    use crate::writes::{Expect, StepContent, WriteStage};

    fn step(path: &str, index: Option<usize>) -> WriteStep {
        WriteStep::new(path, Expect::Missing, StepContent::Planned, None, index)
    }

    fn outcome(path: &str, outcome: OutcomeKind) -> StepOutcome {
        StepOutcome {
            path: path.into(),
            outcome,
            backup: Some(format!(".upkeep-backups/r/{path}")),
            error: None,
        }
    }

    fn report() -> UpdateReport {
        let v = |s: &str| s.parse::<Version>().unwrap();
        let mut r = UpdateReport::new(&v("1.0.0"), &v("1.1.0"));
        r.overwrite = vec!["a".into(), "b".into(), "c".into()];
        r.conflicts = vec![Conflict {
            patch_path: Some(".upkeep-merge/d.patch".into()),
            ..Conflict::new("d", FileClass::Shared, ConflictRoute::Patch)
        }];
        r
    }

    #[test]
    fn a_blocked_file_stops_the_run_and_everything_is_told() {
        let steps = vec![
            step(".upkeep-backups/.gitignore", None),
            step("a", Some(0)),
            step("b", Some(1)),
            step("c", Some(2)),
            step(".upkeep-merge/d.patch", Some(3)),
        ];
        let mut blocked = outcome("b", OutcomeKind::Blocked);
        blocked.error = Some(OsError {
            code: "EROFS".into(),
            message: "read-only file system".into(),
            stage: WriteStage::Stage,
        });
        let done = finish_update(UpdateRun {
            report: report(),
            steps,
            outcomes: vec![
                outcome(".upkeep-backups/.gitignore", OutcomeKind::Done),
                outcome("a", OutcomeKind::Done),
                blocked,
            ],
            backups: Some(BackupsKept {
                folder: ".upkeep-backups".into(),
                runs: 2,
                bytes: 3 << 20,
            }),
            state_dir: ".upkeep".into(),
            ..UpdateRun::default()
        });
        assert_eq!(done.outcome, RunOutcome::Failed);
        assert!(!done.bump_version);
        let run = done.report.run.as_ref().unwrap();
        assert_eq!(
            run.replaced,
            [Replaced {
                path: "a".into(),
                backup: Some(".upkeep-backups/r/a".into())
            }]
        );
        assert_eq!(
            run.blocked.as_ref().unwrap().message,
            "cannot write 'b': read-only file system (EROFS)"
        );
        assert_eq!(run.not_reached, ["c", ".upkeep-merge/d.patch"]);
        assert_eq!(done.report.overwrite, ["a"]);
        assert!(
            done.report.conflicts.is_empty(),
            "its patch was not written"
        );
        let s = &done.summary;
        assert!(s.starts_with("upkeep update: 1.0.0 → 1.1.0\n\nThe update was stopped before it finished: the installed version is unchanged. Run the same command again to finish it.\n  Stopped: cannot write 'b': read-only file system (EROFS)\n\nOverwritten  1"), "{s}");
        assert!(s.contains("\nAlready replaced by this run (1; each backed up first where it had content):\n  a (backup: .upkeep-backups/r/a)\n"), "{s}");
        assert!(
            s.contains("Backups kept: 3.0 MiB in .upkeep-backups/ from 2 runs"),
            "{s}"
        );
    }

    #[test]
    fn a_complete_run_bumps_the_version_and_says_nothing_extra() {
        let steps = vec![step("a", Some(0))];
        let done = finish_update(UpdateRun {
            report: report(),
            steps,
            outcomes: vec![outcome("a", OutcomeKind::Done)],
            state_dir: ".upkeep".into(),
            ..UpdateRun::default()
        });
        assert_eq!(done.outcome, RunOutcome::Pending, "the conflict waits");
        assert!(done.bump_version);
        assert!(!done.summary.contains("Already replaced"));
        let interrupted = finish_update(UpdateRun {
            report: report(),
            steps: vec![step("a", Some(0))],
            interrupted: true,
            ..UpdateRun::default()
        });
        assert_eq!(interrupted.outcome, RunOutcome::Interrupted);
        assert_eq!(interrupted.report.run.unwrap().not_reached, ["a"]);
    }

    #[test]
    fn sizes() {
        assert_eq!(human_size(1), "1 byte");
        assert_eq!(human_size(1536), "1.5 KiB");
        assert_eq!(human_size(5 << 30), "5.0 GiB");
    }
}
