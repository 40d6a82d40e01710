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
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "ConfigFormat"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Format {
    /// JSON (strict: the reader every upkeep document goes through).
    Json,
    /// YAML 1.2 (core schema).
    Yaml,
    /// JSON with comments and trailing commas (`tsconfig.json`, VS Code settings).
    Jsonc,
}

impl Format {
    /// The format a path is read in: what it declares, except that a file whose own tools
    /// read comments (`tsconfig*.json`, `jsconfig*.json`, `.vscode/*.json`, `biome.json`,
    /// `*.jsonc`) is JSONC even when declared `json`; with nothing declared, what its name
    /// says (`None` when the name says nothing).
    ///
    /// ```
    /// use upkeep_core::structured::Format;
    ///
    /// assert_eq!(Format::for_path("tsconfig.app.json", Some(Format::Json)), Some(Format::Jsonc));
    /// assert_eq!(Format::for_path("package.json", None), Some(Format::Json));
    /// assert_eq!(Format::for_path(".github/workflows/ci.yml", None), Some(Format::Yaml));
    /// assert_eq!(Format::for_path("notes.txt", None), None);
    /// ```
    pub fn for_path(path: &str, declared: Option<Format>) -> Option<Format> {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        let parent = path[..path.len() - name.len()].trim_end_matches(['/', '\\']);
        let parent = parent.rsplit(['/', '\\']).next().unwrap_or(parent);
        let lower = name.to_ascii_lowercase();
        let json_named = lower.ends_with(".json");
        let jsonc_named = lower.ends_with(".jsonc")
            || (json_named
                && (lower.starts_with("tsconfig")
                    || lower.starts_with("jsconfig")
                    || lower == "biome.json"
                    || parent == ".vscode"));
        match declared {
            Some(Format::Json) if jsonc_named => Some(Format::Jsonc),
            Some(format) => Some(format),
            None if jsonc_named => Some(Format::Jsonc),
            None if json_named => Some(Format::Json),
            None if lower.ends_with(".yaml") || lower.ends_with(".yml") => Some(Format::Yaml),
            None => None,
        }
    }

    /// The format's name, as a declaration writes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Yaml => "yaml",
            Format::Jsonc => "jsonc",
        }
    }
}

/// A parsed value, as the verdicts compare it; numbers keep their text and compare by
/// their exact value ([`super::number`]).
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
    /// Semantic equality: numbers by their exact value, mappings regardless of key order.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(x), Value::Bool(y)) => x == y,
            (Value::Number(x), Value::Number(y)) => super::number::same_number(x, y),
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

// Reflexive: numbers equal by text before they are compared by value, and NaN is NaN.
impl Eq for Value {}

impl Value {
    /// Equality that also keeps mapping keys in order: what a re-read must give back.
    pub fn same_data(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::List(x), Value::List(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p.same_data(q))
            }
            (Value::Map(x), Value::Map(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y)
                        .all(|((k, p), (l, q))| k == l && p.same_data(q))
            }
            (Value::String(x), Value::String(y)) => x == y,
            _ => self == other && !matches!(self, Value::List(_) | Value::Map(_)),
        }
    }
}

/// Reads a value back from what [`Value`]'s `Serialize` wrote (a report sent through
/// JavaScript and back, as `finishUpdateRegions` does); numbers keep their decimal text.
/// Values nested deeper than [`crate::json::MAX_DEPTH`] are refused, whatever sends them.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::DeserializeSeed::deserialize(Depth(0), deserializer)
    }
}

/// A [`Value`] seed that knows how deep it is.
#[cfg(feature = "serde")]
struct Depth(usize);

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for Depth {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

#[cfg(feature = "serde")]
impl Depth {
    fn deeper<E: serde::de::Error>(&self) -> Result<Depth, E> {
        if self.0 >= crate::json::MAX_DEPTH {
            return Err(E::custom(format!(
                "a value nested deeper than {} levels",
                crate::json::MAX_DEPTH
            )));
        }
        Ok(Depth(self.0 + 1))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for Depth {
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
        Ok(Value::Number(if n.is_nan() {
            ".nan".into()
        } else if n.is_infinite() {
            if n < 0.0 { "-.inf" } else { ".inf" }.into()
        } else {
            format!("{n:e}")
        }))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.deeper()?)? {
            items.push(item);
        }
        Ok(Value::List(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self.deeper()?)?;
            members.push((key, value));
        }
        Ok(Value::Map(members))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            // A number a double holds exactly crosses as a number; any other as its exact
            // decimal text (a double would be another number).
            Value::Number(text) => match super::number::Exact::parse(text) {
                Some(exact) => match exact.to_f64() {
                    (f, true) if exact.is_integer() && f.abs() < 9_007_199_254_740_992.0 => {
                        serializer.serialize_i64(f as i64)
                    }
                    (f, true) => serializer.serialize_f64(f),
                    (_, false) => serializer.serialize_str(&exact.to_text()),
                },
                None => serializer.serialize_str(text),
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
    /// A YAML literal block scalar (`|`, with its chomping and indentation indicators).
    Literal,
    /// A YAML folded block scalar (`>`).
    Folded,
}

/// Why a node cannot be edited in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Lock {
    /// It is reached through an alias (`*name`): editing it means editing what it repeats.
    ThroughAlias,
    /// It holds, or sits inside, an anchor (`&name`) that an alias repeats elsewhere.
    SharedAnchor,
    /// Its key is an alias.
    AliasKey,
    /// A block scalar whose lines upkeep could not match to its value.
    Unmeasured,
}

impl Lock {
    /// Why, in words, for a fallback reason.
    pub fn reason(self) -> &'static str {
        match self {
            Lock::ThroughAlias => "it is reached through an alias",
            Lock::SharedAnchor => "an alias elsewhere repeats it or part of it",
            Lock::AliasKey => "its key is an alias",
            Lock::Unmeasured => "upkeep cannot tell where its text ends",
        }
    }
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
    /// Byte offset of its first character (after its tag and anchor; a block scalar's
    /// indicator, a block sequence's first `-`).
    pub start: usize,
    /// Byte offset just past its last character (comments after it excluded).
    pub end: usize,
    /// How it is written.
    pub style: Style,
    /// What it holds.
    pub kind: Kind,
    /// Where its tag and anchor start (`start` when it has neither).
    pub props_start: usize,
    /// Its tag as written (`!!str`, `!reference`), when it has one.
    pub tag: Option<String>,
    /// Its anchor's number (YAML `&name`), when it has one.
    pub anchor: Option<usize>,
    /// Why it cannot be edited in place, when it cannot.
    pub locked: Option<Lock>,
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
    /// A node without tag, anchor or lock.
    pub fn new(start: usize, end: usize, style: Style, kind: Kind) -> DocNode {
        DocNode {
            start,
            end,
            style,
            kind,
            props_start: start,
            tag: None,
            anchor: None,
            locked: None,
        }
    }

    /// The first lock on this node or anywhere inside it.
    pub fn lock_within(&self) -> Option<Lock> {
        self.locked.or_else(|| match &self.kind {
            Kind::Scalar(_) => None,
            Kind::List(items) => items.iter().find_map(DocNode::lock_within),
            Kind::Map(entries) => entries.iter().find_map(|e| e.value.lock_within()),
        })
    }

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
        Format::Json => super::json_doc::parse(text, crate::json::Dialect::Strict)?,
        Format::Jsonc => super::json_doc::parse(text, crate::json::Dialect::Jsonc)?,
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
