//! The report of an install or a refresh: the plan joined with what the shim did, file by
//! file, and the counts a person or a script acts on. The shim only gathers the facts of
//! the run ([`RunFacts`]); what each file's outcome reads, what needs attention and
//! whether the record changed are decided here.
//!
//! ```
//! use upkeep_core::refresh::{run_report, Plan, RunCommand, RunFacts};
//!
//! let plan = Plan { record_path: ".upkeep-source.json".into(), home: String::new(), files: vec![],
//!     record_text: String::new(), record_changed: true, attention: 0 };
//! let facts = RunFacts { command: RunCommand::Refresh, dry_run: true, ..RunFacts::default() };
//! let report = run_report(&plan, &facts);
//! assert!(!report.record_changed); // a dry run changes nothing
//! ```

use foldhash::{HashMap, HashMapExt};
use std::collections::BTreeMap;

use super::classify::FileState;
use super::plan::{Action, Decision, Plan};
use super::planner::{facts_of, FileFacts};
use crate::error::Result;
use crate::text::{unified_diff, DiffOptions};

/// Which command ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum RunCommand {
    /// `upkeep install`.
    Install,
    /// `upkeep refresh`.
    #[default]
    Refresh,
}

/// What the shim did with one file of the plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FileRunOutcome {
    /// The host path.
    pub target: String,
    /// `done`, `skipped` (it changed while the run ran), `failed` (the file system refused),
    /// or the action it stood for (`diff`, `pending`, `conflict`); the executor's
    /// `changed`, `source-changed` and `unchanged` read as `skipped`, `skipped` and
    /// `done`, and `blocked` as `failed`, with the reason worded here.
    pub outcome: String,
    /// Why it was skipped or failed.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub reason: Option<String>,
    /// Where its backup went.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup: Option<String>,
    /// The file system's refusal, for a `blocked` outcome of the executor.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<crate::writes::OsError>,
}

/// How a run ended, as its report and the journal's `end` record say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum RunOutcome {
    /// A dry run: nothing was written.
    Planned,
    /// Every file is as planned and nothing needs a person.
    Complete,
    /// Done, with files waiting for a person (a decision, a hand merge, a conflict).
    Pending,
    /// Files were skipped or a write failed: re-run once the cause is fixed.
    Failed,
    /// Stopped on request: re-run to resume.
    Interrupted,
}

/// A diff host → source shown for a file the user merges by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct MergeDiff {
    /// The host path.
    pub target: String,
    /// The unified diff.
    pub diff: String,
}

impl MergeDiff {
    /// The diff from the host's file (`yours`, at `target`) to the source's (`upstream`,
    /// at `src`), labelled so the user sees which side is which; a side that is not there
    /// (`None`) is diffed as an empty file; a binary pair gives diff's one-line notice.
    pub fn of(
        target: &str,
        src: &str,
        yours: Option<&[u8]>,
        upstream: Option<&[u8]>,
    ) -> Result<Self> {
        let options = DiffOptions {
            old_label: format!("{target} (yours)"),
            new_label: format!("{src} (upstream)"),
            ..DiffOptions::default()
        };
        let diff = unified_diff(
            yours.unwrap_or_default(),
            upstream.unwrap_or_default(),
            &options,
        )?;
        Ok(MergeDiff {
            target: target.into(),
            diff: String::from_utf8_lossy(&diff.patch).into_owned(),
        })
    }
}

/// The facts of a run, as the shim saw them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct RunFacts {
    /// Which command ran.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub command: RunCommand,
    /// `--dry-run`: nothing was written.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
    /// The run's id (its backup folder), once it wrote anything.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub run_id: Option<String>,
    /// It continued an interrupted run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub resumed: bool,
    /// It stopped early on request.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub interrupted: bool,
    /// It stopped at a write the file system refused.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub failed: bool,
    /// Every file was written but the record was not: the file system's words (the
    /// report names the record).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub record_error: Option<String>,
    /// What the executor did with each path it reached, in plan order (upkeep's own
    /// files included: only a refusal of one reaches the report). A file whose action
    /// writes no file needs none: the plan settles it ([`super::Action::settled_outcome`]).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub outcomes: Vec<FileRunOutcome>,
    /// Diffs shown for hand merges.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub diffs: Option<Vec<MergeDiff>>,
}

