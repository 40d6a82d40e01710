//! The digest route against the in-memory route: the table's comparisons on digests, and
//! whole plans of many generated files in every `--conflicts` mode, with and without the
//! line-ending option.

use super::super::{plan_update, ConflictMode, FileInput, SideInput, UpdateInput};
use super::{SuppliedContent, UpdateSession};
use crate::content::digest_content;
use crate::update::manifest::FileClass;
use crate::update::table::{classify, DigestFacts, Side};

const TEXTS: [&[u8]; 9] = [
    b"a\nb\n",
    b"a\r\nb\r\n",
    b"a\rb\r",
    b"a\nb",
    b"a\r\nb",
    b"x\n",
    b"\0a\nb\n",
    b"\0a\r\nb\r\n",
    b"",
];

fn digest_side(bytes: &[u8]) -> Side {
    let d = crate::content::digest_parts(bytes, true);
    Side::File {
        bytes: None,
        digest: Some(d.sha256),
        facts: Some(DigestFacts::new(d.size, d.binary, d.sha256_lf)),
    }
}

#[test]
fn the_table_decides_the_same_from_digests() {
    for class in [FileClass::Owned, FileClass::Shared] {
        for ignore_eol in [false, true] {
            for a in TEXTS {
                for b in TEXTS {
                    for l in TEXTS {
                        let by_bytes = classify(
                            class,
                            &Side::bytes(a),
                            &Side::bytes(b),
                            &Side::bytes(l),
                            ignore_eol,
                        );
                        let by_digests = classify(
                            class,
                            &digest_side(a),
                            &digest_side(b),
                            &digest_side(l),
                            ignore_eol,
                        );
                        assert_eq!(by_bytes, by_digests, "{a:?} {b:?} {l:?} eol={ignore_eol}");
                        let mixed = classify(
                            class,
                            &digest_side(a),
                            &Side::bytes(b),
                            &digest_side(l),
                            ignore_eol,
                        );
                        assert_eq!(by_bytes, mixed, "mixed {a:?} {b:?} {l:?} eol={ignore_eol}");
                    }
                }
            }
        }
    }
}

/// `count` files cycling through every table row, binary and CRLF sides included.
fn generated(count: usize) -> (String, Vec<FileInput>) {
    let side = |text: String| Some(SideInput::file(text.as_bytes()));
    let mut files = Vec::new();
    let mut manifest = Vec::new();
    for i in 0..count {
        let path = format!("d{}/f{i}.txt", i % 7);
        let v1 = format!("line 1\nfile {i}\nline 3\nline 4\nline 5\n");
        let v2 = v1.replace("line 5", "line five");
        let mine = v1.replace("line 1", "my line");
        let clash = v1.replace("file", "my file");
        let (a, b, l) = match i % 9 {
            0 => (side(v1.clone()), side(v1.clone()), side(v2)),
            1 => (side(mine), side(v1.clone()), side(v2)),
            2 => (
                side(clash),
                side(v1.clone()),
                side(v1.replace("file", "their file")),
            ),
            3 => (None, None, side(v2)),
            4 => (side(v1.replace('\n', "\r\n")), side(v1.clone()), side(v2)),
            5 => (side(format!("\0{mine}")), side(v1.clone()), side(v2)),
            6 => (side(v2.clone()), side(v1.clone()), side(v2)),
            7 => (None, side(v1.clone()), side(v2)),
            _ => (side(mine), side(v1.clone()), side(v1.clone())),
        };
        let class = if i % 3 == 0 { "owned" } else { "shared" };
        manifest.push(format!("\"{path}\":\"{class}\""));
        files.push(FileInput {
            path,
            current: a,
            baseline: b,
            latest: l,
        });
    }
    (
        format!("{{\"schema\":1,\"files\":{{{}}}}}", manifest.join(",")),
        files,
    )
}

/// The plan from digests: observed in batches of `batch`, needs supplied in batches too.
fn by_digests(input: &UpdateInput, batch: usize) -> crate::update::UpdatePlan {
    let mut header = input.clone();
    let files = std::mem::take(&mut header.files);
    let mut session = UpdateSession::new(header).unwrap();
    for chunk in files.chunks(batch) {
        session.observe(chunk.to_vec(), Some(false)).unwrap();
    }
    let needs = session.needs().unwrap();
    let bytes = |side: &Option<SideInput>| side.as_ref().and_then(|s| s.bytes.clone());
    for chunk in needs.chunks(batch) {
        let contents = chunk
            .iter()
            .map(|need| {
                let file = files.iter().find(|f| f.path == need.path).unwrap();
                SuppliedContent {
                    path: need.path.clone(),
                    current: bytes(&file.current).filter(|_| need.current),
                    baseline: bytes(&file.baseline).filter(|_| need.baseline),
                    latest: bytes(&file.latest).filter(|_| need.latest),
                }
            })
            .collect();
        session.supply(contents).unwrap();
    }
    session.finish().unwrap()
}

