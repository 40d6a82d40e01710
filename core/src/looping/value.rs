//! Small helpers for reading and building [`JsonValue`]s: the loop's state, results and
//! `LOOP.md` block are JSON documents whose key order follows the reference engine.
//!
//! ```
//! use upkeep_core::json::JsonValue;
//! use upkeep_core::looping::stringify_pretty;
//!
//! let doc = JsonValue::Object(vec![("a".into(), JsonValue::Number(0.5))]);
//! assert_eq!(stringify_pretty(&doc), "{\n  \"a\": 0.5\n}");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::json::JsonValue;
use crate::score::js::json_string;
use crate::score::js_number_to_string;

/// An object from `(key, value)` pairs; `None` values are left out, as JSON drops
/// `undefined`.
pub(crate) fn object<const N: usize>(members: [(&str, Option<JsonValue>); N]) -> JsonValue {
    JsonValue::Object(
        members
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k.to_owned(), v)))
            .collect(),
    )
}

pub(crate) fn string(s: impl Into<String>) -> Option<JsonValue> {
    Some(JsonValue::String(s.into()))
}

pub(crate) fn number(n: f64) -> Option<JsonValue> {
    Some(JsonValue::Number(n))
}

pub(crate) fn boolean(b: bool) -> Option<JsonValue> {
    Some(JsonValue::Bool(b))
}

pub(crate) fn strings<S: AsRef<str>>(items: &[S]) -> Option<JsonValue> {
    Some(JsonValue::Array(
        items
            .iter()
            .map(|s| JsonValue::String(s.as_ref().to_owned()))
            .collect(),
    ))
}

pub(crate) fn counts(entries: &[(String, u32)]) -> JsonValue {
    JsonValue::Object(
        entries
            .iter()
            .map(|(k, v)| (k.clone(), JsonValue::Number(f64::from(*v))))
            .collect(),
    )
}

/// Sets `key` on an object, keeping its place when it exists (JavaScript's assignment
/// and object spread both do).
pub(crate) fn set(target: &mut JsonValue, key: &str, value: JsonValue) {
    if !matches!(target, JsonValue::Object(_)) {
        *target = JsonValue::Object(Vec::new());
    }
    if let JsonValue::Object(members) = target {
        match members.iter_mut().find(|(k, _)| k == key) {
            Some(member) => member.1 = value,
            None => members.push((key.to_owned(), value)),
        }
    }
}

/// Reads the members of a JSON document with errors of one kind naming the field.
pub(crate) struct Reader<'a> {
    pub(crate) value: &'a JsonValue,
    pub(crate) what: &'a str,
    pub(crate) kind: ErrorKind,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(value: &'a JsonValue, what: &'a str, kind: ErrorKind) -> Result<Self> {
        if !matches!(value, JsonValue::Object(_)) {
            return Err(Error::new(
                kind,
                what,
                format!("{what} must be an object, not {}", value.type_name()),
            ));
        }
        Ok(Reader { value, what, kind })
    }

    pub(crate) fn fail(&self, field: &str, expected: &str) -> Error {
        let found = self
            .value
            .get(field)
            .map_or("nothing", JsonValue::type_name);
        Error::new(
            self.kind.clone(),
            format!("{}.{field}", self.what),
            format!("{}.{field} must be {expected}, not {found}", self.what),
        )
    }

    /// The member, `None` when absent or `null`.
    pub(crate) fn get(&self, field: &str) -> Option<&'a JsonValue> {
        self.value.get(field).filter(|v| **v != JsonValue::Null)
    }

    pub(crate) fn string(&self, field: &str) -> Result<String> {
        self.opt_string(field)?
            .ok_or_else(|| self.fail(field, "a string"))
    }

    pub(crate) fn opt_string(&self, field: &str) -> Result<Option<String>> {
        match self.get(field) {
            None => Ok(None),
            Some(JsonValue::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(self.fail(field, "a string")),
        }
    }

    pub(crate) fn strings(&self, field: &str) -> Result<Vec<String>> {
        Ok(self.opt_strings(field)?.unwrap_or_default())
    }

    pub(crate) fn opt_strings(&self, field: &str) -> Result<Option<Vec<String>>> {
        match self.get(field) {
            None => Ok(None),
            Some(JsonValue::Array(items)) => items
                .iter()
                .map(|item| match item {
                    JsonValue::String(s) => Ok(s.clone()),
                    _ => Err(self.fail(field, "a list of strings")),
                })
                .collect::<Result<Vec<_>>>()
                .map(Some),
            Some(_) => Err(self.fail(field, "a list of strings")),
        }
    }

    pub(crate) fn bool(&self, field: &str) -> Result<bool> {
        match self.get(field) {
            None => Ok(false),
            Some(JsonValue::Bool(b)) => Ok(*b),
            Some(_) => Err(self.fail(field, "true or false")),
        }
    }

    pub(crate) fn opt_number(&self, field: &str) -> Result<Option<f64>> {
        match self.get(field) {
            None => Ok(None),
            Some(JsonValue::Number(n)) => Ok(Some(*n)),
            Some(_) => Err(self.fail(field, "a number")),
        }
    }

    pub(crate) fn count(&self, field: &str) -> Result<u32> {
        match self.opt_number(field)? {
            None => Ok(0),
            Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) => Ok(n as u32),
            Some(_) => Err(self.fail(field, "a whole number")),
        }
    }

    pub(crate) fn counts(&self, field: &str) -> Result<Vec<(String, u32)>> {
        match self.get(field) {
            None => Ok(Vec::new()),
            Some(JsonValue::Object(members)) => members
                .iter()
                .map(|(k, v)| match v {
                    JsonValue::Number(n) if *n >= 0.0 && n.fract() == 0.0 => {
                        Ok((k.clone(), *n as u32))
                    }
                    _ => Err(self.fail(field, "an object of whole numbers")),
                })
                .collect(),
            Some(_) => Err(self.fail(field, "an object of whole numbers")),
        }
    }

    pub(crate) fn list(&self, field: &str) -> Result<&'a [JsonValue]> {
        match self.get(field) {
            None => Ok(&[]),
            Some(JsonValue::Array(items)) => Ok(items),
            Some(_) => Err(self.fail(field, "a list")),
        }
    }
}

/// Renders `value` exactly as JavaScript's `JSON.stringify(value, null, 2)` does.
pub fn stringify_pretty(value: &JsonValue) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0);
    out
}

fn write_value(out: &mut String, value: &JsonValue, depth: usize) {
    let pad = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    match value {
        JsonValue::Null => out.push_str("null"),
        JsonValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        JsonValue::Number(n) if n.is_finite() => out.push_str(&js_number_to_string(*n)),
        JsonValue::Number(_) => out.push_str("null"),
        JsonValue::String(s) => out.push_str(&json_string(s)),
        JsonValue::Array(items) if items.is_empty() => out.push_str("[]"),
        JsonValue::Object(members) if members.is_empty() => out.push_str("{}"),
        JsonValue::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                pad(out, depth + 1);
                write_value(out, item, depth + 1);
            }
            pad(out, depth);
            out.push(']');
        }
        JsonValue::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                pad(out, depth + 1);
                out.push_str(&json_string(key));
                out.push_str(": ");
                write_value(out, item, depth + 1);
            }
            pad(out, depth);
            out.push('}');
        }
    }
}
