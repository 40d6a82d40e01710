//! Tests of the `plan` module (kept beside it, in their own file).

use super::*;
use crate::structured::PackageManager;
use crate::update::{Conflict, ConflictRoute};

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
            patch_path: Some(".upkeep-merge/shared.txt.patch".into()),
            yours_diff_path: Some(".upkeep-merge/shared.txt.yours.diff".into()),
            reason: Some("--conflicts patch".into()),
            ..Conflict::new("shared.txt", FileClass::Shared, ConflictRoute::Patch)
        }]
    );
    assert_eq!(r.backup_dir.as_deref(), Some(".upkeep-backups/r1"));
    assert_eq!(plan.actions.len(), 4);
    // Upstream's own change (baseline → latest), applicable from the project root ...
    assert!(
        matches!(&plan.actions[2], Action::WritePatch { bytes, .. } if bytes.0 == b"--- a/shared.txt\n+++ b/shared.txt\n@@ -1,3 +1,3 @@\n-1\n+one\n 2\n 3\n")
    );
    // ... and the project's edits against latest, for reading.
    assert!(
        matches!(&plan.actions[3], Action::WritePatch { patch_path, bytes, .. } if patch_path == ".upkeep-merge/shared.txt.yours.diff"
            && bytes.0 == b"--- shared.txt (1.1.0, latest)\n+++ shared.txt (yours)\n@@ -1,3 +1,3 @@\n-one\n+1\n 2\n-3\n+mine\n")
    );
    assert!(plan.pending);
}

#[test]
fn conflict_modes() {
    let written = |plan: &UpdatePlan| {
        plan.actions
            .iter()
            .find_map(|a| match a {
                Action::WriteMerged { path, bytes, .. } if path == "shared.txt" => {
                    Some(String::from_utf8(bytes.0.clone()).unwrap())
                }
                _ => None,
            })
            .unwrap()
    };
    // The default merges: a clean merge is written (after a backup) and reported merged.
    let mut default = input(ConflictMode::Merge);
    default.options = UpdateOptions {
        run_id: "r1".into(),
        ..Default::default()
    };
    let merged = plan_update(default).unwrap();
    assert_eq!(merged.report.merge, ["shared.txt"]);
    assert!(merged.report.conflicts.is_empty());
    assert_eq!(written(&merged), "one\n2\nmine\n");
    assert!(merged.actions.iter().any(|a| matches!(a, Action::WriteMerged { backup_path, .. } if backup_path == ".upkeep-backups/r1/shared.txt")));

    // An overlap: diff3 markers labelled with the versions, listed as a conflict.
    let mut overlapping = input(ConflictMode::Merge);
    overlapping.files[1].latest = file("1\n2\ntheirs\n");
    let marked = plan_update(overlapping.clone()).unwrap();
    assert_eq!(
        marked.report.conflicts,
        [Conflict::new(
            "shared.txt",
            FileClass::Shared,
            ConflictRoute::Markers
        )]
    );
    assert_eq!(
        written(&marked),
        "1\n2\n<<<<<<< yours\nmine\n||||||| 1.0.0 (baseline)\n3\n=======\ntheirs\n>>>>>>> 1.1.0 (latest)\n"
    );
    assert!(
        marked
            .summary
            .contains("  shared.txt [shared]: conflict markers written into the file\n"),
        "{}",
        marked.summary
    );
    assert!(
        marked
            .summary
            .contains("To finish:\n  markers: edit each file"),
        "{}",
        marked.summary
    );
    let outcome = |plan: &UpdatePlan, path: &str| {
        plan.files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.outcome.clone())
    };
    assert_eq!(outcome(&merged, "shared.txt").as_deref(), Some("merged"));
    assert_eq!(
        outcome(&marked, "shared.txt").as_deref(),
        Some("conflict (markers)")
    );
    assert_eq!(
        outcome(&marked, "owned.txt").as_deref(),
        Some("overwritten")
    );
    assert_eq!(
        outcome(&marked, "gone.txt").as_deref(),
        Some("dropped upstream")
    );
    // Re-running over the marked file (an interrupted run) lists it again, writes nothing.
    let mut again = overlapping.clone();
    again.files[1].current = Some(SideInput::file(written(&marked).as_bytes()));
    let again = plan_update(again).unwrap();
    assert_eq!(again.report.conflicts, marked.report.conflicts);
    assert!(!again
        .actions
        .iter()
        .any(|a| matches!(a, Action::WriteMerged { path, .. } if path == "shared.txt")));
    // Markers from elsewhere are never nested: the patch route.
    let mut foreign = overlapping.clone();
    foreign.files[1].current = file("1\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> other\n3\n");
    let foreign = plan_update(foreign).unwrap();
    assert_eq!(foreign.report.conflicts[0].route, ConflictRoute::Patch);
    assert_eq!(
        foreign.report.conflicts[0].reason.as_deref(),
        Some("it already holds conflict markers; merging again would nest them")
    );

    // --conflicts markers: git's two-part markers, same labels.
    let mut two_part = overlapping.clone();
    two_part.options.conflicts = ConflictMode::Markers;
    let two_part = plan_update(two_part).unwrap();
    assert_eq!(
        written(&two_part),
        "1\n2\n<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> 1.1.0 (latest)\n"
    );

    // --conflicts patch: the file untouched, upstream's change as a patch.
    let mut patch = overlapping;
    patch.options.conflicts = ConflictMode::Patch;
    let patch = plan_update(patch).unwrap();
    assert_eq!(patch.report.conflicts[0].route, ConflictRoute::Patch);
    assert!(!patch
        .actions
        .iter()
        .any(|a| matches!(a, Action::WriteMerged { .. })));
    assert!(patch.summary.contains("  shared.txt [shared]: left as it is (--conflicts patch); upstream's change in .upkeep-merge/shared.txt.patch, your edits against 1.1.0: .upkeep-merge/shared.txt.yours.diff\n"), "{}", patch.summary);
}

