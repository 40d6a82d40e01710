//! Real-file tests: the three reference files with formatting quirks, every verdict row
//! per kind of part, byte preservation, and malformed inputs falling back.

use super::*;

fn spec_json() -> MergeSpec {
    MergeSpec {
        format: Format::Json,
        couple: Default::default(),
        values: vec!["packageManager".into()],
        maps: vec![
            "dependencies".into(),
            "devDependencies".into(),
            "scripts".into(),
            "engines".into(),
        ],
        tokens: vec![],
        lists: vec![],
    }
}

fn spec_workspace() -> MergeSpec {
    MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec![
            "minimumReleaseAge".into(),
            "trustPolicy".into(),
            "publicHoistPattern".into(),
            "strictPeerDependencies".into(),
        ],
        maps: vec!["overrides".into(), "allowBuilds".into()],
        tokens: vec![],
        lists: vec![],
    }
}

fn spec_audit() -> MergeSpec {
    MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec![
            "gate_label".into(),
            "budget_seconds".into(),
            "retrigger_workflows".into(),
        ],
        maps: vec![],
        tokens: vec![TokenSpec {
            key: "audit_authors".into(),
            case_insensitive: true,
        }],
        lists: vec![ListSpec {
            key: "auditors".into(),
            by: "name".into(),
            additions: Additions::Apply,
        }],
    }
}

/// `(verdict, section, key)` triples, in order.
fn verdicts(m: &StructuredMerge) -> Vec<(Verdict, String, String)> {
    m.applied
        .iter()
        .chain(&m.conflicts)
        .chain(&m.suggestions)
        .map(|v| {
            (
                v.verdict,
                v.section.clone().unwrap_or_default(),
                v.key.clone(),
            )
        })
        .collect()
}

fn triple(v: Verdict, s: &str, k: &str) -> (Verdict, String, String) {
    (v, s.into(), k.into())
}

#[test]
fn package_json_every_row_four_space_indent() {
    let baseline = r#"{
  "name": "template",
  "version": "1.0.0",
  "packageManager": "pnpm@10.0.0",
  "scripts": {"build": "tsc", "test": "node --test", "lint": "eslint ."},
  "dependencies": {
    "same": "1.0.0",
    "bump": "^1.0.0",
    "repinned": "^2.0.0",
    "dropped-by-you": "^3.0.0",
    "dropped-upstream": "^4.0.0",
    "already": "^5.0.0"
  }
}
"#;
    let latest = r#"{
  "name": "template",
  "version": "1.1.0",
  "packageManager": "pnpm@10.1.0",
  "scripts": {"build": "tsc -b", "test": "node --test", "lint": "eslint ."},
  "dependencies": {
    "same": "1.0.0",
    "bump": "^1.1.0",
    "repinned": "^2.1.0",
    "dropped-by-you": "^3.1.0",
    "already": "^5.1.0",
    "new-dep": "^6.0.0"
  },
  "engines": {"node": ">=20"}
}
"#;
    let current = "{\r\n    \"name\": \"my-app\",\r\n    \"version\": \"0.0.1\",\r\n    \"private\": true,\r\n    \"packageManager\": \"pnpm@10.0.0\",\r\n    \"scripts\": {\"build\": \"tsc\", \"test\": \"node --test\", \"mine\": \"x\"},\r\n    \"dependencies\": {\r\n        \"same\": \"1.0.0\",\r\n        \"bump\":    \"^1.0.0\",\r\n        \"repinned\": \"^2.0.5\",\r\n        \"dropped-upstream\": \"^4.0.0\",\r\n        \"already\": \"^5.1.0\",\r\n        \"own\": \"^9.0.0\"\r\n    }\r\n}\r\n";
    let out = merge(&spec_json(), current, baseline, latest);
    assert_eq!(out.fallback, None);
    use Verdict::*;
    assert_eq!(
        verdicts(&out),
        [
            triple(Apply, "", "packageManager"),
            triple(Apply, "dependencies", "bump"),
            triple(Apply, "scripts", "build"),
            triple(Conflict, "dependencies", "repinned"),
            triple(SuggestRemoved, "dependencies", "dropped-by-you"),
            triple(SuggestAdd, "dependencies", "new-dep"),
            triple(SuggestAdd, "engines", "node"),
            triple(DroppedUpstream, "dependencies", "dropped-upstream"),
        ]
    );
    let want = current
        .replace("pnpm@10.0.0", "pnpm@10.1.0")
        .replace("\"bump\":    \"^1.0.0\"", "\"bump\":    \"^1.1.0\"")
        .replace("\"build\": \"tsc\"", "\"build\": \"tsc -b\"");
    assert_eq!(out.merged.as_deref(), Some(want.as_str()));
    let notes = render_notes("package.json", &out).unwrap();
    for name in [
        "dependencies › repinned",
        "dependencies › dropped-by-you",
        "dependencies › new-dep",
        "engines › node",
    ] {
        assert!(notes.contains(name), "{name}\n{notes}");
    }
    assert!(notes.contains("yours:    \"^2.0.5\""));
}

