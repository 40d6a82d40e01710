//! Strict JSON, for the documents upkeep trusts to decide what to write: manifests and
//! `package.json`.
//!
//! Unlike a general-purpose parser this one refuses what a hand-edited or hostile manifest
//! could use to mean two things at once: duplicate keys, a byte-order mark, nesting deeper
//! than [`MAX_DEPTH`], documents larger than [`MAX_BYTES`]. Every error carries the byte
//! offset where parsing stopped. Object members keep their order.
//!
//! ```
//! use upkeep_core::json::{parse, JsonValue};
//!
//! let doc = parse(r#"{"a": [1, "x"], "b": null}"#).unwrap();
//! assert_eq!(doc.get("b"), Some(&JsonValue::Null));
//! assert!(parse(r#"{"a": 1, "a": 2}"#).unwrap_err().contains("duplicate key \"a\" at byte 9"));
//! ```

/// The deepest nesting of arrays and objects accepted.
pub const MAX_DEPTH: usize = 64;
/// The largest document accepted, in bytes.
pub const MAX_BYTES: usize = 32 << 20;

/// A parsed JSON value; objects keep their members in document order.
#[derive(Clone, Debug, PartialEq)]
pub enum JsonValue {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as a double (the precision JSON promises).
    Number(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<JsonValue>),
    /// An object, members in document order, keys unique.
    Object(Vec<(String, JsonValue)>),
}

