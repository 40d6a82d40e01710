//! The human-readable notes a structured merge leaves for the project
//! (`.upkeep-merge/<path>.notes`): every conflict and suggestion with its section, key,
//! the three values and the recommended action. No notes when there is nothing to say.
//!
//! ```
//! use upkeep_core::structured::{merge, render_notes, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Json, values: vec![], maps: vec!["dependencies".into()],
//!     tokens: vec![], lists: vec![], couple: Default::default() };
//! let out = merge(&spec, r#"{"dependencies":{"a":"2"}}"#, r#"{"dependencies":{"a":"1"}}"#,
//!     r#"{"dependencies":{"a":"3"}}"#);
//! let notes = render_notes("package.json", &out).unwrap();
//! assert!(notes.contains("dependencies › a"));
//! assert!(notes.contains("yours:    \"2\""));
//! ```

use super::package_manager::PackageManager;
use super::verdict::{FieldVerdict, PartKind, Verdict};
use super::StructuredMerge;

/// What the notes say about the project beyond the merge: the release it is updated to
/// and the package manager its lockfile shows, for the commands they print.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NotesContext {
    /// The latest release's version.
    pub latest_version: Option<String>,
    /// The project's package manager, when known.
    pub package_manager: Option<PackageManager>,
}

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
        (Verdict::HeldBack, _) => {
            "take it together with what it needs, or neither: alone it would run a command your project does not have"
        }
        (Verdict::DroppedUpstream, _) => "remove it if you no longer use it",
        (Verdict::Apply, _) => "nothing: applied",
    }
}

/// The command that removes `names`, for the project's package manager (every one when
/// it is not known).
fn remove_command(names: &[&str], context: &NotesContext) -> String {
    match context.package_manager {
        Some(pm) => pm.remove_command(names),
        None => format!(
            "{} (or {}, {})",
            PackageManager::Npm.remove_command(names),
            PackageManager::Pnpm.remove_command(names),
            PackageManager::Yarn.remove_command(names)
        ),
    }
}

fn name(v: &FieldVerdict) -> String {
    match &v.section {
        Some(section) => format!("{section} › {}", v.key),
        None => v.key.clone(),
    }
}

fn item(out: &mut String, v: &FieldVerdict, context: &NotesContext) {
    let name = name(v);
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
    if !v.needs.is_empty() {
        out.push_str(&format!("    needs:    {}\n", v.needs.join(", ")));
    }
    let mut advice = recommended(v).to_string();
    if v.verdict == Verdict::DroppedUpstream {
        advice.push_str(&format!(": {}", remove_command(&[v.key.as_str()], context)));
    }
    out.push_str(&format!("    recommended: {advice}\n"));
}

/// The notes for `path`, or `None` when there are no conflicts and no suggestions. What was
/// applied is the report's to say, not the notes': an interrupted update re-run finds those
/// entries already at the latest value, and its notes must read the same as an
/// uninterrupted run's. Commands are printed for every package manager (see
/// [`render_notes_with`] for one project's).
pub fn render_notes(path: &str, merge: &StructuredMerge) -> Option<String> {
    render_notes_with(path, merge, &NotesContext::default())
}

/// [`render_notes`] for a project whose latest version and package manager are known.
pub fn render_notes_with(
    path: &str,
    merge: &StructuredMerge,
    context: &NotesContext,
) -> Option<String> {
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
            item(&mut out, v, context);
        }
    }
    let held: Vec<&FieldVerdict> = merge
        .suggestions
        .iter()
        .filter(|v| v.verdict == Verdict::HeldBack)
        .collect();
    let needed = |v: &FieldVerdict| held.iter().any(|h| h.needs.contains(&name(v)));
    if !held.is_empty() {
        out.push_str(
            "\nHeld back together (upstream's script runs a command from a dependency your project does not have):\n",
        );
        for h in &held {
            item(&mut out, h, context);
            for v in merge
                .suggestions
                .iter()
                .filter(|v| h.needs.contains(&name(v)))
            {
                item(&mut out, v, context);
            }
        }
    }
    let others: Vec<&FieldVerdict> = merge
        .suggestions
        .iter()
        .filter(|v| {
            !matches!(v.verdict, Verdict::HeldBack | Verdict::DroppedUpstream) && !needed(v)
        })
        .collect();
    if !others.is_empty() {
        out.push_str("\nSuggestions (opt-in; nothing was changed):\n");
        for v in others {
            item(&mut out, v, context);
        }
    }
    let dropped: Vec<&FieldVerdict> = merge
        .suggestions
        .iter()
        .filter(|v| v.verdict == Verdict::DroppedUpstream)
        .collect();
    if !dropped.is_empty() {
        let release = context
            .latest_version
            .as_deref()
            .map_or("the latest release".to_string(), |v| v.to_string());
        out.push_str(&format!(
            "\nDropped upstream in {release}; still in your project (left as they are):\n"
        ));
        for v in &dropped {
            item(&mut out, v, context);
        }
        if dropped.len() > 1 {
            let names: Vec<&str> = dropped.iter().map(|v| v.key.as_str()).collect();
            out.push_str(&format!(
                "  to remove them all: {}\n",
                remove_command(&names, context)
            ));
        }
    }
    Some(out)
}
