//! The check every edited file passes before it is written: read back with the same
//! parser, it must hold exactly the intended data — the project's file with each applied
//! entry at its latest value and nothing else different (keys in the same order). An
//! edit that changed anything else (an alias that repeats an edited anchor, a quote that
//! turned a string into a number) makes the file fall back.
//!
//! A YAML edit inside block mappings is re-read where it happened: the lines of the
//! mapping entry that holds it, from its key's line to the next line of content, read
//! alone before and after the edit. Outside those lines the bytes are the same, and a
//! block entry cannot reach past its own lines (its value's lines are indented deeper than
//! its key, and the next line of content at the key's column or less ends it), so the
//! file reads as it did there. It is used only when nothing else could carry an edit's
//! effect further: one document, no alias anywhere, no directive, every holder a block
//! mapping; otherwise the whole file is read again.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Yaml, values: vec!["a".into()], maps: vec![],
//!     tokens: vec![], lists: vec![], couple: Default::default() };
//! // `a` is anchored and repeated by `b`: editing it would change `b` too.
//! let out = merge(&spec, "a: &x 1\nb: *x\n", "a: 1\nb: 1\n", "a: 2\nb: 1\n");
//! assert!(out.fallback.unwrap().contains("alias"));
//! ```

use super::doc::{parse_doc, Doc, DocNode, Format, Kind, Style, Value};
use super::edit::Splice;
use super::spec::MergeSpec;
use super::verdict::{FieldVerdict, PartKind};

/// What one applied verdict makes of the place it names.
struct Expect<'v> {
    /// Mapping keys from the root to the place.
    path: Vec<&'v str>,
    verdict: &'v FieldVerdict,
    /// Token keys compare case-insensitively.
    case_insensitive: bool,
    /// The member field naming a list member.
    by: &'v str,
}

/// Checks that `merged` (`current` with `splices`) reads as `current` with every
/// `applied` entry changed.
pub(crate) fn check(
    spec: &MergeSpec,
    current: &Doc,
    current_text: &str,
    merged: &str,
    applied: &[FieldVerdict],
    splices: &[Splice],
) -> Result<(), String> {
    let expects: Vec<Expect<'_>> = applied.iter().map(|v| expect(spec, v)).collect();
    let whole = || {
        let doc = parse_doc(spec.format, merged).map_err(|e| e.to_string())?;
        compare(&current.root, &doc.root, &mut Vec::new(), &expects)
    };
    if spec.format == Format::Yaml {
        if let Some(result) = local(current, current_text, merged, &expects, splices) {
            // Debug builds (the tests, the fuzz targets) read the whole file too: the local
            // re-read may refuse more, never accept what the whole file contradicts.
            #[cfg(debug_assertions)]
            if result.is_ok() {
                if let Err(e) = whole() {
                    panic!("the local re-read accepted an edit the whole file refuses ({e}):\n{merged}");
                }
            }
            return result;
        }
    }
    whole()
}

fn expect<'v>(spec: &'v MergeSpec, v: &'v FieldVerdict) -> Expect<'v> {
    let section: Vec<&str> = v
        .section
        .as_deref()
        .map_or(Vec::new(), |s| s.split('.').collect());
    let path = match v.kind {
        PartKind::Value => v.key.split('.').collect(),
        PartKind::Entry => {
            let mut p = section;
            p.push(&v.key);
            p
        }
        _ => section,
    };
    Expect {
        path,
        verdict: v,
        case_insensitive: spec
            .tokens
            .iter()
            .any(|t| Some(t.key.as_str()) == v.section.as_deref() && t.case_insensitive),
        by: spec
            .lists
            .iter()
            .find(|l| Some(l.key.as_str()) == v.section.as_deref())
            .map_or("", |l| l.by.as_str()),
    }
}

/// `got` against `was` at `path`: equal, except where an expectation says what changed.
fn compare(
    was: &DocNode,
    got: &DocNode,
    path: &mut Vec<String>,
    expects: &[Expect<'_>],
) -> Result<(), String> {
    let here = |e: &&Expect<'_>| {
        e.path.len() == path.len() && e.path.iter().zip(path.iter()).all(|(a, b)| a == b)
    };
    let under = |e: &&Expect<'_>| {
        e.path.len() > path.len() && e.path.iter().zip(path.iter()).all(|(a, b)| a == b)
    };
    let at_here: Vec<&Expect<'_>> = expects.iter().filter(here).collect();
    if !at_here.is_empty() {
        return changed(was, got, &at_here);
    }
    let differs = |path: &[String]| {
        Err(if path.is_empty() {
            "the file reads differently".to_string()
        } else {
            format!("{} reads differently", path.join("."))
        })
    };
    if !expects.iter().any(|e| under(&e)) {
        return if same(was, got) {
            Ok(())
        } else {
            differs(path)
        };
    }
    let (Kind::Map(x), Kind::Map(y)) = (&was.kind, &got.kind) else {
        return differs(path);
    };
    if x.len() > y.len() {
        return differs(path);
    }
    for (a, b) in x.iter().zip(y) {
        if a.key != b.key {
            return differs(path);
        }
        path.push(a.key.clone());
        compare(&a.value, &b.value, path, expects)?;
        path.pop();
    }
    // Entries the project did not have are added after its last one (`couple: apply`):
    // each must be an applied entry, at its latest value.
    for b in &y[x.len()..] {
        let added = expects.iter().any(|e| {
            e.path.len() == path.len() + 1
                && e.path.iter().zip(path.iter()).all(|(a, b)| a == b)
                && e.path[path.len()] == b.key
                && e.verdict.kind == PartKind::Entry
                && e.verdict.current.is_none()
                && e.verdict.latest.as_ref() == Some(&b.value.value())
        });
        if !added || x.iter().any(|a| a.key == b.key) {
            path.push(b.key.clone());
            return differs(path);
        }
    }
    Ok(())
}

