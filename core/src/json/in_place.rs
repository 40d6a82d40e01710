//! A strict JSON document read in place: checked once exactly as [`super::parse`] checks
//! it (the same errors at the same offsets), then read where it lies, without building a
//! tree. Strings are borrowed from the document unless they hold an escape; a value's
//! offset is the one its [`Node`] would carry.
//!
//! A 100,000-entry refresh manifest parsed into a [`Node`] tree allocated a key, a value
//! and a vector per entry, and kept most of it in the allocator after the tree was
//! dropped; reading the same document in place allocates only what the reader keeps.
//!
//! ```
//! use upkeep_core::json::{check, parse, Json};
//!
//! let text = br#"{"files": [{"src": "a\u0062"}, 2], "n": -1.5}"#;
//! let doc = check(text).unwrap();
//! let first = doc.get("files").unwrap().items().next().unwrap();
//! assert_eq!(first.get("src").unwrap().as_str().as_deref(), Some("ab"));
//! assert_eq!(doc.get("n").unwrap().number(), Some("-1.5"));
//! let tree = parse(text).unwrap();
//! let Json::Array(items) = &tree.get("files").unwrap().value else { unreachable!() };
//! assert_eq!(first.to_node(), items[0]);
//! assert_eq!(check(br#"{"a": 1, "a": 2}"#).unwrap_err(), parse(br#"{"a": 1, "a": 2}"#).unwrap_err());
//! ```

use std::borrow::Cow;

use super::{validate, Json, Node, Parser, SyntaxError, BUILD, CHECK};

/// Checks `bytes` as [`super::parse`] does (strict JSON) and returns the document's value,
/// to be read in place.
pub fn check(bytes: &[u8]) -> Result<InPlace<'_>, SyntaxError> {
    validate(bytes)?;
    let mut at = 0;
    skip_ws(bytes, &mut at);
    Ok(InPlace { bytes, at })
}

/// One value of a checked document (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlace<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> InPlace<'a> {
    /// Byte offset of the value's first character, as [`Node::at`].
    pub fn at(&self) -> usize {
        self.at
    }

    /// Byte offset just past the value's last character, as [`Node::end`].
    pub fn end(&self) -> usize {
        skip_value(self.bytes, self.at)
    }

    fn first(&self) -> u8 {
        self.bytes.get(self.at).copied().unwrap_or(b'n')
    }

    /// The JSON type name, as [`Node::type_name`] gives it.
    pub fn type_name(&self) -> &'static str {
        match self.first() {
            b'{' => "object",
            b'[' => "array",
            b'"' => "string",
            b't' | b'f' => "boolean",
            b'n' => "null",
            _ => "number",
        }
    }

    /// The type name with its article, as [`Node::type_phrase`] gives it.
    pub fn type_phrase(&self) -> &'static str {
        match self.first() {
            b'{' => "an object",
            b'[' => "an array",
            b'"' => "a string",
            b't' | b'f' => "a boolean",
            b'n' => "null",
            _ => "a number",
        }
    }

    /// Whether the value is an object.
    pub fn is_object(&self) -> bool {
        self.first() == b'{'
    }

    /// Whether the value is an array.
    pub fn is_array(&self) -> bool {
        self.first() == b'['
    }

    /// The string, unescaped, when the value is one.
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        (self.first() == b'"').then(|| {
            let mut parser = Parser::<CHECK>::new(self.bytes, self.at, false, None);
            // Checked already: this cannot fail.
            parser.string().unwrap_or_default()
        })
    }

    /// A number's text as written, when the value is one.
    pub fn number(&self) -> Option<&'a str> {
        matches!(self.first(), b'-' | b'0'..=b'9')
            .then(|| std::str::from_utf8(&self.bytes[self.at..self.end()]).unwrap_or_default())
    }

    /// An object's members in document order (none for any other value).
    pub fn members(&self) -> Members<'a> {
        Members {
            bytes: self.bytes,
            at: self.is_object().then_some(self.at + 1),
            end: None,
        }
    }

    /// An array's items in order (none for any other value).
    pub fn items(&self) -> Items<'a> {
        Items {
            bytes: self.bytes,
            at: self.is_array().then_some(self.at + 1),
            last: None,
            last_end: None,
        }
    }

    /// The member `key` of an object, as [`Node::get`] finds it.
    pub fn get(&self, key: &str) -> Option<InPlace<'a>> {
        self.members().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value as a [`Node`] tree, offsets as in the whole document.
    pub fn to_node(&self) -> Node {
        let mut parser = Parser::<BUILD>::new(self.bytes, self.at, false, None);
        // Checked already: this cannot fail.
        parser.value(0).unwrap_or_else(|_| super::node(Json::Null))
    }
}

/// [`InPlace::members`].
#[derive(Clone, Debug)]
pub struct Members<'a> {
    bytes: &'a [u8],
    /// Where to look for the next member (`None`: done).
    at: Option<usize>,
    /// Just past the object's `}`, once every member was read.
    end: Option<usize>,
}

impl Members<'_> {
    /// Where the object ends (just past its `}`), once every member was read: what
    /// [`Items::ended_at`] takes.
    pub fn end(&self) -> Option<usize> {
        self.end
    }
}

impl<'a> Iterator for Members<'a> {
    type Item = (Cow<'a, str>, InPlace<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.bytes;
        let mut at = self.at?;
        skip_ws(bytes, &mut at);
        if bytes.get(at) != Some(&b'"') {
            self.at = None; // `}`
            self.end = Some(at + 1);
            return None;
        }
        let key = InPlace { bytes, at }.as_str().unwrap_or_default();
        at = skip_value(bytes, at);
        skip_ws(bytes, &mut at);
        at += 1; // `:`
        skip_ws(bytes, &mut at);
        let value = InPlace { bytes, at };
        at = skip_value(bytes, at);
        skip_ws(bytes, &mut at);
        if bytes.get(at) == Some(&b',') {
            self.at = Some(at + 1);
        } else {
            self.at = None;
            self.end = Some(at + 1);
        }
        Some((key, value))
    }
}

