use super::*;
use crate::update::{Conflict, ConflictRoute, FileClass, Version};

fn report() -> UpdateReport {
    let v = |s: &str| s.parse::<Version>().unwrap();
    let mut report = UpdateReport::new(&v("1.2.0"), &v("1.3.0"));
    report.overwrite.push("ci.yml".into());
    report.add.push("src/new.js".into());
    report.skip.push("LICENSE".into());
    report.delete.push("old.txt".into());
    report.conflicts.push(Conflict {
        patch_path: Some(".upkeep-merge/README.md.patch".into()),
        yours_diff_path: Some(".upkeep-merge/README.md.yours.diff".into()),
        reason: Some("--conflicts patch".into()),
        ..Conflict::new("README.md", FileClass::Shared, ConflictRoute::Patch)
    });
    report.backup_dir = Some(".upkeep-backups/run".into());
    report
}

fn options(verbosity: Verbosity) -> SummaryOptions {
    SummaryOptions {
        verbosity,
        ..SummaryOptions::default()
    }
}

#[test]
fn the_summary_counts_then_names_what_needs_you() {
    let text = render_summary(&report(), ".upkeep", false);
    assert_eq!(
        text,
        "upkeep update: 1.2.0 → 1.3.0
Overwritten  1  (owned files replaced with the latest release)
Merged       0
Added        1  (new in the latest release)
Removed      0
Skipped      1  (nothing to do)
Conflicts    1  (left for you to resolve)
Delete       1  (dropped upstream; yours to delete)

Conflicts:
  README.md [shared]: left as it is (--conflicts patch); upstream's change in .upkeep-merge/README.md.patch, your edits against 1.3.0: .upkeep-merge/README.md.yours.diff

Dropped upstream, still present (delete them if you agree):
  old.txt

Backed up: .upkeep-backups/run/

To finish:
  patches: from the project root, `git apply --reject .upkeep-merge/README.md.patch` (or `patch -p1 --forward < .upkeep-merge/README.md.patch`) applies upstream's change where it still fits and never reverts your edits; redo the rest by hand
  then delete what .upkeep-merge/ holds for each file you resolved
"
    );
}

#[test]
fn quiet_keeps_only_what_needs_you_and_verbose_adds_every_file() {
    let quiet = to_text(&render_summary_lines(&report(), &options(Verbosity::Quiet)));
    assert_eq!(
        quiet,
        "Conflicts:
  README.md [shared]: left as it is (--conflicts patch); upstream's change in .upkeep-merge/README.md.patch, your edits against 1.3.0: .upkeep-merge/README.md.yours.diff

Dropped upstream, still present (delete them if you agree):
  old.txt

To finish:
  patches: from the project root, `git apply --reject .upkeep-merge/README.md.patch` (or `patch -p1 --forward < .upkeep-merge/README.md.patch`) applies upstream's change where it still fits and never reverts your edits; redo the rest by hand
  then delete what .upkeep-merge/ holds for each file you resolved
"
    );
    let verbose = to_text(&render_summary_lines(
        &report(),
        &options(Verbosity::Verbose),
    ));
    for line in [
        "  overwritten  ci.yml\n",
        "  added        src/new.js\n",
        "  skipped      LICENSE\n",
    ] {
        assert!(verbose.contains(line), "{line} missing in\n{verbose}");
    }
}

#[test]
fn status_titles_itself_and_lists_both_sides() {
    let facts = OutcomeFacts {
        status: "dry-run".into(),
        report: Some(report()),
        local_changes: vec!["README.md".into()],
        upstream_changes: vec!["README.md".into(), "ci.yml".into()],
        ..OutcomeFacts::default()
    };
    let opts = SummaryOptions {
        read_only: true,
        ..SummaryOptions::default()
    };
    let text = to_text(&render_update_outcome(&facts, &opts));
    assert!(text.starts_with(
        "Changed in this project: 1\n  README.md\nChanged by the next release: 2\n  README.md\n  ci.yml\n\nupkeep status: 1.2.0 → 1.3.0 (nothing written)\n"
    ), "{text}");
    assert!(text.contains("upstream's change would be in .upkeep-merge/README.md.patch"));
    assert!(!text.contains("To finish"));
}