/// One file in the report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ReportedFile {
    /// Path in the source.
    pub src: String,
    /// Path in the host repository.
    pub target: String,
    /// The old `src` when the source renamed the file.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub renamed_from: Option<String>,
    /// Its state (refresh only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub state: Option<FileState>,
    /// The decision applied (refresh only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub decision: Option<Decision>,
    /// What the plan said to do.
    pub action: Action,
    /// What came of it: `planned` (dry run), `unchanged`, `not-written` (an install that
    /// needs attention writes nothing), `not-reached` (the run stopped first), what the
    /// plan settles a file that writes nothing as (`done` for a recorded decision, else
    /// its action), or the shim's outcome.
    pub outcome: String,
    /// Why it needs attention, or why it was skipped or failed.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub reason: Option<String>,
    /// Where its backup went.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub backup: Option<String>,
}

/// The report of an install or a refresh: what `--json` prints (and what
/// [`render_run_report`](super::render_run_report) reads back).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RunReport {
    /// Which command ran.
    pub command: RunCommand,
    /// Nothing was written.
    pub dry_run: bool,
    /// The run's id, once it wrote anything.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub run_id: Option<String>,
    /// It continued an interrupted run.
    pub resumed: bool,
    /// It stopped early on request (re-run to resume).
    pub interrupted: bool,
    /// It stopped at a write the file system refused (re-run once fixed).
    pub failed: bool,
    /// Every file was written but the record was not.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub record_error: Option<String>,
    /// A file of upkeep's own (the backups folder's ignore file) the file system refused:
    /// the run stopped there.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub own_error: Option<String>,
    /// How many files are in each state (refresh only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub states: Option<BTreeMap<String, u32>>,
    /// Files that need a person: the plan's, plus any skipped or failed.
    pub attention: u32,
    /// Where the record lives.
    pub record_path: String,
    /// Whether the record is to be (or was) rewritten: the plan changes it and every
    /// file got where the plan said. The shim writes the record exactly when this is set.
    pub record_changed: bool,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// Every file of the plan.
    pub files: Vec<ReportedFile>,
    /// Diffs shown for hand merges (refresh only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub diffs: Option<Vec<MergeDiff>>,
}

/// Joins `plan` with what the shim did (`facts`) into the run's report.
pub fn run_report(plan: &Plan, facts: &RunFacts) -> RunReport {
    report_of(
        facts_of(plan),
        plan.attention,
        plan.record_changed,
        &plan.record_path,
        facts,
    )
}

/// Whether an install with `attention` files needing a person writes: an install writes
/// all or nothing, so nothing at all (the record included) while any file needs one.
pub(crate) fn install_writes(attention: u32) -> bool {
    attention == 0
}

/// [`run_report`] over a plan's files as [`FileFacts`] (a whole [`Plan`] or a session's).
pub(crate) fn report_of<'p>(
    plan_files: impl Iterator<Item = FileFacts<'p>> + Clone,
    plan_attention: u32,
    plan_record_changed: bool,
    record_path: &str,
    facts: &RunFacts,
) -> RunReport {
    let install = facts.command == RunCommand::Install;
    let stopped = facts.interrupted || facts.failed;
    // Outcomes by target, the first per target as a search would find it (a search per
    // file made 100,000-file reports quadratic).
    let mut outcomes: HashMap<&str, &FileRunOutcome> = HashMap::with_capacity(facts.outcomes.len());
    for o in &facts.outcomes {
        outcomes.entry(o.target.as_str()).or_insert(o);
    }
    let mut states: BTreeMap<String, u32> = BTreeMap::new();
    let mut files: Vec<ReportedFile> = Vec::new();
    for f in plan_files.clone() {
        if !install {
            *states
                .entry(super::plan::state_name(f.state).to_string())
                .or_insert(0) += 1;
        }
        let done = outcomes.get(f.target).copied();
        files.push(reported(&f, done, facts, install, stopped, plan_attention));
    }
    let unfinished = files
        .iter()
        .filter(|f| f.outcome == "skipped" || f.outcome == "failed")
        .count() as u32;
    let states = (!install).then_some(states);
    // A file the run skipped or could not write needs a person as much as a conflict does.
    let attention = plan_attention + unfinished;
    let blocked = install && !install_writes(plan_attention);
    let record_changed =
        plan_record_changed && !facts.dry_run && unfinished == 0 && !stopped && !blocked;
    let outcome = if facts.dry_run {
        RunOutcome::Planned
    } else if facts.interrupted {
        RunOutcome::Interrupted
    } else if unfinished > 0 || facts.failed {
        RunOutcome::Failed
    } else if plan_attention > 0 {
        RunOutcome::Pending
    } else {
        RunOutcome::Complete
    };
    let own_error = facts
        .outcomes
        .iter()
        .filter(|o| o.outcome == "blocked" && !plan_files.clone().any(|f| f.target == o.target))
        .find_map(|o| executor_outcome(o).1);
    RunReport {
        command: facts.command,
        dry_run: facts.dry_run,
        run_id: facts.run_id.clone(),
        resumed: facts.resumed,
        interrupted: facts.interrupted,
        failed: facts.failed,
        record_error: facts
            .record_error
            .as_ref()
            .map(|words| format!("cannot write '{record_path}': {words}")),
        own_error,
        states,
        attention,
        record_path: record_path.to_string(),
        record_changed,
        outcome,
        files,
        diffs: facts.diffs.clone(),
    }
}