/// The plan from digests observed as columns, needs supplied; `host`: the files' SHA-256
/// handed over with their bytes, as a shim does for a build that hashes slowly.
fn by_columns(input: &UpdateInput, host: bool) -> crate::update::UpdatePlan {
    let mut header = input.clone();
    let files = std::mem::take(&mut header.files);
    let mut session = UpdateSession::new(header).unwrap();
    let (mut kinds, mut joined, mut lengths) = (Vec::new(), Vec::new(), Vec::new());
    let mut digests = Vec::new();
    let paths: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    for f in &files {
        for side in [&f.current, &f.baseline, &f.latest] {
            let bytes = side
                .as_ref()
                .and_then(|s| s.bytes.as_ref())
                .map(|b| b.0.clone());
            kinds.push(u8::from(side.is_some()));
            lengths.push(bytes.as_ref().map_or(0, |b| b.len() as u32));
            if let Some(bytes) = &bytes {
                digests.extend(crate::hash::Digest::of(bytes).as_bytes());
            }
            joined.extend(bytes.unwrap_or_default());
        }
    }
    let columns = super::SideColumns {
        paths: &paths,
        kinds: &kinds,
        joined: &joined,
        lengths: &lengths,
        digests: host.then_some(&digests[..]),
    };
    session.observe_columns(columns).unwrap();
    let needs = session.needs().unwrap();
    let bytes = |side: &Option<SideInput>| side.as_ref().and_then(|s| s.bytes.clone());
    let contents = needs
        .iter()
        .map(|need| {
            let file = files.iter().find(|f| f.path == need.path).unwrap();
            SuppliedContent {
                path: need.path.clone(),
                current: bytes(&file.current).filter(|_| need.current),
                baseline: bytes(&file.baseline).filter(|_| need.baseline),
                latest: bytes(&file.latest).filter(|_| need.latest),
            }
        })
        .collect();
    session.supply(contents).unwrap();
    session.finish().unwrap()
}

#[test]
fn columns_plan_as_objects_do() {
    let (manifest, files) = generated(90);
    for (mode, ignore_eol, host) in [
        (ConflictMode::Patch, false, false),
        (ConflictMode::Merge, false, false),
        (ConflictMode::Merge, false, true),
        (ConflictMode::Merge, true, false),
        (ConflictMode::Merge, true, true),
    ] {
        let mut input = UpdateInput::new("1.0.0", "1.1.0", &manifest, &manifest);
        input.files = files.clone();
        input.options.conflicts = mode;
        input.options.ignore_eol = ignore_eol;
        input.options.run_id = "run".into();
        assert_eq!(
            by_columns(&input, host),
            plan_update(input.clone()).unwrap(),
            "{mode:?}, ignore_eol {ignore_eol}, host digests {host}"
        );
    }
    let mut session =
        UpdateSession::new(UpdateInput::new("1.0.0", "1.1.0", &manifest, &manifest)).unwrap();
    let paths = vec!["a".to_string()];
    let bad = super::SideColumns {
        paths: &paths,
        kinds: &[1, 0, 9],
        joined: b"x",
        lengths: &[1, 0, 0],
        digests: None,
    };
    assert_eq!(
        session.observe_columns(bad).unwrap_err().code(),
        "invalid-argument"
    );
    let short = super::SideColumns {
        paths: &paths,
        kinds: &[1, 0, 1],
        joined: b"x",
        lengths: &[1, 0, 1],
        digests: None,
    };
    assert!(session
        .observe_columns(short)
        .unwrap_err()
        .to_string()
        .contains("add up to 2"));
    let digests = super::SideColumns {
        paths: &paths,
        kinds: &[1, 0, 1],
        joined: b"xy",
        lengths: &[1, 0, 1],
        digests: Some(&[0; 32]),
    };
    assert!(session
        .observe_columns(digests)
        .unwrap_err()
        .to_string()
        .contains("2 regular files need 64 bytes of digests; got 32"));
}

