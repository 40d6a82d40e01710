//! Minimal text edits: an applied value replaces only its own span, a token only its
//! value, and a new list member is appended after the last one, indented like it (and,
//! for a block mapping, with its keys in its neighbour's order). Line endings follow the
//! project's file; nothing is ever reserialized.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Yaml, values: vec!["age".into()], maps: vec![],
//!     tokens: vec![], lists: vec![], couple: Default::default() };
//! let out = merge(&spec, "# mine\nage: '1'  # days\r\n", "age: 1\n", "age: 2\n");
//! // Semantic comparison ('1' is a string, 1 a number): the project re-pinned it.
//! assert_eq!(out.conflicts.len(), 1);
//! let out = merge(&spec, "# mine\nage: 1  # days\r\n", "age: 1\n", "age: 2\n");
//! assert_eq!(out.merged.as_deref(), Some("# mine\nage: 2  # days\r\n"));
//! ```

use super::doc::{DocNode, Entry, Format, Kind, Lock, Style};
use super::verdict::EditOp;

/// One replacement of `start..end` in the project's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Splice {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

/// The texts an edit reads.
pub(crate) struct Texts<'t> {
    pub a: &'t str,
    pub l: &'t str,
    pub format: Format,
}

impl Texts<'_> {
    fn eol(&self) -> &'static str {
        match self.a.find('\n') {
            Some(i) if i > 0 && self.a.as_bytes()[i - 1] == b'\r' => "\r\n",
            _ => "\n",
        }
    }
}

/// The splice for one edit, or why it cannot be made.
pub(crate) fn splice(t: &Texts<'_>, op: &EditOp<'_>) -> Result<Splice, String> {
    match op {
        EditOp::Replace {
            a,
            a_entry,
            l,
            l_entry,
        } => replace(t, a, *a_entry, l, *l_entry),
        EditOp::Token {
            a,
            key,
            case_insensitive,
            value,
        } => {
            unlocked(a)?;
            token(t, a, key, *case_insensitive, value)
        }
        EditOp::Append { list, member } => {
            unlocked(list)?;
            no_alias(member)?;
            append(t, list, member)
        }
        EditOp::Insert { map, entry } => super::insert::insert_entry(t, map, entry),
    }
}