/// One file of the report. Called per file, and kept out of line: in WebAssembly a
/// function called 100,000 times is optimized after its first few hundred calls, the body
/// of one long loop never.
#[inline(never)]
fn reported(
    f: &FileFacts<'_>,
    done: Option<&FileRunOutcome>,
    facts: &RunFacts,
    install: bool,
    stopped: bool,
    plan_attention: u32,
) -> ReportedFile {
    let (executed, why) = done.map(executor_outcome).unzip();
    let why = why.flatten();
    let outcome = match executed {
        _ if facts.dry_run => "planned".to_string(),
        Some(o) => o,
        None if install && plan_attention > 0 => "not-written".to_string(),
        // A file whose action writes no file is settled by the plan alone (the shim
        // journals it before it writes anything), however far the run got.
        None => match f.action.settled_outcome() {
            Some(settled) => settled.to_string(),
            None if f.action == Action::None => "unchanged".to_string(),
            None if stopped => "not-reached".to_string(),
            None => f.action.name().to_string(),
        },
    };
    ReportedFile {
        src: f.src.to_string(),
        target: f.target.to_string(),
        renamed_from: f.renamed_from.map(str::to_string),
        state: (!install).then_some(f.state),
        decision: if install { None } else { f.decision },
        action: f.action,
        outcome,
        reason: why
            .or_else(|| done.and_then(|o| o.reason.clone()))
            .or_else(|| f.reason().map(|r| r.into_owned())),
        backup: done.and_then(|o| o.backup.clone()),
    }
}

