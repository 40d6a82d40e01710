//! The verdict table, per declared part and entry. Only entries present
//! in the baseline or the latest release are visited, so the project's own entries are
//! never compared.
//!
//! | baseline B, latest L, current A | verdict |
//! |---|---|
//! | B = L | none |
//! | B ≠ L, A = B | apply |
//! | B ≠ L, A = L | none (already there) |
//! | B ≠ L, A absent | suggest-removed (never re-added) |
//! | B ≠ L, A re-pinned | conflict (A stays) |
//! | only in L, A absent | suggest-add (apply, for lists declaring `additions: apply`) |
//! | only in L, A = L | none |
//! | only in L, A differs | suggest-add (conflict, for lists declaring `additions: apply`) |
//! | only in B | none (left as the project has it) |
//!
//! ```
//! use upkeep_core::structured::{decide, Value, Verdict};
//!
//! let v = |s: &str| Value::String(s.into());
//! assert_eq!(decide(Some(&v("1")), Some(&v("1")), Some(&v("2")), false), Some(Verdict::Apply));
//! assert_eq!(decide(None, Some(&v("1")), Some(&v("2")), false), Some(Verdict::SuggestRemoved));
//! assert_eq!(decide(None, None, Some(&v("2")), true), Some(Verdict::Apply));
//! ```

use super::doc::{DocError, DocNode, Entry, Kind, Value};
use super::spec::{Additions, MergeSpec};

/// What happens to one entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "FieldVerdictKind"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Verdict {
    /// Upstream's change is written into the project's file.
    Apply,
    /// Upstream changed it and so did the project: the project's value stays.
    Conflict,
    /// New upstream: offered, not written.
    SuggestAdd,
    /// Changed upstream, but the project removed it: offered, never re-added.
    SuggestRemoved,
    /// A `package.json` script upstream changed or added whose command comes from a
    /// dependency the project lacks and the merge only suggests: offered together with
    /// that dependency (its `needs`), not written.
    HeldBack,
    /// A dependency upstream dropped that the project still has: left, and noted with
    /// the command that removes it.
    DroppedUpstream,
}

/// Which kind of declared part an entry belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum PartKind {
    /// A key of `values`, merged whole.
    Value,
    /// An entry of a `maps` mapping.
    Entry,
    /// A token of a `tokens` string.
    Token,
    /// A member of a keyed `lists` list.
    Member,
}

/// One visited entry that is not a no-op.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FieldVerdict {
    /// The kind of part.
    pub kind: PartKind,
    /// The declared key holding the entry (`None` for `values`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub section: Option<String>,
    /// The entry: the value's dotted key, the map key, the token key or the member name.
    pub key: String,
    /// What happens.
    pub verdict: Verdict,
    /// The project's value (`None`: absent).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<Value>,
    /// The baseline's value (`None`: absent).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<Value>,
    /// The latest release's value (`None`: absent).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest: Option<Value>,
    /// Why an addition declared `apply` was only suggested, or why a dependency is offered
    /// (the scripts that need it), when it was.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub reason: Option<String>,
    /// For a script held back or applied with the dependencies its command needs: those
    /// entries, as `section › key` (left out of the JSON when empty).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub needs: Vec<String>,
}

/// The verdict for one entry, or `None` for a no-op; `apply_additions` for keyed lists
/// declared `additions: apply`.
pub fn decide(
    a: Option<&Value>,
    b: Option<&Value>,
    l: Option<&Value>,
    apply_additions: bool,
) -> Option<Verdict> {
    let l = l?;
    if a == Some(l) {
        return None;
    }
    match (b, a) {
        (Some(b), _) if b == l => None,
        (Some(_), None) => Some(Verdict::SuggestRemoved),
        (Some(b), Some(a)) if a == b => Some(Verdict::Apply),
        (Some(_), Some(_)) => Some(Verdict::Conflict),
        (None, None) if apply_additions => Some(Verdict::Apply),
        (None, Some(_)) if apply_additions => Some(Verdict::Conflict),
        (None, _) => Some(Verdict::SuggestAdd),
    }
}

