//! A format-neutral document tree with byte spans: what the JSON and YAML readers
//! produce, what the verdicts compare (as [`Value`]s) and what the edits cut (as spans).
//!
//! ```
//! use upkeep_core::structured::{parse_doc, Format, Value};
//!
//! let text = "a:\n  b: 1 # one\n";
//! let doc = parse_doc(Format::Yaml, text).unwrap();
//! let b = doc.root.lookup("a.b").unwrap();
//! assert_eq!(&text[b.start..b.end], "1");
//! assert_eq!(b.value(), Value::Number("1".into()));
//! ```

use std::ops::Range;

/// A file format a merge declaration can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Format {
    /// JSON (strict: the reader every upkeep document goes through).
    Json,
    /// The block-YAML subset config files use.
    Yaml,
}

/// A parsed value, as the verdicts compare it; numbers keep their text.
#[derive(Clone, Debug)]
pub enum Value {
    /// `null` (YAML: `null`, `~` or nothing).
    Null,
    /// A boolean.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string.
    String(String),
    /// A list.
    List(Vec<Value>),
    /// A mapping, keys in document order.
    Map(Vec<(String, Value)>),
}

impl PartialEq for Value {
    /// Semantic equality: numbers by value, mappings regardless of key order.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(x), Value::Bool(y)) => x == y,
            (Value::Number(x), Value::Number(y)) => {
                x == y || matches!((x.parse::<f64>(), y.parse::<f64>()), (Ok(p), Ok(q)) if p == q)
            }
            (Value::String(x), Value::String(y)) => x == y,
            (Value::List(x), Value::List(y)) => x == y,
            (Value::Map(x), Value::Map(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .all(|(k, v)| y.iter().any(|(k2, v2)| k == k2 && v == v2))
            }
            _ => false,
        }
    }
}

// Reflexive: numbers equal by text before they are compared as doubles.
impl Eq for Value {}

/// Reads a value back from what [`Value`]'s `Serialize` wrote (a report sent through
/// JavaScript and back, as `finishUpdateRegions` does); numbers keep their decimal text.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Value;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_none<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
                Ok(Value::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
                Ok(Value::Number(n.to_string()))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
                Ok(Value::Number(n.to_string()))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
                Ok(Value::Number(n.to_string()))
            }
            fn visit_str<E>(self, s: &str) -> Result<Value, E> {
                Ok(Value::String(s.to_string()))
            }
            fn visit_string<E>(self, s: String) -> Result<Value, E> {
                Ok(Value::String(s))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Value::List(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Value, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry()? {
                    members.push(member);
                }
                Ok(Value::Map(members))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(text) => match text.parse::<i64>() {
                Ok(n) if n.unsigned_abs() < 1 << 53 => serializer.serialize_i64(n),
                _ => match text.parse::<f64>() {
                    Ok(f) if f.is_finite() => serializer.serialize_f64(f),
                    _ => serializer.serialize_str(text),
                },
            },
            Value::String(s) => serializer.serialize_str(s),
            Value::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Map(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl Value {
    /// Compact JSON text of the value, for notes.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(n),
            Value::String(s) => crate::json::write_string(out, s),
            Value::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            Value::Map(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    crate::json::write_string(out, key);
                    out.push_str(": ");
                    value.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

/// How a scalar is written, so a replacement can keep the style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Unquoted (YAML plain scalars, JSON numbers and literals).
    Plain,
    /// `'...'`.
    Single,
    /// `"..."`.
    Double,
    /// A container in block layout (YAML indentation).
    Block,
    /// A container in flow layout (`[...]`, `{...}`, every JSON container).
    Flow,
}

/// A node's content.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A scalar.
    Scalar(Value),
    /// A list.
    List(Vec<DocNode>),
    /// A mapping.
    Map(Vec<Entry>),
}

/// A value in a document with its byte span.
#[derive(Clone, Debug)]
pub struct DocNode {
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past its last character (comments after it excluded).
    pub end: usize,
    /// How it is written.
    pub style: Style,
    /// What it holds.
    pub kind: Kind,
}

/// A mapping entry with the span of its key.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// Where the key starts (JSON: where its quote opens).
    pub key_start: usize,
    /// Just past the `:` that follows the key.
    pub colon_end: usize,
    /// The value.
    pub value: DocNode,
}

/// A parsed document.
#[derive(Clone, Debug)]
pub struct Doc {
    /// The format it was read as.
    pub format: Format,
    /// Its root node (always a mapping).
    pub root: DocNode,
}

impl DocNode {
    /// The semantic value.
    pub fn value(&self) -> Value {
        match &self.kind {
            Kind::Scalar(v) => v.clone(),
            Kind::List(items) => Value::List(items.iter().map(DocNode::value).collect()),
            Kind::Map(entries) => Value::Map(
                entries
                    .iter()
                    .map(|e| (e.key.clone(), e.value.value()))
                    .collect(),
            ),
        }
    }

    /// The span as a range.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The entry `key` of a mapping.
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        match &self.kind {
            Kind::Map(entries) => entries.iter().find(|e| e.key == key),
            _ => None,
        }
    }

    /// The node at a dotted path of mapping keys.
    pub fn lookup(&self, path: &str) -> Option<&DocNode> {
        self.lookup_entry(path).map(|e| &e.value)
    }

    /// The entry at a dotted path of mapping keys.
    pub fn lookup_entry(&self, path: &str) -> Option<&Entry> {
        let mut node = self;
        let mut found = None;
        for part in path.split('.') {
            let entry = node.entry(part)?;
            node = &entry.value;
            found = Some(entry);
        }
        found
    }
}

/// Why a document cannot be merged field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

/// Reads `text` as `format`; the root must be a mapping.
pub fn parse_doc(format: Format, text: &str) -> Result<Doc, DocError> {
    let root = match format {
        Format::Json => super::json_doc::parse(text)?,
        Format::Yaml => super::yaml_doc::parse(text)?,
    };
    if !matches!(root.kind, Kind::Map(_)) {
        return Err(DocError {
            offset: root.start,
            message: "the top level is not a mapping".into(),
        });
    }
    Ok(Doc { format, root })
}