/// The report's word for an executor outcome, and the sentence for one that did not happen.
fn executor_outcome(o: &FileRunOutcome) -> (String, Option<String>) {
    use crate::writes::{describe_outcome, OutcomeKind, StepOutcome};
    let kind = match o.outcome.as_str() {
        "changed" => OutcomeKind::Changed,
        "source-changed" => OutcomeKind::SourceChanged,
        "blocked" => OutcomeKind::Blocked,
        "unchanged" => return ("done".into(), None),
        other => return (other.to_string(), None),
    };
    let step = StepOutcome {
        path: o.target.clone(),
        outcome: kind,
        backup: o.backup.clone(),
        error: o.error.clone(),
    };
    let word = if kind == OutcomeKind::Blocked {
        "failed"
    } else {
        "skipped"
    };
    (word.into(), describe_outcome(&step, "the refresh"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::EntryKind;
    use crate::refresh::PlannedFile;

    fn planned(target: &str, action: Action) -> PlannedFile {
        PlannedFile {
            src: format!("code/{target}"),
            target: target.into(),
            renamed_from: None,
            state: FileState::UnchangedStale,
            host_kind: EntryKind::File,
            decision: None,
            action,
            backup: false,
            source_sha256: None,
            host_sha256: None,
            recorded_sha256: None,
            new_sha256: None,
            reason: None,
            crlf: false,
        }
    }

    fn plan(files: Vec<PlannedFile>, attention: u32) -> Plan {
        Plan {
            record_path: "svc/.upkeep-source.json".into(),
            home: "svc".into(),
            files,
            record_text: String::new(),
            record_changed: true,
            attention,
        }
    }

    fn outcome(target: &str, outcome: &str) -> FileRunOutcome {
        FileRunOutcome {
            target: target.into(),
            outcome: outcome.into(),
            ..FileRunOutcome::default()
        }
    }

    /// (command, dry run, interrupted, the shim's outcomes) → each file's outcome,
    /// attention, whether the record is rewritten.
    type Case = (
        RunCommand,
        bool,
        bool,
        Vec<FileRunOutcome>,
        [&'static str; 3],
        u32,
        bool,
    );

    #[test]
    fn each_file_reads_what_became_of_it() {
        let p = plan(
            vec![
                planned("a", Action::Write),
                planned("b", Action::None),
                planned("c", Action::Write),
            ],
            0,
        );
        let cases: Vec<Case> = vec![
            (
                RunCommand::Refresh,
                true,
                false,
                vec![],
                ["planned", "planned", "planned"],
                0,
                false,
            ),
            (
                RunCommand::Refresh,
                false,
                false,
                vec![outcome("a", "done"), outcome("c", "done")],
                ["done", "unchanged", "done"],
                0,
                true,
            ),
            (
                RunCommand::Refresh,
                false,
                true,
                vec![outcome("a", "done")],
                ["done", "unchanged", "not-reached"],
                0,
                false,
            ),
            (
                RunCommand::Refresh,
                false,
                false,
                vec![outcome("a", "skipped"), outcome("c", "done")],
                ["skipped", "unchanged", "done"],
                1,
                false,
            ),
            (
                RunCommand::Install,
                false,
                false,
                vec![outcome("a", "done"), outcome("c", "done")],
                ["done", "unchanged", "done"],
                0,
                true,
            ),
            (
                RunCommand::Install,
                false,
                true,
                vec![outcome("a", "failed")],
                ["failed", "unchanged", "not-reached"],
                1,
                false,
            ),
        ];
        for (command, dry_run, interrupted, outcomes, expected, attention, record_changed) in cases
        {
            let facts = RunFacts {
                command,
                dry_run,
                interrupted,
                outcomes,
                ..RunFacts::default()
            };
            let report = run_report(&p, &facts);
            let got: Vec<&str> = report.files.iter().map(|f| f.outcome.as_str()).collect();
            assert_eq!(
                got, expected,
                "{command:?} dry={dry_run} stopped={interrupted}"
            );
            assert_eq!(report.attention, attention);
            assert_eq!(report.record_changed, record_changed);
            assert_eq!(report.states.is_some(), command == RunCommand::Refresh);
        }
    }

    /// A file whose action writes nothing needs no outcome from the shim: the plan
    /// settles it, even in a run that stopped before its writes.
    #[test]
    fn the_plan_settles_the_files_that_write_nothing() {
        let p = plan(
            vec![
                planned("a", Action::Record),
                planned("b", Action::Diff),
                planned("c", Action::Write),
            ],
            1,
        );
        let facts = RunFacts {
            interrupted: true,
            ..RunFacts::default()
        };
        let report = run_report(&p, &facts);
        let got: Vec<&str> = report.files.iter().map(|f| f.outcome.as_str()).collect();
        assert_eq!(got, ["done", "diff", "not-reached"]);
        assert_eq!(Action::Write.settled_outcome(), None);
        assert_eq!(Action::Pending.settled_outcome(), Some("pending"));
    }

    #[test]
    fn an_install_that_needs_attention_writes_nothing() {
        let mut conflict = planned("a", Action::Conflict);
        conflict.reason = Some("a different file is already there".into());
        let report = run_report(
            &plan(vec![conflict, planned("b", Action::Write)], 1),
            &RunFacts {
                command: RunCommand::Install,
                ..RunFacts::default()
            },
        );
        let got: Vec<&str> = report.files.iter().map(|f| f.outcome.as_str()).collect();
        assert_eq!(got, ["not-written", "not-written"]);
        assert!(
            !report.record_changed,
            "nothing was written, the record included"
        );
        assert_eq!(
            report.files[0].reason.as_deref(),
            Some("a different file is already there")
        );
        assert_eq!(report.attention, 1);
    }

    #[test]
    fn the_run_outcome_is_the_worst_thing_that_happened() {
        let p = plan(vec![planned("a", Action::Write)], 0);
        let run = |facts: RunFacts| run_report(&p, &facts).outcome;
        let done = || vec![outcome("a", "done")];
        assert_eq!(
            run(RunFacts {
                dry_run: true,
                ..RunFacts::default()
            }),
            RunOutcome::Planned
        );
        assert_eq!(
            run(RunFacts {
                outcomes: done(),
                ..RunFacts::default()
            }),
            RunOutcome::Complete
        );
        assert_eq!(
            run(RunFacts {
                interrupted: true,
                ..RunFacts::default()
            }),
            RunOutcome::Interrupted
        );
        assert_eq!(
            run(RunFacts {
                outcomes: vec![outcome("a", "skipped")],
                ..RunFacts::default()
            }),
            RunOutcome::Failed
        );
        assert_eq!(
            run(RunFacts {
                outcomes: done(),
                failed: true,
                ..RunFacts::default()
            }),
            RunOutcome::Failed
        );
        let waiting = plan(vec![planned("a", Action::Pending)], 1);
        assert_eq!(
            run_report(&waiting, &RunFacts::default()).outcome,
            RunOutcome::Pending
        );
    }

    #[test]
    fn states_are_counted_per_state() {
        let mut modified = planned("b", Action::Pending);
        modified.state = FileState::LocallyModified;
        let report = run_report(
            &plan(
                vec![
                    planned("a", Action::Write),
                    modified,
                    planned("c", Action::Write),
                ],
                1,
            ),
            &RunFacts::default(),
        );
        let states = report.states.unwrap();
        assert_eq!(states.get("unchanged-stale"), Some(&2));
        assert_eq!(states.get("locally-modified"), Some(&1));
    }
}
