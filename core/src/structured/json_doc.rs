//! JSON documents as [`DocNode`] trees, read by the one strict reader ([`crate::json`]);
//! its nodes carry start and end offsets, and each key's span is recovered from the text
//! just before its value (whitespace, `:`, whitespace, the quoted key).
//!
//! ```
//! use upkeep_core::structured::{parse_doc, Format};
//!
//! let text = "{\n  \"a\": {\"b\": [1, 2]}\n}\n";
//! let doc = parse_doc(Format::Json, text).unwrap();
//! let entry = doc.root.lookup_entry("a.b").unwrap();
//! assert_eq!(&text[entry.key_start..entry.value.end], "\"b\": [1, 2]");
//! ```

use super::doc::{DocError, DocNode, Entry, Kind, Style, Value};
use crate::json::{self, Json, Node};

/// Parses `text` into a span-carrying tree.
pub(crate) fn parse(text: &str) -> Result<DocNode, DocError> {
    let node = json::parse(text.as_bytes()).map_err(|e| DocError {
        offset: e.offset,
        message: e.message,
    })?;
    Ok(convert(text.as_bytes(), &node))
}

fn convert(bytes: &[u8], node: &Node) -> DocNode {
    let (style, kind) = match &node.value {
        Json::Null => (Style::Plain, Kind::Scalar(Value::Null)),
        Json::Bool(b) => (Style::Plain, Kind::Scalar(Value::Bool(*b))),
        Json::Number(n) => (Style::Plain, Kind::Scalar(Value::Number(n.clone()))),
        Json::String(s) => (Style::Double, Kind::Scalar(Value::String(s.clone()))),
        Json::Array(items) => (
            Style::Flow,
            Kind::List(items.iter().map(|n| convert(bytes, n)).collect()),
        ),
        Json::Object(members) => (
            Style::Flow,
            Kind::Map(
                members
                    .iter()
                    .map(|(key, value)| {
                        let (key_start, colon_end) = key_span(bytes, value.at);
                        Entry {
                            key: key.clone(),
                            key_start,
                            colon_end,
                            value: convert(bytes, value),
                        }
                    })
                    .collect(),
            ),
        ),
    };
    DocNode {
        start: node.at,
        end: node.end,
        style,
        kind,
    }
}

/// Where the key of the member whose value starts at `value_at` starts, and where its
/// `:` ends (the reader has already checked the shape `"key" ws : ws value`).
fn key_span(bytes: &[u8], value_at: usize) -> (usize, usize) {
    let ws = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let mut i = value_at;
    while i > 0 && ws(bytes[i - 1]) {
        i -= 1;
    }
    let colon_end = i;
    i -= 1; // the ':'
    while i > 0 && ws(bytes[i - 1]) {
        i -= 1;
    }
    i -= 1; // the closing quote
    loop {
        i -= 1;
        if bytes[i] == b'"' {
            let backslashes = bytes[..i].iter().rev().take_while(|&&b| b == b'\\').count();
            if backslashes % 2 == 0 {
                return (i, colon_end);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_with_escaped_quotes_keep_their_spans() {
        let text = r#"{"a\"b" :  1, "c":{"d\\":"x"}}"#;
        let root = parse(text).unwrap();
        let Kind::Map(entries) = &root.kind else {
            panic!()
        };
        assert_eq!(
            &text[entries[0].key_start..entries[0].colon_end],
            r#""a\"b" :"#
        );
        let d = &entries[1].value.entry("d\\").unwrap();
        assert_eq!(&text[d.key_start..d.value.end], r#""d\\":"x""#);
    }
}
