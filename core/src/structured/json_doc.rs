//! JSON and JSONC documents as [`DocNode`] trees, read by the one strict reader
//! ([`crate::json`], with its JSONC flag); its nodes carry start and end offsets, and the
//! reader records each key's span (comments between a key and its value included).
//!
//! ```
//! use upkeep_core::structured::{parse_doc, Format};
//!
//! let text = "{\n  \"a\": {\"b\": [1, 2]}\n}\n";
//! let doc = parse_doc(Format::Json, text).unwrap();
//! let entry = doc.root.lookup_entry("a.b").unwrap();
//! assert_eq!(&text[entry.key_start..entry.value.end], "\"b\": [1, 2]");
//! let commented = "{\n  // mine\n  \"a\" /* x */ : 1,\n}\n";
//! let doc = parse_doc(Format::Jsonc, commented).unwrap();
//! let a = doc.root.lookup_entry("a").unwrap();
//! assert_eq!(&commented[a.key_start..a.colon_end], "\"a\" /* x */ :");
//! assert!(parse_doc(Format::Json, commented).is_err());
//! ```

use super::doc::{DocError, DocNode, Entry, Kind, Style, Value};
use crate::json::{self, Dialect, Json, KeySpan, Node};

/// Parses `text` into a span-carrying tree.
pub(crate) fn parse(text: &str, dialect: Dialect) -> Result<DocNode, DocError> {
    let mut keys = Vec::new();
    let node = json::parse_with(text.as_bytes(), dialect, Some(&mut keys)).map_err(|e| {
        // A repeated key is JSON (JavaScript keeps the last), but which one would an edit change?
        let message = if e.message.starts_with("duplicate key") {
            format!("cannot edit safely: {}", e.message)
        } else {
            e.message
        };
        DocError {
            offset: e.offset,
            message,
        }
    })?;
    let mut keys = keys.into_iter();
    Ok(convert(&node, &mut keys))
}

fn convert(node: &Node, keys: &mut std::vec::IntoIter<KeySpan>) -> DocNode {
    let (style, kind) = match &node.value {
        Json::Null => (Style::Plain, Kind::Scalar(Value::Null)),
        Json::Bool(b) => (Style::Plain, Kind::Scalar(Value::Bool(*b))),
        Json::Number(n) => (Style::Plain, Kind::Scalar(Value::Number(n.clone()))),
        Json::String(s) => (Style::Double, Kind::Scalar(Value::String(s.clone()))),
        Json::Array(items) => (
            Style::Flow,
            Kind::List(items.iter().map(|n| convert(n, keys)).collect()),
        ),
        Json::Object(members) => (
            Style::Flow,
            Kind::Map(
                members
                    .iter()
                    .map(|(key, value)| {
                        // Recorded in the order the members were read, before their values.
                        let span = keys.next().unwrap_or(KeySpan {
                            key_start: value.at,
                            colon_end: value.at,
                        });
                        Entry {
                            key: key.clone(),
                            key_start: span.key_start,
                            colon_end: span.colon_end,
                            value: convert(value, keys),
                        }
                    })
                    .collect(),
            ),
        ),
    };
    DocNode::new(node.at, node.end, style, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_with_escaped_quotes_keep_their_spans() {
        let text = r#"{"a\"b" :  1, "c":{"d\\":"x"}}"#;
        let root = parse(text, Dialect::Strict).unwrap();
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
