//! Tests of the `plan` module (kept beside it, in their own file).

use super::*;

#[test]
fn confirm_records_a_hand_merge_and_refuses_what_is_not_one() {
    let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"},{"src":"b","target":"b"}]}"#;
    let (old, new, merged) = (
        sha256_hex(b"old"),
        sha256_hex(b"new"),
        sha256_hex(b"merged"),
    );
    let record = format!(
        r#"{{"schema":1,"files":[{{"src":"a","target":"a","sha256":"{old}"}},{{"src":"b","target":"b","sha256":"{old}"}}]}}"#
    );
    let observations = Observations {
        sources: vec![
            PathObservation::file("a", new.clone()),
            PathObservation::file("b", old.clone()),
        ],
        hosts: vec![
            PathObservation::file("a", merged.clone()),
            PathObservation::file("b", old),
        ],
    };
    let run = |confirm: &[&str]| {
        let options = RefreshOptions {
            confirm: confirm.iter().map(|t| t.to_string()).collect(),
            ..RefreshOptions::default()
        };
        plan_refresh(manifest, Some(record.as_bytes()), &observations, &options)
    };
    let pending = run(&[]).unwrap();
    assert_eq!(pending.files[0].action, Action::Pending);
    let confirmed = run(&["a"]).unwrap();
    assert_eq!(confirmed.files[0].action, Action::Record);
    assert_eq!(
        confirmed.files[0].new_sha256.as_deref(),
        Some(merged.as_str())
    );
    assert!(
        confirmed
            .record_text
            .contains(&format!(r#""keptAgainst": "{new}""#)),
        "{}",
        confirmed.record_text
    );
    for (target, detail) in [("b", "unchanged-identical"), ("c", "no such target")] {
        let err = run(&[target]).unwrap_err();
        assert_eq!(err.input(), target);
        assert!(err.to_string().contains(detail), "{err}");
    }
}
use crate::sha256_hex;

fn h(s: &str) -> String {
    sha256_hex(s.as_bytes())
}

fn obs(path: &str, content: Option<&str>) -> PathObservation {
    match content {
        Some(c) => PathObservation::file(path, h(c)),
        None => PathObservation::new(path, Observed::missing()),
    }
}

const MANIFEST: &[u8] = br#"{"schema":1,"files":[
    {"src":"same","target":"same"},{"src":"stale","target":"stale"},
    {"src":"mod","target":"mod"},{"src":"gone","target":"gone"},
    {"src":"new","target":"new"},{"src":"moved2","target":"moved"}],
    "renames":[{"from":"moved1","to":"moved2"}]}"#;

fn record() -> String {
    let entry = |src: &str, target: &str, c: &str| {
        format!(
            r#"{{"src":"{src}","target":"{target}","sha256":"{}"}}"#,
            h(c)
        )
    };
    format!(
        r#"{{"schema":1,"files":[{},{},{},{},{},{}],"note":"kept"}}"#,
        entry("same", "same", "v1"),
        entry("stale", "stale", "v1"),
        entry("mod", "mod", "v1"),
        entry("gone", "gone", "v1"),
        entry("moved1", "moved", "v1"),
        entry("dropped", "dropped", "v1"),
    )
}

fn observations() -> Observations {
    Observations {
        sources: vec![
            obs("same", Some("v2")),
            obs("stale", Some("v2")),
            obs("mod", Some("v2")),
            obs("gone", Some("v2")),
            obs("new", Some("v2")),
            obs("moved2", Some("v2")),
        ],
        hosts: vec![
            obs("same", Some("v2")),
            obs("stale", Some("v1")),
            obs("mod", Some("mine")),
            obs("gone", None),
            obs("new", None),
            obs("moved", Some("v1")),
            obs("dropped", Some("v1")),
        ],
    }
}

fn actions(options: &RefreshOptions) -> Vec<(String, FileState, Action)> {
    let rec = record();
    plan_refresh(MANIFEST, Some(rec.as_bytes()), &observations(), options)
        .unwrap()
        .files
        .into_iter()
        .map(|f| (f.target, f.state, f.action))
        .collect()
}