#[test]
fn whole_plans_are_the_in_memory_plans() {
    let (manifest, files) = generated(180);
    for mode in [
        ConflictMode::Patch,
        ConflictMode::Merge,
        ConflictMode::Markers,
    ] {
        for ignore_eol in [false, true] {
            let mut input = UpdateInput::new("1.0.0", "1.1.0", &manifest, &manifest);
            input.files = files.clone();
            input.options.conflicts = mode;
            input.options.ignore_eol = ignore_eol;
            input.options.run_id = "run".into();
            let expected = plan_update(input.clone()).unwrap();
            for batch in [1, 7, 1000] {
                assert_eq!(
                    by_digests(&input, batch),
                    expected,
                    "{mode:?} eol={ignore_eol} batch={batch}"
                );
            }
        }
    }
}

#[test]
fn only_content_the_plan_uses_is_asked_for() {
    let (manifest, files) = generated(18);
    let mut input = UpdateInput::new("1.0.0", "1.1.0", &manifest, &manifest);
    input.options.run_id = "run".into();
    let mut session = UpdateSession::new(input).unwrap();
    session.observe(files, Some(false)).unwrap();
    let needs: Vec<String> = session
        .needs()
        .unwrap()
        .into_iter()
        .map(|n| n.path)
        .collect();
    // Files both sides changed, and only those: rows 1, 2, 4 (a CRLF checkout without the
    // option) and 5 (binary) of the generator, for i = 1, 2, 4, 5, 10, 11, 13, 14.
    let mut expected: Vec<String> = [1, 2, 4, 5, 10, 11, 13, 14]
        .iter()
        .map(|i| format!("d{}/f{i}.txt", i % 7))
        .collect();
    expected.sort();
    assert_eq!(needs, expected);
}

#[test]
fn digest_facts_come_from_one_pass() {
    let d = digest_content(b"a\r\n", true);
    assert!(d.sha256_lf.is_some() && !d.binary && d.size == 3);
}

/// Issue 17's behaviours on the digest route: the dirty guard refuses when the session
/// starts (the shared preparation step), the lockfiles' package manager reaches the
/// install hint, and a file both sides changed is merged with diff3 markers from the
/// bytes supplied for it (the baseline's included).
#[test]
fn the_dirty_guard_the_package_manager_and_the_merge_on_the_digest_route() {
    use crate::update::{Bytes, ConflictRoute, GitStatus};
    let manifest = r#"{"schema":1,"files":{"a.txt":"shared","package.json":"owned"}}"#;
    let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
    input.options.run_id = "run".into();
    input.lockfiles = vec!["yarn.lock".into()];
    let files = || {
        vec![
            FileInput {
                path: "a.txt".into(),
                current: Some(SideInput::file(b"one\nmine\n")),
                baseline: Some(SideInput::file(b"one\ntwo\n")),
                latest: Some(SideInput::file(b"one\ntheirs\n")),
            },
            FileInput {
                path: "package.json".into(),
                current: Some(SideInput::file(b"{}\n")),
                baseline: Some(SideInput::file(b"{}\n")),
                latest: Some(SideInput::file(b"{\"x\": 1}\n")),
            },
        ]
    };
    let mut dirty = input.clone();
    dirty.git = Some(GitStatus {
        prefix: String::new(),
        porcelain: Bytes(b" M a.txt\0".to_vec()),
    });
    let err = UpdateSession::new(dirty).unwrap_err();
    assert_eq!(err.code(), "dirty-worktree");

    let mut session = UpdateSession::new(input.clone()).unwrap();
    session.observe(files(), None).unwrap();
    let needs = session.needs().unwrap();
    assert_eq!(needs.len(), 1);
    assert!(needs[0].current && needs[0].baseline && needs[0].latest);
    session
        .supply(vec![SuppliedContent {
            path: "a.txt".into(),
            current: Some(b"one\nmine\n".to_vec().into()),
            baseline: Some(b"one\ntwo\n".to_vec().into()),
            latest: Some(b"one\ntheirs\n".to_vec().into()),
        }])
        .unwrap();
    let plan = session.finish().unwrap();
    assert_eq!(plan.report.conflicts[0].route, ConflictRoute::Markers);
    assert!(
        plan.summary.contains("run `yarn install`"),
        "{}",
        plan.summary
    );
    input.files = files();
    assert_eq!(plan, plan_update(input).unwrap());
}
