//! What `upkeep update` and `upkeep status` print: the summary of an update's report
//! (counts per bucket, then every file that needs the project: conflicts, field-merge
//! notes, deletes, regions), and the one-line outcomes of a run that did not update (up to
//! date, applied but not committed, cancelled). `--verbose` adds every file per bucket;
//! `--quiet` keeps only what needs the project.
//!
//! ```
//! use upkeep_core::render::{to_text, Verbosity};
//! use upkeep_core::update::{render_summary_lines, SummaryOptions, UpdateReport, Version};
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let mut report = UpdateReport::new(&v("1.2.0"), &v("1.3.0"));
//! report.add.push("src/new.js".into());
//! let options = SummaryOptions { verbosity: Verbosity::Quiet, ..SummaryOptions::default() };
//! assert_eq!(to_text(&render_summary_lines(&report, &options)), ""); // nothing needs you
//! ```

use super::conflict_summary::{conflict_lines, finish_lines, structured_line};
use super::finish::render_run_notes;
use super::report::UpdateReport;
use super::versions::VersionCheck;
use crate::regions::{render_region_notes, render_region_rows};
use crate::render::{shell_command, tidy, to_text, Line, Tone, Verbosity};

/// How the summary is titled and how much it says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct SummaryOptions {
    /// The project's state folder (`.upkeep`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub state_dir: String,
    /// Nothing was written (`--dry-run`, or `upkeep status`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
    /// `upkeep status`: the read-only check.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub read_only: bool,
    /// `--quiet`, the summary, or `--verbose`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub verbosity: Verbosity,
}

impl Default for SummaryOptions {
    fn default() -> Self {
        SummaryOptions {
            state_dir: ".upkeep".into(),
            dry_run: false,
            read_only: false,
            verbosity: Verbosity::Normal,
        }
    }
}

/// The summary the CLI prints, as text (the plan's `summary`): counts per bucket, every
/// conflict and pending delete named, the backup folder, and the adopter actions.
pub fn render_summary(report: &UpdateReport, state_dir: &str, dry_run: bool) -> String {
    let options = SummaryOptions {
        state_dir: state_dir.into(),
        dry_run,
        ..SummaryOptions::default()
    };
    to_text(&render_summary_lines(report, &options))
}

/// One block of the summary, and whether it needs the project (what `--quiet` keeps).
struct Section {
    lines: Vec<Line>,
    needs_you: bool,
}

fn section(needs_you: bool, lines: Vec<Line>) -> Section {
    Section { lines, needs_you }
}

/// Lines of text rendered elsewhere (regions), toned: a `run:` line is a command.
fn from_text(text: &str, tone: Tone) -> Vec<Line> {
    text.lines()
        .map(|l| {
            let tone = if l.trim_start().starts_with("run: ") {
                Tone::Hint
            } else {
                tone
            };
            Line::new(tone, l)
        })
        .collect()
}

