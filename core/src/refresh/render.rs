//! The install and refresh reports as a person reads them: what happened, counted per
//! outcome, then every file that needs the person, each with commands that work when
//! pasted (`--verbose` lists every file; `--quiet` only what needs the person).
//!
//! ```
//! use upkeep_core::refresh::{render_run_report, run_report, Plan, RunCommand, RunFacts, RunRenderOptions};
//! use upkeep_core::render::to_text;
//!
//! let plan = Plan { record_path: ".upkeep-source.json".into(), home: String::new(), files: vec![],
//!     record_text: String::new(), record_changed: false, attention: 0 };
//! let report = run_report(&plan, &RunFacts { command: RunCommand::Refresh, ..RunFacts::default() });
//! let text = to_text(&render_run_report(&report, &RunRenderOptions::default()));
//! assert_eq!(text, "upkeep refresh: done, nothing to change (0 files)\n");
//! ```

use super::classify::FileState;
use super::plan::Action;
use super::report::{ReportedFile, RunCommand, RunOutcome, RunReport};
use crate::render::{count, counted, shell_command, tidy, Line, Tone, Verbosity};

/// What the renderer needs besides the report: how much to say, and the command lines
/// its hints are built from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct RunRenderOptions {
    /// `--quiet`, the summary, or `--verbose`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub verbosity: Verbosity,
    /// The command as the person typed it (`["upkeep", "refresh", "--source", …]`): the
    /// hint to resume or retry. Empty: no such hint is printed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub argv: Vec<String>,
    /// What the run read, as the person named it: the hints are that command
    /// (`upkeep refresh --source S --target T`, and `--manifest M` when given) and one
    /// flag more. None: no such hint is printed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sources: Option<RunSources>,
    /// The signal that stopped the run (`SIGINT`, `SIGTERM`), when one did.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
}

/// The source, target and manifest a run was given, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct RunSources {
    /// `--source`.
    pub source: String,
    /// `--target`.
    pub target: String,
    /// `--manifest`, when given.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest: Option<String>,
}

/// The command naming only what the run read, which a hint adds one flag to; empty
/// without the sources.
fn base_command(name: &str, sources: Option<&RunSources>) -> Vec<String> {
    let Some(sources) = sources else {
        return Vec::new();
    };
    let mut base: Vec<String> = [
        "upkeep",
        name,
        "--source",
        &sources.source,
        "--target",
        &sources.target,
    ]
    .map(String::from)
    .to_vec();
    if let Some(manifest) = &sources.manifest {
        base.extend(["--manifest".into(), manifest.clone()]);
    }
    base
}

/// What became of one file, as the summary counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Fate {
    Added,
    Updated,
    Restored,
    Replaced,
    Removed,
    Recorded,
    Unchanged,
    Decide,
    HandMerge,
    Conflict,
    InTheWay,
    Skipped,
    Failed,
    NotReached,
}

impl Fate {
    /// The count's label and what it means, done and (dry run) to do: a dry run says what
    /// will be backed up, not that it was.
    fn label(self, install: bool, dry_run: bool) -> (&'static str, &'static str) {
        let (done, to_do, note, planned) = match self {
            Fate::Added if install => (
                "Installed",
                "To install",
                "copied from the source",
                "to be copied from the source",
            ),
            Fate::Added => ("Added", "To add", "new upstream", "new upstream"),
            Fate::Updated => (
                "Updated",
                "To update",
                "unchanged here, newer in the source; old copy backed up",
                "unchanged here, newer in the source; the old copy will be backed up",
            ),
            Fate::Restored => (
                "Restored",
                "To restore",
                "deleted here, written again",
                "deleted here, to be written again",
            ),
            Fate::Replaced if install => (
                "Replaced",
                "To replace",
                "a different file was there; backed up first",
                "a different file is there; it will be backed up first",
            ),
            Fate::Replaced => (
                "Replaced",
                "To replace",
                "your edit backed up, the source's version taken",
                "your edit will be backed up and the source's version taken",
            ),
            Fate::Removed => (
                "Removed",
                "To remove",
                "dropped by the source; backed up, then deleted",
                "dropped by the source; it will be backed up, then deleted",
            ),
            Fate::Recorded if install => (
                "Recorded",
                "To record",
                "already identical",
                "already identical",
            ),
            Fate::Recorded => (
                "Recorded",
                "To record",
                "only the record changes: yours kept, forgotten, or already identical",
                "only the record changes: yours kept, forgotten, or already identical",
            ),
            Fate::Unchanged => ("Unchanged", "Unchanged", "nothing to do", "nothing to do"),
            Fate::Decide => (
                "Decide",
                "Decide",
                "waiting for your decision",
                "waiting for your decision",
            ),
            Fate::HandMerge => (
                "Merge",
                "Merge",
                "merge by hand, then confirm",
                "merge by hand, then confirm",
            ),
            Fate::Conflict => (
                "Conflict",
                "Conflict",
                "not a regular file here",
                "not a regular file here",
            ),
            Fate::InTheWay => (
                "In the way",
                "In the way",
                "a different file is there",
                "a different file is there",
            ),
            Fate::Skipped => (
                "Skipped",
                "Skipped",
                "changed while the run ran",
                "changed while the run ran",
            ),
            Fate::Failed => (
                "Failed",
                "Failed",
                "the file system refused the write",
                "the file system refused the write",
            ),
            Fate::NotReached => (
                "Not reached",
                "Not reached",
                "the run stopped first",
                "the run stopped first",
            ),
        };
        if dry_run {
            (to_do, planned)
        } else {
            (done, note)
        }
    }

