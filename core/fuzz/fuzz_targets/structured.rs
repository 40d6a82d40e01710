//! Field-aware merges on arbitrary JSON and YAML triples: no panic, and whatever is
//! written reads back in its format with nothing applied that was not a verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
use upkeep_core::structured::{
    merge_file, parse_doc, Additions, Format, ListSpec, MergeSpec, TokenSpec,
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
    let format = if selector & 1 == 0 {
        Format::Json
    } else {
        Format::Yaml
    };
    let spec = MergeSpec {
        format,
        values: vec!["packageManager".into(), "a.b".into()],
        maps: vec!["scripts".into(), "overrides".into()],
        tokens: vec![TokenSpec {
            key: "auditors".into(),
            case_insensitive: selector & 2 == 0,
        }],
        lists: vec![ListSpec {
            key: "members".into(),
            by: "name".into(),
            additions: if selector & 4 == 0 {
                Additions::Suggest
            } else {
                Additions::Apply
            },
        }],
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
});
