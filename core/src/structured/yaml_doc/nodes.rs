//! The pieces of the YAML reader that do not drive it: byte offsets from the parser's
//! character positions, scalar values, where a quoted or block scalar's text ends, and the
//! locks that keep aliases out of edits.

use std::borrow::Cow;
use std::collections::HashSet;

use saphyr_parser::{ScalarStyle, Tag};

use super::super::doc::{DocNode, Kind, Lock, Value};
use super::super::number::Exact;
use super::super::yaml_scalar::{plain_kind, plain_value, Extent, ScalarKind};

/// Character indexes (the parser's) to byte offsets, walking from the last one asked.
pub(super) struct Offsets<'t> {
    text: &'t str,
    ascii: bool,
    char_at: usize,
    byte_at: usize,
}

impl<'t> Offsets<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        Offsets {
            text,
            ascii: text.is_ascii(),
            char_at: 0,
            byte_at: 0,
        }
    }

    pub(super) fn byte(&mut self, index: usize) -> usize {
        if self.ascii {
            return index.min(self.text.len());
        }
        while self.char_at < index && self.byte_at < self.text.len() {
            let c = self.text[self.byte_at..].chars().next().unwrap_or('\0');
            self.byte_at += c.len_utf8();
            self.char_at += 1;
        }
        while self.char_at > index {
            let c = self.text[..self.byte_at]
                .chars()
                .next_back()
                .unwrap_or('\0');
            self.byte_at -= c.len_utf8();
            self.char_at -= 1;
        }
        self.byte_at
    }
}

/// A scalar's value without a tag: plain ones under the core schema, the others strings.
pub(super) fn untagged(text: Cow<'_, str>, style: ScalarStyle) -> (Value, ScalarKind) {
    match style {
        ScalarStyle::Plain => {
            let kind = plain_kind(&text);
            (plain_value(kind, text.into_owned()), kind)
        }
        _ => (Value::String(text.into_owned()), ScalarKind::Str),
    }
}

/// A key's text in a mapping of string keys: what JavaScript's `String()` gives for it.
pub(super) fn key_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match Exact::parse(n) {
            Some(e) => match e.to_f64() {
                (f, true) if f.is_nan() => "NaN".into(),
                (f, true) if f.is_infinite() => {
                    if f < 0.0 { "-Infinity" } else { "Infinity" }.into()
                }
                (f, true) => format!("{f}"),
                _ => e.to_text(),
            },
            None => n.clone(),
        },
        _ => String::new(),
    }
}

pub(super) fn tag_text(tag: &Tag) -> String {
    if tag.handle == "tag:yaml.org,2002:" {
        format!("!!{}", tag.suffix)
    } else {
        format!("{}{}", tag.handle, tag.suffix)
    }
}

/// Whether a literal scalar's lines, as measured, give the value the parser read (clip
/// and strip chomping; keep is not checked here).
pub(super) fn literal_matches(
    text: &str,
    header_line_end: usize,
    extent: &Extent,
    value: &str,
) -> bool {
    if extent.content_end <= header_line_end {
        return value.trim_end_matches('\n').is_empty();
    }
    let lines = &text[header_line_end + 1..extent.content_end];
    let mut body = String::with_capacity(lines.len());
    for (i, line) in lines.split('\n').enumerate() {
        if i > 0 {
            body.push('\n');
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.len() > extent.indent {
            body.push_str(&line[extent.indent..]);
        } else if !line.bytes().all(|c| c == b' ') {
            return false;
        }
    }
    let trimmed = value.trim_end_matches('\n');
    body == trimmed
}

/// Just past the closing quote of the quoted scalar opening at `at`.
pub(super) fn quoted_end(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes();
    let quote = *b.get(at)?;
    let mut i = at + 1;
    while i < b.len() {
        match b[i] {
            b'\\' if quote == b'"' => {
                let next = text[i + 1..].chars().next()?;
                i += 1 + next.len_utf8();
            }
            c if c == quote => {
                if quote == b'\'' && b.get(i + 1) == Some(&b'\'') {
                    i += 2;
                } else {
                    return Some(i + 1);
                }
            }
            _ => i += 1,
        }
    }
    None
}

pub(super) fn count(node: &DocNode) -> usize {
    1 + match &node.kind {
        Kind::Scalar(_) => 0,
        Kind::List(items) => items.iter().map(count).sum(),
        Kind::Map(entries) => entries.iter().map(|e| count(&e.value)).sum(),
    }
}

pub(super) fn lock_all(node: &mut DocNode, lock: Lock) {
    node.locked = Some(lock);
    match &mut node.kind {
        Kind::Scalar(_) => {}
        Kind::List(items) => items.iter_mut().for_each(|n| lock_all(n, lock)),
        Kind::Map(entries) => entries
            .iter_mut()
            .for_each(|e| lock_all(&mut e.value, lock)),
    }
}

/// Locks anchors that an alias repeats, what is inside them and what holds them; returns
/// whether `node` holds one.
pub(super) fn mark_shared(node: &mut DocNode, inside: bool, aliased: &HashSet<usize>) -> bool {
    let here = inside || node.anchor.is_some_and(|a| aliased.contains(&a));
    let mut holds = here;
    match &mut node.kind {
        Kind::Scalar(_) => {}
        Kind::List(items) => {
            for item in items {
                holds |= mark_shared(item, here, aliased);
            }
        }
        Kind::Map(entries) => {
            for entry in entries {
                holds |= mark_shared(&mut entry.value, here, aliased);
            }
        }
    }
    if holds && node.locked.is_none() {
        node.locked = Some(Lock::SharedAnchor);
    }
    holds
}