/// What an applied verdict changes in the project's text.
#[derive(Clone, Debug)]
pub(crate) enum EditOp<'d> {
    /// Replace a value (with the entries holding it, for map and value parts).
    Replace {
        a: &'d DocNode,
        a_entry: Option<&'d Entry>,
        l: &'d DocNode,
        l_entry: Option<&'d Entry>,
    },
    /// Set a token's value inside a string.
    Token {
        a: &'d DocNode,
        key: String,
        case_insensitive: bool,
        value: String,
    },
    /// Append a member to a list.
    Append {
        list: &'d DocNode,
        member: &'d DocNode,
    },
    /// Add the latest release's entry to the project's mapping (a coupled dependency or
    /// script, under `couple: apply`).
    Insert { map: &'d DocNode, entry: &'d Entry },
}

/// A verdict and, for `apply`, its edits.
pub(crate) struct Planned<'d> {
    pub verdict: FieldVerdict,
    pub edits: Vec<EditOp<'d>>,
}

/// The edits that turn `a` into `l`: when both are mappings with the same keys (or lists
/// of the same length) in the same layout, only the entries (items) whose values differ,
/// recursively, so the rest of the text stays as the project wrote it; otherwise the whole
/// value.
fn replace_ops<'d>(
    a: &'d DocNode,
    a_entry: Option<&'d Entry>,
    l: &'d DocNode,
    l_entry: Option<&'d Entry>,
) -> Vec<EditOp<'d>> {
    if let (Kind::Map(ae), Kind::Map(le)) = (&a.kind, &l.kind) {
        let same_keys =
            ae.len() == le.len() && ae.iter().all(|x| le.iter().any(|y| y.key == x.key));
        if same_keys && !ae.is_empty() && a.style == l.style {
            let mut out = Vec::new();
            for x in ae {
                let y = le.iter().find(|y| y.key == x.key).expect("same keys");
                if x.value.value() != y.value.value() {
                    out.extend(replace_ops(&x.value, Some(x), &y.value, Some(y)));
                }
            }
            return out;
        }
    }
    if let (Kind::List(ai), Kind::List(li)) = (&a.kind, &l.kind) {
        if ai.len() == li.len() && !ai.is_empty() && a.style == l.style {
            let mut out = Vec::new();
            for (x, y) in ai.iter().zip(li) {
                if x.value() != y.value() {
                    out.extend(replace_ops(x, None, y, None));
                }
            }
            return out;
        }
    }
    vec![EditOp::Replace {
        a,
        a_entry,
        l,
        l_entry,
    }]
}

