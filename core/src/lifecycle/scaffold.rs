//! `upkeep new`: scaffolding a project from a release.
//!
//! [`scaffold_start`] decides how the run starts from what the target folder holds: an
//! empty (or missing, or `.git`-only) folder is scaffolded fresh; a folder holding an
//! interrupted `new` of the same release is resumed; any other folder is refused unless
//! `--force`. [`plan_scaffold`] then decides, per file of the release, whether it is
//! created, replaced (after a backup) or already in place — as the write steps the one
//! executor carries out for every command (`crate::writes`), with how durably: a fresh
//! run replaces nothing and is synced once at its end, any other step by step — and
//! renders the state files (`manifest.json`, `VERSION`, `source.json`) that are written
//! last. [`scaffold_halt`] reads what the executor did: every file in place, or why the
//! run stops before its state files (a stop request, a file that appeared or changed
//! meanwhile, a refused write), and re-running the same command finishes it.
//!
//! ```
//! use upkeep_core::lifecycle::{scaffold_start, ScaffoldMode, ScaffoldStartInput};
//!
//! let start = |entries: &[&str], force| scaffold_start(&ScaffoldStartInput {
//!     target: "app".into(), entries: entries.iter().map(|s| s.to_string()).collect(),
//!     in_progress: None, spec: "npm:x@1.0.0".into(), force, run_id: "r1".into(),
//!     state_dir: ".upkeep".into(), state_entries: vec!["update.lock".into()] });
//! assert_eq!(start(&[".upkeep"], false).unwrap().mode, ScaffoldMode::Fresh);
//! assert_eq!(start(&[".git"], false).unwrap().mode, ScaffoldMode::Fresh);
//! assert_eq!(start(&["README.md"], true).unwrap().mode, ScaffoldMode::Force);
//! assert_eq!(start(&["README.md"], false).unwrap_err().code(), "target-not-empty");
//! ```

use super::record::{render_project_source, ProjectSource, PROJECT_SOURCE_FILE};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Json};
use crate::observe::EntryKind;
use crate::regions::shell_command;
use crate::writes::{
    describe_outcome, Durability, Expect, OsError, OutcomeKind, StepContent, StepOutcome, WriteStep,
};

/// The record an interrupted `upkeep new` leaves in the state folder.
pub const NEW_IN_PROGRESS_FILE: &str = "new-in-progress.json";

/// The folder every run's backups go to, one sub-folder per run.
pub const BACKUPS_DIR: &str = ".upkeep-backups";

/// How a scaffold run starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ScaffoldMode {
    /// The target is empty: every file is created.
    Fresh,
    /// An interrupted run of the same release is finished.
    Resume,
    /// `--force` over a folder that holds files: existing ones are compared, replaced
    /// after a backup when they differ.
    Force,
}

/// What the target holds before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ScaffoldStartInput {
    /// The target folder as the user named it.
    pub target: String,
    /// Its top-level names (none when it does not exist).
    pub entries: Vec<String>,
    /// `<stateDir>/new-in-progress.json`, when present.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub in_progress: Option<String>,
    /// The release being scaffolded, version included.
    pub spec: String,
    /// `--force`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub force: bool,
    /// This run's id (a timestamp from the shim's clock).
    pub run_id: String,
    /// The state folder's name (`.upkeep`).
    #[cfg_attr(feature = "serde", serde(default = "default_state_dir"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub state_dir: String,
    /// The names in the target's state folder, when it has one: a folder holding only a
    /// lock and temp files left by a run killed before its progress record was in place
    /// does not make the target non-empty.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub state_entries: Vec<String>,
}

#[cfg(feature = "serde")]
fn default_state_dir() -> String {
    crate::update::DEFAULT_STATE_DIR.into()
}

/// A lock or a temp file a killed run left in the state folder.
fn leftover(name: &str) -> bool {
    name == "update.lock" || name.starts_with("update.lock.") || name.ends_with(".tmp")
}

