//! Strict JSON for every document upkeep trusts to decide what to write: refresh's
//! manifests, records and journal lines, update's template manifests and `package.json`.
//!
//! `serde_json` accepts duplicate keys (the last one wins) and reports errors by line and
//! column of a decoded string; upkeep's inputs are files someone else wrote, so this
//! reader is stricter: duplicate keys, a byte-order mark, nesting deeper than
//! [`MAX_DEPTH`] and documents larger than [`MAX_BYTES`] are refused, and every error
//! carries the byte offset where the problem starts. Objects keep their keys in document
//! order, so unknown fields survive a rewrite unchanged. Escapes take exactly their hex
//! digits (`\u+041` is refused, not read as `A`) and numbers keep their text, so nothing
//! is rounded to a double on the way in.
//!
//! The same reader, with [`Dialect::Jsonc`], reads JSON with comments (`//` and `/* */`)
//! and trailing commas, as TypeScript and VS Code read `tsconfig.json` and settings files.
//!
//! ## Depth
//!
//! Every reader of upkeep's that recurses on its input — this one, the YAML reader (block
//! and flow), the manifests and the loop state read through it, and values decoded from
//! JavaScript — stops at [`MAX_DEPTH`] levels of nesting, with an error naming the input,
//! far below where any engine's stack runs out. Measured with the limit lifted (release
//! builds, Node 20, `readConfig` on `[`×n and on YAML's `- `×n): the WebAssembly build
//! overflows its 1 MiB stack at about 6,500 levels of JSON and 11,000 of YAML block
//! sequences; the native addon on Node's 8 MiB main thread at about 22,600 and 37,000.
//! saphyr-parser itself refuses YAML flow collections past 255 levels. 64 levels take a
//! few kilobytes of stack.
//!
//! ```
//! use upkeep_core::json::{parse, Json};
//!
//! let doc = parse(br#"{"a": [1, true, null]}"#).unwrap();
//! assert!(matches!(doc.get("a").unwrap().value, Json::Array(_)));
//! let err = parse(br#"{"a": 1, "a": 2}"#).unwrap_err();
//! assert_eq!(err.offset, 9);
//! assert_eq!(err.to_string(), "at byte 9: duplicate key \"a\"");
//! ```

mod in_place;
mod value;

pub use in_place::{check, InPlace, Items, Members};
pub use value::{parse_value, JsonValue};

use foldhash::HashSet;
use std::borrow::Cow;
use std::fmt::Write as _;

/// Documents larger than this are refused before parsing (a 50,000-entry manifest is ~6 MB).
pub const MAX_BYTES: usize = 32 << 20;
/// Arrays and objects nested deeper than this are refused.
pub const MAX_DEPTH: usize = 64;

/// Which JSON a reader accepts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// RFC 8259 JSON, nothing else (and no byte-order mark).
    #[default]
    Strict,
    /// JSON with `//` and `/* */` comments, trailing commas and a leading byte-order mark.
    Jsonc,
}

/// Where an object member's key starts and where the `:` after it ends, in document order
/// (every member of every object, outer members before the members of their values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeySpan {
    /// Byte offset of the key's opening quote.
    pub key_start: usize,
    /// Byte offset just past the `:`.
    pub colon_end: usize,
}

/// A parsed JSON value with the byte offset where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Byte offset of the value's first character in the document.
    pub at: usize,
    /// Byte offset just past the value's last character (`at` for built values).
    pub end: usize,
    /// The value.
    pub value: Json,
}

/// A JSON value; numbers keep their source text, objects their key order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object, keys in document order (never duplicated).
    Object(Vec<(String, Node)>),
}

/// Why a document was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl Node {
    /// The member `key` of an object (`None` for other values or a missing key).
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The JSON type name, for messages: "string", "array", ...
    pub fn type_name(&self) -> &'static str {
        match self.value {
            Json::Null => "null",
            Json::Bool(_) => "boolean",
            Json::Number(_) => "number",
            Json::String(_) => "string",
            Json::Array(_) => "array",
            Json::Object(_) => "object",
        }
    }

    /// The JSON type name with its article, for messages: "a string", "an array", "null".
    pub fn type_phrase(&self) -> &'static str {
        match self.value {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Number(_) => "a number",
            Json::String(_) => "a string",
            Json::Array(_) => "an array",
            Json::Object(_) => "an object",
        }
    }

    /// The string, when the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Json::String(s) => Some(s),
            _ => None,
        }
    }
}

