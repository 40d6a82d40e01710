//! The public suites against the core reader and editor (issue 20): yaml-test-suite (every
//! valid case read and equal to its `in.json`, every error case refused), JSONTestSuite
//! (`y_` read and equal to serde_json's reading, `n_` refused, `i_` either but never read
//! wrong; the same files through the JSONC flag) and the real config files (one managed
//! value changed at a time: the merged file differs from its input only in that value's
//! bytes, written in the file's own style, and re-reads as intended). The data lives in
//! `../shared/peer-data/` (never committed); the counts are printed and asserted.
#![allow(clippy::print_stdout)] // the counts are the report

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value as J;
use upkeep_core::structured::{
    merge, parse_doc, read_file, DocNode, Format, Kind, MergeSpec, Style, Value,
};

fn peer_data() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/peer-data");
    assert!(
        dir.is_dir(),
        "the public suites are read from {} (see its README); it is missing",
        dir.display()
    );
    dir
}

/// Our value against a JSON reference: numbers by the double nearest our exact value.
fn same(ours: &Value, theirs: &J) -> bool {
    match (ours, theirs) {
        (Value::Null, J::Null) => true,
        (Value::Bool(a), J::Bool(b)) => a == b,
        (Value::String(a), J::String(b)) => a == b,
        (Value::Number(a), J::Number(b)) => {
            let ours: f64 = serde_json::from_value::<f64>(
                serde_json::to_value(Value::Number(a.clone())).unwrap_or(J::Null),
            )
            .unwrap_or(f64::NAN);
            let ours = if ours.is_nan() { number_text(a) } else { ours };
            b.as_f64() == Some(ours)
        }
        (Value::List(a), J::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Value::Map(a), J::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}

/// The double nearest a number's decimal text (what serde reports as a string when a
/// double does not hold the value exactly).
fn number_text(text: &str) -> f64 {
    match serde_json::to_value(Value::Number(text.into())) {
        Ok(J::String(s)) => s.parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

/// The suite's visual markers, expanded as its own tools expand them.
fn visual(yaml: &str) -> String {
    let mut out = yaml.replace('␣', " ");
    while let Some(i) = out.find('»') {
        let mut start = i;
        while out[..start].ends_with('—') {
            start -= '—'.len_utf8();
        }
        out.replace_range(start..i + '»'.len_utf8(), "\t");
    }
    out = out
        .replace('←', "\r")
        .replace('⇔', "\u{feff}")
        .replace('↵', "");
    match out.strip_suffix("∎\n") {
        Some(cut) => cut.to_string(),
        None => out,
    }
}

struct YamlCase {
    name: String,
    yaml: String,
    fail: bool,
    json: Option<String>,
}

fn yaml_cases() -> Vec<YamlCase> {
    let dir = peer_data().join("yaml-test-suite/src");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let read = read_file("suite.yaml", None, &fs::read(&file).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let Value::List(items) = &read.documents[0] else {
            panic!("{stem}: not a list")
        };
        // Fields carry over from one item to the next, except `fail`.
        let mut fields: BTreeMap<String, Value> = BTreeMap::new();
        for (i, item) in items.iter().enumerate() {
            let Value::Map(m) = item else {
                panic!("{stem}: an item is not a mapping")
            };
            fields.remove("fail");
            for (k, v) in m {
                fields.insert(k.clone(), v.clone());
            }
            if fields.contains_key("skip") {
                continue;
            }
            let text = |k: &str| match fields.get(k) {
                Some(Value::String(s)) => Some(s.clone()),
                _ => None,
            };
            cases.push(YamlCase {
                name: if items.len() > 1 {
                    format!("{stem}/{i:02}")
                } else {
                    stem.clone()
                },
                yaml: visual(&text("yaml").unwrap_or_default()),
                fail: matches!(fields.get("fail"), Some(Value::Bool(true))),
                json: text("json"),
            });
        }
    }
    cases
}

#[test]
fn yaml_test_suite() {
    let cases = yaml_cases();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut wrong: Vec<String> = Vec::new();
    for case in &cases {
        let got = read_file("case.yaml", None, case.yaml.as_bytes());
        let bucket = match (case.fail, &got) {
            (true, Err(_)) => "error case refused",
            (true, Ok(_)) => {
                wrong.push(format!(
                    "{}: an error case was accepted: {:?}",
                    case.name, case.yaml
                ));
                "error case accepted"
            }
            (false, Err(e)) if e.code() == "unsupported-config" => {
                println!("    {}: {e}", case.name);
                "valid, cannot be read into plain data"
            }
            (false, Err(e)) => {
                wrong.push(format!("{}: a valid case was refused: {e}", case.name));
                "valid case refused"
            }
            (false, Ok(read)) => match &case.json {
                None => "valid, no JSON to compare",
                Some(json) => {
                    let want: Vec<J> = serde_json::Deserializer::from_str(json)
                        .into_iter::<J>()
                        .map(|v| v.unwrap())
                        .collect();
                    let equal = want.len() == read.documents.len()
                        && read.documents.iter().zip(&want).all(|(x, y)| same(x, y));
                    if equal {
                        "valid, read equal to in.json"
                    } else {
                        wrong.push(format!(
                            "{}: read {:?}, in.json says {json}",
                            case.name, read.documents
                        ));
                        "valid, read wrong"
                    }
                }
            },
        };
        *counts.entry(bucket).or_default() += 1;
        if !case.fail && got.is_ok() {
            let editable = parse_doc(Format::Yaml, &case.yaml);
            let bucket = match editable {
                Ok(_) => "valid, a field merge edits it",
                Err(e) if e.message.contains("documents") => "valid, several documents: not edited",
                Err(e) if e.message.contains("not a mapping") => {
                    "valid, top level not a mapping: not edited"
                }
                Err(_) => "valid, not edited (other)",
            };
            *counts.entry(bucket).or_default() += 1;
        }
    }
    println!("yaml-test-suite: {} cases", cases.len());
    for (bucket, n) in &counts {
        println!("  {n:4}  {bucket}");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(cases.len() > 380, "only {} cases found", cases.len());
}

fn json_cases() -> Vec<(String, Vec<u8>)> {
    let dir = peer_data().join("JSONTestSuite/test_parsing");
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// n_ files that are JSON with comments or trailing commas (JSONC reads them).
const JSONC_ONLY: &[&str] = &[
    "n_array_extra_comma.json",
    "n_array_number_and_comma.json",
    "n_object_trailing_comma.json",
    "n_object_trailing_comment.json",
    "n_object_trailing_comment_slash_open.json",
    "n_structure_object_with_comment.json",
];

#[test]
fn json_test_suite() {
    for format in [Format::Json, Format::Jsonc] {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        let mut wrong = Vec::new();
        let cases = json_cases();
        for (name, bytes) in &cases {
            let got = read_file("case.json", Some(format), bytes);
            let reference = serde_json::from_slice::<J>(bytes).ok();
            let class = &name[..2];
            let bucket = match (class, &got) {
                ("n_", Ok(_)) if format == Format::Jsonc && JSONC_ONLY.contains(&name.as_str()) => {
                    "n_ JSONC: read (comments, trailing commas)"
                }
                ("n_", Ok(_)) => {
                    wrong.push(format!("{name}: accepted"));
                    "n_ accepted"
                }
                ("n_", Err(_)) => "n_ refused",
                ("y_", Err(e)) if e.code() == "unsupported-config" => {
                    "y_ a repeated key: not edited"
                }
                ("y_", Err(e)) => {
                    wrong.push(format!("{name}: refused: {e}"));
                    "y_ refused"
                }
                (_, Ok(read)) => match &reference {
                    Some(r) if same(&read.documents[0], r) => {
                        if class == "y_" {
                            "y_ read, equal to serde_json"
                        } else {
                            "i_ read, equal to serde_json"
                        }
                    }
                    Some(r) => {
                        wrong.push(format!(
                            "{name}: read {:?}, serde_json reads {r}",
                            read.documents
                        ));
                        "read wrong"
                    }
                    None if class == "i_" => "i_ read (serde_json refuses it)",
                    None => {
                        wrong.push(format!("{name}: no reference reading"));
                        "y_ without reference"
                    }
                },
                (_, Err(_)) => "i_ refused",
            };
            *counts.entry(bucket.to_string()).or_default() += 1;
        }
        println!("JSONTestSuite as {}: {} files", format.name(), cases.len());
        for (bucket, n) in &counts {
            println!("  {n:4}  {bucket}");
        }
        assert!(wrong.is_empty(), "{format:?}:\n{}", wrong.join("\n"));
        if format == Format::Jsonc {
            assert_eq!(
                counts["n_ JSONC: read (comments, trailing commas)"],
                JSONC_ONLY.len()
            );
        }
    }
}

/// A managed leaf of a real file: where its text is, and the dotted path a declaration
/// names to reach it (the nearest mapping above it when it sits in a list).
struct Leaf {
    path: String,
    start: usize,
    end: usize,
    style: Style,
    value: Value,
}

fn leaves(node: &DocNode, path: &str, in_list: bool, out: &mut Vec<Leaf>) {
    match &node.kind {
        Kind::Scalar(v) => {
            if !path.is_empty() && node.locked.is_none() && node.start < node.end {
                out.push(Leaf {
                    path: path.into(),
                    start: node.start,
                    end: node.end,
                    style: node.style,
                    value: v.clone(),
                });
            }
        }
        Kind::List(items) => {
            for item in items {
                leaves(item, path, true, out);
            }
        }
        Kind::Map(entries) => {
            for e in entries {
                if in_list {
                    leaves(&e.value, path, true, out);
                } else if e.key.contains('.') || e.key.is_empty() {
                    // A dotted path cannot name this key: its parent is the managed value.
                    if !path.is_empty() {
                        leaves(&e.value, path, true, out);
                    }
                } else {
                    let p = if path.is_empty() {
                        e.key.clone()
                    } else {
                        format!("{path}.{}", e.key)
                    };
                    leaves(&e.value, &p, false, out);
                }
            }
        }
    }
}

/// The leaf's text with its value changed, in the same style.
fn changed(text: &str, leaf: &Leaf, format: Format) -> Option<String> {
    let raw = &text[leaf.start..leaf.end];
    let new = match (&leaf.value, leaf.style) {
        (Value::String(_), Style::Plain) => format!("{raw}-x"),
        (Value::String(_), Style::Single | Style::Double) => {
            format!("{}-x{}", &raw[..raw.len() - 1], &raw[raw.len() - 1..])
        }
        (Value::String(_), Style::Literal | Style::Folded) => {
            // The end of the first content line.
            let first = raw.find('\n')? + 1;
            let line_end = raw[first..]
                .find(['\n', '\r'])
                .map_or(raw.len(), |i| first + i);
            if raw[first..line_end].trim().is_empty() {
                return None;
            }
            format!("{}-x{}", &raw[..line_end], &raw[line_end..])
        }
        (Value::Number(n), _) if n.bytes().all(|c| c.is_ascii_digit()) && n.len() < 15 => {
            (n.parse::<u64>().ok()? + 1).to_string()
        }
        (Value::Bool(b), _) => match (b, raw) {
            (true, "true") => "false".into(),
            (false, "false") => "true".into(),
            _ => return None,
        },
        _ => return None,
    };
    let _ = format;
    Some(format!("{}{new}{}", &text[..leaf.start], &text[leaf.end..]))
}

#[test]
fn real_files_round_trip() {
    let dir = peer_data().join("real");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x != "json" || !p.ends_with("MANIFEST.json"))
        })
        .filter(|p| !p.ends_with("MANIFEST.json"))
        .collect();
    files.sort();
    let (mut edits, mut restyled, mut refused) = (0, 0, 0);
    let mut wrong = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(file).unwrap();
        let read =
            read_file(&name, None, text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let doc = parse_doc(read.format, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut found = Vec::new();
        leaves(&doc.root, "", false, &mut found);
        assert!(!found.is_empty(), "{name}: no managed leaf");
        for leaf in &found {
            let Some(latest) = changed(&text, leaf, read.format) else {
                continue;
            };
            let spec = MergeSpec {
                format: read.format,
                values: vec![leaf.path.clone()],
                maps: vec![],
                tokens: vec![],
                lists: vec![],
                couple: Default::default(),
            };
            let out = merge(&spec, &text, &text, &latest);
            match (&out.merged, &out.fallback) {
                (Some(m), None) if *m == latest => edits += 1,
                (_, Some(reason)) if reason.contains("cannot edit safely") => refused += 1,
                _ => wrong.push(format!(
                    "{name} {}: {:?} / {:?}",
                    leaf.path,
                    out.fallback,
                    out.merged.as_deref().map(|m| &m[..m.len().min(200)])
                )),
            }
            // The latest release writes the new string double-quoted: the project's style stays.
            if let (Value::String(_), Format::Yaml) = (&leaf.value, read.format) {
                let new_value = parse_doc(Format::Yaml, &latest)
                    .ok()
                    .and_then(|d| d.root.lookup(&leaf.path).map(DocNode::value));
                let restyled_latest = match (new_value, leaf.style) {
                    (
                        Some(Value::String(_)),
                        Style::Plain | Style::Single | Style::Literal | Style::Folded,
                    ) => {
                        let after = parse_doc(Format::Yaml, &latest).unwrap();
                        let moved = find_leaf(&after.root, leaf.start);
                        moved.map(|(s, e, v)| {
                            format!(
                                "{}{}{}",
                                &latest[..s],
                                serde_json::to_string(&v).unwrap(),
                                &latest[e..]
                            )
                        })
                    }
                    _ => None,
                };
                if let Some(other) = restyled_latest {
                    let out = merge(&spec, &text, &text, &other);
                    let wrapped =
                        text[leaf.start..leaf.end].contains('\n') && leaf.style != Style::Literal;
                    match (&out.merged, &out.fallback) {
                        (Some(m), None) if *m == latest => restyled += 1,
                        // A value the project wraps over lines is written in its style
                        // (plain stays plain, folded stays folded), re-wrapped.
                        (Some(m), None)
                            if wrapped && style_of(m, leaf.start) == Some(leaf.style) =>
                        {
                            restyled += 1
                        }
                        (_, Some(reason)) if reason.contains("cannot edit safely") => {}
                        _ => wrong.push(format!(
                            "{name} {} restyled: {:?} / {:?}",
                            leaf.path,
                            out.fallback,
                            out.merged.as_deref().map(|m| &m[..m.len().min(300)])
                        )),
                    }
                }
            }
        }
    }
    println!(
        "real files: {} files, {edits} values changed one at a time and written byte-exact, {restyled} of them from a differently quoted latest value, {refused} refused as unsafe (aliases)",
        files.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(files.len(), 44);
}

/// The style of the scalar starting at `start`.
fn style_of(text: &str, start: usize) -> Option<Style> {
    fn find(node: &DocNode, start: usize) -> Option<Style> {
        match &node.kind {
            Kind::Scalar(_) if node.start == start => Some(node.style),
            Kind::Scalar(_) => None,
            Kind::List(items) => items.iter().find_map(|i| find(i, start)),
            Kind::Map(entries) => entries.iter().find_map(|e| find(&e.value, start)),
        }
    }
    find(&parse_doc(Format::Yaml, text).ok()?.root, start)
}

/// The scalar starting at `start` (span and string value).
fn find_leaf(node: &DocNode, start: usize) -> Option<(usize, usize, String)> {
    match &node.kind {
        Kind::Scalar(Value::String(s)) if node.start == start => {
            Some((node.start, node.end, s.clone()))
        }
        Kind::Scalar(_) => None,
        Kind::List(items) => items.iter().find_map(|i| find_leaf(i, start)),
        Kind::Map(entries) => entries.iter().find_map(|e| find_leaf(&e.value, start)),
    }
}