    fn needs_person(self) -> bool {
        self >= Fate::Decide
    }
}

/// Which fate `file` met in `report`.
fn fate(file: &ReportedFile, report: &RunReport) -> Fate {
    let install = report.command == RunCommand::Install;
    let waits = matches!(
        file.action,
        Action::Pending | Action::Diff | Action::Conflict
    );
    match file.outcome.as_str() {
        "skipped" => return Fate::Skipped,
        "failed" => return Fate::Failed,
        // A file that waits for the person waits whether or not the run reached it.
        "not-reached" if !waits => return Fate::NotReached,
        "unchanged" => return Fate::Unchanged,
        _ => {}
    }
    match file.action {
        Action::None => Fate::Unchanged,
        Action::Pending => Fate::Decide,
        Action::Diff => Fate::HandMerge,
        Action::Conflict if install => Fate::InTheWay,
        Action::Conflict => Fate::Conflict,
        Action::Record => Fate::Recorded,
        Action::Remove => Fate::Removed,
        // An install writes over a host file only with --force, and backs it up first.
        Action::Write if install && file.backup.is_some() => Fate::Replaced,
        Action::Write if install => Fate::Added,
        Action::Write => match file.state {
            Some(FileState::LocallyModified) => Fate::Replaced,
            Some(FileState::HostDeleted) => Fate::Restored,
            Some(FileState::NewUpstream) | Some(FileState::BothDeleted) => Fate::Added,
            _ => Fate::Updated,
        },
    }
}

/// How a state reads next to a file waiting for a decision.
pub(crate) fn state_phrase(state: Option<FileState>) -> &'static str {
    match state {
        Some(FileState::LocallyModified) => "changed here, differs from the source",
        Some(FileState::HostDeleted) => "deleted here, still in the source",
        Some(FileState::SourceDeleted) => "dropped by the source, still here",
        _ => "waiting for a decision",
    }
}

fn stopped_by(signal: Option<&str>) -> String {
    match signal {
        Some("SIGINT") => "Ctrl-C (SIGINT)".into(),
        Some(name) => name.to_string(),
        None => "a stop request".into(),
    }
}