/// A value crosses to JavaScript as the plain value (its offsets stay behind); numbers
/// as integers when they are integers, otherwise as doubles.
#[cfg(feature = "serde")]
impl serde::Serialize for Node {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match &self.value {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(b) => serializer.serialize_bool(*b),
            Json::Number(text) => match text.parse::<i64>() {
                Ok(n) if n.unsigned_abs() < 1 << 53 => serializer.serialize_i64(n),
                _ => serializer.serialize_f64(text.parse::<f64>().unwrap_or(f64::NAN)),
            },
            Json::String(s) => serializer.serialize_str(s),
            Json::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

/// Parses one JSON document (surrounding whitespace allowed, nothing else).
pub fn parse(bytes: &[u8]) -> Result<Node, SyntaxError> {
    parse_with(bytes, Dialect::Strict, None)
}

/// Parses one document of `dialect`; with `keys`, records every member's [`KeySpan`].
pub fn parse_with(
    bytes: &[u8],
    dialect: Dialect,
    keys: Option<&mut Vec<KeySpan>>,
) -> Result<Node, SyntaxError> {
    let start = document_start(bytes, dialect)?;
    let mut parser = Parser::<BUILD>::new(bytes, start, dialect == Dialect::Jsonc, keys);
    parser.document()
}

/// Checks `bytes` exactly as [`parse`] does, building nothing (the same errors at the same
/// offsets): [`check`] reads a document in place after this.
fn validate(bytes: &[u8]) -> Result<(), SyntaxError> {
    let start = document_start(bytes, Dialect::Strict)?;
    Parser::<CHECK>::new(bytes, start, false, None)
        .document()
        .map(|_| ())
}

/// Where a document of `dialect` starts: past a UTF-8 byte-order mark where the dialect
/// allows one. A document over the size limit, or a strict one with a mark, is refused
/// here, once for [`parse_with`] and [`validate`] alike.
fn document_start(bytes: &[u8], dialect: Dialect) -> Result<usize, SyntaxError> {
    if bytes.len() > MAX_BYTES {
        return Err(too_large(bytes.len()));
    }
    if !bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Ok(0);
    }
    if dialect == Dialect::Strict {
        return Err(SyntaxError {
            offset: 0,
            message: "starts with a UTF-8 byte-order mark; save the file without it".into(),
        });
    }
    Ok(3)
}

fn too_large(len: usize) -> SyntaxError {
    SyntaxError {
        offset: MAX_BYTES,
        message: format!("document is {len} bytes, more than the limit of {MAX_BYTES}"),
    }
}

/// A [`Parser`] that builds the tree.
const BUILD: bool = true;
/// A [`Parser`] that only checks: every value comes back as `null`, with its offsets.
const CHECK: bool = false;

/// Objects with more members than this find duplicate keys through a set; smaller ones
/// compare with the keys read so far (a set per object cost more than the parse itself
/// in 100,000-entry manifests).
const LINEAR_KEYS: usize = 16;

/// The reader. With `B` ([`BUILD`]) it builds the [`Node`] tree; without ([`CHECK`]) it
/// runs the same code and builds nothing, so both refuse the same documents with the
/// same errors.
struct Parser<'a, 'k, const B: bool> {
    bytes: &'a [u8],
    pos: usize,
    /// Comments and trailing commas allowed.
    jsonc: bool,
    keys: Option<&'k mut Vec<KeySpan>>,
    /// The keys of the objects being read, innermost last (each object truncates it back
    /// to where it started).
    open_keys: Vec<Cow<'a, str>>,
}

impl<'a, 'k, const B: bool> Parser<'a, 'k, B> {
    fn new(bytes: &'a [u8], pos: usize, jsonc: bool, keys: Option<&'k mut Vec<KeySpan>>) -> Self {
        Parser {
            bytes,
            pos,
            jsonc,
            keys,
            open_keys: Vec::new(),
        }
    }