#[test]
fn applied_but_uncommitted_names_the_real_state_folder_in_commands_that_work() {
    let facts = OutcomeFacts {
        status: "applied-uncommitted".into(),
        check: Some(VersionCheck {
            status: crate::update::VersionStatus::AppliedUncommitted,
            installed: "1.3.0".into(),
            latest: "1.3.0".into(),
            committed: Some("1.2.0".into()),
        }),
        root: Some("my project".into()),
        argv: vec!["upkeep".into(), "update".into(), "--yes".into()],
        ..OutcomeFacts::default()
    };
    let opts = SummaryOptions {
        state_dir: ".tmpl".into(),
        ..SummaryOptions::default()
    };
    let text = to_text(&render_update_outcome(&facts, &opts));
    assert_eq!(
        text,
        "upkeep update: the update to 1.3.0 is applied to the working tree but not committed (the last commit has 1.2.0)
Review it, then commit it:
  git -C 'my project' diff
Or put the last commit's version marker back, then run the update again (with --allow-dirty: the files it changed are not committed):
  git -C 'my project' checkout -- .tmpl/VERSION
  upkeep update --yes --allow-dirty
"
    );
    assert!(!text.contains('<'));
}

#[test]
fn a_run_that_stopped_short_is_rendered_with_what_it_did() {
    use crate::update::{Replaced, RunOutcome, RunRecord};
    let mut report = report();
    report.run = Some(RunRecord {
        outcome: RunOutcome::Incomplete,
        replaced: vec![Replaced {
            path: "ci.yml".into(),
            backup: Some(".upkeep-backups/r/ci.yml".into()),
        }],
        changed: vec!["src/new.js".into()],
        ..RunRecord::default()
    });
    for status in ["incomplete", "failed"] {
        let facts = OutcomeFacts {
            status: status.into(),
            report: Some(report.clone()),
            ..OutcomeFacts::default()
        };
        let text = to_text(&render_update_outcome(&facts, &options(Verbosity::Normal)));
        assert!(text.starts_with("upkeep update: 1.2.0 → 1.3.0\n\nThe update was not finished: the installed version is unchanged."), "{text}");
        assert!(text.contains("\nChanged while the update ran (left as they are now; running again merges them like any file you edited):\n  src/new.js\n"), "{text}");
        assert!(
            text.contains("  ci.yml (backup: .upkeep-backups/r/ci.yml)"),
            "{text}"
        );
        let quiet = to_text(&render_update_outcome(&facts, &options(Verbosity::Quiet)));
        assert!(quiet.contains("The update was not finished"), "{quiet}");
        assert!(quiet.contains("src/new.js"), "{quiet}");
    }
}

#[test]
fn several_patches_get_one_command_each_and_odd_paths_are_quoted() {
    let mut report = report();
    report.conflicts.push(Conflict {
        patch_path: Some(".upkeep-merge/it's a file.md.patch".into()),
        ..Conflict::new("it's a file.md", FileClass::Shared, ConflictRoute::Patch)
    });
    let text = render_summary(&report, ".upkeep", false);
    assert!(
        text.contains(
            "  patches: from the project root, run each of these; it applies upstream's change where \
             it still fits, leaves the rest in a .rej file and never reverts your edits; redo the rest by hand\n    \
             git apply --reject .upkeep-merge/README.md.patch\n    \
             git apply --reject '.upkeep-merge/it'\\''s a file.md.patch'\n"
        ),
        "{text}"
    );
}

#[test]
fn a_dry_run_says_package_json_would_change() {
    let mut report = report();
    report.install_needed = true;
    let planned = render_summary(&report, ".upkeep", true);
    assert!(
        planned.contains("\npackage.json would change: run your package manager's install (npm install, pnpm install, yarn) after the update.\n"),
        "{planned}"
    );
    let written = render_summary(&report, ".upkeep", false);
    assert!(
        written.contains("\npackage.json changed: run your package manager's install"),
        "{written}"
    );
}