/// [`InPlace::items`].
#[derive(Clone, Debug)]
pub struct Items<'a> {
    bytes: &'a [u8],
    /// Where to look for the next item, once the last one is passed (`None`: done).
    at: Option<usize>,
    /// The item last returned, not passed yet: the next step skips it (or starts at
    /// `last_end`, when the caller read it through and said where it ends).
    last: Option<usize>,
    last_end: Option<usize>,
}

impl Items<'_> {
    /// Says where the item last returned ends (an object's [`Members::end`], once its
    /// members were read), so that the next step need not scan it again.
    pub fn ended_at(&mut self, end: usize) {
        if self.last.is_some() {
            self.last_end = Some(end);
        }
    }
}

impl<'a> Iterator for Items<'a> {
    type Item = InPlace<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.bytes;
        if let Some(start) = self.last.take() {
            let mut at = self
                .last_end
                .take()
                .unwrap_or_else(|| skip_value(bytes, start));
            skip_ws(bytes, &mut at);
            self.at = (bytes.get(at) == Some(&b',')).then_some(at + 1);
        }
        let mut at = self.at?;
        skip_ws(bytes, &mut at);
        if bytes.get(at) == Some(&b']') {
            self.at = None;
            return None;
        }
        self.last = Some(at);
        Some(InPlace { bytes, at })
    }
}

fn skip_ws(bytes: &[u8], at: &mut usize) {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(*at) {
        *at += 1;
    }
}

/// Past the checked value at `at`.
fn skip_value(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(b'"') => skip_string(bytes, at),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut i = at;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'"' => {
                        i = skip_string(bytes, i);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            i
        }
        Some(b't' | b'n') => at + 4,
        Some(b'f') => at + 5,
        _ => {
            let mut i = at;
            while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = bytes.get(i) {
                i += 1;
            }
            i
        }
    }
}

/// Past the checked string whose opening quote is at `at`.
fn skip_string(bytes: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    /// Every value of `node`'s document read in place, compared with the tree.
    fn same(node: &Node, value: InPlace<'_>) {
        assert_eq!(value.at(), node.at);
        assert_eq!(value.end(), node.end);
        assert_eq!(value.type_name(), node.type_name());
        assert_eq!(value.type_phrase(), node.type_phrase());
        assert_eq!(&value.to_node(), node);
        match &node.value {
            Json::String(s) => assert_eq!(value.as_str().as_deref(), Some(s.as_str())),
            Json::Number(n) => assert_eq!(value.number(), Some(n.as_str())),
            Json::Array(items) => {
                let read: Vec<_> = value.items().collect();
                assert_eq!(read.len(), items.len());
                for (item, v) in items.iter().zip(read) {
                    same(item, v);
                }
            }
            Json::Object(members) => {
                let read: Vec<_> = value.members().collect();
                assert_eq!(read.len(), members.len());
                for ((k, item), (key, v)) in members.iter().zip(read) {
                    assert_eq!(k, &key);
                    same(item, v);
                }
            }
            _ => {}
        }
        if !matches!(node.value, Json::String(_)) {
            assert_eq!(value.as_str(), None);
        }
    }

    #[test]
    fn reads_what_the_tree_holds() {
        for text in [
            r#"{"a": [1, -2.5e+3, true, false, null, "x\"y\\z\u00e9\ud83d\ude00"], "b": {}, "c": [], "d": {"e": [[{}]]}}"#,
            " [ ] ",
            "\"only\"",
            "0",
            "{\"k\\n\": \"v\", \"\": 1}\n",
        ] {
            let node = parse(text.as_bytes()).unwrap();
            same(&node, check(text.as_bytes()).unwrap());
        }
    }

    #[test]
    fn items_read_through_skip_nothing_twice() {
        let text = br#"[{"a": [1, {"b": 2}]}, 3, {"c": "}"}, {}]"#;
        let doc = check(text).unwrap();
        let mut items = doc.items();
        let mut seen = Vec::new();
        while let Some(item) = items.next() {
            let mut members = item.members();
            let keys: Vec<String> = members.by_ref().map(|(k, _)| k.into_owned()).collect();
            if let Some(end) = members.end() {
                assert_eq!(end, item.end());
                items.ended_at(end);
            }
            seen.push((item.type_name(), keys));
        }
        assert_eq!(
            seen,
            [
                ("object", vec!["a".to_string()]),
                ("number", vec![]),
                ("object", vec!["c".to_string()]),
                ("object", vec![]),
            ]
        );
    }

    #[test]
    fn refuses_what_parse_refuses() {
        let mut many = String::from("{");
        for i in 0..40 {
            many.push_str(&format!("\"k{i}\":{i},"));
        }
        many.push_str("\"k\\u0033\":3}");
        for text in [
            "",
            "{\"a\":1,\"a\":2}",
            "{\"a\":1,\"\\u0061\":2}",
            many.as_str(),
            "[1,]",
            "\u{feff}{}",
            "{\"a\":\"\u{1}\"}",
            "01",
            "{} x",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
            "{\"a\" 1}",
            "\"\\ud800\"",
            "\"\\x\"",
        ] {
            let want = parse(text.as_bytes()).unwrap_err();
            assert_eq!(check(text.as_bytes()).unwrap_err(), want, "{text:?}");
        }
    }
}
