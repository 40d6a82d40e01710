//! The listing of a project's backups, and the prune decision: which run folders the
//! selection (`--keep N`, `--older-than D`) picks, and which of those may really go.
//!
//! A selected run is removed only when every file it holds exists somewhere that stays:
//! the project's file at the same path has the same SHA-256, `HEAD` has the same blob
//! there, or a run that is kept holds the same content. Candidates are judged newest
//! first, so two runs holding the same unique content never both go. Runs under way,
//! runs with entries that are not regular files, and runs with unreadable files are kept;
//! so is every run while a record of the runs under way cannot be read.

use std::collections::HashSet;

use super::model::{BackupRun, BackupsInput, BackupsList, RunSummary};
use super::time::{format_time, parse_duration, run_time};
use crate::error::Result;
use crate::refusal::Refusal;
use crate::regions::REGEN_SUFFIX;
use crate::update::finish::human_size;

/// What to prune.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct PruneOptions {
    /// Keep this many of the newest runs whatever their age.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub keep: Option<u32>,
    /// Only runs older than this (`30d`, `12h`, `2w`, `90m`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub older_than: Option<String>,
    /// Say what would go; remove nothing.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
}

/// A selected run that stays, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct KeptRun {
    /// The folder.
    pub folder: String,
    /// Why it stays.
    pub reason: String,
}

/// The prune decision.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PrunePlan {
    /// Folders to remove, oldest last (a run's regeneration folder right after its own).
    pub remove: Vec<String>,
    /// Selected folders that stay, with the reason.
    pub kept: Vec<KeptRun>,
    /// The bytes the removals free.
    #[cfg_attr(feature = "serde", serde(serialize_with = "super::model::as_number"))]
    pub freed_bytes: u64,
    /// Nothing is removed.
    pub dry_run: bool,
    /// The report as the CLI prints it.
    pub summary: String,
}

fn time_of(run: &BackupRun) -> u64 {
    run_time(&run.id).unwrap_or(run.mtime_ms)
}

/// A run as a person counts it: its folder and, when its regeneration kept files apart,
/// its `<run>-regen` folder beside it, listed, counted and pruned together.
struct Run {
    /// The run, with the files of both folders.
    run: BackupRun,
    /// Its folders: its own, then its regeneration's.
    folders: Vec<String>,
}

/// The runs newest first (ties by folder, for a stable order), each regeneration folder
/// joined to its run's when that is there too (a lone one is a run of its own).
fn newest_first(input: &BackupsInput) -> Vec<Run> {
    let regen_of = |run: &BackupRun| format!("{}{REGEN_SUFFIX}", run.folder);
    let joined: HashSet<String> = input
        .runs
        .iter()
        .map(regen_of)
        .filter(|folder| input.runs.iter().any(|r| &r.folder == folder))
        .collect();
    let mut runs: Vec<Run> = input
        .runs
        .iter()
        .filter(|r| !joined.contains(&r.folder))
        .map(|main| {
            let mut run = main.clone();
            let mut folders = vec![main.folder.clone()];
            let regen = regen_of(main);
            if let Some(saved) = input.runs.iter().find(|r| r.folder == regen) {
                run.files.extend(saved.files.iter().cloned());
                run.other.extend(saved.other.iter().cloned());
                folders.push(saved.folder.clone());
            }
            Run { run, folders }
        })
        .collect();
    runs.sort_by(|a, b| {
        time_of(&b.run)
            .cmp(&time_of(&a.run))
            .then(a.run.folder.cmp(&b.run.folder))
    });
    runs
}

/// Files of `run` whose content is in none of: the tree at their path, `HEAD` there,
/// `elsewhere` (the contents other runs that stay hold).
fn only_here(run: &BackupRun, elsewhere: &HashSet<&str>) -> Vec<String> {
    run.files
        .iter()
        .filter(|f| {
            let Some(sha) = f.sha256.as_deref() else {
                return true;
            };
            let in_tree = f.tree_sha256.as_deref() == Some(sha);
            let in_head = f.git_oid.is_some() && f.git_oid == f.head_oid;
            !(in_tree || in_head || elsewhere.contains(sha))
        })
        .map(|f| f.path.clone())
        .collect()
}

/// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
fn quoted_list(paths: &[String]) -> String {
    let quoted: Vec<String> = paths.iter().map(|p| format!("'{p}'")).collect();
    crate::render::listed(&quoted, "and")
}

fn contents(run: &BackupRun) -> impl Iterator<Item = &str> {
    run.files.iter().filter_map(|f| f.sha256.as_deref())
}

/// Every run with what it holds, newest first, and the listing the CLI prints.
pub fn list_backups(input: &BackupsInput) -> BackupsList {
    let runs = newest_first(input);
    let mut summaries = Vec::new();
    for (i, Run { run, .. }) in runs.iter().enumerate() {
        let others: HashSet<&str> = runs
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .flat_map(|(_, r)| contents(&r.run))
            .collect();
        let time_ms = time_of(run);
        summaries.push(RunSummary {
            folder: run.folder.clone(),
            id: run.id.clone(),
            time_ms,
            when: format_time(time_ms),
            files: run.files.len() + run.other.len(),
            bytes: run.files.iter().map(|f| f.size).sum(),
            only_here: only_here(run, &others),
            legacy: run.legacy,
            active: input.active.contains(&run.id),
        });
    }
    let bytes = summaries.iter().map(|s| s.bytes).sum();
    let summary = render_list(&summaries, bytes, input);
    BackupsList {
        runs: summaries,
        bytes,
        summary,
    }
}

fn render_list(runs: &[RunSummary], bytes: u64, input: &BackupsInput) -> String {
    if runs.is_empty() {
        return "No backups in this project.\n".into();
    }
    let mut out = format!(
        "{} backup run{}, {} in total (newest first):\n",
        runs.len(),
        if runs.len() == 1 { "" } else { "s" },
        human_size(bytes)
    );
    for r in runs {
        let mut notes = Vec::new();
        if !r.only_here.is_empty() {
            notes.push(format!("{} only here", r.only_here.len()));
        }
        if r.active {
            notes.push("run not finished".into());
        }
        if r.legacy {
            notes.push("from an older upkeep".into());
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  ({})", notes.join(", "))
        };
        out.push_str(&format!(
            "  {}  {}  {} file{}, {}{notes}\n",
            r.folder,
            r.when,
            r.files,
            if r.files == 1 { "" } else { "s" },
            human_size(r.bytes)
        ));
    }
    let elsewhere = if input.git {
        "the project's tree, git's HEAD or another backup"
    } else {
        "the project's tree or another backup"
    };
    out.push_str(&format!(
        "\"only here\": files whose content is not in {elsewhere}; a prune never removes a run holding one.\n"
    ));
    if !input.unreadable.is_empty() {
        // A prune would remove nothing: say why instead of suggesting one.
        out.push_str(&format!(
            "{} could not be read: which runs have finished is unknown, so a prune keeps every run until it can be read.\n",
            quoted_list(&input.unreadable)
        ));
        return out;
    }
    let mut prune: Vec<String> = ["upkeep", "backups", "prune"].map(String::from).to_vec();
    prune.extend(input.named.args());
    prune.extend(["--keep".to_string(), "3".to_string()]);
    out.push_str(&format!(
        "Remove older runs with `{}` (or `--older-than 30d`); add `--dry-run` to see first.\n",
        crate::regions::shell_command(&prune)
    ));
    out
}

/// Why `upkeep backups prune` is refused before anything is read or locked: it names no
/// selection (`--keep`, `--older-than`), and a prune never removes runs implicitly. `None`:
/// it may go on.
pub fn prune_refusal(options: &PruneOptions) -> Option<Refusal> {
    (options.keep.is_none() && options.older_than.is_none()).then(|| {
        Refusal::usage(
            "say which runs a prune may remove: --keep <n> (keep the n newest) and/or --older-than <age> (such as 30d)",
        )
    })
}