#[test]
fn version_only_release_is_a_clean_skip() {
    let b = r#"{"name":"t","version":"1.0.0","dependencies":{"a":"1"}}"#;
    let l = r#"{"name":"t","version":"1.1.0","dependencies":{"a":"1"}}"#;
    let a = r#"{"name":"mine","version":"0.1.0","dependencies":{"a":"2","b":"3"}}"#;
    let out = merge(&spec_json(), a, b, l);
    assert_eq!(out, StructuredMerge::default());
    assert_eq!(render_notes("package.json", &out), None);
}

#[test]
fn workspace_yaml_values_and_maps_keep_formatting() {
    // A whole-value list is replaced as one span: a comment after its last item stays
    // where the value ends.
    let baseline = "packages:\n  - 'packages/*'\nminimumReleaseAge: 1440\ntrustPolicy: no-downgrade\npublicHoistPattern:\n  - '*eslint*'\noverrides:\n  lodash: 4.17.20\n  old: 1.0.0\nallowBuilds:\n  esbuild: true\n";
    let latest = "packages:\n  - 'packages/*'\nminimumReleaseAge: 2880\ntrustPolicy: no-downgrade\npublicHoistPattern:\n  - '*eslint*'\n  - '*prettier*'\noverrides:\n  lodash: 4.17.21\n  old: 1.0.1\n  added: 2.0.0\nallowBuilds:\n  esbuild: true\n  sharp: true\nstrictPeerDependencies: true\n";
    let current = "# workspace settings\npackages:\n    - 'packages/*'\n    - apps/*\nminimumReleaseAge: 1440   # one day\ntrustPolicy: \"no-downgrade\"\npublicHoistPattern:\n    - '*eslint*'   # lint\noverrides:\n    \"lodash\": '4.17.20'\n    mine: 1.2.3\nallowBuilds: {esbuild: true, mine: false}\n";
    let out = merge(&spec_workspace(), current, baseline, latest);
    assert_eq!(out.fallback, None);
    use Verdict::*;
    assert_eq!(
        verdicts(&out),
        [
            triple(Apply, "", "minimumReleaseAge"),
            triple(Apply, "", "publicHoistPattern"),
            triple(Apply, "overrides", "lodash"),
            triple(SuggestAdd, "", "strictPeerDependencies"),
            triple(SuggestRemoved, "overrides", "old"),
            triple(SuggestAdd, "overrides", "added"),
            triple(SuggestAdd, "allowBuilds", "sharp"),
        ]
    );
    let want = "# workspace settings\npackages:\n    - 'packages/*'\n    - apps/*\nminimumReleaseAge: 2880   # one day\ntrustPolicy: \"no-downgrade\"\npublicHoistPattern:\n    - '*eslint*'\n    - '*prettier*'   # lint\noverrides:\n    \"lodash\": '4.17.21'\n    mine: 1.2.3\nallowBuilds: {esbuild: true, mine: false}\n";
    assert_eq!(out.merged.as_deref(), Some(want));
}