    /// One whole document from the current position: the value, and nothing after it
    /// but whitespace.
    fn document(&mut self) -> Result<Node, SyntaxError> {
        self.skip_ws()?;
        let node = self.value(0)?;
        self.skip_ws()?;
        if self.pos != self.bytes.len() {
            return Err(self.error("unexpected data after the JSON value"));
        }
        Ok(node)
    }

    /// An error at the current position; at the end of the input, whatever was expected,
    /// the document is truncated.
    fn error(&self, message: impl Into<String>) -> SyntaxError {
        let message = if self.pos >= self.bytes.len() {
            "unexpected end of input".to_string()
        } else {
            message.into()
        };
        SyntaxError {
            offset: self.pos,
            message,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) -> Result<(), SyntaxError> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.jsonc => self.comment()?,
                _ => return Ok(()),
            }
        }
    }

    /// A `//` or `/* */` comment (JSONC).
    fn comment(&mut self) -> Result<(), SyntaxError> {
        let rest = &self.bytes[self.pos..];
        if rest.starts_with(b"//") {
            let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            self.pos += len;
        } else if rest.starts_with(b"/*") {
            match rest[2..].windows(2).position(|w| w == b"*/") {
                Some(i) => self.pos += i + 4,
                None => return Err(self.error("a /* comment that does not close")),
            }
        } else {
            return Err(self.error("unexpected character '/'"));
        }
        Ok(())
    }

    fn expect_word(&mut self, word: &str, value: Json) -> Result<Json, SyntaxError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error("invalid literal"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        let at = self.pos;
        let value = match self.peek() {
            None => return Err(self.error("unexpected end of input")),
            Some(b'{') => self.object(depth + 1)?,
            Some(b'[') => self.array(depth + 1)?,
            Some(b'"') => {
                let text = self.string()?;
                if B {
                    Json::String(text.into_owned())
                } else {
                    Json::Null
                }
            }
            Some(b't') => self.expect_word("true", Json::Bool(true))?,
            Some(b'f') => self.expect_word("false", Json::Bool(false))?,
            Some(b'n') => self.expect_word("null", Json::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(other) => {
                return Err(self.error(format!("unexpected character {:?}", other as char)))
            }
        };
        Ok(Node {
            at,
            end: self.pos,
            value,
        })
    }

    fn enter(&self, depth: usize) -> Result<(), SyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("nested deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn object(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.enter(depth)?;
        self.pos += 1;
        let mut members: Vec<(String, Node)> = Vec::new();
        // Keys read so far: in `open_keys` from `first` on, and in `seen` too once there
        // are more than `LINEAR_KEYS`.
        let first = self.open_keys.len();
        let mut seen: Option<HashSet<Cow<'a, str>>> = None;
        self.skip_ws()?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_ws()?;
            if self.jsonc && self.open_keys.len() > first && self.peek() == Some(b'}') {
                self.pos += 1; // a trailing comma
                self.open_keys.truncate(first);
                return Ok(Json::Object(members));
            }
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a string key"));
            }
            let key_at = self.pos;
            let key = self.string()?;
            let known = &self.open_keys[first..];
            let duplicate = match seen.as_mut() {
                Some(set) => !set.insert(key.clone()),
                None if known.len() < LINEAR_KEYS => known.contains(&key),
                None => {
                    let mut set: HashSet<Cow<'a, str>> = known.iter().cloned().collect();
                    let duplicate = !set.insert(key.clone());
                    seen = Some(set);
                    duplicate
                }
            };
            if duplicate {
                return Err(SyntaxError {
                    offset: key_at,
                    message: format!("duplicate key {key:?}"),
                });
            }
            self.open_keys.push(key);
            self.skip_ws()?;
            if self.peek() != Some(b':') {
                return Err(self.error("expected ':' after the key"));
            }
            self.pos += 1;
            if let Some(keys) = self.keys.as_mut() {
                keys.push(KeySpan {
                    key_start: key_at,
                    colon_end: self.pos,
                });
            }
            self.skip_ws()?;
            let value = self.value(depth)?;
            if B {
                let key = self
                    .open_keys
                    .last()
                    .map_or_else(String::new, |k| k.to_string());
                members.push((key, value));
            }
            self.skip_ws()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    self.open_keys.truncate(first);
                    return Ok(Json::Object(members));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.enter(depth)?;
        self.pos += 1;
        let mut items = Vec::new();
        let mut count = 0usize;
        self.skip_ws()?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json::Array(items));
        }
        loop {
            self.skip_ws()?;
            if self.jsonc && count > 0 && self.peek() == Some(b']') {
                self.pos += 1; // a trailing comma
                return Ok(Json::Array(items));
            }
            let item = self.value(depth)?;
            if B {
                items.push(item);
            }
            count += 1;
            self.skip_ws()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<Json, SyntaxError> {
        let start = self.pos;
        let digits = |p: &mut Self| {
            let from = p.pos;
            while let Some(b'0'..=b'9') = p.peek() {
                p.pos += 1;
            }
            p.pos - from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_at = self.pos;
        let n = digits(self);
        if n == 0 || (n > 1 && self.bytes[int_at] == b'0') {
            self.pos = int_at;
            return Err(self.error("invalid number"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected in the exponent"));
            }
        }
        if !B {
            return Ok(Json::Null);
        }
        // Only ASCII was consumed.
        let text = String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned();
        Ok(Json::Number(text))
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let digits = self
            .bytes
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.error("truncated \\u escape"))?;
        // Exactly four hex digits: `u32::from_str_radix` alone would take a sign.
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return Err(self.error("invalid \\u escape: four hex digits expected"));
        }
        let value = digits.iter().fold(0, |acc, &d| {
            acc * 16 + char::from(d).to_digit(16).unwrap_or(0)
        });
        self.pos += 4;
        Ok(value)
    }

    /// A string, borrowed from the document unless it holds an escape.
    fn string(&mut self) -> Result<Cow<'a, str>, SyntaxError> {
        let bytes = self.bytes;
        self.pos += 1;
        // Only once an escape is met: everything before it is the first run.
        let mut out: Option<String> = None;
        loop {
            let run_start = self.pos;
            self.pos = plain_run_end(bytes, self.pos);
            let run = &bytes[run_start..self.pos];
            let text = match std::str::from_utf8(run) {
                Ok(text) => text,
                Err(e) => {
                    self.pos = run_start + e.valid_up_to();
                    return Err(self.error("invalid UTF-8"));
                }
            };
            if let Some(out) = out.as_mut() {
                out.push_str(text);
            }
            match self.peek() {
                None => return Err(self.error("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out.map_or(Cow::Borrowed(text), Cow::Owned));
                }
                Some(b'\\') => {
                    let out = out.get_or_insert_with(|| text.to_string());
                    let escape_at = self.pos;
                    self.pos += 1;
                    let c = self
                        .peek()
                        .ok_or_else(|| self.error("unterminated string"))?;
                    self.pos += 1;
                    let ch = match c {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.bytes[self.pos..].starts_with(b"\\u") {
                                    return Err(self.error("unpaired surrogate in \\u escape"));
                                }
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.error("unpaired surrogate in \\u escape"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code).ok_or(SyntaxError {
                                offset: escape_at,
                                message: "unpaired surrogate in \\u escape".into(),
                            })?
                        }
                        _ => {
                            self.pos = escape_at;
                            return Err(self.error("invalid escape"));
                        }
                    };
                    out.push(ch);
                }
                Some(_) => return Err(self.error("control character in a string")),
            }
        }
    }
}

