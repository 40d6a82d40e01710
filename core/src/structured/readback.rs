//! The check every edited file passes before it is written: read back with the same
//! parser, it must hold exactly the intended data — the project's file with each applied
//! entry at its latest value and nothing else different (keys in the same order). An
//! edit that changed anything else (an alias that repeats an edited anchor, a quote that
//! turned a string into a number) makes the file fall back.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Yaml, values: vec!["a".into()], maps: vec![],
//!     tokens: vec![], lists: vec![] };
//! // `a` is anchored and repeated by `b`: editing it would change `b` too.
//! let out = merge(&spec, "a: &x 1\nb: *x\n", "a: 1\nb: 1\n", "a: 2\nb: 1\n");
//! assert!(out.fallback.unwrap().contains("alias"));
//! ```

use super::doc::{parse_doc, DocNode, Value};
use super::spec::MergeSpec;
use super::verdict::{FieldVerdict, PartKind};

/// Checks that `merged` reads as `current` with every `applied` entry changed.
pub(crate) fn check(
    spec: &MergeSpec,
    current: &DocNode,
    merged: &str,
    applied: &[FieldVerdict],
) -> Result<(), String> {
    let doc = parse_doc(spec.format, merged).map_err(|e| e.to_string())?;
    let mut got = doc.root.value();
    let mut expected = current.value();
    for v in applied {
        intend(&mut expected, &mut got, spec, v)?;
    }
    if got.same_data(&expected) {
        return Ok(());
    }
    Err(match first_difference(&got, &expected, &mut Vec::new()) {
        Some(path) => format!(
            "{} reads differently",
            if path.is_empty() {
                "the file".into()
            } else {
                path
            }
        ),
        None => "the file reads differently".into(),
    })
}

/// Applies one applied verdict to the intended data. Where an entry now holds the latest
/// value (each was checked to, order of keys aside), the intended data takes it as read:
/// an edit may keep the project's order of keys inside a value it changes.
fn intend(
    data: &mut Value,
    got: &mut Value,
    spec: &MergeSpec,
    v: &FieldVerdict,
) -> Result<(), String> {
    let latest = v
        .latest
        .clone()
        .ok_or("an applied entry without a latest value")?;
    let section: Vec<&str> = v
        .section
        .as_deref()
        .map_or(Vec::new(), |s| s.split('.').collect());
    let missing = || format!("{} is not in the project's file", v.key);
    let mut take = |path: &[&str]| -> Result<(), String> {
        let read = at(got, path).ok_or_else(missing)?.clone();
        if read != latest {
            return Err(format!("{} does not read as the latest value", v.key));
        }
        *at(data, path).ok_or_else(missing)? = read;
        Ok(())
    };
    match v.kind {
        PartKind::Value => {
            let path: Vec<&str> = v.key.split('.').collect();
            take(&path)?;
        }
        PartKind::Entry => {
            let mut path = section;
            path.push(&v.key);
            take(&path)?;
        }
        PartKind::Token => {
            let ci = spec
                .tokens
                .iter()
                .find(|t| Some(t.key.as_str()) == v.section.as_deref())
                .is_some_and(|t| t.case_insensitive);
            let Value::String(new) = latest else {
                return Err("a token without a string value".into());
            };
            let Some(Value::String(s)) = at(data, &section) else {
                return Err(missing());
            };
            let key = if ci {
                v.key.to_lowercase()
            } else {
                v.key.clone()
            };
            *s = set_token(s, &key, ci, &new).ok_or_else(missing)?;
        }
        PartKind::Member => {
            let by = spec
                .lists
                .iter()
                .find(|l| Some(l.key.as_str()) == v.section.as_deref())
                .map(|l| l.by.as_str())
                .unwrap_or("");
            let named = |item: &Value| match item {
                Value::Map(m) => m.iter().any(|(k, x)| {
                    k == by
                        && match x {
                            Value::String(n) | Value::Number(n) => *n == v.key,
                            Value::Bool(b) => b.to_string() == v.key,
                            _ => false,
                        }
                }),
                _ => false,
            };
            let Some(Value::List(read)) = at(got, &section) else {
                return Err(missing());
            };
            let read = read
                .iter()
                .find(|i| named(i))
                .filter(|i| **i == latest)
                .cloned()
                .ok_or_else(|| format!("{} does not read as the latest value", v.key))?;
            let Some(Value::List(items)) = at(data, &section) else {
                return Err(missing());
            };
            match items.iter_mut().find(|i| named(i)) {
                Some(item) => *item = read,
                None => items.push(read),
            }
        }
    }
    Ok(())
}

/// The value at a path of mapping keys.
fn at<'v>(data: &'v mut Value, path: &[&str]) -> Option<&'v mut Value> {
    let mut node = data;
    for part in path {
        let Value::Map(members) = node else {
            return None;
        };
        node = &mut members.iter_mut().find(|(k, _)| k == part)?.1;
    }
    Some(node)
}

/// `s` with the first `key=...` word set to `key=value` (the key as `s` spells it), as the
/// token edit writes it.
fn set_token(s: &str, key: &str, ci: bool, value: &str) -> Option<String> {
    let mut at = 0;
    for word in s.split([' ', '\t']) {
        let start = at;
        at += word.len() + 1;
        let k = word.split_once('=').map_or(word, |(k, _)| k);
        let same = if ci {
            k.to_lowercase() == key
        } else {
            k == key
        };
        if same && !word.is_empty() {
            return Some(format!(
                "{}{k}={value}{}",
                &s[..start],
                &s[start + word.len()..]
            ));
        }
    }
    None
}

/// A readable path to the first place two values differ.
fn first_difference(got: &Value, want: &Value, path: &mut Vec<String>) -> Option<String> {
    match (got, want) {
        (Value::Map(x), Value::Map(y)) if x.len() == y.len() => {
            for ((k, p), (l, q)) in x.iter().zip(y) {
                if k != l {
                    return Some(path.join("."));
                }
                path.push(k.clone());
                if let Some(found) = first_difference(p, q, path) {
                    return Some(found);
                }
                path.pop();
            }
            None
        }
        (Value::List(x), Value::List(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                path.push(i.to_string());
                if let Some(found) = first_difference(p, q, path) {
                    return Some(found);
                }
                path.pop();
            }
            None
        }
        _ if got.same_data(want) => None,
        _ => Some(path.join(".")),
    }
}