#[test]
fn audit_ci_tokens_and_roster() {
    let baseline = "gate_label: audit\nbudget_seconds: 600\naudit_authors: \"alice=ci bob=local\"\nretrigger_workflows: [ci, lint]\nauditors:\n  - name: code-audit\n    globs: [\"src/**\"]\n    scope: code\n  - name: docs-audit\n    globs: [\"docs/**\"]\n    scope: docs\n";
    let latest = "gate_label: audit\nbudget_seconds: 900\naudit_authors: \"alice=local bob=ci carol=ci\"\nretrigger_workflows: [ci, lint, test]\nauditors:\n  - name: code-audit\n    globs: [\"src/**\", \"lib/**\"]\n    scope: code\n  - name: docs-audit\n    globs: [\"docs/**\", \"wiki/**\"]\n    scope: docs\n  - name: workflow-audit\n    scope: ci\n    globs: [\".github/**\"]\n";
    let current = "gate_label: audit\r\nbudget_seconds: 600\r\naudit_authors: \"ALICE=ci bob=ci dave=local\"\r\nretrigger_workflows: [ci, lint]  # flow\r\nauditors:\r\n    -   name: code-audit\r\n        globs: [\"src/**\"]\r\n        scope: code\r\n    -   name: docs-audit\r\n        globs: [\"docs/**\", \"mine/**\"]\r\n        scope: docs\r\n    -   name: my-audit\r\n        globs: [\"x/**\"]\r\n        scope: mine\r\n";
    let out = merge(&spec_audit(), current, baseline, latest);
    assert_eq!(out.fallback, None);
    use Verdict::*;
    assert_eq!(
        verdicts(&out),
        [
            triple(Apply, "", "budget_seconds"),
            triple(Apply, "", "retrigger_workflows"),
            triple(Apply, "audit_authors", "alice"),
            triple(Apply, "auditors", "code-audit"),
            triple(Apply, "auditors", "workflow-audit"),
            triple(Conflict, "auditors", "docs-audit"),
            triple(SuggestAdd, "audit_authors", "carol"),
        ]
    );
    let merged = out.merged.unwrap();
    let want = "gate_label: audit\r\nbudget_seconds: 900\r\naudit_authors: \"ALICE=local bob=ci dave=local\"\r\nretrigger_workflows: [ci, lint, test]  # flow\r\nauditors:\r\n    -   name: code-audit\r\n        globs: [\"src/**\", \"lib/**\"]\r\n        scope: code\r\n    -   name: docs-audit\r\n        globs: [\"docs/**\", \"mine/**\"]\r\n        scope: docs\r\n    -   name: my-audit\r\n        globs: [\"x/**\"]\r\n        scope: mine\r\n    -   name: workflow-audit\r\n        globs: [\".github/**\"]\r\n        scope: ci\r\n";
    assert_eq!(merged, want);
}

#[test]
fn tabs_and_quoted_keys_and_inline_objects_survive() {
    let spec = MergeSpec {
        format: Format::Json,
        couple: Default::default(),
        values: vec!["a.b".into()],
        maps: vec!["deps".into()],
        tokens: vec![],
        lists: vec![],
    };
    let b = "{\"a\":{\"b\":[1,2]},\"deps\":{\"x\\\"y\":\"1\"}}";
    let l = "{\"a\":{\"b\":[1,2,3]},\"deps\":{\"x\\\"y\":\"2\"}}";
    let a = "{\n\t\"a\": { \"b\": [1,2], \"c\": \"keep\" },\n\t\"deps\": {\n\t\t\"x\\\"y\": \"1\"\n\t}\n}";
    let out = merge(&spec, a, b, l);
    let want = "{\n\t\"a\": { \"b\": [1,2,3], \"c\": \"keep\" },\n\t\"deps\": {\n\t\t\"x\\\"y\": \"2\"\n\t}\n}";
    assert_eq!(out.merged.as_deref(), Some(want));
}

#[test]
fn yaml_values_keep_the_project_layout_or_move_when_they_must() {
    let spec = MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec!["list".into(), "other".into(), "nested".into(), "map".into()],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
    };
    let b = "list: [a]\nother:\n  - x\nnested: [a]\nmap: {a: 1}\n";
    let l = "list:\n  - a\n  - 'b'\nother: [x, y]\nnested:\n  - k: v\nmap:\n  a: 2\n";
    let a = "list: [a]\nother:\n    - x\nnested: [a] # mine\nmap: {a: 1}\nkeep: 1 # mine\n";
    let out = merge(&spec, a, b, l);
    // Lists and maps of scalars are written in the project's layout; anything else moves.
    assert_eq!(
        out.merged.as_deref(),
        Some("list: [a, 'b']\nother:\n    - x\n    - y\nnested:\n  - k: v # mine\nmap: {a: 2}\nkeep: 1 # mine\n")
    );
}

#[test]
fn malformed_or_misshapen_inputs_fall_back() {
    let good = "{\"dependencies\":{\"a\":\"1\"}}";
    let bumped = "{\"dependencies\":{\"a\":\"2\"}}";
    for (a, b, l) in [
        ("{\"dependencies\":{\"a\":\"1\",}}", good, bumped),
        (good, "{", bumped),
        (good, good, "[1]"),
        ("{\"dependencies\":\"a\"}", good, bumped),
    ] {
        let out = merge(&spec_json(), a, b, l);
        assert!(out.fallback.is_some(), "{a} {b} {l}");
        assert!(out.merged.is_none() && out.applied.is_empty());
    }
    let yaml_good = "auditors:\n  - name: a\n    scope: x\n";
    let yaml_bumped = "auditors:\n  - name: a\n    scope: y\n";
    for a in [
        "auditors:\n  - name: a\n  - name: a\n",
        "auditors: |\n  text\n",
        "auditors:\n  - name: a\n---\nx: 1\n",
    ] {
        let out = merge(&spec_audit(), a, yaml_good, yaml_bumped);
        assert!(out.fallback.is_some(), "{a}");
    }
}