#[test]
fn binary_and_baseline_less_conflicts_keep_the_patch_route() {
    let manifest = r#"{"schema":1,"files":{"logo.png":"shared","new.txt":"shared"}}"#;
    let baseline = r#"{"schema":1,"files":{"logo.png":"shared"}}"#;
    let mut input = UpdateInput::new("1.0.0", "1.1.0", baseline, manifest);
    input.options.run_id = "r".into();
    input.files = vec![
        FileInput {
            path: "logo.png".into(),
            current: Some(SideInput::file(b"\0mine")),
            baseline: Some(SideInput::file(b"\0v1")),
            latest: Some(SideInput::file(b"\0v2")),
        },
        FileInput {
            path: "new.txt".into(),
            current: file("mine\n"),
            baseline: None,
            latest: file("theirs\n"),
        },
    ];
    let plan = plan_update(input).unwrap();
    let [logo, new] = &plan.report.conflicts[..] else {
        panic!("{:?}", plan.report.conflicts)
    };
    assert_eq!(
        (
            logo.route,
            logo.latest_copy_path.as_deref(),
            logo.reason.as_deref()
        ),
        (
            ConflictRoute::LatestCopy,
            Some(".upkeep-merge/logo.png.latest"),
            Some("binary file")
        )
    );
    assert_eq!(
        (new.route, new.reason.as_deref()),
        (ConflictRoute::Patch, Some("no baseline to merge against"))
    );
    let bytes = |at: &str| {
        plan.actions
            .iter()
            .find_map(|a| match a {
                Action::WritePatch {
                    patch_path, bytes, ..
                } if patch_path == at => Some(bytes.0.clone()),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(bytes(".upkeep-merge/logo.png.latest"), b"\0v2");
    assert_eq!(
        bytes(".upkeep-merge/new.txt.patch"),
        b"--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+theirs\n"
    );
    assert!(
        plan.actions
            .iter()
            .all(|a| matches!(a, Action::WritePatch { .. })),
        "both files untouched"
    );
    assert!(plan.summary.contains("logo.png [shared]: left as it is (binary file); upstream's 1.1.0 copy in .upkeep-merge/logo.png.latest\n"), "{}", plan.summary);
}

#[test]
fn the_dirty_guard() {
    let git = |porcelain: &[u8]| {
        Some(GitStatus {
            prefix: String::new(),
            porcelain: Bytes(porcelain.to_vec()),
        })
    };
    let mut dirty = input(ConflictMode::Merge);
    dirty.git = git(b" M shared.txt\0?? notes.txt\0 D kept.txt\0");
    let err = plan_update(dirty.clone()).unwrap_err();
    assert_eq!(err.code(), "dirty-worktree");
    assert!(
        err.to_string().starts_with(
            "uncommitted changes in git in 2 managed files: 'kept.txt', 'shared.txt'; commit"
        ),
        "{err}"
    );
    for allowed in [
        UpdateOptions {
            allow_dirty: true,
            ..dirty.options.clone()
        },
        UpdateOptions {
            dry_run: true,
            ..dirty.options.clone()
        },
        UpdateOptions {
            resumed: true,
            ..dirty.options.clone()
        },
    ] {
        let mut ok = dirty.clone();
        ok.options = allowed;
        assert!(plan_update(ok).is_ok());
    }
    let mut clean = dirty.clone();
    clean.git = git(b"?? unmanaged.txt\0");
    assert!(plan_update(clean).is_ok());
    let mut outside = dirty;
    outside.git = None;
    assert!(
        plan_update(outside).is_ok(),
        "outside git nothing is refused"
    );
}

#[test]
fn the_package_manager_from_the_lockfile() {
    let manifest = r#"{"schema":1,"files":{"package.json":"owned"}}"#;
    let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
    input.options.run_id = "r".into();
    input.files.push(FileInput {
        path: "package.json".into(),
        current: file("{}\n"),
        baseline: file("{}\n"),
        latest: file("{\"x\": 1}\n"),
    });
    let unknown = plan_update(input.clone()).unwrap();
    assert!(unknown
        .summary
        .contains("run your package manager's install (npm install, pnpm install, yarn)"));
    input.lockfiles = vec!["pnpm-lock.yaml".into()];
    let pnpm = plan_update(input).unwrap();
    assert_eq!(pnpm.report.package_manager, Some(PackageManager::Pnpm));
    assert!(
        pnpm.summary
            .contains("\npackage.json changed: run `pnpm install`.\n"),
        "{}",
        pnpm.summary
    );
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
    // Nothing there is a side left out; a side that says so is refused, naming the path.
    let mut said_missing = input(ConflictMode::Patch);
    said_missing.files[0].current = Some(SideInput {
        kind: crate::observe::EntryKind::Missing,
        ..SideInput::default()
    });
    let refused = plan_update(said_missing).unwrap_err();
    assert_eq!(
        (refused.code(), refused.input()),
        ("invalid-update-input", "owned.txt")
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
    assert!(list.lockfiles.iter().any(|l| l == "pnpm-lock.yaml"));
}

#[test]
fn regions_are_off_when_asked_or_when_the_environment_says_1() {
    let with = |no_regions: bool, env: Option<&str>| {
        UpdateOptions {
            no_regions,
            no_regions_env: env.map(str::to_string),
            ..UpdateOptions::default()
        }
        .regions_off()
    };
    assert!(with(true, None));
    assert!(with(false, Some("1")));
    assert!(!with(false, Some("true")));
    assert!(!with(false, Some("")));
    assert!(!with(false, None));
}