/// The summary as lines, with the sections [`SummaryOptions::verbosity`] asks for.
pub fn render_summary_lines(report: &UpdateReport, options: &SummaryOptions) -> Vec<Line> {
    let dry_run = options.dry_run || options.read_only;
    let title = if options.read_only {
        format!(
            "upkeep status: {} → {} (nothing written)",
            report.from, report.to
        )
    } else {
        format!(
            "upkeep update: {} → {}{}",
            report.from,
            report.to,
            if dry_run {
                " (dry run: nothing written)"
            } else {
                ""
            }
        )
    };
    let tone = if report.needs_attention() {
        Tone::Attention
    } else {
        Tone::Title
    };
    let mut head = vec![Line::new(tone, title)];
    // What a run that wrote did beyond the plan: why it is not finished (under the title),
    // what it replaced, what changed meanwhile and the backups kept (at the end).
    let run_notes = report
        .run
        .as_ref()
        .filter(|_| !dry_run)
        .map(render_run_notes);
    let stopped = run_notes.as_ref().is_some_and(|n| !n.head.is_empty());
    if let Some(notes) = run_notes.as_ref().filter(|n| !n.head.is_empty()) {
        head.extend(from_text(
            notes.head.trim_end_matches('\n'),
            Tone::Attention,
        ));
        head.push(Line::blank());
    }
    // A run that wrote says what it did; a dry run or `status`, what a run would do.
    let (replaced, merged, absent, left) = if dry_run {
        (
            "owned files a run would replace with the latest release",
            "would update cleanly; any local edits kept",
            "you deleted them; they stay absent",
            "a run would leave them for you to resolve",
        )
    } else {
        (
            "owned files replaced with the latest release",
            "updated cleanly; any local edits kept",
            "you deleted them; left absent",
            "left for you to resolve",
        )
    };
    let rows: [(&str, usize, &str); 7] = [
        ("Overwritten", report.overwrite.len(), replaced),
        ("Merged", report.merge.len(), merged),
        ("Added", report.add.len(), "new in the latest release"),
        ("Removed", report.removed.len(), absent),
        ("Skipped", report.skip.len(), "nothing to do"),
        ("Conflicts", report.conflicts.len(), left),
        (
            "Delete",
            report.delete.len(),
            "dropped upstream; yours to delete",
        ),
    ];
    for (label, count, note) in &rows {
        let needs_you = *count > 0 && matches!(*label, "Conflicts" | "Delete");
        let tone = if needs_you {
            Tone::Attention
        } else {
            Tone::Plain
        };
        if *count == 0 {
            head.push(Line::new(tone, format!("{label:<12} {count}")));
        } else {
            head.push(Line::new(tone, format!("{label:<12} {count}  ({note})")));
        }
    }
    head.extend(from_text(&render_region_rows(&report.regions), Tone::Plain));
    let mut sections = vec![section(stopped, head)];

    if options.verbosity == Verbosity::Verbose {
        let mut every = vec![Line::blank()];
        let buckets = [
            ("overwritten", &report.overwrite),
            ("merged", &report.merge),
            ("added", &report.add),
            ("removed", &report.removed),
            ("skipped", &report.skip),
        ];
        for (label, paths) in buckets {
            for path in paths {
                every.push(Line::new(Tone::Muted, format!("  {label:<12} {path}")));
            }
        }
        sections.push(section(false, every));
    }
    if !report.conflicts.is_empty() {
        sections.push(section(true, conflict_lines(report, dry_run)));
    }
    if !report.structured.is_empty() {
        let mut lines = vec![Line::blank(), Line::plain("Field-aware merges:")];
        let mut needs_you = false;
        for (path, s) in &report.structured {
            let asks = s.fallback.is_some() || !s.conflicts.is_empty() || !s.suggestions.is_empty();
            needs_you |= asks;
            let tone = if asks { Tone::Attention } else { Tone::Plain };
            let whole_file_conflict = report.conflicts.iter().any(|c| &c.path == path);
            lines.push(Line::new(
                tone,
                format!(
                    "  {path}: {}",
                    structured_line(s, whole_file_conflict, dry_run)
                ),
            ));
        }
        sections.push(section(needs_you, lines));
    }
    if report.install_needed {
        let (changed, then) = if dry_run {
            ("package.json would change", " after the update")
        } else {
            ("package.json changed", "")
        };
        let hint = match report.package_manager {
            Some(pm) => format!("{changed}: run `{}`{then}.", pm.install_command()),
            None => format!(
                "{changed}: run your package manager's install (npm install, pnpm install, yarn){then}."
            ),
        };
        sections.push(section(
            true,
            vec![Line::blank(), Line::new(Tone::Attention, hint)],
        ));
    }
    if !report.delete.is_empty() {
        let mut lines = vec![
            Line::blank(),
            Line::new(
                Tone::Attention,
                "Dropped upstream, still present (delete them if you agree):",
            ),
        ];
        for path in &report.delete {
            lines.push(Line::new(Tone::Attention, format!("  {path}")));
        }
        sections.push(section(true, lines));
    }
    if let Some(dir) = &report.backup_dir {
        sections.push(section(
            false,
            vec![
                Line::blank(),
                Line::new(Tone::Muted, format!("Backed up: {dir}/")),
            ],
        ));
    }
    if !report.adopter_actions.is_empty() {
        let mut lines = vec![
            Line::blank(),
            Line::plain("Suggested follow-ups from the CHANGELOG (optional):"),
        ];
        for action in &report.adopter_actions {
            lines.push(Line::plain(format!(
                "  [{}] {}",
                action.version, action.changelog
            )));
            if let Some(command) = &action.command {
                lines.push(Line::new(Tone::Hint, format!("      run: {command}")));
            }
        }
        sections.push(section(false, lines));
    }
    let notes = render_region_notes(&report.regions);
    if !notes.is_empty() {
        let asks = notes.contains("\nFailed regenerations")
            || notes.contains("\nSkipped regenerations")
            || notes.contains("\nRefused regenerations");
        sections.push(section(asks, from_text(&notes, Tone::Plain)));
    }
    if !dry_run && !report.conflicts.is_empty() {
        sections.push(section(true, finish_lines(report, &options.state_dir)));
    }
    if let Some(notes) = run_notes.filter(|n| !n.tail.is_empty()) {
        sections.push(section(
            stopped,
            from_text(notes.tail.trim_end_matches('\n'), Tone::Plain),
        ));
    }
    let quiet = options.verbosity == Verbosity::Quiet;
    let lines: Vec<Line> = sections
        .into_iter()
        .filter(|s| !quiet || s.needs_you)
        .flat_map(|s| s.lines)
        .collect();
    if quiet {
        tidy(lines)
    } else {
        lines
    }
}