#[test]
fn an_applied_member_changes_only_its_changed_fields() {
    let b = "auditors:\n  - name: code\n    globs: [src]\n    scope: code\n";
    let l = "auditors:\n- scope: code\n  name: code\n  globs:\n    - src\n    - lib\n";
    let a = "auditors:\n  - name: code   # main\n    globs: [src]\n    scope: code\n";
    let out = merge(&spec_audit(), a, b, l);
    assert_eq!(
        out.merged.as_deref(),
        Some("auditors:\n  - name: code   # main\n    globs: [src, lib]\n    scope: code\n")
    );
}

/// Every row of the verdict table for each kind of part, on YAML files whose applied
/// result must be exactly the project's file with the latest value in place.
#[test]
fn every_row_for_every_kind_of_part() {
    type Gen = fn(Option<&str>) -> String;
    let value: Gen = |v| v.map_or("other: 0\n".into(), |v| format!("other: 0\nk: {v} # c\n"));
    let entry: Gen = |v| v.map_or("m:\n  o: 0\n".into(), |v| format!("m:\n  o: 0\n  k: {v}\n"));
    let token: Gen = |v| v.map_or("t: 'o=0'\n".into(), |v| format!("t: 'o=0 k={v}'\n"));
    let member: Gen = |v| {
        v.map_or("l:\n  - name: o\n    v: 0\n".into(), |v| {
            format!("l:\n  - name: o\n    v: 0\n  - name: k\n    v: {v}\n")
        })
    };
    let spec = |apply: bool| MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec!["k".into()],
        maps: vec!["m".into()],
        tokens: vec![TokenSpec {
            key: "t".into(),
            case_insensitive: false,
        }],
        lists: vec![ListSpec {
            key: "l".into(),
            by: "name".into(),
            additions: if apply {
                Additions::Apply
            } else {
                Additions::Suggest
            },
        }],
    };
    use Verdict::*;
    let (x, y, z) = (Some("x"), Some("y"), Some("z"));
    // (A, B, L, verdict, verdict for lists declaring `additions: apply`)
    let rows = [
        (x, x, x, None, None),
        (y, x, x, None, None),
        (None, x, x, None, None),
        (x, x, y, Some(Apply), Some(Apply)),
        (y, x, y, None, None),
        (z, x, y, Some(Conflict), Some(Conflict)),
        (None, x, y, Some(SuggestRemoved), Some(SuggestRemoved)),
        (None, None, y, Some(SuggestAdd), Some(Apply)),
        (z, None, y, Some(SuggestAdd), Some(Conflict)),
        (x, x, None, None, None),
        (z, x, None, None, None),
        (None, x, None, None, None),
    ];
    let kinds: [(&str, Gen, bool); 5] = [
        ("value", value, false),
        ("entry", entry, false),
        ("token", token, false),
        ("member", member, false),
        ("member apply", member, true),
    ];
    for (name, gen, apply) in kinds {
        for (i, (a, b, l, want, want_apply)) in rows.iter().enumerate() {
            let want = if apply { *want_apply } else { *want };
            let current = gen(*a);
            let out = merge(&spec(apply), &current, &gen(*b), &gen(*l));
            assert_eq!(out.fallback, None, "{name} row {i}");
            let got: Vec<Verdict> = verdicts(&out).into_iter().map(|v| v.0).collect();
            assert_eq!(got, want.into_iter().collect::<Vec<_>>(), "{name} row {i}");
            let expected = (want == Some(Apply)).then(|| gen(*l));
            assert_eq!(out.merged, expected, "{name} row {i}");
        }
    }
}