/// How to proceed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ScaffoldStart {
    /// Fresh, resume or force.
    pub mode: ScaffoldMode,
    /// Whether the shim must look at each release path in the target before planning.
    pub probe: bool,
    /// The run id (the interrupted run's, when resuming: one backup folder per run).
    pub run_id: String,
}

/// Decides how `upkeep new` starts; refuses a folder that holds files (unless `force`)
/// and one holding another release's interrupted scaffold.
pub fn scaffold_start(input: &ScaffoldStartInput) -> Result<ScaffoldStart> {
    super::check_run_id(&input.run_id)?;
    let refuse = |detail: String| Error::new(ErrorKind::TargetNotEmpty, &input.target, detail);
    if let Some(text) = &input.in_progress {
        let (spec, run_id) = read_progress(text).ok_or_else(|| {
            refuse(format!(
                "its {NEW_IN_PROGRESS_FILE} is damaged; remove it (and what the interrupted run wrote) and run upkeep new again"
            ))
        })?;
        if spec != input.spec {
            return Err(refuse(format!(
                "an interrupted `upkeep new {spec}` is in this folder; run it again to finish it, or remove the folder"
            )));
        }
        return Ok(ScaffoldStart {
            mode: ScaffoldMode::Resume,
            probe: true,
            run_id,
        });
    }
    let only_leftovers = input.state_entries.iter().all(|n| leftover(n));
    let mut held: Vec<&str> = input
        .entries
        .iter()
        .map(String::as_str)
        .filter(|e| *e != ".git" && !(*e == input.state_dir && only_leftovers))
        .collect();
    if held.is_empty() {
        return Ok(ScaffoldStart {
            mode: ScaffoldMode::Fresh,
            probe: false,
            run_id: input.run_id.clone(),
        });
    }
    if input.force {
        return Ok(ScaffoldStart {
            mode: ScaffoldMode::Force,
            probe: true,
            run_id: input.run_id.clone(),
        });
    }
    held.sort_unstable();
    let more = held.len().saturating_sub(3);
    held.truncate(3);
    Err(refuse(format!(
        "it holds {}{}; scaffold into a new or empty folder, or add --force to scaffold over it (files it replaces are backed up first)",
        held.join(", "),
        if more > 0 { format!(" and {more} more") } else { String::new() }
    )))
}

fn read_progress(text: &str) -> Option<(String, String)> {
    let doc = json::parse(text.as_bytes()).ok()?;
    let spec = doc.get("spec")?.as_str()?.to_string();
    let run_id = doc.get("runId")?.as_str()?.to_string();
    super::check_run_id(&run_id).ok()?;
    Some((spec, run_id))
}

/// What is at a release path in the target (or in a project).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ProbedSide {
    /// What lstat found (a path under a file or a link counts as `other`).
    #[cfg_attr(
        feature = "serde",
        serde(default, deserialize_with = "crate::observe::present_kind")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: EntryKind,
    /// A regular file's SHA-256.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
}

/// One file of the release and what the target holds at its path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ScaffoldFile {
    /// The installed path.
    pub path: String,
    /// The release file's SHA-256 (needed only where the target holds something).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
    /// What the target holds there (`None`: nothing, or not probed on a fresh run).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<ProbedSide>,
}

/// Everything [`plan_scaffold`] needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ScaffoldInput {
    /// What [`scaffold_start`] decided.
    pub start: ScaffoldStart,
    /// The target folder as the user named it.
    pub target: String,
    /// The release, version included.
    pub spec: String,
    /// Every file of the release, by installed path.
    pub files: Vec<ScaffoldFile>,
    /// The record to write as `source.json`.
    pub record: ProjectSource,
    /// The manifest that applies (the release's or the default one).
    pub manifest: String,
    /// The state folder (`.upkeep`).
    pub state_dir: String,
}