/// The report as lines: a title, counts per outcome, then every file that needs the
/// person with the commands that settle it.
pub fn render_run_report(report: &RunReport, options: &RunRenderOptions) -> Vec<Line> {
    let install = report.command == RunCommand::Install;
    let name = if install { "install" } else { "refresh" };
    let fates: Vec<(Fate, &ReportedFile)> =
        report.files.iter().map(|f| (fate(f, report), f)).collect();
    let of = |wanted: Fate| -> Vec<&ReportedFile> {
        fates
            .iter()
            .filter(|(f, _)| *f == wanted)
            .map(|(_, file)| *file)
            .collect()
    };
    let changed = fates
        .iter()
        .filter(|(f, _)| {
            matches!(
                f,
                Fate::Added
                    | Fate::Updated
                    | Fate::Restored
                    | Fate::Replaced
                    | Fate::Removed
                    | Fate::Recorded
            )
        })
        .count();
    let to_change = changed + of(Fate::NotReached).len();
    let needing = fates.iter().filter(|(f, _)| f.needs_person()).count();
    let blocked = install && report.files.iter().any(|f| f.outcome == "not-written");
    let quiet = options.verbosity == Verbosity::Quiet;

    let mut lines = Vec::new();
    let total = counted(report.files.len(), "file", "files");
    let title = match report.outcome {
        RunOutcome::Planned => format!("upkeep {name}: dry run, nothing written ({total})"),
        RunOutcome::Interrupted => format!(
            "upkeep {name}: stopped by {}; {} of {} made, each file whole",
            stopped_by(options.signal.as_deref()),
            count(changed),
            counted(to_change, "change", "changes")
        ),
        RunOutcome::Failed => format!(
            "upkeep {name}: stopped, {} could not be finished ({total})",
            counted(
                of(Fate::Skipped).len() + of(Fate::Failed).len(),
                "file",
                "files"
            )
        ),
        _ if blocked => format!(
            "upkeep {name}: nothing written, {} in the way ({total})",
            counted(of(Fate::InTheWay).len(), "file is", "files are")
        ),
        RunOutcome::Pending => format!(
            "upkeep {name}: done, {} ({total})",
            counted(needing, "file needs you", "files need you")
        ),
        _ if changed == 0 && !report.record_changed => {
            format!("upkeep {name}: done, nothing to change ({total})")
        }
        _ => format!("upkeep {name}: done ({total})"),
    };
    let stopped = matches!(report.outcome, RunOutcome::Interrupted | RunOutcome::Failed);
    if !quiet || stopped || blocked {
        let tone = if stopped || blocked || needing > 0 {
            Tone::Attention
        } else {
            Tone::Title
        };
        lines.push(Line::new(tone, title));
    }
    if !quiet {
        count_rows(&mut lines, &fates, install, report.dry_run, blocked);
        if let Some(folder) = backup_folder(report) {
            lines.push(Line::new(Tone::Muted, format!("Backed up: {folder}/")));
        }
        if report.record_changed {
            lines.push(Line::new(
                Tone::Muted,
                format!("Record updated: {}", report.record_path),
            ));
        }
        if report.resumed {
            lines.push(Line::new(Tone::Muted, "(resumed an interrupted run)"));
        }
    }
    if options.verbosity == Verbosity::Verbose {
        lines.push(Line::blank());
        lines.push(Line::plain("Files:"));
        for (f, file) in &fates {
            let (label, _) = f.label(install, report.dry_run);
            let renamed = file
                .renamed_from
                .as_ref()
                .map(|from| format!(" (renamed from {from})"))
                .unwrap_or_default();
            let tone = if f.needs_person() {
                Tone::Attention
            } else {
                Tone::Plain
            };
            lines.push(Line::new(
                tone,
                format!("  {}  {}{renamed}", file.target, label.to_lowercase()),
            ));
        }
    }
    let base = base_command(name, options.sources.as_ref());
    decisions(&mut lines, &of(Fate::Decide), &base);
    hand_merges(&mut lines, report, &of(Fate::HandMerge), &base);
    with_reasons(
        &mut lines,
        "Not regular files (upkeep never writes through or replaces them)",
        &of(Fate::Conflict),
    );
    if blocked {
        with_reasons(&mut lines, "In the way", &of(Fate::InTheWay));
        hint(
            &mut lines,
            "To back them up and replace them, run:",
            &with_flag(&options.argv, &["--force"]),
        );
    }
    let unfinished: Vec<&ReportedFile> = of(Fate::Skipped)
        .into_iter()
        .chain(of(Fate::Failed))
        .collect();
    with_reasons(&mut lines, "Could not finish", &unfinished);
    if let Some(error) = &report.record_error {
        lines.push(Line::blank());
        lines.push(Line::new(
            Tone::Attention,
            format!("Every file is in place, but the record is not: {error}"),
        ));
    }
    if let Some(error) = &report.own_error {
        lines.push(Line::blank());
        lines.push(Line::new(Tone::Attention, error.clone()));
    }
    if report.outcome == RunOutcome::Interrupted {
        hint(
            &mut lines,
            "Run the same command again to resume where it stopped:",
            &options.argv,
        );
    } else if report.outcome == RunOutcome::Failed {
        hint(
            &mut lines,
            "Fix the cause, then run the same command again to finish:",
            &options.argv,
        );
    }
    tidy(lines)
}

fn count_rows(
    lines: &mut Vec<Line>,
    fates: &[(Fate, &ReportedFile)],
    install: bool,
    dry_run: bool,
    blocked: bool,
) {
    if blocked {
        return;
    }
    let mut kinds: Vec<Fate> = fates.iter().map(|(f, _)| *f).collect();
    kinds.sort();
    kinds.dedup();
    let width = fates.len().to_string().len() + fates.len().to_string().len() / 3;
    for kind in kinds {
        let n = fates.iter().filter(|(f, _)| *f == kind).count();
        let (label, note) = kind.label(install, dry_run);
        let tone = if kind.needs_person() {
            Tone::Attention
        } else {
            Tone::Plain
        };
        lines.push(Line::new(
            tone,
            format!("  {label:<12} {:>width$}  ({note})", count(n)),
        ));
    }
}