/// Everything the outcome of an `upkeep update` or `upkeep status` run is rendered from,
/// besides its report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "UpdateOutcomeFacts"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct OutcomeFacts {
    /// `updated`, `dry-run`, `up-to-date`, `applied-uncommitted`, `aborted`, or how a run
    /// that wrote ended short: `incomplete`, `failed`, `interrupted`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub status: String,
    /// The version check.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub check: Option<VersionCheck>,
    /// The run's report, when it planned an update.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub report: Option<UpdateReport>,
    /// `upkeep status`: the paths the project changed since its release.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub local_changes: Vec<String>,
    /// `upkeep status`: the paths the next release changes.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub upstream_changes: Vec<String>,
    /// It continued an interrupted update.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub resumed: bool,
    /// Files a prior run left in the merge folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub leftover_patches: Vec<String>,
    /// The project root as the person gave it (`--root`), for hints run elsewhere.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub root: Option<String>,
    /// `--pr <folder>`: the folder, and the change request written there (none when the
    /// project was already up to date).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub change_request: Option<ChangeRequestFacts>,
    /// The command as the person typed it: the hint to run it again.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub argv: Vec<String>,
}

/// What `--pr <folder>` wrote, for the outcome's last line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct ChangeRequestFacts {
    /// The folder as the person gave it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub folder: String,
    /// The change request's branch; none when nothing was written.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub branch: Option<String>,
    /// What the body left out to stay under the platform's limit.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub omitted: Vec<String>,
}