/// How a scaffold run ends when every step went as planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ScaffoldStatus {
    /// A new project.
    Created,
    /// An interrupted run finished.
    Resumed,
}

/// A state file written after every file, with its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct StateFile {
    /// Its path in the project.
    pub path: String,
    /// Its content.
    pub text: String,
}

/// What `upkeep new` did, as `--json` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ScaffoldReport {
    /// The release, version included.
    pub spec: String,
    /// The target folder.
    pub target: String,
    /// The installed version.
    pub version: String,
    /// Files created.
    pub created: Vec<String>,
    /// Files of the target replaced (each backed up first).
    pub replaced: Vec<String>,
    /// Files already identical to the release.
    pub unchanged: Vec<String>,
    /// The run's backup folder, when something was replaced.
    pub backup_dir: Option<String>,
    /// Whether this finished an interrupted run.
    pub resumed: bool,
}

/// The plan of a scaffold run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ScaffoldPlan {
    /// The progress record, written (and synced) before the first file; `None` when resuming.
    pub progress: Option<StateFile>,
    /// The files to install, in path order, as the executor's steps: each release file
    /// copied from the release view where nothing is (never over something that appeared
    /// meanwhile), or, where the target holds a different file, backed up first and
    /// replaced only if it still holds what was hashed.
    pub steps: Vec<WriteStep>,
    /// When the executor makes the steps durable: once at the end for a fresh run (it
    /// replaces nothing, and the progress record stays until that sync), step by step
    /// otherwise.
    pub durability: Durability,
    /// `manifest.json`, `VERSION`, `source.json`, in the order they are written, last.
    pub state_files: Vec<StateFile>,
    /// The progress record's path, removed at the very end.
    pub progress_path: String,
    /// The report.
    pub report: ScaffoldReport,
    /// The summary the CLI prints.
    pub summary: String,
    /// The run's status word once every step is done.
    pub status: ScaffoldStatus,
}

/// Plans a scaffold run; a target path that is a folder or a link is refused (nothing is
/// written then).
pub fn plan_scaffold(input: &ScaffoldInput) -> Result<ScaffoldPlan> {
    let run_id = &input.start.run_id;
    super::check_run_id(run_id)?;
    crate::paths::validate_canonical_path(&input.state_dir)?;
    let backup_dir = format!("{BACKUPS_DIR}/{run_id}");
    let fresh = input.start.mode == ScaffoldMode::Fresh;
    let mut report = ScaffoldReport {
        spec: input.spec.clone(),
        target: input.target.clone(),
        version: input.record.version.clone(),
        created: Vec::new(),
        replaced: Vec::new(),
        unchanged: Vec::new(),
        backup_dir: None,
        resumed: input.start.mode == ScaffoldMode::Resume,
    };
    let mut steps = Vec::new();
    let mut blocked = Vec::new();
    let mut files: Vec<&ScaffoldFile> = input.files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    for file in files {
        crate::paths::validate_canonical_path(&file.path)?;
        let index = Some(steps.len());
        match &file.current {
            None => {
                report.created.push(file.path.clone());
                steps.push(WriteStep::new(
                    &file.path,
                    Expect::Missing,
                    StepContent::Release {
                        from: file.path.clone(),
                        sha256: None,
                    },
                    None,
                    index,
                ));
            }
            Some(side) if side.kind != EntryKind::File => blocked.push(file.path.clone()),
            Some(side) if side.sha256.is_some() && side.sha256 == file.sha256 => {
                report.unchanged.push(file.path.clone())
            }
            Some(side) => {
                let (Some(now), Some(release)) = (&side.sha256, &file.sha256) else {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        &file.path,
                        "a file the target holds needs its SHA-256 and the release file's",
                    ));
                };
                report.replaced.push(file.path.clone());
                steps.push(WriteStep::new(
                    &file.path,
                    Expect::File {
                        sha256: now.clone(),
                    },
                    StepContent::Release {
                        from: file.path.clone(),
                        sha256: Some(release.clone()),
                    },
                    Some(format!("{backup_dir}/{}", file.path)),
                    index,
                ));
            }
        }
    }
    if !blocked.is_empty() {
        let more = blocked.len().saturating_sub(5);
        blocked.truncate(5);
        return Err(Error::new(
            ErrorKind::TargetNotEmpty,
            &input.target,
            format!(
                "it has a folder, a link or another non-file where the release has a file: {}{}; move those away and run upkeep new again",
                blocked.join(", "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            ),
        ));
    }
    if !report.replaced.is_empty() {
        report.backup_dir = Some(backup_dir);
    }
    let state = &input.state_dir;
    let progress_path = format!("{state}/{NEW_IN_PROGRESS_FILE}");
    let progress = (input.start.mode != ScaffoldMode::Resume).then(|| {
        let doc = Json::Object(vec![
            ("spec".into(), json::node(Json::String(input.spec.clone()))),
            ("runId".into(), json::node(Json::String(run_id.clone()))),
        ]);
        let mut text = String::new();
        json::write(&mut text, &doc, None, 0);
        text.push('\n');
        StateFile {
            path: progress_path.clone(),
            text,
        }
    });
    let state_files = state_files(state, &input.manifest, &input.record);
    let summary = render_summary(&report, &input.record);
    let status = if report.resumed {
        ScaffoldStatus::Resumed
    } else {
        ScaffoldStatus::Created
    };
    Ok(ScaffoldPlan {
        progress,
        steps,
        durability: if fresh {
            Durability::Run
        } else {
            Durability::Step
        },
        state_files,
        progress_path,
        report,
        summary,
        status,
    })
}

