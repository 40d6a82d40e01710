//! Field-aware merges on arbitrary JSON, JSONC and YAML triples: no panic, whatever is
//! written reads back in its format with nothing applied that was not a verdict, and — the
//! differential against the parser — for every file the parser accepts, an upstream change
//! of one of its values to an arbitrary string is either refused or written so that the
//! same parser reads back exactly the file's data with that one value changed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use upkeep_core::structured::{
    merge, merge_file, parse_doc, Additions, Couple, Format, Kind, ListSpec, MergeSpec, TokenSpec,
    Value,
};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let mut sides = text.splitn(3, '\u{0}');
    let (current, baseline, latest) = (
        sides.next().unwrap_or_default(),
        sides.next().unwrap_or_default(),
        sides.next().unwrap_or_default(),
    );
    let format = match selector & 3 {
        0 => Format::Json,
        1 | 3 => Format::Yaml,
        _ => Format::Jsonc,
    };
    let spec = MergeSpec {
        format,
        values: vec!["packageManager".into(), "a.b".into()],
        maps: vec![
            "scripts".into(),
            "overrides".into(),
            "devDependencies".into(),
        ],
        tokens: vec![TokenSpec {
            key: "auditors".into(),
            case_insensitive: selector & 4 == 0,
        }],
        lists: vec![ListSpec {
            key: "members".into(),
            by: "name".into(),
            additions: if selector & 8 == 0 {
                Additions::Suggest
            } else {
                Additions::Apply
            },
        }],
        couple: if selector & 16 == 0 {
            Couple::Suggest
        } else {
            Couple::Apply
        },
    };
    let outcome = merge_file("fuzz", &spec, current, baseline, latest).expect("a valid spec");
    if let Some(merged) = &outcome.merged {
        assert!(
            parse_doc(format, merged).is_ok(),
            "a merged file always reads back"
        );
        assert!(
            !outcome.applied.is_empty() || merged == current,
            "no edit without a verdict"
        );
    }
    differential(format, current, baseline);
});

/// `current` with its first top-level value changed upstream to `new` (a string from the
/// input): the merge either refuses or writes exactly that change.
fn differential(format: Format, current: &str, new: &str) {
    let Ok(doc) = parse_doc(format, current) else {
        return;
    };
    let Kind::Map(entries) = &doc.root.kind else {
        return;
    };
    let Some(entry) = entries.iter().find(|e| !e.key.contains('.') && !e.key.is_empty()) else {
        return;
    };
    let key = entry.key.clone();
    let mut quoted = String::new();
    upkeep_core::json::write_string(&mut quoted, &key);
    let mut value = String::new();
    upkeep_core::json::write_string(&mut value, new);
    // The latest release: the same key holding the new string, written as JSON (which is
    // YAML too).
    let latest = format!("{{{quoted}: {value}}}");
    let spec = MergeSpec {
        format,
        values: vec![key.clone()],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
        couple: Couple::Suggest,
    };
    let out = merge(&spec, current, current, &latest);
    let Some(merged) = out.merged else {
        return;
    };
    let reread = parse_doc(format, &merged).expect("an edited file reads back");
    let Value::Map(mut want) = doc.root.value() else {
        unreachable!()
    };
    for (k, v) in want.iter_mut() {
        if *k == key {
            *v = Value::String(new.to_string());
        }
    }
    assert!(
        reread.root.value().same_data(&Value::Map(want)),
        "the edit of {key:?} re-reads as intended:\n{current:?}\n→ {merged:?}"
    );
}
