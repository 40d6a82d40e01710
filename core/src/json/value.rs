//! [`JsonValue`]: a parsed document as a JavaScript program sees it (numbers as doubles,
//! members in order), for the engines that mirror JavaScript references (the loop engine,
//! land handoffs). Parsing goes through the one strict reader in [`super`].
//!
//! ```
//! use upkeep_core::json::{parse_value, JsonValue};
//!
//! let doc = parse_value(r#"{"a": [1, "x"], "b": null}"#).unwrap();
//! assert_eq!(doc.get("b"), Some(&JsonValue::Null));
//! assert_eq!(parse_value(r#"{"a": 1, "a": 2}"#).unwrap_err(), "at byte 9: duplicate key \"a\"");
//! ```

use super::{Json, Node};

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

/// Read from JavaScript values (the loop's state objects); a value nested deeper than
/// [`super::MAX_DEPTH`] is refused, as the text reader refuses one.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for JsonValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::DeserializeSeed::deserialize(Depth(0), deserializer)
    }
}

/// A [`JsonValue`] seed that knows how deep it is.
#[cfg(feature = "serde")]
struct Depth(usize);

#[cfg(feature = "serde")]
impl Depth {
    fn deeper<E: serde::de::Error>(&self) -> Result<Depth, E> {
        if self.0 >= super::MAX_DEPTH {
            return Err(E::custom(format!(
                "a value nested deeper than {} levels",
                super::MAX_DEPTH
            )));
        }
        Ok(Depth(self.0 + 1))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for Depth {
    type Value = JsonValue;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<JsonValue, D::Error> {
        d.deserialize_any(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for Depth {
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
        d.deserialize_any(self)
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
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<JsonValue, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.deeper()?)? {
            items.push(item);
        }
        Ok(JsonValue::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<JsonValue, A::Error> {
        let mut members: Vec<(String, JsonValue)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self.deeper()?)?;
            // A repeated key keeps its first place and its last value, as in JS.
            match members.iter_mut().find(|(k, _)| *k == key) {
                Some(member) => member.1 = value,
                None => members.push((key, value)),
            }
        }
        Ok(JsonValue::Object(members))
    }
}

/// Parses `text` with the strict reader into a [`JsonValue`]; the error is the reader's
/// `at byte N: ...` message.
pub fn parse_value(text: &str) -> Result<JsonValue, String> {
    super::parse(text.as_bytes())
        .map(|node| JsonValue::from(&node))
        .map_err(|e| e.to_string())
}

impl From<&Node> for JsonValue {
    fn from(node: &Node) -> Self {
        match &node.value {
            Json::Null => JsonValue::Null,
            Json::Bool(b) => JsonValue::Bool(*b),
            // The reader only accepts JSON's number grammar, which Rust's float parser reads.
            Json::Number(text) => JsonValue::Number(text.parse().unwrap_or(f64::NAN)),
            Json::String(s) => JsonValue::String(s.clone()),
            Json::Array(items) => JsonValue::Array(items.iter().map(JsonValue::from).collect()),
            Json::Object(members) => JsonValue::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), JsonValue::from(v)))
                    .collect(),
            ),
        }
    }
}
