//! Field-merged files (`package.json` and other declared config files) in the editor: the
//! field-aware merge's verdicts, each on its own line — an entry the next update applies,
//! one both sides changed (with the notes' text), one upstream suggests — and actions that
//! set an entry to upstream's value as a minimal edit, checked by reading the edited text
//! back. A fallback (a side that does not parse) is one Warning; the caller then shows the
//! file's line changes as for any file.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::model::{DiagnosticKind, Severity};
use super::View;
use crate::structured::{
    merge_file, parse_doc, render_notes, DocNode, Entry, FieldVerdict, Format, Kind, MergeSpec,
    PartKind, StructuredMerge, Style, Verdict,
};

/// Adds the field-merge diagnostics; `false` when the merge fell back to the whole file.
pub(crate) fn field_merge(
    view: &mut View<'_>,
    path: &str,
    spec: &MergeSpec,
    baseline: &str,
    latest: &str,
    version: &str,
) -> bool {
    let Ok(outcome) = merge_file(path, spec, view.text, baseline, latest) else {
        return true;
    };
    if let Some(reason) = &outcome.fallback {
        let range = view.index.line_range(0);
        view.diagnostic(
            range,
            Severity::Warning,
            DiagnosticKind::FieldFallback,
            format!("the field-aware merge of {path} falls back to the whole file: {reason}"),
            None,
        );
        return false;
    }
    let (Ok(current), Ok(upstream)) = (
        parse_doc(spec.format, view.text),
        parse_doc(spec.format, latest),
    ) else {
        return true;
    };
    let verdicts = outcome
        .applied
        .iter()
        .chain(&outcome.conflicts)
        .chain(&outcome.suggestions);
    for v in verdicts {
        let name = match &v.section {
            Some(section) => format!("{section} › {}", v.key),
            None => v.key.clone(),
        };
        let shown = |value: &Option<crate::structured::Value>| {
            value.as_ref().map_or("(absent)".into(), |v| v.to_json())
        };
        let (severity, kind, message) = match v.verdict {
            Verdict::Apply => (
                Severity::Information,
                DiagnosticKind::FieldApply,
                format!(
                    "upstream {version} changes {name}: {} → {}; the next update applies it",
                    shown(&v.baseline),
                    shown(&v.latest)
                ),
            ),
            Verdict::Conflict => (
                Severity::Warning,
                DiagnosticKind::FieldConflict,
                format!(
                    "you and upstream {version} both changed {name}; the next update keeps yours\n{}",
                    note_text(path, v)
                ),
            ),
            _ => (
                Severity::Information,
                DiagnosticKind::FieldSuggestion,
                format!(
                    "upstream {version} suggests {name} (the next update does not write it)\n{}",
                    note_text(path, v)
                ),
            ),
        };
        let found = locate(spec, &current.root, v);
        let at = match found {
            Found::Node(node, entry) => entry.map_or(node.start, |e| e.key_start),
            Found::Parent(parent) => parent.map_or(0, |e| e.key_start),
        };
        let range = view.index.line_range(at);
        view.summary.field_notes += usize::from(v.verdict != Verdict::Apply);
        let d = view.diagnostic(range, severity, kind, message, None);
        if let Some((start, end, text)) =
            edit_for(spec, view.text, latest, &current.root, &upstream.root, v)
        {
            let title = match v.verdict {
                Verdict::Apply => format!("Apply upstream's {name}"),
                Verdict::Conflict => format!("Take upstream's {name}"),
                _ => format!("Apply the suggestion: {name} = {}", shown(&v.latest)),
            };
            if reads_back(spec, view.text, start, end, &text, v) {
                view.quickfix(title, d, start, end, &text, v.verdict == Verdict::Apply);
            }
        }
    }
    true
}

