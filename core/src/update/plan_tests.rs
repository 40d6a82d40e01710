//! Tests of the `plan` module (kept beside it, in their own file).

use super::*;

fn file(bytes: &str) -> Option<SideInput> {
    Some(SideInput::file(bytes.as_bytes()))
}

fn input(mode: ConflictMode) -> UpdateInput {
    let baseline = r#"{"schema":1,"files":{"owned.txt":"owned","shared.txt":"shared","gone.txt":"shared","kept.txt":"owned","mine.md":"wiki-owned"}}"#;
    let latest = r#"{"schema":1,"files":{"owned.txt":"owned","shared.txt":"shared","new.txt":"owned","mine.md":"wiki-owned"},"claims":[{"file":"mine.md","flag":"established","paths":["mine.md"]}]}"#;
    let mut input = UpdateInput::new("1.0.0", "1.1.0", baseline, latest);
    input.files = vec![
        FileInput {
            path: "owned.txt".into(),
            current: file("a\n"),
            baseline: file("a\n"),
            latest: file("b\n"),
        },
        FileInput {
            path: "shared.txt".into(),
            current: file("1\n2\nmine\n"),
            baseline: file("1\n2\n3\n"),
            latest: file("one\n2\n3\n"),
        },
        FileInput {
            path: "new.txt".into(),
            current: None,
            baseline: None,
            latest: file("new\n"),
        },
        FileInput {
            path: "mine.md".into(),
            current: file("---\nestablished: true\n---\n"),
            baseline: file("x"),
            latest: file("y"),
        },
        FileInput {
            path: "gone.txt".into(),
            current: file("x"),
            baseline: file("x"),
            latest: None,
        },
        FileInput {
            path: "kept.txt".into(),
            current: None,
            baseline: file("x"),
            latest: None,
        },
    ];
    input.claim_files = vec![ClaimFile {
        path: "mine.md".into(),
        bytes: Some(Bytes(b"---\nestablished: true\n---\n".to_vec())),
    }];
    input.options = UpdateOptions {
        conflicts: mode,
        run_id: "r1".into(),
        ..Default::default()
    };
    input
}

#[test]
fn walk_sweep_claims_and_report() {
    let plan = plan_update(input(ConflictMode::Patch)).unwrap();
    let r = &plan.report;
    assert_eq!((r.from.as_str(), r.to.as_str()), ("1.0.0", "1.1.0"));
    assert_eq!(r.overwrite, ["owned.txt"]);
    assert_eq!(r.add, ["new.txt"]);
    assert_eq!(r.skip, ["mine.md"]);
    assert_eq!(r.delete, ["gone.txt"]);
    assert_eq!(r.removed, ["kept.txt"]);
    assert!(r.merge.is_empty());
    assert_eq!(
        r.conflicts,
        [Conflict {
            path: "shared.txt".into(),
            class: FileClass::Shared,
            patch_path: Some(".upkeep-merge/shared.txt.patch".into()),
            reason: None,
        }]
    );
    assert_eq!(r.backup_dir.as_deref(), Some(".upkeep-backups/r1"));
    assert_eq!(plan.actions.len(), 3);
    assert!(
        matches!(&plan.actions[2], Action::WritePatch { bytes, .. } if bytes.0.starts_with(b"--- shared.txt\n+++ shared.txt (latest)\n"))
    );
    assert!(plan.pending);
}

#[test]
fn conflict_modes() {
    let merged = plan_update(input(ConflictMode::Merge)).unwrap();
    assert_eq!(merged.report.merge, ["shared.txt"]);
    assert!(merged.report.conflicts.is_empty());
    assert!(merged
        .actions
        .iter()
        .any(|a| matches!(a, Action::WriteMerged { bytes, .. } if bytes.0 == b"one\n2\nmine\n")));

    let mut overlapping = input(ConflictMode::Markers);
    overlapping.files[1].current = file("1\n2\nmine\n");
    overlapping.files[1].latest = file("1\n2\ntheirs\n");
    let marked = plan_update(overlapping.clone()).unwrap();
    assert_eq!(marked.report.conflicts[0].patch_path, None);
    let written = marked
        .actions
        .iter()
        .find_map(|a| match a {
            Action::WriteMerged { bytes, .. } => Some(bytes.0.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        String::from_utf8(written.clone()).unwrap(),
        "1\n2\n<<<<<<< shared.txt\nmine\n=======\ntheirs\n>>>>>>> shared.txt (latest)\n"
    );
    // Re-running over the marked file does not nest markers.
    overlapping.files[1].current = Some(SideInput::file(&written));
    let again = plan_update(overlapping).unwrap();
    assert_eq!(again.report.conflicts.len(), 1);
    assert!(!again
        .actions
        .iter()
        .any(|a| matches!(a, Action::WriteMerged { path, .. } if path == "shared.txt")));
}

#[test]
fn refuses_inconsistent_input() {
    let mut missing = input(ConflictMode::Patch);
    missing.files.remove(0);
    assert_eq!(
        plan_update(missing).unwrap_err().code(),
        "invalid-update-input"
    );
    let mut no_latest = input(ConflictMode::Patch);
    no_latest.files[0].latest = None;
    assert_eq!(
        plan_update(no_latest).unwrap_err().code(),
        "invalid-manifest"
    );
    let mut reserved = input(ConflictMode::Patch);
    reserved.latest_manifest = r#"{"schema":1,"files":{".upkeep/VERSION":"owned"}}"#.into();
    assert!(plan_update(reserved)
        .unwrap_err()
        .to_string()
        .contains("upkeep's own state"));
    let mut bad_run = input(ConflictMode::Patch);
    bad_run.options.run_id = "../x".into();
    assert_eq!(
        plan_update(bad_run).unwrap_err().code(),
        "invalid-update-input"
    );
}

#[test]
fn read_list_covers_both_manifests() {
    let i = input(ConflictMode::Patch);
    let list = read_list(&i.baseline_manifest, &i.latest_manifest, ".upkeep").unwrap();
    assert_eq!(
        list.paths,
        [
            "gone.txt",
            "kept.txt",
            "mine.md",
            "new.txt",
            "owned.txt",
            "shared.txt"
        ]
    );
    assert_eq!(list.claim_files, ["mine.md"]);
}