/// Which folders a prune removes, and why the other selected ones stay.
pub fn plan_prune(input: &BackupsInput, options: &PruneOptions) -> Result<PrunePlan> {
    let max_age = options
        .older_than
        .as_deref()
        .map(parse_duration)
        .transpose()?;
    let runs = newest_first(input);
    let keep = options.keep.map_or(0, |k| k as usize);
    let selected = |i: usize, run: &BackupRun| {
        let beyond_keep = options.keep.is_none() || i >= keep;
        let old = max_age.is_none_or(|age| input.now_ms.saturating_sub(time_of(run)) > age);
        let asked = options.keep.is_some() || options.older_than.is_some();
        asked && beyond_keep && old
    };
    let (candidates, staying): (Vec<_>, Vec<_>) = runs
        .iter()
        .enumerate()
        .partition(|(i, r)| selected(*i, &r.run));
    let mut kept_contents: HashSet<&str> =
        staying.iter().flat_map(|(_, r)| contents(&r.run)).collect();
    let (mut remove, mut kept, mut freed, mut removed_runs) = (Vec::new(), Vec::new(), 0, 0);
    for (_, Run { run, folders }) in candidates {
        let reason = if input.active.contains(&run.id) {
            Some("its run has not finished (re-run the update or refresh first)".to_string())
        } else if !input.unreadable.is_empty() {
            Some(format!(
                "{} could not be read, so whether its run has finished is unknown",
                quoted_list(&input.unreadable)
            ))
        } else if !run.other.is_empty() {
            Some(format!(
                "it holds entries that are not regular files ({}); look at them by hand",
                run.other.join(", ")
            ))
        } else if run.files.iter().any(|f| f.sha256.is_none()) {
            Some("some of its files could not be read".into())
        } else {
            let unique = only_here(run, &kept_contents);
            (!unique.is_empty()).then(|| {
                format!(
                    "it holds the only copy of {} ({})",
                    plural(unique.len(), "file"),
                    unique.join(", ")
                )
            })
        };
        match reason {
            Some(reason) => {
                kept_contents.extend(contents(run));
                kept.push(KeptRun {
                    folder: run.folder.clone(),
                    reason,
                });
            }
            None => {
                freed += run.files.iter().map(|f| f.size).sum::<u64>();
                remove.extend(folders.iter().cloned());
                removed_runs += 1;
            }
        }
    }
    let summary = render_prune(&remove, removed_runs, &kept, freed, options.dry_run);
    Ok(PrunePlan {
        remove,
        kept,
        freed_bytes: freed,
        dry_run: options.dry_run,
        summary,
    })
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn render_prune(
    remove: &[String],
    runs: usize,
    kept: &[KeptRun],
    freed: u64,
    dry_run: bool,
) -> String {
    let mut out = if remove.is_empty() {
        "No backup run removed.\n".to_string()
    } else {
        format!(
            "{} {} ({} freed):\n",
            if dry_run { "Would remove" } else { "Removed" },
            plural(runs, "backup run"),
            human_size(freed)
        )
    };
    for folder in remove {
        out.push_str(&format!("  {folder}\n"));
    }
    if !kept.is_empty() {
        out.push_str(&format!(
            "{} selected but kept:\n",
            plural(kept.len(), "run")
        ));
        for k in kept {
            out.push_str(&format!("  {}: {}\n", k.folder, k.reason));
        }
    }
    if dry_run {
        out.push_str("Dry run: nothing was removed.\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backups::{BackupFile, BackupsNamed};

    #[test]
    fn a_prune_must_say_which_runs_it_may_remove() {
        let refusal = prune_refusal(&PruneOptions::default()).unwrap();
        assert_eq!(refusal.code, "usage");
        assert!(refusal
            .message
            .starts_with("say which runs a prune may remove"));
        let keep = PruneOptions {
            keep: Some(0),
            ..PruneOptions::default()
        };
        assert_eq!(prune_refusal(&keep), None);
        let old = PruneOptions {
            older_than: Some("30d".into()),
            ..PruneOptions::default()
        };
        assert_eq!(prune_refusal(&old), None);
    }

    fn file(path: &str, sha: &str) -> BackupFile {
        BackupFile {
            path: path.into(),
            size: 10,
            sha256: Some(sha.into()),
            ..BackupFile::default()
        }
    }

    fn run(id: &str, files: Vec<BackupFile>) -> BackupRun {
        BackupRun {
            folder: format!(".upkeep-backups/{id}"),
            id: id.into(),
            files,
            ..BackupRun::default()
        }
    }

    const DAY: u64 = 86_400_000;

    fn input() -> BackupsInput {
        let in_tree = BackupFile {
            tree_sha256: Some("t".into()),
            ..file("a", "t")
        };
        let in_head = BackupFile {
            git_oid: Some("o".into()),
            head_oid: Some("o".into()),
            ..file("b", "h")
        };
        BackupsInput {
            runs: vec![
                run("20260110-000000-000", vec![file("x", "dup")]),
                run("20260105-000000-000", vec![in_tree.clone(), in_head]),
                run("20260104-000000-000", vec![file("u", "unique")]),
                run("20260103-000000-000", vec![file("y", "dup")]),
                run("20260102-000000-000", vec![file("z", "twin")]),
                run("20260101-000000-000", vec![file("z", "twin")]),
                BackupRun {
                    other: vec!["link".into()],
                    ..run("20251201-000000-000", vec![])
                },
                run("20251130-000000-000", vec![in_tree]),
            ],
            now_ms: run_time("20260111-000000-000").unwrap(),
            active: vec!["20251130-000000-000".into()],
            unreadable: vec![],
            git: true,
            named: BackupsNamed::default(),
        }
    }

    #[test]
    fn the_prune_hint_names_the_same_backups() {
        let mut named = input();
        named.named = BackupsNamed {
            root: Some("my app".into()),
            state_dir: Some(crate::update::DEFAULT_STATE_DIR.into()),
            folders: vec!["svc/.upkeep-backups".into()],
        };
        assert!(list_backups(&named).summary.contains(
            "`upkeep backups prune --root 'my app' --folder svc/.upkeep-backups --keep 3`"
        ));
        assert!(list_backups(&input())
            .summary
            .contains("`upkeep backups prune --keep 3`"));
    }

    #[test]
    fn a_prune_never_removes_the_only_copy() {
        let plan = plan_prune(
            &input(),
            &PruneOptions {
                keep: Some(1),
                ..PruneOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            plan.remove,
            [
                ".upkeep-backups/20260105-000000-000",
                ".upkeep-backups/20260103-000000-000",
                ".upkeep-backups/20260101-000000-000",
            ]
        );
        let kept: Vec<(&str, &str)> = plan
            .kept
            .iter()
            .map(|k| (k.folder.as_str(), k.reason.as_str()))
            .collect();
        assert_eq!(
            kept,
            [
                (
                    ".upkeep-backups/20260104-000000-000",
                    "it holds the only copy of 1 file (u)"
                ),
                (
                    ".upkeep-backups/20260102-000000-000",
                    "it holds the only copy of 1 file (z)"
                ),
                (
                    ".upkeep-backups/20251201-000000-000",
                    "it holds entries that are not regular files (link); look at them by hand"
                ),
                (
                    ".upkeep-backups/20251130-000000-000",
                    "its run has not finished (re-run the update or refresh first)"
                ),
            ]
        );
        assert_eq!(plan.freed_bytes, 40);
        assert!(plan
            .summary
            .starts_with("Removed 3 backup runs (40 bytes freed):\n"));
    }

    #[test]
    fn a_regeneration_folder_is_listed_and_pruned_with_its_run() {
        let with_regen = BackupsInput {
            runs: vec![
                run("20260102-000000-000", vec![file("a", "dup")]),
                run("20260101-000000-000", vec![file("b", "dup")]),
                run("20260101-000000-000-regen", vec![file("c", "dup")]),
                run("20251231-000000-000-regen", vec![file("d", "unique")]),
            ],
            now_ms: run_time("20260111-000000-000").unwrap(),
            ..BackupsInput::default()
        };
        let list = list_backups(&with_regen);
        let rows: Vec<(&str, usize)> = list
            .runs
            .iter()
            .map(|r| (r.folder.as_str(), r.files))
            .collect();
        assert_eq!(
            rows,
            [
                (".upkeep-backups/20260102-000000-000", 1),
                (".upkeep-backups/20260101-000000-000", 2),
                (".upkeep-backups/20251231-000000-000-regen", 1),
            ]
        );
        assert!(list.summary.starts_with("3 backup runs, "));
        let plan = plan_prune(
            &with_regen,
            &PruneOptions {
                keep: Some(1),
                ..PruneOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            plan.remove,
            [
                ".upkeep-backups/20260101-000000-000",
                ".upkeep-backups/20260101-000000-000-regen",
            ]
        );
        assert!(plan
            .summary
            .starts_with("Removed 1 backup run (20 bytes freed):\n"));
        assert_eq!(
            plan.kept[0].folder,
            ".upkeep-backups/20251231-000000-000-regen"
        );
    }

    #[test]
    fn an_unreadable_record_keeps_every_run() {
        let all = BackupsInput {
            unreadable: vec![".upkeep/update-in-progress.json".into()],
            ..input()
        };
        let keep_none = PruneOptions {
            keep: Some(0),
            ..PruneOptions::default()
        };
        let plan = plan_prune(&all, &keep_none).unwrap();
        assert!(plan.remove.is_empty());
        assert_eq!(plan.kept.len(), all.runs.len());
        assert_eq!(
            plan.kept[0].reason,
            "'.upkeep/update-in-progress.json' could not be read, so whether its run has finished is unknown"
        );
        assert!(list_backups(&all).summary.contains(
            "'.upkeep/update-in-progress.json' could not be read: which runs have finished is unknown, so a prune keeps every run until it can be read.\n"
        ));
        assert!(!list_backups(&all).summary.contains("Remove older runs"));
        assert_eq!(
            quoted_list(&["a".into(), "b".into(), "c".into()]),
            "'a', 'b' and 'c'"
        );
    }

    #[test]
    fn selection_by_age_and_count() {
        let all = input();
        let by_age = plan_prune(
            &all,
            &PruneOptions {
                older_than: Some("7d".into()),
                dry_run: true,
                ..PruneOptions::default()
            },
        )
        .unwrap();
        // 20260103 and older are more than 7 days old; 20260103's "dup" is kept by 20260110.
        assert!(by_age
            .remove
            .contains(&".upkeep-backups/20260103-000000-000".to_string()));
        assert!(!by_age
            .remove
            .iter()
            .any(|f| f.contains("20260105") || f.contains("20260110")));
        assert!(by_age.summary.contains("Would remove"));
        assert!(by_age.summary.ends_with("Dry run: nothing was removed.\n"));
        let nothing = plan_prune(&all, &PruneOptions::default()).unwrap();
        assert!(nothing.remove.is_empty() && nothing.kept.is_empty());
        assert_eq!(
            plan_prune(
                &all,
                &PruneOptions {
                    older_than: Some("soon".into()),
                    ..PruneOptions::default()
                }
            )
            .unwrap_err()
            .code(),
            "invalid-argument"
        );
        assert!(all.now_ms > 10 * DAY);
    }

    #[test]
    fn the_listing() {
        let list = list_backups(&input());
        assert_eq!(list.runs[0].id, "20260110-000000-000");
        assert_eq!(list.runs[2].only_here, ["u"]);
        assert!(list.runs[3].only_here.is_empty(), "dup is also in 20260110");
        assert!(list.summary.contains(
            "  .upkeep-backups/20260104-000000-000  2026-01-04 00:00 UTC  1 file, 10 bytes  (1 only here)\n"
        ), "{}", list.summary);
        assert!(list.summary.contains("(run not finished)"));
        assert_eq!(
            list_backups(&BackupsInput::default()).summary,
            "No backups in this project.\n"
        );
    }
}