/// Where the run of string bytes from `at` ends: at the first `"`, `\` or control byte (or
/// the end), eight bytes looked at a word at a time (the strings of a 100,000-entry manifest
/// are most of its bytes).
fn plain_run_end(bytes: &[u8], mut at: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Whether some byte of `x` is below `n` (n <= 0x80): exact when it says no, which is
    // all a word needs to be skipped; a word it flags is looked at a byte at a time.
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS != 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]);
        if below(x ^ (ONES * u64::from(b'"')), 1)
            || below(x ^ (ONES * u64::from(b'\\')), 1)
            || below(x, 0x20)
        {
            break;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        at += 1;
    }
    at
}

/// Writes `text` as a JSON string literal (only `"`, `\` and control characters escaped).
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    // Most strings (paths, digests) need no escape: copied whole, not a character at a time.
    if !text.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        out.push_str(text);
        out.push('"');
        return;
    }
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes `value` compactly (`indent: None`) or pretty-printed with that many spaces.
pub fn write(out: &mut String, value: &Json, indent: Option<usize>, level: usize) {
    let newline = |out: &mut String, level: usize| {
        if let Some(width) = indent {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', width * level));
        }
    };
    match value {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(n),
        Json::String(s) => write_string(out, s),
        Json::Array(items) if items.is_empty() => out.push_str("[]"),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, level + 1);
                write(out, &item.value, indent, level + 1);
            }
            newline(out, level);
            out.push(']');
        }
        Json::Object(members) if members.is_empty() => out.push_str("{}"),
        Json::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, level + 1);
                write_string(out, key);
                out.push_str(if indent.is_some() { ": " } else { ":" });
                write(out, &item.value, indent, level + 1);
            }
            newline(out, level);
            out.push('}');
        }
    }
}