/// The outcome of an update or status run as lines: the summary when it planned an
/// update, or the one thing there is to say (up to date, applied but not committed —
/// with the commands to commit or redo it —, cancelled).
pub fn render_update_outcome(facts: &OutcomeFacts, options: &SummaryOptions) -> Vec<Line> {
    let command = if options.read_only {
        "status"
    } else {
        "update"
    };
    let quiet = options.verbosity == Verbosity::Quiet;
    let (installed, latest, committed) = facts
        .check
        .as_ref()
        .map(|c| {
            (
                c.installed.as_str(),
                c.latest.as_str(),
                c.committed.as_deref(),
            )
        })
        .unwrap_or_default();
    let mut lines = Vec::new();
    match facts.status.as_str() {
        "up-to-date" if !quiet => lines.push(Line::new(
            Tone::Title,
            format!("upkeep {command}: up to date on {installed}; nothing to do"),
        )),
        "aborted" => lines.push(Line::new(
            Tone::Title,
            format!("upkeep {command}: cancelled, nothing changed"),
        )),
        "applied-uncommitted" => {
            let git = |args: &[&str]| {
                let mut words = vec!["git".to_string()];
                if let Some(root) = &facts.root {
                    words.extend(["-C".to_string(), root.clone()]);
                }
                words.extend(args.iter().map(|a| a.to_string()));
                shell_command(&words)
            };
            let version = format!("{}/VERSION", options.state_dir);
            lines.push(Line::new(
                Tone::Attention,
                format!(
                    "upkeep {command}: the update to {latest} is applied to the working tree but not committed (the last commit has {})",
                    committed.unwrap_or("another version")
                ),
            ));
            lines.push(Line::plain("Review it, then commit it:"));
            lines.push(Line::hint(&git(&["diff"])));
            lines.push(Line::plain(
                "Or put the last commit's version marker back, then run the update again (with --allow-dirty: the files it changed are not committed):",
            ));
            lines.push(Line::hint(&git(&["checkout", "--", &version])));
            if !facts.argv.is_empty() {
                // The files the applied update changed are uncommitted, so the dirty guard
                // would refuse the same command.
                let mut again = facts.argv.clone();
                // From `status` (read-only, no --allow-dirty), the command to run is the update.
                if options.read_only {
                    if let Some(word) = again.iter_mut().find(|a| a.as_str() == "status") {
                        *word = "update".into();
                    }
                }
                if !again.iter().any(|a| a == "--allow-dirty") {
                    again.push("--allow-dirty".into());
                }
                lines.push(Line::hint(&shell_command(&again)));
            }
        }
        "updated" | "dry-run" | "incomplete" | "failed" | "interrupted" => {
            if options.read_only && !quiet {
                let list = |lines: &mut Vec<Line>, what: &str, paths: &[String]| {
                    lines.push(Line::plain(format!("{what}: {}", paths.len())));
                    for path in paths {
                        lines.push(Line::plain(format!("  {path}")));
                    }
                };
                list(&mut lines, "Changed in this project", &facts.local_changes);
                list(
                    &mut lines,
                    "Changed by the next release",
                    &facts.upstream_changes,
                );
                lines.push(Line::blank());
            }
            if let Some(report) = &facts.report {
                lines.extend(render_summary_lines(report, options));
            }
            if facts.resumed && !quiet {
                // `status` resumes nothing: it says what the next update will do.
                let note = if options.read_only {
                    "(an interrupted update is pending: the files it already wrote show as changed in this project; `upkeep update` finishes it)"
                } else {
                    "(resumed an interrupted update: the counts are this run's; the files the interrupted run already brought up to date count as skipped)"
                };
                lines.push(Line::new(Tone::Muted, note));
            }
            if !facts.leftover_patches.is_empty() {
                lines.push(Line::blank());
                lines.push(Line::new(
                    Tone::Attention,
                    format!(
                        "Unresolved patches from a prior run are still in the merge folder (not deleted): {}",
                        facts.leftover_patches.join(", ")
                    ),
                ));
            }
        }
        _ => {}
    }
    let mut lines = tidy(lines);
    if let (Some(pr), false) = (&facts.change_request, quiet) {
        lines.push(Line::plain(match &pr.branch {
            Some(branch) if pr.omitted.is_empty() => {
                format!("Change request: {}/ (branch {branch})", pr.folder)
            }
            Some(branch) => format!(
                "Change request: {}/ (branch {branch}; body shortened, left out: {})",
                pr.folder,
                pr.omitted.join(", ")
            ),
            None if facts.status == "up-to-date" => {
                format!("No change request written: the project is already at {installed}.")
            }
            None if facts.status == "aborted" => {
                "No change request written: the update was cancelled.".into()
            }
            None if facts.status == "applied-uncommitted" => {
                "No change request written: an earlier run applied this update; put the version marker back and run it again (the commands above) to write one.".into()
            }
            None => "No change request written: this run updated nothing.".into(),
        }));
    }
    lines
}

#[cfg(test)]
#[path = "summary_tests.rs"]
mod tests;