/// What the executor did with a scaffold's steps, as columns (a 10,000-file scaffold's
/// outcomes cross into the engine as three arrays, not 10,000 objects): the executor's
/// `StepOutcome`s' `path`, `outcome` and `error`, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ScaffoldRun {
    /// Each tried step's path.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub paths: Vec<String>,
    /// What became of each.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub outcomes: Vec<OutcomeKind>,
    /// Each one's refusal (a blocked step's), or null.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub errors: Vec<Option<OsError>>,
    /// Whether the run stopped early on a stop request.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stopped: bool,
}

/// Why a scaffold run stops before its state files: the error the flow raises.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ScaffoldHalt {
    /// The error's code: `interrupted`, `changed-during-run`, or the operating system's
    /// (`EACCES`, `ENOSPC`, ...).
    pub code: String,
    /// The message, naming the file.
    pub message: String,
}

/// Reads the executor's outcomes of a scaffold run: `None` when every step is done, so the
/// state files are written and the progress record removed; otherwise why the run stops
/// there (the progress record stays, and re-running the same command finishes it).
pub fn scaffold_halt(run: &ScaffoldRun) -> Option<ScaffoldHalt> {
    const AGAIN: &str = "run the same command again to finish it";
    if run.stopped {
        return Some(ScaffoldHalt {
            code: "interrupted".into(),
            message: format!("upkeep new was interrupted; {AGAIN}"),
        });
    }
    let at = run
        .outcomes
        .iter()
        .position(|o| !matches!(o, OutcomeKind::Done | OutcomeKind::Unchanged))?;
    let o = StepOutcome {
        path: run.paths.get(at).cloned().unwrap_or_default(),
        outcome: run.outcomes[at],
        backup: None,
        error: run.errors.get(at).cloned().flatten(),
    };
    let code = match (o.outcome, &o.error) {
        (OutcomeKind::Blocked, Some(e)) if !e.code.is_empty() => e.code.clone(),
        (OutcomeKind::NotReached, _) => "interrupted".into(),
        _ => "changed-during-run".into(),
    };
    let what = describe_outcome(&o, "upkeep new").unwrap_or_default();
    Some(ScaffoldHalt {
        code,
        message: format!("{what}; {AGAIN}"),
    })
}