/// A node at offset 0, for values built in code rather than parsed.
pub fn node(value: Json) -> Node {
    Node {
        at: 0,
        end: 0,
        value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_carry_offsets() {
        let cases: &[(&[u8], usize, &str)] = &[
            (b"", 0, "unexpected end"),
            (b"{\"a\":1,\"a\":2}", 7, "duplicate key"),
            (b"{\"a\":1", 6, "end of input"),
            (b"[1,]", 3, "unexpected character"),
            (b"\xEF\xBB\xBF{}", 0, "byte-order mark"),
            (b"{\"a\":\"\xff\"}", 6, "invalid UTF-8"),
            (b"01", 0, "invalid number"),
            (b"{} x", 3, "after the JSON value"),
            (b"\"a\nb\"", 2, "control character"),
            (b"\"\\ud800\"", 7, "unpaired surrogate"),
        ];
        for (input, offset, message) in cases {
            let err = parse(input).unwrap_err();
            assert_eq!(err.offset, *offset, "{input:?}: {err:?}");
            assert!(err.message.contains(message), "{input:?}: {err:?}");
        }
    }

    #[test]
    fn duplicate_keys_of_large_objects_are_found_wherever_they_are() {
        let keys: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
        let object = |keys: &[String]| {
            let members: Vec<String> = keys.iter().map(|k| format!("\"{k}\":0")).collect();
            format!("{{{}}}", members.join(","))
        };
        assert!(parse(object(&keys).as_bytes()).is_ok());
        for (dup, of) in [(39, 0), (39, 20), (17, 16), (16, 3)] {
            let mut with = keys[..dup].to_vec();
            with.push(keys[of].clone());
            let text = object(&with);
            let err = parse(text.as_bytes()).unwrap_err();
            assert_eq!(err.message, format!("duplicate key \"k{of}\""));
            assert_eq!(err.offset, text.rfind(&format!("\"k{of}\"")).unwrap());
        }
        // An escaped spelling of a key is the same key.
        let escaped = format!(
            "{}{}",
            &object(&keys)[..object(&keys).len() - 1],
            ",\"\\u006b5\":1}"
        );
        assert!(parse(escaped.as_bytes())
            .unwrap_err()
            .message
            .contains("duplicate key \"k5\""));
    }

    #[test]
    fn depth_is_limited() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(ok.as_bytes()).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(parse(deep.as_bytes()).unwrap_err().offset, MAX_DEPTH);
    }

    #[test]
    fn round_trips_keep_order_and_numbers() {
        let text = "{\"z\":1.50,\"a\":[\"\\u00e9\\n\",null,false],\"e\":{}}";
        let doc = parse(text.as_bytes()).unwrap();
        let mut out = String::new();
        write(&mut out, &doc.value, None, 0);
        assert_eq!(out, "{\"z\":1.50,\"a\":[\"é\\n\",null,false],\"e\":{}}");
        assert!(parse(b" \r\n{\"a\" : \"\\ud83d\\ude00\"}\r\n").is_ok());
    }
}