#[test]
fn without_decisions_only_safe_actions_run() {
    use Action::*;
    use FileState::*;
    let got = actions(&RefreshOptions::default());
    let want = [
        ("same", UnchangedIdentical, Record),
        ("stale", UnchangedStale, Write),
        ("mod", LocallyModified, Pending),
        ("gone", HostDeleted, Pending),
        ("new", NewUpstream, Write),
        ("moved", UnchangedStale, Write),
        ("dropped", SourceDeleted, Pending),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(t, s, a)| (t.to_string(), *s, *a))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn decisions_by_flag() {
    let options = RefreshOptions {
        auto: Some(Decision::KeepMine),
        host_deleted: Some(Decision::Forget),
        source_deleted: Some(Decision::Remove),
        ..Default::default()
    };
    let rec = record();
    let plan = plan_refresh(MANIFEST, Some(rec.as_bytes()), &observations(), &options).unwrap();
    let by = |t: &str| plan.files.iter().find(|f| f.target == t).unwrap();
    assert_eq!(by("mod").action, Action::Record);
    assert_eq!(by("mod").new_sha256, Some(h("mine")));
    assert_eq!(by("gone").new_sha256, None);
    assert_eq!(by("dropped").action, Action::Remove);
    assert!(by("dropped").backup);
    assert_eq!(plan.attention, 0);
    assert!(plan.record_text.contains("\"note\": \"kept\""));
    assert!(!plan.record_text.contains("\"dropped\""));
    assert!(plan.record_text.contains("\"src\": \"moved2\""));
}

#[test]
fn keep_mine_holds_until_the_source_moves() {
    let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"}]}"#;
    let run = |record: &str, source: &str| {
        let observations = Observations {
            sources: vec![obs("a", Some(source))],
            hosts: vec![obs("a", Some("mine"))],
        };
        let options = RefreshOptions {
            auto: Some(Decision::KeepMine),
            ..Default::default()
        };
        plan_refresh(manifest, Some(record.as_bytes()), &observations, &options).unwrap()
    };
    let first = run(
        &format!(
            r#"{{"schema":1,"files":[{{"src":"a","target":"a","sha256":"{}"}}]}}"#,
            h("v1")
        ),
        "v2",
    );
    assert_eq!(first.files[0].action, Action::Record);
    assert!(first
        .record_text
        .contains(&format!("\"keptAgainst\": \"{}\"", h("v2"))));
    let again = run(&first.record_text, "v2");
    assert_eq!(again.files[0].action, Action::None);
    assert!(!again.record_changed);
    let moved = run(&first.record_text, "v3");
    assert_eq!(moved.files[0].state, FileState::LocallyModified);
    assert_eq!(moved.files[0].decision, Some(Decision::KeepMine));
}

#[test]
fn user_decisions_must_fit_the_state() {
    let options = RefreshOptions {
        decisions: vec![FileDecision {
            target: "stale".into(),
            decision: Decision::KeepMine,
        }],
        ..Default::default()
    };
    let rec = record();
    let err = plan_refresh(MANIFEST, Some(rec.as_bytes()), &observations(), &options).unwrap_err();
    assert_eq!(err.code(), "invalid-argument");
}

#[test]
fn install_refuses_different_files_unless_forced() {
    let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"},{"src":"b","target":"b"}]}"#;
    let observations = Observations {
        sources: vec![obs("a", Some("x")), obs("b", Some("y"))],
        hosts: vec![obs("a", Some("other")), obs("b", None)],
    };
    let plan = plan_install(manifest, "m", &observations, false).unwrap();
    assert_eq!(plan.files[0].action, Action::Conflict);
    assert_eq!(plan.attention, 1);
    let forced = plan_install(manifest, "m", &observations, true).unwrap();
    assert_eq!(forced.files[0].action, Action::Write);
    assert!(forced.files[0].backup);
    assert_eq!(forced.attention, 0);
}

#[test]
fn a_write_over_a_crlf_checkout_follows_its_line_endings() {
    let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"},{"src":"b","target":"b"},{"src":"c","target":"c"}]}"#;
    let entry = |name: &str| {
        format!(
            r#"{{"src":"{name}","target":"{name}","sha256":"{}"}}"#,
            h("v1\n")
        )
    };
    let record = format!(
        r#"{{"schema":1,"files":[{},{},{}]}}"#,
        entry("a"),
        entry("b"),
        entry("c")
    );
    let crlf = |path: &str, lf_text: &str, text: &str| {
        let mut file = PathObservation::file(path, h(text));
        file.observed.sha256_lf = Some(h(lf_text));
        file
    };
    let observations = Observations {
        // a: the source moved on in LF; b: the source itself is CRLF; c: an LF checkout.
        sources: vec![
            obs("a", Some("v2\n")),
            crlf("b", "v2\n", "v2\r\n"),
            obs("c", Some("v2\n")),
        ],
        hosts: vec![
            crlf("a", "v1\n", "v1\r\n"),
            crlf("b", "v1\n", "v1\r\n"),
            obs("c", Some("v1\n")),
        ],
    };
    let plan = plan_refresh(
        manifest,
        Some(record.as_bytes()),
        &observations,
        &RefreshOptions::default(),
    )
    .unwrap();
    let got: Vec<(&str, Action, bool)> = plan
        .files
        .iter()
        .map(|f| (f.target.as_str(), f.action, f.crlf))
        .collect();
    assert_eq!(
        got,
        [
            ("a", Action::Write, true),
            ("b", Action::Write, false),
            ("c", Action::Write, false)
        ]
    );
}