#[test]
fn json_keyed_lists_replace_and_append_members() {
    let spec = MergeSpec {
        format: Format::Json,
        couple: Default::default(),
        values: vec![],
        maps: vec![],
        tokens: vec![],
        lists: vec![ListSpec {
            key: "tools.list".into(),
            by: "id".into(),
            additions: Additions::Apply,
        }],
    };
    let b = r#"{"tools":{"list":[{"id":"a","v":1}]}}"#;
    let l = r#"{"tools":{"list":[{"id":"a","v":2},{"id":"b","v":1}]}}"#;
    let a = "{\n  \"tools\": {\n    \"list\": [\n      {\"id\": \"a\", \"v\": 1},\n      {\"id\": \"mine\"}\n    ]\n  }\n}\n";
    let out = merge(&spec, a, b, l);
    assert_eq!(
        out.merged.as_deref(),
        Some("{\n  \"tools\": {\n    \"list\": [\n      {\"id\": \"a\", \"v\": 2},\n      {\"id\": \"mine\"},\n      {\"id\":\"b\",\"v\":1}\n    ]\n  }\n}\n")
    );
}

#[test]
fn tabs_in_yaml_values_and_empty_values() {
    let spec = MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec!["a".into(), "b".into()],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
    };
    let out = merge(&spec, "a:\t1\t# tab\nb:\n", "a: 1\nb:\n", "a: 2\nb: [x]\n");
    assert_eq!(out.merged.as_deref(), Some("a:\t2\t# tab\nb: [x]\n"));
}

/// Truncating or dropping any one byte of any side never panics, and whatever the merge
/// writes still reads back (a side that does not parse is a fallback).
#[test]
fn damaged_inputs_never_panic() {
    let b = "gate: a\naudit_authors: \"alice=ci\"\nauditors:\n  - name: code\n    globs: [\"src\", b]\n    scope: {a: 1}\n";
    let l = "gate: b\naudit_authors: \"alice=local\"\nauditors:\n  - name: code\n    globs: [\"src\", c]\n    scope: {a: 2}\n  - name: new\n    globs: []\n";
    let a = "# x\r\ngate: a  # g\r\naudit_authors: \"ALICE=ci bob=x\"\r\nauditors:\r\n    - name: code\r\n      globs: [\"src\", b]\r\n      scope: {a: 1}\r\n";
    let spec = MergeSpec {
        values: vec!["gate".into()],
        ..spec_audit()
    };
    let variants = |text: &str| -> Vec<String> {
        let mut out = Vec::new();
        for i in 0..text.len() {
            if text.is_char_boundary(i) {
                out.push(text[..i].to_string());
                out.push(format!("{}{}", &text[..i], &text[i + 1..]));
            }
        }
        out
    };
    for damaged in variants(a) {
        let out = merge(&spec, &damaged, b, l);
        if let Some(text) = &out.merged {
            assert!(parse_doc(Format::Yaml, text).is_ok(), "{damaged:?}");
        }
    }
    for damaged in variants(l) {
        merge(&spec, a, b, &damaged);
    }
    for damaged in variants(b) {
        merge(&spec, a, &damaged, l);
    }
}

#[test]
fn damaged_json_never_panics() {
    let b = r#"{"packageManager":"pnpm@1","dependencies":{"a":"1","b":"1"}}"#;
    let l = r#"{"packageManager":"pnpm@2","dependencies":{"a":"2","b":"1","c":"1"}}"#;
    let a = "{\n  \"name\": \"x\\\"y\",\n  \"packageManager\": \"pnpm@1\",\n  \"dependencies\": {\"a\": \"1\", \"b\": \"2\"}\n}\n";
    for i in 0..a.len() {
        for damaged in [a[..i].to_string(), format!("{}{}", &a[..i], &a[i + 1..])] {
            let out = merge(&spec_json(), &damaged, b, l);
            if let Some(text) = &out.merged {
                assert!(parse_doc(Format::Json, text).is_ok(), "{damaged:?}");
            }
        }
    }
}

#[test]
fn an_empty_block_scalar_at_the_end_of_a_file_without_a_newline_is_edited_whole() {
    // Found by fuzz-smoke: the node ended before the blank after its header, and the edit
    // sliced the text backwards.
    let spec = MergeSpec {
        format: Format::Yaml,
        couple: Default::default(),
        values: vec!["k".into()],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
    };
    for current in ["k: >-\t", "k: |-\t", "k: >- "] {
        let out = merge(&spec, current, current, "{\"k\": \"new\"}");
        if let Some(merged) = &out.merged {
            let doc = parse_doc(Format::Yaml, merged).expect("the edit reads back");
            assert_eq!(
                doc.root.value(),
                parse_doc(Format::Yaml, "k: new\n").unwrap().root.value(),
                "{current:?} → {merged:?}"
            );
        }
    }
}
