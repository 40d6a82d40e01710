//! Adding an entry to the project's JSON object (a coupled dependency or script under
//! `couple: apply`): written after the object's last entry, on its own line indented like
//! that entry when the object spans lines, inline otherwise; the latest release's key and
//! value text as they are. Line endings follow the project's file.
//!
//! ```
//! use upkeep_core::structured::{merge, Couple, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Json, values: vec![],
//!     maps: vec!["scripts".into(), "devDependencies".into()], tokens: vec![], lists: vec![],
//!     couple: Couple::Apply };
//! let current = "{\r\n  \"scripts\": {\"lint\": \"eslint .\"},\r\n  \"devDependencies\": {\r\n    \"vite\": \"6\"\r\n  }\r\n}\r\n";
//! let base = r#"{"scripts": {"lint": "eslint ."}, "devDependencies": {"vite": "6"}}"#;
//! let latest = r#"{"scripts": {"lint": "oxlint"}, "devDependencies": {"vite": "6", "oxlint": "^1.0.0"}}"#;
//! let out = merge(&spec, current, base, latest);
//! assert_eq!(out.merged.as_deref(), Some("{\r\n  \"scripts\": {\"lint\": \"oxlint\"},\r\n  \"devDependencies\": {\r\n    \"vite\": \"6\",\r\n    \"oxlint\": \"^1.0.0\"\r\n  }\r\n}\r\n"));
//! ```

use super::doc::{DocNode, Entry, Format, Kind};
use super::edit::{Splice, Texts};

/// The splice adding `entry` (the latest release's) to the project's object `map`.
pub(crate) fn insert_entry(t: &Texts<'_>, map: &DocNode, entry: &Entry) -> Result<Splice, String> {
    if t.format != Format::Json {
        return Err("entries are added to JSON objects only".into());
    }
    let Kind::Map(entries) = &map.kind else {
        return Err("not an object".into());
    };
    let text = &t.l[entry.key_start..entry.value.end];
    let Some(last) = entries.last() else {
        // `{}` (or `{ }`): the entry goes right after the brace.
        let at = map.start + 1;
        return Ok(Splice {
            start: at,
            end: at,
            text: text.replace("\r\n", "\n").replace('\n', eol(t.a)),
        });
    };
    let before = entries
        .len()
        .checked_sub(2)
        .map_or(map.start + 1, |i| entries[i].value.end);
    let multiline = t.a[before..last.key_start].contains('\n');
    let sep = if multiline {
        format!(",{}{}", eol(t.a), indent(t.a, last.key_start))
    } else {
        ", ".into()
    };
    Ok(Splice {
        start: last.value.end,
        end: last.value.end,
        text: format!("{sep}{text}"),
    })
}

/// The project's line ending.
fn eol(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// The leading whitespace of the line holding `at`.
fn indent(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structured::parse_doc;

    fn insert(current: &str, latest: &str) -> String {
        let a = parse_doc(Format::Json, current).unwrap();
        let l = parse_doc(Format::Json, latest).unwrap();
        let map = a.root.lookup("d").unwrap();
        let entry = l.root.lookup("d").unwrap().entry("new").unwrap();
        let t = Texts {
            a: current,
            l: latest,
            format: Format::Json,
        };
        let s = insert_entry(&t, map, entry).unwrap();
        format!("{}{}{}", &current[..s.start], s.text, &current[s.end..])
    }

    #[test]
    fn layouts() {
        let latest = r#"{"d": {"new": {"x": 1}}}"#;
        #[rustfmt::skip]
        let cases = [
            (r#"{"d": {"a": 1}}"#, r#"{"d": {"a": 1, "new": {"x": 1}}}"#),
            (r#"{"d": {}}"#, r#"{"d": {"new": {"x": 1}}}"#),
            ("{\"d\": {\n\t\"a\": 1,\n\t\"b\": 2\n}}", "{\"d\": {\n\t\"a\": 1,\n\t\"b\": 2,\n\t\"new\": {\"x\": 1}\n}}"),
            ("{\"d\": {\n  \"a\": 1\n}}", "{\"d\": {\n  \"a\": 1,\n  \"new\": {\"x\": 1}\n}}"),
        ];
        for (current, want) in cases {
            assert_eq!(insert(current, latest), want, "{current}");
        }
    }
}