impl JsonValue {
    /// The member `key` of an object; `None` for a missing key or a non-object.
    pub fn get(&self, key: &str) -> Option<&JsonValue> {
        match self {
            JsonValue::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The JSON type name, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            JsonValue::Null => "null",
            JsonValue::Bool(_) => "a boolean",
            JsonValue::Number(_) => "a number",
            JsonValue::String(_) => "a string",
            JsonValue::Array(_) => "an array",
            JsonValue::Object(_) => "an object",
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for JsonValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            JsonValue::Null => serializer.serialize_unit(),
            JsonValue::Bool(b) => serializer.serialize_bool(*b),
            // Integers stay integers, as JavaScript and JSON readers expect.
            JsonValue::Number(n) if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 => {
                serializer.serialize_i64(*n as i64)
            }
            JsonValue::Number(n) => serializer.serialize_f64(*n),
            JsonValue::String(s) => serializer.serialize_str(s),
            JsonValue::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            JsonValue::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for JsonValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{MapAccess, SeqAccess, Visitor};
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = JsonValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<JsonValue, E> {
                Ok(JsonValue::Null)
            }
            fn visit_none<E>(self) -> Result<JsonValue, E> {
                Ok(JsonValue::Null)
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<JsonValue, D::Error> {
                serde::Deserialize::deserialize(d)
            }
            fn visit_bool<E>(self, b: bool) -> Result<JsonValue, E> {
                Ok(JsonValue::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<JsonValue, E> {
                Ok(JsonValue::Number(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<JsonValue, E> {
                Ok(JsonValue::Number(n as f64))
            }
            fn visit_f64<E>(self, n: f64) -> Result<JsonValue, E> {
                Ok(JsonValue::Number(n))
            }
            fn visit_str<E>(self, s: &str) -> Result<JsonValue, E> {
                Ok(JsonValue::String(s.to_owned()))
            }
            fn visit_string<E>(self, s: String) -> Result<JsonValue, E> {
                Ok(JsonValue::String(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<JsonValue, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(JsonValue::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonValue, A::Error> {
                let mut members: Vec<(String, JsonValue)> = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, JsonValue>()? {
                    // A repeated key keeps its first place and its last value, as in JS.
                    match members.iter_mut().find(|(k, _)| *k == key) {
                        Some(member) => member.1 = value,
                        None => members.push((key, value)),
                    }
                }
                Ok(JsonValue::Object(members))
            }
        }
        deserializer.deserialize_any(Any)
    }
}

/// Parses `text` as one strict JSON document. The error says what is wrong and at which
/// byte offset.
pub fn parse(text: &str) -> Result<JsonValue, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "document is {} bytes, more than the {MAX_BYTES}-byte limit",
            text.len()
        ));
    }
    if text.starts_with('\u{feff}') {
        return Err("document starts with a byte-order mark (save it as UTF-8 without BOM)".into());
    }
    let mut parser = Parser {
        bytes: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    parser.skip_ws();
    let value = parser.value()?;
    parser.skip_ws();
    if parser.pos != parser.bytes.len() {
        return Err(parser.fail("unexpected data after the document"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn fail(&self, what: &str) -> String {
        if self.pos >= self.bytes.len() {
            return format!(
                "unexpected end of document at byte {} (truncated?)",
                self.pos
            );
        }
        format!("{what} at byte {}", self.pos)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.fail(&format!("expected '{}'", byte as char)))
        }
    }

    fn literal(&mut self, word: &str, value: JsonValue) -> Result<JsonValue, String> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.fail("invalid literal"))
        }
    }

    fn value(&mut self) -> Result<JsonValue, String> {
        match self.peek() {
            None => Err(self.fail("unexpected end of document")),
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(b'"') => self.string().map(JsonValue::String),
            Some(b't') => self.literal("true", JsonValue::Bool(true)),
            Some(b'f') => self.literal("false", JsonValue::Bool(false)),
            Some(b'n') => self.literal("null", JsonValue::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.fail("unexpected character")),
        }
    }

    fn nested(
        &mut self,
        inner: fn(&mut Self) -> Result<JsonValue, String>,
    ) -> Result<JsonValue, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(&format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        let value = inner(self);
        self.depth -= 1;
        value
    }

    fn object(&mut self) -> Result<JsonValue, String> {
        self.pos += 1;
        let mut members: Vec<(String, JsonValue)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(JsonValue::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.fail("expected a string key"));
            }
            let key_at = self.pos;
            let key = self.string()?;
            if !seen.insert(key.clone()) {
                return Err(format!("duplicate key {key:?} at byte {key_at}"));
            }
            self.skip_ws();
            self.expect(b':')?;
            self.skip_ws();
            let value = self.value()?;
            members.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(JsonValue::Object(members));
                }
                _ => return Err(self.fail("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self) -> Result<JsonValue, String> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(JsonValue::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(JsonValue::Array(items));
                }
                _ => return Err(self.fail("expected ',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<JsonValue, String> {
        let start = self.pos;
        let digits = |p: &mut Self| {
            let from = p.pos;
            while matches!(p.peek(), Some(b'0'..=b'9')) {
                p.pos += 1;
            }
            p.pos - from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let int_len = digits(self);
        if int_len == 0 || (int_len > 1 && self.bytes[int_start] == b'0') {
            return Err(self.fail("invalid number"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.fail("invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.fail("invalid number"));
            }
        }
        let text = std::str::from_utf8(&self.bytes[start..self.pos]).unwrap_or("");
        text.parse::<f64>()
            .map(JsonValue::Number)
            .map_err(|_| format!("invalid number at byte {start}"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let hex = self
            .bytes
            .get(self.pos..self.pos + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| self.fail("invalid \\u escape"))?;
        self.pos += 4;
        Ok(hex)
    }

    fn string(&mut self) -> Result<String, String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            while !matches!(self.peek(), None | Some(b'"' | b'\\' | 0..=0x1f)) {
                self.pos += 1;
            }
            // The input is a &str, and we stop only at ASCII bytes: this slice is UTF-8.
            out.push_str(std::str::from_utf8(&self.bytes[start..self.pos]).unwrap_or(""));
            match self.peek() {
                None => return Err(self.fail("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escape = self
                        .peek()
                        .ok_or_else(|| self.fail("unterminated string"))?;
                    self.pos += 1;
                    match escape {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let mut code = self.hex4()?;
                            if (0xd800..0xdc00).contains(&code) {
                                if !self.bytes[self.pos..].starts_with(b"\\u") {
                                    return Err(self.fail("unpaired surrogate"));
                                }
                                self.pos += 2;
                                let low = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&low) {
                                    return Err(self.fail("unpaired surrogate"));
                                }
                                code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                            }
                            out.push(
                                char::from_u32(code)
                                    .ok_or_else(|| self.fail("unpaired surrogate"))?,
                            );
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.fail("invalid escape"));
                        }
                    }
                }
                Some(_) => return Err(self.fail("control character in string")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_json() {
        let doc =
            parse(" {\"a\":[1,-2.5e3,true,false,null],\"b\":\"\\u00e9\\ud83d\\ude00\\n\"}\r\n")
                .unwrap();
        assert_eq!(doc.get("b"), Some(&JsonValue::String("é😀\n".into())));
        assert_eq!(
            doc.get("a"),
            Some(&JsonValue::Array(vec![
                JsonValue::Number(1.0),
                JsonValue::Number(-2500.0),
                JsonValue::Bool(true),
                JsonValue::Bool(false),
                JsonValue::Null
            ]))
        );
    }

    #[test]
    fn refuses_what_is_not_strict_json() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        for (text, error) in [
            ("", "unexpected end of document at byte 0"),
            ("{\"a\":1", "unexpected end of document at byte 6"),
            ("{\"a\":1]", "expected ',' or '}' at byte 6"),
            ("{\"a\":1,\"a\":2}", "duplicate key \"a\" at byte 7"),
            ("\u{feff}{}", "byte-order mark"),
            ("{} x", "unexpected data after the document at byte 3"),
            ("{'a':1}", "expected a string key at byte 1"),
            ("[01]", "invalid number at byte 3"),
            ("[1,]", "unexpected character at byte 3"),
            ("\"a\tb\"", "control character in string at byte 2"),
            ("\"\\ud800\"", "unpaired surrogate"),
            (&deep, "nesting deeper than 64 levels at byte 64"),
        ] {
            let got = parse(text).unwrap_err();
            assert!(got.contains(error), "{text:?}: {got}");
        }
    }
}