/// The notes' text for one verdict (what `.upkeep-merge/<path>.notes` says about it).
fn note_text(path: &str, v: &FieldVerdict) -> String {
    let one = StructuredMerge {
        conflicts: vec![v.clone()],
        ..StructuredMerge::default()
    };
    render_notes(path, &one)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l[2..].to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a verdict's entry is in a document.
enum Found<'d> {
    /// The entry's value (and its mapping entry, when it has one).
    Node(&'d DocNode, Option<&'d Entry>),
    /// Absent: the entry of the part that would hold it, when there is one.
    Parent(Option<&'d Entry>),
}

fn locate<'d>(spec: &MergeSpec, root: &'d DocNode, v: &FieldVerdict) -> Found<'d> {
    let section = v.section.as_deref().and_then(|s| root.lookup_entry(s));
    match v.kind {
        PartKind::Value => match root.lookup_entry(&v.key) {
            Some(e) => Found::Node(&e.value, Some(e)),
            None => Found::Parent(None),
        },
        PartKind::Entry => match section.and_then(|s| s.value.entry(&v.key)) {
            Some(e) => Found::Node(&e.value, Some(e)),
            None => Found::Parent(section),
        },
        PartKind::Member => {
            let by = spec
                .lists
                .iter()
                .find(|l| Some(l.key.as_str()) == v.section.as_deref())
                .map(|l| l.by.as_str());
            let member = match (section.map(|s| &s.value.kind), by) {
                (Some(Kind::List(items)), Some(by)) => items.iter().find(|item| {
                    matches!(item.entry(by).map(|e| e.value.value()),
                        Some(crate::structured::Value::String(n) | crate::structured::Value::Number(n)) if n == v.key)
                }),
                _ => None,
            };
            match member {
                Some(node) => Found::Node(node, None),
                None => Found::Parent(section),
            }
        }
        _ => match section {
            Some(e) => Found::Node(&e.value, Some(e)),
            None => Found::Parent(None),
        },
    }
}

/// The edit that gives the entry upstream's value: its value replaced by upstream's text,
/// or a new entry added to its mapping. `None` for what a minimal edit cannot do (tokens,
/// list members, block-layout values, a missing section).
fn edit_for(
    spec: &MergeSpec,
    text: &str,
    latest: &str,
    current: &DocNode,
    upstream: &DocNode,
    v: &FieldVerdict,
) -> Option<(usize, usize, String)> {
    if !matches!(v.kind, PartKind::Value | PartKind::Entry) {
        return None;
    }
    let Found::Node(theirs, Some(theirs_entry)) = locate(spec, upstream, v) else {
        return None;
    };
    if theirs.style == Style::Block {
        return None;
    }
    let value = &latest[theirs.span()];
    match locate(spec, current, v) {
        Found::Node(ours, _) if ours.style != Style::Block => {
            Some((ours.start, ours.end, value.to_string()))
        }
        Found::Node(..) => None,
        Found::Parent(parent) => {
            let map = match (v.kind, parent) {
                (PartKind::Value, _) if !v.key.contains('.') => current,
                (PartKind::Entry, Some(parent)) => &parent.value,
                _ => return None,
            };
            let key = latest[theirs_entry.key_start..theirs_entry.colon_end]
                .trim_end_matches(':')
                .trim_end();
            insert_entry(spec.format, text, map, key, value)
        }
    }
}

/// A new `key: value` entry at the end of mapping `map`, laid out like its last entry.
fn insert_entry(
    format: Format,
    text: &str,
    map: &DocNode,
    key: &str,
    value: &str,
) -> Option<(usize, usize, String)> {
    let Kind::Map(entries) = &map.kind else {
        return None;
    };
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let indent_of = |at: usize| {
        let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
        text[line..at].to_string()
    };
    match (format, entries.last(), map.style) {
        (Format::Json | Format::Jsonc, Some(last), _) => {
            let indent = indent_of(last.key_start);
            let separator = if indent.trim().is_empty() && !indent.is_empty() {
                format!(",{eol}{indent}")
            } else {
                ", ".to_string()
            };
            let at = last.value.end;
            Some((at, at, format!("{separator}{key}: {value}")))
        }
        (Format::Json | Format::Jsonc, None, _) => {
            let at = map.start + 1;
            Some((at, at, format!("{key}: {value}")))
        }
        (Format::Yaml, Some(last), Style::Block) => {
            let indent = indent_of(last.key_start);
            if !indent.trim().is_empty() {
                return None;
            }
            let end = text[last.value.end..]
                .find('\n')
                .map(|i| last.value.end + i + 1);
            match end {
                Some(at) => Some((at, at, format!("{indent}{key}: {value}{eol}"))),
                None => Some((
                    text.len(),
                    text.len(),
                    format!("{eol}{indent}{key}: {value}"),
                )),
            }
        }
        _ => None,
    }
}

/// Whether the edited text parses and the entry then holds upstream's value.
fn reads_back(
    spec: &MergeSpec,
    text: &str,
    start: usize,
    end: usize,
    new: &str,
    v: &FieldVerdict,
) -> bool {
    let edited = format!("{}{new}{}", &text[..start], &text[end..]);
    let Ok(doc) = parse_doc(spec.format, &edited) else {
        return false;
    };
    match locate(spec, &doc.root, v) {
        Found::Node(node, _) => Some(node.value()) == v.latest,
        Found::Parent(_) => false,
    }
}
