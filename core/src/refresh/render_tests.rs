use super::*;
use crate::observe::EntryKind;
use crate::refresh::{run_report, FileRunOutcome, MergeDiff, Plan, PlannedFile, RunFacts};
use crate::render::to_text;

fn planned(target: &str, state: FileState, action: Action) -> PlannedFile {
    PlannedFile {
        src: format!("code/{target}"),
        target: target.into(),
        renamed_from: None,
        state,
        host_kind: EntryKind::File,
        decision: None,
        action,
        backup: matches!(action, Action::Write | Action::Remove),
        source_sha256: None,
        host_sha256: None,
        recorded_sha256: None,
        new_sha256: None,
        reason: match action {
            Action::Pending => Some("needs a decision".into()),
            Action::Conflict => Some("the host has a directory here".into()),
            _ => None,
        },
        crlf: false,
    }
}

fn plan(files: Vec<PlannedFile>) -> Plan {
    let attention = files
        .iter()
        .filter(|f| matches!(f.action, Action::Pending | Action::Diff | Action::Conflict))
        .count() as u32;
    Plan {
        record_path: "svc/.upkeep-source.json".into(),
        home: "svc".into(),
        files,
        record_text: String::new(),
        record_changed: true,
        attention,
    }
}

fn done(target: &str) -> FileRunOutcome {
    FileRunOutcome {
        target: target.into(),
        outcome: "done".into(),
        reason: None,
        backup: Some(format!("svc/.upkeep-backups/run1/{target}")),
        error: None,
    }
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

fn options(verbosity: Verbosity) -> RunRenderOptions {
    RunRenderOptions {
        verbosity,
        argv: words(&[
            "upkeep",
            "refresh",
            "--source",
            "../my vendor",
            "--target",
            ".",
        ]),
        sources: Some(RunSources {
            source: "../my vendor".into(),
            target: ".".into(),
            manifest: None,
        }),
        signal: None,
    }
}

fn scenario() -> Plan {
    use FileState::*;
    plan(vec![
        planned("svc/same", UnchangedIdentical, Action::None),
        planned("svc/stale", UnchangedStale, Action::Write),
        planned("svc/added", NewUpstream, Action::Write),
        planned("svc/mine", LocallyModified, Action::Pending),
        planned("svc/gone", HostDeleted, Action::Pending),
    ])
}

#[test]
fn a_refresh_that_needs_decisions_counts_first_then_names_each_file_and_its_commands() {
    let facts = RunFacts {
        outcomes: vec![done("svc/stale"), done("svc/added")],
        run_id: Some("run1".into()),
        ..RunFacts::default()
    };
    let report = run_report(&scenario(), &facts);
    let text = to_text(&render_run_report(&report, &options(Verbosity::Normal)));
    assert_eq!(
        text,
        "upkeep refresh: done, 2 files need you (5 files)
  Added        1  (new upstream)
  Updated      1  (unchanged here, newer in the source; old copy backed up)
  Unchanged    1  (nothing to do)
  Decide       2  (waiting for your decision)
Backed up: svc/.upkeep-backups/run1/
Record updated: svc/.upkeep-source.json

Waiting for your decision (2):
  svc/mine  (changed here, differs from the source)
  svc/gone  (deleted here, still in the source)

Keep your versions of every changed file (the source's versions are not taken):
  upkeep refresh --source '../my vendor' --target . --auto keep-mine
Or take the source's versions (yours are backed up first):
  upkeep refresh --source '../my vendor' --target . --auto take-theirs
Or merge one by hand, then record the result:
  upkeep refresh --source '../my vendor' --target . --confirm svc/mine

Write the deleted files again:
  upkeep refresh --source '../my vendor' --target . --host-deleted restore
Or forget them (drop them from the record):
  upkeep refresh --source '../my vendor' --target . --host-deleted forget
On a terminal, without these flags, upkeep asks about each file.
"
    );
    // The record takes what was written; the files that wait keep their old entries.
    assert!(report.record_changed);
}

#[test]
fn quiet_prints_only_what_needs_the_person_and_nothing_when_nothing_does() {
    let facts = RunFacts {
        outcomes: vec![done("svc/stale"), done("svc/added")],
        ..RunFacts::default()
    };
    let report = run_report(&scenario(), &facts);
    let text = to_text(&render_run_report(&report, &options(Verbosity::Quiet)));
    assert!(
        text.starts_with("Waiting for your decision (2):\n"),
        "{text}"
    );
    assert!(!text.contains("Unchanged"));

    let calm = plan(vec![planned(
        "svc/stale",
        FileState::UnchangedStale,
        Action::Write,
    )]);
    let report = run_report(
        &calm,
        &RunFacts {
            outcomes: vec![done("svc/stale")],
            ..RunFacts::default()
        },
    );
    assert!(render_run_report(&report, &options(Verbosity::Quiet)).is_empty());
    let normal = to_text(&render_run_report(&report, &options(Verbosity::Normal)));
    assert!(
        normal.contains("Record updated: svc/.upkeep-source.json\n"),
        "{normal}"
    );
}

#[test]
fn verbose_lists_every_file() {
    let report = run_report(&scenario(), &RunFacts::default());
    let text = to_text(&render_run_report(&report, &options(Verbosity::Verbose)));
    for line in [
        "  svc/same  unchanged",
        "  svc/stale  updated",
        "  svc/added  added",
        "  svc/mine  decide",
    ] {
        assert!(text.contains(line), "{line} missing in\n{text}");
    }
}

#[test]
fn an_interrupted_run_says_what_was_done_and_how_to_resume() {
    let facts = RunFacts {
        interrupted: true,
        outcomes: vec![done("svc/stale")],
        ..RunFacts::default()
    };
    let report = run_report(&scenario(), &facts);
    let mut opts = options(Verbosity::Quiet);
    opts.signal = Some("SIGINT".into());
    let text = to_text(&render_run_report(&report, &opts));
    assert!(
        text.starts_with(
            "upkeep refresh: stopped by Ctrl-C (SIGINT); 1 of 2 changes made, each file whole\n"
        ),
        "{text}"
    );
    assert!(text.ends_with(
        "Run the same command again to resume where it stopped:\n  upkeep refresh --source '../my vendor' --target .\n"
    ), "{text}");
}

#[test]
fn a_dry_run_says_what_it_would_do() {
    let facts = RunFacts {
        dry_run: true,
        ..RunFacts::default()
    };
    let report = run_report(&scenario(), &facts);
    let text = to_text(&render_run_report(&report, &options(Verbosity::Normal)));
    assert!(text.starts_with("upkeep refresh: dry run, nothing written (5 files)\n  To add "));
    assert!(text.contains("  To update    1"));
    assert!(!text.contains("Backed up") && !text.contains("Record updated"));
}

#[test]
fn a_hand_merge_shows_its_diff_and_the_command_that_records_it() {
    let mut file = planned("svc/mine", FileState::LocallyModified, Action::Diff);
    file.reason = Some("merge by hand".into());
    let facts = RunFacts {
        diffs: Some(vec![MergeDiff {
            target: "svc/mine".into(),
            diff: "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n".into(),
        }]),
        ..RunFacts::default()
    };
    let report = run_report(&plan(vec![file]), &facts);
    let text = to_text(&render_run_report(&report, &options(Verbosity::Quiet)));
    assert_eq!(
        text,
        "Merge svc/mine by hand: the diff from yours to the source's:
--- a
+++ b
@@ -1 +1 @@
-x
+y
When it is merged, record the result:
  upkeep refresh --source '../my vendor' --target . --confirm svc/mine
"
    );
}

#[test]
fn an_install_in_the_way_writes_nothing_and_says_how_to_force_it() {
    let mut file = planned("svc/a", FileState::LocallyModified, Action::Conflict);
    file.reason = Some("a different file is already there".into());
    let plan = plan(vec![
        file,
        planned("svc/b", FileState::NewUpstream, Action::Write),
    ]);
    let report = run_report(
        &plan,
        &RunFacts {
            command: RunCommand::Install,
            ..RunFacts::default()
        },
    );
    let mut opts = options(Verbosity::Normal);
    opts.argv = words(&["upkeep", "install", "--source", "s", "--target", "t"]);
    let text = to_text(&render_run_report(&report, &opts));
    assert_eq!(
        text,
        "upkeep install: nothing written, 1 file is in the way (2 files)

In the way (1):
  svc/a: a different file is already there
To back them up and replace them, run:
  upkeep install --source s --target t --force
"
    );
}

#[test]
fn a_failed_write_names_the_file_and_the_cause() {
    let facts = RunFacts {
        failed: true,
        outcomes: vec![FileRunOutcome {
            target: "svc/stale".into(),
            outcome: "failed".into(),
            reason: Some("cannot write 'svc/stale': EACCES: permission denied".into()),
            backup: None,
            error: None,
        }],
        ..RunFacts::default()
    };
    let report = run_report(&scenario(), &facts);
    let text = to_text(&render_run_report(&report, &options(Verbosity::Quiet)));
    assert!(text.contains("Could not finish (1):\n  svc/stale: cannot write 'svc/stale': EACCES: permission denied\n"), "{text}");
    assert!(text.contains("Fix the cause, then run the same command again to finish:\n"));
}