/// The run's backup folder, from the first file backed up.
fn backup_folder(report: &RunReport) -> Option<String> {
    report.files.iter().find_map(|f| {
        let backup = f.backup.as_deref()?;
        let folder = backup.strip_suffix(&f.target)?.trim_end_matches('/');
        Some(folder.to_string())
    })
}

/// `argv` with `flags` added; empty when there is no command to build on.
fn with_flag(argv: &[String], flags: &[&str]) -> Vec<String> {
    if argv.is_empty() {
        return Vec::new();
    }
    argv.iter()
        .cloned()
        .chain(flags.iter().map(|f| f.to_string()))
        .collect()
}

fn hint(lines: &mut Vec<Line>, what: &str, command: &[String]) {
    if command.is_empty() {
        return;
    }
    lines.push(Line::plain(what));
    lines.push(Line::hint(&shell_command(command)));
}

/// `base`: the command a hint adds one flag to (empty: no hints).
fn decisions(lines: &mut Vec<Line>, files: &[&ReportedFile], base: &[String]) {
    if files.is_empty() {
        return;
    }
    lines.push(Line::blank());
    lines.push(Line::new(
        Tone::Attention,
        format!("Waiting for your decision ({}):", count(files.len())),
    ));
    for file in files {
        lines.push(Line::new(
            Tone::Attention,
            format!("  {}  ({})", file.target, state_phrase(file.state)),
        ));
    }
    let first = |state: FileState| files.iter().find(|f| f.state == Some(state));
    if let Some(file) = first(FileState::LocallyModified) {
        lines.push(Line::blank());
        hint(
            lines,
            "Keep your versions of every changed file (the source's versions are not taken):",
            &with_flag(base, &["--auto", "keep-mine"]),
        );
        hint(
            lines,
            "Or take the source's versions (yours are backed up first):",
            &with_flag(base, &["--auto", "take-theirs"]),
        );
        hint(
            lines,
            "Or merge one by hand, then record the result:",
            &with_flag(base, &["--confirm", &file.target]),
        );
    }
    if first(FileState::HostDeleted).is_some() {
        lines.push(Line::blank());
        hint(
            lines,
            "Write the deleted files again:",
            &with_flag(base, &["--host-deleted", "restore"]),
        );
        hint(
            lines,
            "Or forget them (drop them from the record):",
            &with_flag(base, &["--host-deleted", "forget"]),
        );
    }
    if first(FileState::SourceDeleted).is_some() {
        lines.push(Line::blank());
        hint(
            lines,
            "Remove the files the source dropped (backed up first):",
            &with_flag(base, &["--source-deleted", "remove"]),
        );
        hint(
            lines,
            "Or keep them as yours (drop them from the record):",
            &with_flag(base, &["--source-deleted", "keep"]),
        );
    }
    if !base.is_empty() {
        lines.push(Line::new(
            Tone::Muted,
            "On a terminal, without these flags, upkeep asks about each file.",
        ));
    }
}

fn hand_merges(
    lines: &mut Vec<Line>,
    report: &RunReport,
    files: &[&ReportedFile],
    base: &[String],
) {
    for file in files {
        lines.push(Line::blank());
        lines.push(Line::new(
            Tone::Attention,
            format!(
                "Merge {} by hand: the diff from yours to the source's:",
                file.target
            ),
        ));
        let diff = report
            .diffs
            .iter()
            .flatten()
            .find(|d| d.target == file.target);
        if let Some(diff) = diff {
            for text in diff.diff.trim_end().lines() {
                lines.push(Line::plain(text));
            }
        }
        hint(
            lines,
            "When it is merged, record the result:",
            &with_flag(base, &["--confirm", &file.target]),
        );
    }
}

fn with_reasons(lines: &mut Vec<Line>, what: &str, files: &[&ReportedFile]) {
    if files.is_empty() {
        return;
    }
    lines.push(Line::blank());
    lines.push(Line::new(
        Tone::Attention,
        format!("{what} ({}):", count(files.len())),
    ));
    for file in files {
        let reason = file.reason.as_deref().unwrap_or("no reason given");
        lines.push(Line::new(
            Tone::Attention,
            format!("  {}: {reason}", file.target),
        ));
    }
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
