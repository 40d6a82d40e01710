//! The human-readable notes a structured merge leaves for the project
//! (`.upkeep-merge/<path>.notes`): every conflict and suggestion with its section, key,
//! the three values and the recommended action. No notes when there is nothing to say.
//!
//! ```
//! use upkeep_core::structured::{merge, render_notes, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Json, values: vec![], maps: vec!["dependencies".into()],
//!     tokens: vec![], lists: vec![] };
//! let out = merge(&spec, r#"{"dependencies":{"a":"2"}}"#, r#"{"dependencies":{"a":"1"}}"#,
//!     r#"{"dependencies":{"a":"3"}}"#);
//! let notes = render_notes("package.json", &out).unwrap();
//! assert!(notes.contains("dependencies › a"));
//! assert!(notes.contains("yours:    \"2\""));
//! ```

use super::verdict::{FieldVerdict, PartKind, Verdict};
use super::StructuredMerge;

fn shown(value: &Option<super::Value>) -> String {
    value
        .as_ref()
        .map_or("(absent)".into(), super::Value::to_json)
}

pub(crate) fn recommended(v: &FieldVerdict) -> &'static str {
    match (v.verdict, v.kind) {
        (Verdict::Conflict, _) => {
            "keep yours, or change it to the latest value by hand if you no longer need your own"
        }
        (Verdict::SuggestRemoved, _) => {
            "nothing: you removed it and it stays removed; add the latest value back only if you want it"
        }
        (Verdict::SuggestAdd, PartKind::Member) => "append this member by hand if you want it",
        (Verdict::SuggestAdd, _) => "add it with the latest value if you want it",
        (Verdict::Apply, _) => "nothing: applied",
    }
}

fn item(out: &mut String, v: &FieldVerdict) {
    let name = match &v.section {
        Some(section) => format!("{section} › {}", v.key),
        None => v.key.clone(),
    };
    let kind = match v.kind {
        PartKind::Value => "value",
        PartKind::Entry => "entry",
        PartKind::Token => "token",
        PartKind::Member => "member",
    };
    out.push_str(&format!("  {name} ({kind})\n"));
    out.push_str(&format!("    yours:    {}\n", shown(&v.current)));
    out.push_str(&format!("    baseline: {}\n", shown(&v.baseline)));
    out.push_str(&format!("    latest:   {}\n", shown(&v.latest)));
    if let Some(reason) = &v.reason {
        out.push_str(&format!("    note:     {reason}\n"));
    }
    out.push_str(&format!("    recommended: {}\n", recommended(v)));
}

/// The notes for `path`, or `None` when there are no conflicts and no suggestions. What was
/// applied is the report's to say, not the notes': an interrupted update re-run finds those
/// entries already at the latest value, and its notes must read the same as an
/// uninterrupted run's.
pub fn render_notes(path: &str, merge: &StructuredMerge) -> Option<String> {
    if merge.conflicts.is_empty() && merge.suggestions.is_empty() {
        return None;
    }
    let mut out = format!(
        "upkeep field-aware merge notes for {path}\n\
         Nothing below was written to {path}; it is yours to decide. Delete this file when done.\n"
    );
    if !merge.conflicts.is_empty() {
        out.push_str(
            "\nConflicts (upstream changed these, and so did you; your values were kept):\n",
        );
        for v in &merge.conflicts {
            item(&mut out, v);
        }
    }
    if !merge.suggestions.is_empty() {
        out.push_str("\nSuggestions (opt-in; nothing was changed):\n");
        for v in &merge.suggestions {
            item(&mut out, v);
        }
    }
    Some(out)
}
