//! Tests of the both-changed routes (kept beside them, in their own file).

use super::holds_own_markers;
use crate::update::{
    plan_update, Action, ConflictMode, ConflictRoute, FileInput, SideInput, UpdateInput, UpdatePlan,
};

/// Plans one shared file `f.txt` from 1.2.0 to 1.3.0.
fn plan(a: SideInput, b: Option<SideInput>, l: &[u8], mode: ConflictMode) -> UpdatePlan {
    let manifest = r#"{"schema":1,"files":{"f.txt":"shared"}}"#;
    let mut input = UpdateInput::new("1.2.0", "1.3.0", manifest, manifest);
    input.options.run_id = "r".into();
    input.options.conflicts = mode;
    input.files.push(FileInput {
        path: "f.txt".into(),
        current: Some(a),
        baseline: b,
        latest: Some(SideInput::file(l)),
    });
    plan_update(input).unwrap()
}

fn merged(plan: &UpdatePlan) -> Option<Vec<u8>> {
    plan.actions.iter().find_map(|a| match a {
        Action::WriteMerged { bytes, .. } => Some(bytes.0.clone()),
        _ => None,
    })
}

#[test]
fn own_markers_are_recognised_by_their_labels() {
    #[rustfmt::skip]
    let cases: [(&[u8], bool); 5] = [
        (b"<<<<<<< yours\nx\n=======\ny\n>>>>>>> 1.3.0 (latest)\n", true),
        (b"<<<<<<< yours\r\nx\r\n=======\r\ny\r\n>>>>>>> 1.3.0 (latest)\r\n", true),
        (b"<<<<<<< yours\nx\n=======\ny\n>>>>>>> 1.2.9 (latest)\n", false),
        (b"<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> 1.3.0 (latest)\n", false),
        (b" <<<<<<< yours\n>>>>>>> 1.3.0 (latest)\n", false),
    ];
    for (bytes, own) in cases {
        assert_eq!(
            holds_own_markers(bytes, "1.3.0"),
            own,
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

#[test]
fn crlf_markers_and_a_rerun_over_them() {
    let (a, b, l) = (
        b"a\r\nmine\r\nc\r\n",
        b"a\r\nb\r\nc\r\n",
        b"a\r\ntheirs\r\nc\r\n",
    );
    let first = plan(
        SideInput::file(a),
        Some(SideInput::file(b)),
        l,
        ConflictMode::Merge,
    );
    let written = merged(&first).unwrap();
    assert_eq!(
        String::from_utf8(written.clone()).unwrap(),
        "a\r\n<<<<<<< yours\r\nmine\r\n||||||| 1.2.0 (baseline)\r\nb\r\n=======\r\ntheirs\r\n>>>>>>> 1.3.0 (latest)\r\nc\r\n"
    );
    let again = plan(
        SideInput::file(&written),
        Some(SideInput::file(b)),
        l,
        ConflictMode::Merge,
    );
    assert_eq!(again.report.conflicts[0].route, ConflictRoute::Markers);
    assert!(again.actions.is_empty(), "{:?}", again.actions);
}

#[test]
fn a_clean_merge_already_in_the_file_is_a_skip() {
    let (b, l) = (&b"1\n2\n3\n4\n5\n"[..], &b"1\n2\n3\n4\nfive\n"[..]);
    let first = plan(
        SideInput::file(b"one\n2\n3\n4\n5\n"),
        Some(SideInput::file(b)),
        l,
        ConflictMode::Merge,
    );
    let written = merged(&first).unwrap();
    assert_eq!(written, b"one\n2\n3\n4\nfive\n");
    assert_eq!(first.report.merge, ["f.txt"]);
    let again = plan(
        SideInput::file(&written),
        Some(SideInput::file(b)),
        l,
        ConflictMode::Merge,
    );
    assert_eq!(again.report.skip, ["f.txt"]);
    assert!(again.actions.is_empty());
}

#[test]
fn a_digest_only_baseline_gives_only_the_reading_diff() {
    let digest = SideInput {
        digest: Some(crate::sha256_hex(b"1\n2\n")),
        ..SideInput::default()
    };
    let p = plan(
        SideInput::file(b"1\nmine\n"),
        Some(digest),
        b"1\ntheirs\n",
        ConflictMode::Merge,
    );
    let c = &p.report.conflicts[0];
    assert_eq!(c.route, ConflictRoute::Patch);
    assert_eq!(
        c.patch_path, None,
        "no upstream change can be shown without its bytes"
    );
    assert_eq!(
        c.yours_diff_path.as_deref(),
        Some(".upkeep-merge/f.txt.yours.diff")
    );
    assert!(p.summary.contains(
        "  f.txt [shared]: left as it is (only the baseline's digest is known, so upstream's change cannot be shown); your edits against 1.3.0: .upkeep-merge/f.txt.yours.diff\n"
    ), "{}", p.summary);
}

#[test]
fn the_patch_route_says_how_to_finish() {
    let p = plan(
        SideInput::file(b"x\n"),
        Some(SideInput::file(b"y\n")),
        b"z\n",
        ConflictMode::Patch,
    );
    let c = &p.report.conflicts[0];
    assert_eq!(c.patch_path.as_deref(), Some(".upkeep-merge/f.txt.patch"));
    assert!(c.yours_diff_path.is_some());
    assert!(
        p.summary
            .contains("To finish:\n  patches: from the project root, `git apply --reject .upkeep-merge/f.txt.patch`"),
        "{}",
        p.summary
    );
    assert!(
        p.summary
            .contains("  then delete what .upkeep-merge/ holds for each file you resolved\n"),
        "{}",
        p.summary
    );
}