/// Applies splices (non-overlapping) to `text`.
pub(crate) fn apply(text: &str, splices: &mut [Splice]) -> Result<String, String> {
    splices.sort_by_key(|s| (s.start, s.end));
    for pair in splices.windows(2) {
        if pair[1].start < pair[0].end {
            return Err("two edits overlap".into());
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for s in splices.iter() {
        out.push_str(&text[at..s.start]);
        out.push_str(&s.text);
        at = s.end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

fn line_end(text: &str, at: usize) -> usize {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if end > at && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// The leading whitespace of the line holding `at`.
fn line_indent(text: &str, at: usize) -> &str {
    let start = line_start(text, at);
    let rest = &text[start..];
    &rest[..rest.len() - rest.trim_start_matches([' ', '\t']).len()]
}

/// The indentation a node's continuation lines are written against: its own column for a
/// YAML block node, the indentation of its line otherwise.
fn anchor(text: &str, node: &DocNode) -> String {
    if node.style == Style::Block {
        " ".repeat(node.start - line_start(text, node.start))
    } else {
        line_indent(text, node.start).to_string()
    }
}

/// `raw` with line endings as `eol` and every line after the first moved from indentation
/// `from` to `to`.
fn reindent(raw: &str, from: &str, to: &str, eol: &str) -> String {
    let raw = raw.replace("\r\n", "\n");
    let mut out = String::new();
    for (i, line) in raw.split('\n').enumerate() {
        if i > 0 {
            out.push_str(eol);
            if line.is_empty() {
                continue;
            }
            match line.strip_prefix(from) {
                Some(rest) => {
                    out.push_str(to);
                    out.push_str(rest);
                }
                None => out.push_str(line),
            }
        } else {
            out.push_str(line);
        }
    }
    out
}

/// An edit of `node` (or of anything inside it) is refused when an alias reaches it.
fn unlocked(node: &DocNode) -> Result<(), String> {
    match node.lock_within() {
        Some(lock) => Err(format!("cannot edit safely: {}", lock.reason())),
        None => Ok(()),
    }
}

/// The latest release's text is copied only when it repeats nothing through an alias.
fn no_alias(node: &DocNode) -> Result<(), String> {
    match node.lock_within() {
        Some(Lock::ThroughAlias | Lock::AliasKey) => {
            Err("cannot edit safely: the latest release writes the value with an alias".into())
        }
        _ => Ok(()),
    }
}

fn replace(
    t: &Texts<'_>,
    a: &DocNode,
    a_entry: Option<&Entry>,
    l: &DocNode,
    l_entry: Option<&Entry>,
) -> Result<Splice, String> {
    unlocked(a)?;
    no_alias(l)?;
    let eol = t.eol();
    let raw = &t.l[l.start..l.end];
    let scalar = |n: &DocNode| matches!(n.kind, Kind::Scalar(_));
    // A scalar keeps the project's style where the new value can be written in it.
    if scalar(a) && scalar(l) && t.format == Format::Yaml && a.start < a.end {
        // A scalar both sides wrap over several lines in the same style (folded, or plain
        // or quoted over several lines): upstream's lines, moved to the project's indentation.
        let a_raw = &t.a[a.start..a.end];
        let wrapped = matches!(
            a.style,
            Style::Plain | Style::Single | Style::Double | Style::Folded
        );
        let same_header = a.style != Style::Folded || a_raw.lines().next() == raw.lines().next();
        if wrapped
            && same_header
            && a.style == l.style
            && a_raw.contains('\n')
            && raw.contains('\n')
        {
            return Ok(Splice {
                start: a.start,
                end: a.end,
                text: reindent(raw, line_indent(t.l, l.end), line_indent(t.a, a.end), eol),
            });
        }
        if let Some((text, end)) = super::edit_scalar::render(t.a, a, t.l, l, eol) {
            return Ok(Splice {
                start: a.start,
                end,
                text,
            });
        }
    }
    let block = |n: &DocNode| n.style == Style::Block;
    if t.format == Format::Yaml && block(a) != block(l) && a.start < a.end {
        if let Some(text) = restyle(t, a, l) {
            return Ok(Splice {
                start: a.start,
                end: a.end,
                text,
            });
        }
    }
    if let (Some(ae), Some(le)) = (a_entry, l_entry) {
        let empty = a.start == a.end;
        if t.format == Format::Yaml && (block(a) != block(l) || empty) {
            // The value moves between the key's line and the lines below it.
            let a_key = " ".repeat(ae.key_start - line_start(t.a, ae.key_start));
            let l_key = " ".repeat(le.key_start - line_start(t.l, le.key_start));
            let text = if block(l) {
                let col = l.start - line_start(t.l, l.start);
                let target = format!("{a_key}{}", " ".repeat(col.saturating_sub(l_key.len())));
                format!(
                    "{eol}{target}{}",
                    reindent(raw, &anchor(t.l, l), &target, eol)
                )
            } else {
                format!(" {}", reindent(raw, &l_key, &a_key, eol))
            };
            return Ok(Splice {
                start: ae.colon_end,
                end: a.end,
                text,
            });
        }
    }
    let (from, to) = if block(l) && !block(a) {
        // A flow member becomes a block mapping at the member's column.
        (
            anchor(t.l, l),
            " ".repeat(a.start - line_start(t.a, a.start)),
        )
    } else {
        (anchor(t.l, l), anchor(t.a, a))
    };
    Ok(Splice {
        start: a.start,
        end: a.end,
        text: reindent(raw, &from, &to, eol),
    })
}

/// The latest value written in the project's layout (flow or block), when it is a
/// non-empty list or mapping of scalars.
fn restyle(t: &Texts<'_>, a: &DocNode, l: &DocNode) -> Option<String> {
    let scalar = |n: &DocNode| matches!(n.kind, Kind::Scalar(_)) && n.start < n.end;
    let raw = |n: &DocNode| &t.l[n.start..n.end];
    let items: Vec<String> = match &l.kind {
        Kind::List(items) if !items.is_empty() && items.iter().all(scalar) => {
            items.iter().map(|n| raw(n).to_string()).collect()
        }
        Kind::Map(entries) if !entries.is_empty() && entries.iter().all(|e| scalar(&e.value)) => {
            entries
                .iter()
                .map(|e| format!("{} {}", &t.l[e.key_start..e.colon_end], raw(&e.value)))
                .collect()
        }
        _ => return None,
    };
    let list = matches!(l.kind, Kind::List(_));
    if a.style == Style::Block {
        let indent = " ".repeat(a.start - line_start(t.a, a.start));
        let sep = format!("{}{indent}", t.eol());
        let lines: Vec<String> = items
            .iter()
            .map(|i| if list { format!("- {i}") } else { i.clone() })
            .collect();
        Some(lines.join(&sep))
    } else if list {
        Some(format!("[{}]", items.join(", ")))
    } else {
        Some(format!("{{{}}}", items.join(", ")))
    }
}

fn token(
    t: &Texts<'_>,
    a: &DocNode,
    key: &str,
    case_insensitive: bool,
    value: &str,
) -> Result<Splice, String> {
    let raw = &t.a[a.start..a.end];
    let quoted = matches!(a.style, Style::Single | Style::Double);
    let inner_start = a.start + usize::from(quoted);
    let inner = &t.a[inner_start..a.end - usize::from(quoted)];
    if (a.style == Style::Double && inner.contains('\\'))
        || (a.style == Style::Single && inner.contains("''"))
    {
        return Err(format!("the token string {raw} holds escapes"));
    }
    if value
        .chars()
        .any(|c| c.is_whitespace() || c == '"' || c == '\'' || c == '\\' || c == '#')
    {
        return Err(format!(
            "the token value {value:?} cannot be written inside {raw}"
        ));
    }
    let mut at = 0;
    for word in inner.split([' ', '\t']) {
        let word_start = at;
        at += word.len() + 1;
        let (k, _) = word.split_once('=').unwrap_or((word, ""));
        let same = if case_insensitive {
            k.to_lowercase() == key
        } else {
            k == key
        };
        if same && !word.is_empty() {
            return Ok(Splice {
                start: inner_start + word_start,
                end: inner_start + word_start + word.len(),
                text: format!("{k}={value}"),
            });
        }
    }
    Err(format!("no token {key:?} in {raw}"))
}

fn append(t: &Texts<'_>, list: &DocNode, member: &DocNode) -> Result<Splice, String> {
    let Kind::List(items) = &list.kind else {
        return Err("not a list".into());
    };
    let last = items.last().ok_or("an empty list")?;
    let eol = t.eol();
    let raw = &t.l[member.start..member.end];
    if list.style == Style::Block {
        let dash_col = list.start - line_start(t.a, list.start);
        let col = last.start - line_start(t.a, last.start);
        let gap = col.saturating_sub(dash_col + 1).max(1);
        let target = " ".repeat(col);
        let body = match (&member.kind, &last.kind, member.style) {
            (Kind::Map(entries), Kind::Map(order), Style::Block) => {
                let mut sorted: Vec<&Entry> = entries.iter().collect();
                let rank = |e: &Entry| {
                    order
                        .iter()
                        .position(|o| o.key == e.key)
                        .unwrap_or(usize::MAX)
                };
                sorted.sort_by_key(|e| rank(e));
                let from = anchor(t.l, member);
                sorted
                    .iter()
                    .map(|e| reindent(&t.l[e.key_start..e.value.end], &from, &target, eol))
                    .collect::<Vec<_>>()
                    .join(&format!("{eol}{target}"))
            }
            _ => reindent(raw, &anchor(t.l, member), &target, eol),
        };
        // After the last member's line, comment included.
        let at = line_end(t.a, last.end);
        let text = format!("{eol}{}-{}{body}", " ".repeat(dash_col), " ".repeat(gap));
        return Ok(Splice {
            start: at,
            end: at,
            text,
        });
    }
    let prev_end = items
        .len()
        .checked_sub(2)
        .map_or(list.start + 1, |i| items[i].end);
    let multiline = t.a[prev_end..last.start].contains('\n');
    let sep = if multiline {
        format!(",{eol}{}", line_indent(t.a, last.start))
    } else {
        ", ".into()
    };
    let body = reindent(raw, &anchor(t.l, member), &anchor(t.a, last), eol);
    Ok(Splice {
        start: last.end,
        end: last.end,
        text: format!("{sep}{body}"),
    })
}