/// Strict equality of two trees' data: keys in order, numbers by value.
fn same(x: &DocNode, y: &DocNode) -> bool {
    match (&x.kind, &y.kind) {
        (Kind::Scalar(a), Kind::Scalar(b)) => a.same_data(b),
        (Kind::List(a), Kind::List(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(p, q)| same(p, q))
        }
        (Kind::Map(a), Kind::Map(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(p, q)| p.key == q.key && same(&p.value, &q.value))
        }
        _ => false,
    }
}

/// The place the verdicts name: what it must hold now.
fn changed(was: &DocNode, got: &DocNode, expects: &[&Expect<'_>]) -> Result<(), String> {
    let mut want = was.value();
    let read = got.value();
    for e in expects {
        let v = e.verdict;
        let latest = v
            .latest
            .as_ref()
            .ok_or("an applied entry without a latest value")?;
        let not_latest = || format!("{} does not read as the latest value", v.key);
        match v.kind {
            // The whole place is the latest value (an edit may keep the project's order of
            // keys inside it).
            PartKind::Value | PartKind::Entry => {
                if read != *latest {
                    return Err(not_latest());
                }
                want = read.clone();
            }
            PartKind::Token => {
                let (Value::String(s), Value::String(new)) = (&mut want, latest) else {
                    return Err(not_latest());
                };
                let key = if e.case_insensitive {
                    v.key.to_lowercase()
                } else {
                    v.key.clone()
                };
                *s = set_token(s, &key, e.case_insensitive, new).ok_or_else(not_latest)?;
            }
            PartKind::Member => {
                let named = |item: &Value| match item {
                    Value::Map(m) => m.iter().any(|(k, x)| {
                        k == e.by
                            && match x {
                                Value::String(n) | Value::Number(n) => *n == v.key,
                                Value::Bool(b) => b.to_string() == v.key,
                                _ => false,
                            }
                    }),
                    _ => false,
                };
                let (Value::List(items), Value::List(now)) = (&mut want, &read) else {
                    return Err(not_latest());
                };
                let member = now
                    .iter()
                    .find(|i| named(i))
                    .filter(|i| *i == latest)
                    .cloned()
                    .ok_or_else(not_latest)?;
                match items.iter_mut().find(|i| named(i)) {
                    Some(item) => *item = member,
                    None => items.push(member),
                }
            }
        }
    }
    if read.same_data(&want) {
        Ok(())
    } else {
        Err(format!("{} reads differently", expects[0].verdict.key))
    }
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

/// The block mapping entries holding the edits, each re-read alone before and after;
/// `None` when the file is not one where that settles it.
fn local(
    current: &Doc,
    text: &str,
    merged: &str,
    expects: &[Expect<'_>],
    splices: &[Splice],
) -> Option<Result<(), String>> {
    if text.contains(":\t")
        || merged.contains(":\t")
        || text.starts_with('%')
        || text.contains("\n%")
        || current.root.lock_within().is_some()
    {
        return None;
    }
    if current.root.style != Style::Block || !matches!(current.root.kind, Kind::Map(_)) {
        return None;
    }
    // Per expectation, the entry whose lines hold it.
    let mut regions: Vec<(usize, usize, &super::doc::Entry, usize, Vec<&Expect<'_>>)> = Vec::new();
    for e in expects {
        let (entry, depth) = holder(&current.root, &e.path)?;
        let (start, end) = lines_of(text, entry)?;
        match regions.iter_mut().find(|r| r.0 == start) {
            Some(r) => r.4.push(e),
            None => regions.push((start, end, entry, depth, vec![e])),
        }
    }
    regions.sort_by_key(|r| r.0);
    if regions.windows(2).any(|w| w[1].0 < w[0].1) {
        return None;
    }
    let mut spliced = vec![false; splices.len()];
    for (start, end, ..) in &regions {
        for (i, s) in splices.iter().enumerate() {
            if s.start >= *start && s.end <= *end && !(s.end == *end && s.start == *end) {
                spliced[i] = true;
            }
        }
    }
    if spliced.iter().any(|s| !s) {
        return None;
    }
    for (start, end, entry, depth, here) in &regions {
        // The same lines after the edits: shifted by every splice before them.
        let shift = |at: usize, inclusive: bool| -> isize {
            splices
                .iter()
                .filter(|s| {
                    if inclusive {
                        s.end <= at
                    } else {
                        s.end <= at && s.start < at
                    }
                })
                .map(|s| s.text.len() as isize - (s.end - s.start) as isize)
                .sum()
        };
        let m_start = (*start as isize + shift(*start, false)) as usize;
        let m_end = (*end as isize + shift(*end, true)) as usize;
        let before = alone(text, *start, *end, entry.key_start)?;
        let after = match alone(merged, m_start, m_end, entry.key_start - start + m_start) {
            Some(n) => n,
            None => return Some(Err(format!("{} does not read back", entry.key))),
        };
        let (Some(b), Some(a)) = (single(&before, &entry.key), single(&after, &entry.key)) else {
            return if single(&before, &entry.key).is_none() {
                None
            } else {
                Some(Err(format!("{} reads differently", entry.key)))
            };
        };
        if !same(b, &entry.value) {
            return None; // these lines do not read alone as they do in the file
        }
        if depth + height(a) > crate::json::MAX_DEPTH {
            return Some(Err(format!("{} nests too deeply", entry.key)));
        }
        // Expectations relative to the entry's value.
        let relative: Vec<Expect<'_>> = here
            .iter()
            .map(|e| Expect {
                path: e.path[*depth..].to_vec(),
                verdict: e.verdict,
                case_insensitive: e.case_insensitive,
                by: e.by,
            })
            .collect();
        if let Err(e) = compare(&entry.value, a, &mut Vec::new(), &relative) {
            return Some(Err(e));
        }
    }
    Some(Ok(()))
}

/// The entry at `path`'s deepest mapping key that is reached through block mappings
/// only, with its depth (keys from the root to it, itself included).
fn holder<'d>(root: &'d DocNode, path: &[&str]) -> Option<(&'d super::doc::Entry, usize)> {
    let mut node = root;
    let mut found = None;
    for (i, key) in path.iter().enumerate() {
        if node.style != Style::Block {
            break;
        }
        let Kind::Map(entries) = &node.kind else {
            break;
        };
        let entry = entries.iter().find(|e| e.key == *key)?;
        found = Some((entry, i + 1));
        node = &entry.value;
    }
    found
}

/// The lines an entry owns: from its key's line to the next line of content after its
/// value (blank and comment lines in between included); `None` for an explicit key.
fn lines_of(text: &str, entry: &super::doc::Entry) -> Option<(usize, usize)> {
    let start = text[..entry.key_start].rfind('\n').map_or(0, |i| i + 1);
    if text[entry.key_start..entry.colon_end].contains('\n')
        || !text[start..entry.key_start]
            .bytes()
            .all(|c| c == b' ' || c == b'-')
    {
        return None;
    }
    let last = entry.value.end.max(entry.colon_end);
    let mut at = text[last..].find('\n').map_or(text.len(), |i| last + i + 1);
    while at < text.len() {
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = text[at..line_end].trim_start_matches([' ', '\t']);
        if !(line.is_empty() || line == "\r" || line.starts_with('#')) {
            break;
        }
        at = (line_end + 1).min(text.len());
    }
    Some((start, at))
}

/// The lines `start..end` read as a document of their own, whatever precedes the key on
/// its line (`- ` of the sequences holding it) written as spaces.
fn alone(text: &str, start: usize, end: usize, key_start: usize) -> Option<DocNode> {
    let piece = text.get(start..end)?;
    let lead = key_start.checked_sub(start)?;
    let body = format!("{}{}", " ".repeat(lead), piece.get(lead..)?);
    let mut docs = super::yaml_doc::read_stream(&body).ok()?;
    if docs.len() != 1 {
        return None;
    }
    docs.pop()
}

/// The value of a one-entry mapping whose key is `key`.
fn single<'n>(node: &'n DocNode, key: &str) -> Option<&'n DocNode> {
    match &node.kind {
        Kind::Map(entries) if entries.len() == 1 && entries[0].key == key => {
            Some(&entries[0].value)
        }
        _ => None,
    }
}

fn height(node: &DocNode) -> usize {
    1 + match &node.kind {
        Kind::Scalar(_) => 0,
        Kind::List(items) => items.iter().map(height).max().unwrap_or(0),
        Kind::Map(entries) => entries.iter().map(|e| height(&e.value)).max().unwrap_or(0),
    }
}