/// Every verdict of a spec over the three trees, in declaration order.
pub(crate) fn verdicts<'d>(
    spec: &MergeSpec,
    a: &'d DocNode,
    b: &'d DocNode,
    l: &'d DocNode,
) -> Result<Vec<Planned<'d>>, DocError> {
    let mut out = Vec::new();
    for key in &spec.values {
        let (ae, be, le) = (
            a.lookup_entry(key),
            b.lookup_entry(key),
            l.lookup_entry(key),
        );
        let val = |e: Option<&Entry>| e.map(|e| e.value.value());
        let (av, bv, lv) = (val(ae), val(be), val(le));
        if let Some(verdict) = decide(av.as_ref(), bv.as_ref(), lv.as_ref(), false) {
            let edits = match (verdict, ae, le) {
                (Verdict::Apply, Some(ae), Some(le)) => {
                    replace_ops(&ae.value, Some(ae), &le.value, Some(le))
                }
                _ => Vec::new(),
            };
            out.push(planned(
                PartKind::Value,
                None,
                key,
                verdict,
                av,
                bv,
                lv,
                edits,
            ));
        }
    }
    for section in &spec.maps {
        let sides = [a, b, l].map(|d| d.lookup(section));
        let entries = sides
            .iter()
            .map(|n| map_entries(*n, section))
            .collect::<Result<Vec<_>, _>>()?;
        for key in keys(&entries[1], &entries[2], |e| e.key.clone()) {
            let find = |list: &[&'d Entry]| list.iter().copied().find(|e| e.key == key);
            let (ae, be, le) = (find(&entries[0]), find(&entries[1]), find(&entries[2]));
            let val = |e: Option<&Entry>| e.map(|e| e.value.value());
            let (av, bv, lv) = (val(ae), val(be), val(le));
            if let Some(verdict) = decide(av.as_ref(), bv.as_ref(), lv.as_ref(), false) {
                let edits = match (verdict, ae, le) {
                    (Verdict::Apply, Some(ae), Some(le)) => {
                        replace_ops(&ae.value, Some(ae), &le.value, Some(le))
                    }
                    _ => Vec::new(),
                };
                out.push(planned(
                    PartKind::Entry,
                    Some(section),
                    &key,
                    verdict,
                    av,
                    bv,
                    lv,
                    edits,
                ));
            }
        }
    }
    for token in &spec.tokens {
        let sides = [a, b, l].map(|d| d.lookup(&token.key));
        let parsed = sides
            .iter()
            .map(|n| tokens(*n, &token.key))
            .collect::<Result<Vec<_>, _>>()?;
        let norm = |k: &str| {
            if token.case_insensitive {
                k.to_lowercase()
            } else {
                k.to_string()
            }
        };
        for key in keys(&parsed[1], &parsed[2], |(k, _)| norm(k)) {
            let find = |list: &[(String, String)]| {
                list.iter()
                    .find(|(k, _)| norm(k) == key)
                    .map(|(_, v)| Value::String(v.clone()))
            };
            let (av, bv, lv) = (find(&parsed[0]), find(&parsed[1]), find(&parsed[2]));
            if let Some(verdict) = decide(av.as_ref(), bv.as_ref(), lv.as_ref(), false) {
                let edits = match (verdict, sides[0], &lv) {
                    (Verdict::Apply, Some(node), Some(Value::String(value))) => {
                        vec![EditOp::Token {
                            a: node,
                            key: key.clone(),
                            case_insensitive: token.case_insensitive,
                            value: value.clone(),
                        }]
                    }
                    _ => Vec::new(),
                };
                let shown = parsed[2]
                    .iter()
                    .chain(&parsed[1])
                    .find(|(k, _)| norm(k) == key)
                    .map_or(key.clone(), |(k, _)| k.clone());
                out.push(planned(
                    PartKind::Token,
                    Some(&token.key),
                    &shown,
                    verdict,
                    av,
                    bv,
                    lv,
                    edits,
                ));
            }
        }
    }
    for list in &spec.lists {
        let sides = [a, b, l].map(|d| d.lookup(&list.key));
        let members = sides
            .iter()
            .map(|n| keyed_members(*n, &list.key, &list.by))
            .collect::<Result<Vec<_>, _>>()?;
        let apply = list.additions == Additions::Apply;
        for key in keys(&members[1], &members[2], |(k, _)| k.clone()) {
            let find = |list: &[(String, &'d DocNode)]| {
                list.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
            };
            let (an, bn, ln) = (find(&members[0]), find(&members[1]), find(&members[2]));
            let val = |n: Option<&DocNode>| n.map(DocNode::value);
            let (av, bv, lv) = (val(an), val(bn), val(ln));
            let Some(mut verdict) = decide(av.as_ref(), bv.as_ref(), lv.as_ref(), apply) else {
                continue;
            };
            let mut reason = None;
            let edits = match (verdict, an, ln, sides[0]) {
                (Verdict::Apply, Some(an), Some(ln), _) => replace_ops(an, None, ln, None),
                (Verdict::Apply, None, Some(ln), Some(node)) if matches!(&node.kind, Kind::List(items) if !items.is_empty()) =>
                {
                    vec![EditOp::Append {
                        list: node,
                        member: ln,
                    }]
                }
                (Verdict::Apply, None, _, _) => {
                    verdict = Verdict::SuggestAdd;
                    reason = Some(format!(
                        "the project's {:?} has no members to append it after",
                        list.key
                    ));
                    Vec::new()
                }
                _ => Vec::new(),
            };
            let mut p = planned(
                PartKind::Member,
                Some(&list.key),
                &key,
                verdict,
                av,
                bv,
                lv,
                edits,
            );
            p.verdict.reason = reason;
            out.push(p);
        }
    }
    super::package_json::apply_rules(spec, a, b, l, &mut out);
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn planned<'d>(
    kind: PartKind,
    section: Option<&String>,
    key: &str,
    verdict: Verdict,
    current: Option<Value>,
    baseline: Option<Value>,
    latest: Option<Value>,
    edits: Vec<EditOp<'d>>,
) -> Planned<'d> {
    Planned {
        verdict: FieldVerdict {
            kind,
            section: section.cloned(),
            key: key.into(),
            verdict,
            current,
            baseline,
            latest,
            reason: None,
            needs: Vec::new(),
        },
        edits,
    }
}