/// The three state files a project carries, in the order they are written.
pub fn state_files(state_dir: &str, manifest: &str, record: &ProjectSource) -> Vec<StateFile> {
    vec![
        StateFile {
            path: format!("{state_dir}/manifest.json"),
            text: manifest.to_string(),
        },
        StateFile {
            path: format!("{state_dir}/VERSION"),
            text: crate::update::render_version_file(&record.version),
        },
        StateFile {
            path: format!("{state_dir}/{PROJECT_SOURCE_FILE}"),
            text: render_project_source(record),
        },
    ]
}

fn render_summary(report: &ScaffoldReport, record: &ProjectSource) -> String {
    let mut out = format!("upkeep new: {} → {}\n", report.spec, report.target);
    if report.resumed {
        out.push_str("(finished an interrupted run)\n");
    }
    out.push_str(&format!(
        "Created    {:>5}  (files from the release)\n",
        report.created.len()
    ));
    if let Some(dir) = &report.backup_dir {
        out.push_str(&format!(
            "Replaced   {:>5}  (your files, backed up in {dir}/)\n",
            report.replaced.len()
        ));
        for path in &report.replaced {
            out.push_str(&format!("  {path}\n"));
        }
    }
    if !report.unchanged.is_empty() {
        out.push_str(&format!(
            "Unchanged  {:>5}  (already identical)\n",
            report.unchanged.len()
        ));
    }
    out.push_str(&format!(
        "Recorded   {} {}{} in .upkeep/{PROJECT_SOURCE_FILE}\n",
        record.source,
        record.version,
        record
            .subpath
            .as_deref()
            .map_or(String::new(), |s| format!(" (sub-path {s})"))
    ));
    out.push_str(&format!(
        "Later, take the template's new releases with: {}\n",
        shell_command(&["cd".into(), report.target.clone()]) + " && upkeep update"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> ProjectSource {
        ProjectSource {
            source: "npm:x".into(),
            version: "1.0.0".into(),
            subpath: None,
            resolved: None,
        }
    }

    fn file(path: &str, current: Option<(EntryKind, &str)>) -> ScaffoldFile {
        ScaffoldFile {
            path: path.into(),
            sha256: Some("a".repeat(64)),
            current: current.map(|(kind, sha)| ProbedSide {
                kind,
                sha256: Some(sha.repeat(64)),
            }),
        }
    }

    fn input(mode: ScaffoldMode, files: Vec<ScaffoldFile>) -> ScaffoldInput {
        ScaffoldInput {
            start: ScaffoldStart {
                mode,
                probe: mode != ScaffoldMode::Fresh,
                run_id: "r1".into(),
            },
            target: "my app".into(),
            spec: "npm:x@1.0.0".into(),
            files,
            record: record(),
            manifest: "{}\n".into(),
            state_dir: ".upkeep".into(),
        }
    }

    #[test]
    fn fresh_force_and_resume() {
        let plan = plan_scaffold(&input(
            ScaffoldMode::Fresh,
            vec![file("b", None), file("a", None)],
        ))
        .unwrap();
        assert_eq!(
            plan.steps
                .iter()
                .map(|w| (w.path.as_str(), &w.expect))
                .collect::<Vec<_>>(),
            [("a", &Expect::Missing), ("b", &Expect::Missing)]
        );
        assert_eq!(plan.durability, Durability::Run);
        assert_eq!(plan.status, ScaffoldStatus::Created);
        assert!(plan.progress.is_some());
        assert_eq!(plan.state_files[2].path, ".upkeep/source.json");
        assert!(
            plan.summary.ends_with("cd 'my app' && upkeep update\n"),
            "{}",
            plan.summary
        );
        let plan = plan_scaffold(&input(
            ScaffoldMode::Force,
            vec![
                file("a", Some((EntryKind::File, "a"))),
                file("b", Some((EntryKind::File, "b"))),
                file("c", None),
            ],
        ))
        .unwrap();
        assert_eq!(plan.report.unchanged, ["a"]);
        assert_eq!(plan.report.replaced, ["b"]);
        assert_eq!(
            plan.steps[0].backup.as_deref(),
            Some(".upkeep-backups/r1/b")
        );
        assert_eq!(
            plan.steps[0].expect,
            Expect::File {
                sha256: "b".repeat(64)
            }
        );
        assert_eq!(plan.steps[1].expect, Expect::Missing);
        assert_eq!(
            (plan.steps[1].index, plan.durability),
            (Some(1), Durability::Step)
        );
        let resumed = plan_scaffold(&input(ScaffoldMode::Resume, vec![file("a", None)])).unwrap();
        assert!(resumed.progress.is_none() && resumed.report.resumed);
        assert_eq!(resumed.status, ScaffoldStatus::Resumed);
        let blocked = plan_scaffold(&input(
            ScaffoldMode::Force,
            vec![file("a", Some((EntryKind::Directory, "a")))],
        ));
        assert!(blocked
            .unwrap_err()
            .to_string()
            .contains("where the release has a file: a"));
    }

    #[test]
    fn halts_name_the_file_and_say_how_to_finish() {
        let done = StepOutcome {
            path: "a".into(),
            outcome: OutcomeKind::Done,
            ..StepOutcome::default()
        };
        let run = |outcomes: Vec<StepOutcome>, stopped| {
            scaffold_halt(&ScaffoldRun {
                paths: outcomes.iter().map(|o| o.path.clone()).collect(),
                outcomes: outcomes.iter().map(|o| o.outcome).collect(),
                errors: outcomes.iter().map(|o| o.error.clone()).collect(),
                stopped,
            })
            .map(|h| (h.code, h.message))
        };
        assert_eq!(run(vec![done.clone()], false), None);
        assert_eq!(run(vec![done.clone()], true).unwrap().0, "interrupted");
        let changed = StepOutcome {
            path: "b".into(),
            outcome: OutcomeKind::Changed,
            ..StepOutcome::default()
        };
        assert_eq!(
            run(vec![done.clone(), changed], false).unwrap(),
            (
                "changed-during-run".into(),
                "'b' changed while upkeep new ran; it was left as it is now; run the same command again to finish it".into()
            )
        );
        let blocked = StepOutcome {
            path: "c".into(),
            outcome: OutcomeKind::Blocked,
            error: Some(OsError {
                code: "EACCES".into(),
                message: "permission denied".into(),
                stage: crate::writes::WriteStage::Stage,
            }),
            ..StepOutcome::default()
        };
        assert_eq!(
            run(vec![done, blocked], false).unwrap(),
            (
                "EACCES".into(),
                "cannot write 'c': permission denied (EACCES); run the same command again to finish it".into()
            )
        );
    }

    #[test]
    fn interrupted_runs_resume_or_refuse() {
        let start = |in_progress: &str| {
            scaffold_start(&ScaffoldStartInput {
                target: "app".into(),
                entries: vec!["a".into(), ".upkeep".into()],
                in_progress: Some(in_progress.into()),
                spec: "npm:x@1.0.0".into(),
                force: false,
                run_id: "r2".into(),
                state_dir: ".upkeep".into(),
                state_entries: vec![],
            })
        };
        let ok = start("{\"spec\":\"npm:x@1.0.0\",\"runId\":\"r1\"}").unwrap();
        assert_eq!((ok.mode, ok.run_id.as_str()), (ScaffoldMode::Resume, "r1"));
        assert!(start("{\"spec\":\"npm:x@2.0.0\",\"runId\":\"r1\"}")
            .unwrap_err()
            .to_string()
            .contains("`upkeep new npm:x@2.0.0`"));
        assert!(start("{").unwrap_err().to_string().contains("damaged"));
    }
}