/// Keys of B, then the keys only L has, each once.
fn keys<T>(b: &[T], l: &[T], key: impl Fn(&T) -> String) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for k in b.iter().chain(l).map(key) {
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

fn not_a(node: &DocNode, section: &str, what: &str) -> DocError {
    DocError {
        offset: node.start,
        message: format!("{section:?} is not {what}"),
    }
}

fn map_entries<'d>(node: Option<&'d DocNode>, section: &str) -> Result<Vec<&'d Entry>, DocError> {
    match node.map(|n| (n, &n.kind)) {
        None | Some((_, Kind::Scalar(Value::Null))) => Ok(Vec::new()),
        Some((_, Kind::Map(entries))) => Ok(entries.iter().collect()),
        Some((n, _)) => Err(not_a(n, section, "a mapping")),
    }
}

fn tokens(node: Option<&DocNode>, section: &str) -> Result<Vec<(String, String)>, DocError> {
    match node.map(|n| (n, &n.kind)) {
        None | Some((_, Kind::Scalar(Value::Null))) => Ok(Vec::new()),
        Some((_, Kind::Scalar(Value::String(s)))) => {
            let mut out: Vec<(String, String)> = Vec::new();
            for token in s.split_whitespace() {
                let (k, v) = token.split_once('=').unwrap_or((token, ""));
                out.push((k.into(), v.into()));
            }
            Ok(out)
        }
        Some((n, _)) => Err(not_a(n, section, "a string of tokens")),
    }
}

fn keyed_members<'d>(
    node: Option<&'d DocNode>,
    section: &str,
    by: &str,
) -> Result<Vec<(String, &'d DocNode)>, DocError> {
    let items = match node.map(|n| (n, &n.kind)) {
        None | Some((_, Kind::Scalar(Value::Null))) => return Ok(Vec::new()),
        Some((_, Kind::List(items))) => items,
        Some((n, _)) => return Err(not_a(n, section, "a list")),
    };
    let mut out: Vec<(String, &DocNode)> = Vec::new();
    for item in items {
        let name = match item.entry(by).map(|e| e.value.value()) {
            Some(Value::String(s) | Value::Number(s)) => s,
            Some(Value::Bool(b)) => b.to_string(),
            _ => continue, // not a keyed member: the project's, never visited
        };
        if out.iter().any(|(k, _)| *k == name) {
            return Err(DocError {
                offset: item.start,
                message: format!("{section:?} has two members with {by} {name:?}"),
            });
        }
        out.push((name, item));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table() {
        let v = |s: &str| Some(Value::String(s.into()));
        let (x, y, z) = (v("x"), v("y"), v("z"));
        use Verdict::*;
        // (A, B, L, apply additions) → verdict
        type Row<'v> = (
            &'v Option<Value>,
            &'v Option<Value>,
            &'v Option<Value>,
            bool,
            Option<Verdict>,
        );
        let rows: &[Row<'_>] = &[
            (&x, &x, &x, false, None),
            (&None, &x, &x, false, None),
            (&y, &x, &x, false, None),
            (&x, &x, &y, false, Some(Apply)),
            (&y, &x, &y, false, None),
            (&z, &x, &y, false, Some(Conflict)),
            (&None, &x, &y, false, Some(SuggestRemoved)),
            (&None, &None, &y, false, Some(SuggestAdd)),
            (&y, &None, &y, false, None),
            (&z, &None, &y, false, Some(SuggestAdd)),
            (&None, &None, &y, true, Some(Apply)),
            (&z, &None, &y, true, Some(Conflict)),
            (&x, &x, &None, false, None),
            (&z, &x, &None, false, None),
            (&None, &x, &None, false, None),
            (&x, &x, &y, true, Some(Apply)),
            (&None, &x, &y, true, Some(SuggestRemoved)),
        ];
        for (i, (a, b, l, apply, want)) in rows.iter().enumerate() {
            assert_eq!(
                decide(a.as_ref(), b.as_ref(), l.as_ref(), *apply),
                *want,
                "row {i}"
            );
        }
    }
}
