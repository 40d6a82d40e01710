//! Field-aware merges of JSON and YAML config files: a manifest's
//! `merges` declares which parts of a file upstream manages ([`MergeSpec`]); each entry
//! of those parts gets a verdict from the three sides ([`decide`]); applied entries are
//! written as minimal text edits, and conflicts and suggestions go to notes
//! ([`render_notes`]). A side that does not parse, or an edit that does not read back as
//! intended, is a fallback: the caller merges the file as a whole instead.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec, Verdict};
//!
//! let spec = MergeSpec { format: Format::Json, values: vec!["packageManager".into()],
//!     maps: vec!["dependencies".into()], tokens: vec![], lists: vec![], couple: Default::default() };
//! let current = "{\n    \"name\": \"mine\",\n    \"dependencies\": {\"a\": \"1\", \"mine\": \"9\"}\n}\n";
//! let baseline = r#"{"name": "tpl", "dependencies": {"a": "1"}}"#;
//! let latest = r#"{"name": "tpl", "dependencies": {"a": "2", "b": "1"}}"#;
//! let out = merge(&spec, current, baseline, latest);
//! assert_eq!(out.applied[0].key, "a");
//! assert_eq!(out.suggestions[0].verdict, Verdict::SuggestAdd);
//! assert_eq!(out.merged.as_deref(),
//!     Some("{\n    \"name\": \"mine\",\n    \"dependencies\": {\"a\": \"2\", \"mine\": \"9\"}\n}\n"));
//! ```

mod doc;
mod edit;
mod edit_scalar;
mod insert;
mod json_doc;
mod notes;
mod number;
mod package_json;
mod package_manager;
mod read;
mod readback;
mod spec;
mod verdict;
mod yaml_doc;
mod yaml_scalar;

pub use doc::{parse_doc, Doc, DocError, DocNode, Entry, Format, Kind, Lock, Style, Value};
pub(crate) use notes::recommended;
pub use notes::{render_notes, render_notes_with, NotesContext};
pub use package_manager::{PackageManager, LOCKFILES};
pub use read::{read_file, ReadOutcome};
pub use spec::{parse_merges, Additions, Couple, ListSpec, MergeSpec, TokenSpec};
pub use verdict::{decide, FieldVerdict, PartKind, Verdict};

/// The outcome of a field-aware merge of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct StructuredMerge {
    /// Entries written into the project's file.
    pub applied: Vec<FieldVerdict>,
    /// Entries both sides changed: the project's value stays.
    pub conflicts: Vec<FieldVerdict>,
    /// Entries offered to the project, not written.
    pub suggestions: Vec<FieldVerdict>,
    /// The project's file with the applied entries; `None` when nothing was applied or
    /// on a fallback.
    pub merged: Option<String>,
    /// Why the file must be merged whole instead (a side does not parse, a declared part
    /// has the wrong shape, an edit could not be made); `None` when the merge ran.
    pub fallback: Option<String>,
}

impl StructuredMerge {
    fn fallback(reason: String) -> Self {
        StructuredMerge {
            fallback: Some(reason),
            ..Default::default()
        }
    }
}

/// A field-aware merge of one named file with its notes: what the `structuredMerge`
/// engine call answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct StructuredOutcome {
    /// Entries written into the project's file.
    pub applied: Vec<FieldVerdict>,
    /// Entries both sides changed: the project's value stays.
    pub conflicts: Vec<FieldVerdict>,
    /// Entries offered to the project, not written.
    pub suggestions: Vec<FieldVerdict>,
    /// The project's file with the applied entries; `None` when nothing was applied or
    /// on a fallback.
    pub merged: Option<String>,
    /// Why the file must be merged whole instead; `None` when the merge ran.
    pub fallback: Option<String>,
    /// The notes for the project ([`render_notes`]); `None` when there is nothing to say.
    pub notes: Option<String>,
}

/// Checks a declaration given outside a manifest, merges `path`'s three sides and renders
/// its notes.
pub fn merge_file(
    path: &str,
    spec: &MergeSpec,
    current: &str,
    baseline: &str,
    latest: &str,
) -> crate::Result<StructuredOutcome> {
    spec.validate(path)?;
    let spec = &MergeSpec {
        format: Format::for_path(path, Some(spec.format)).unwrap_or(spec.format),
        ..spec.clone()
    };
    let m = merge(spec, current, baseline, latest);
    let notes = render_notes(path, &m);
    Ok(StructuredOutcome {
        applied: m.applied,
        conflicts: m.conflicts,
        suggestions: m.suggestions,
        merged: m.merged,
        fallback: m.fallback,
        notes,
    })
}

/// Merges the parts `spec` declares from `baseline` → `latest` into `current`.
pub fn merge(spec: &MergeSpec, current: &str, baseline: &str, latest: &str) -> StructuredMerge {
    let mut docs = Vec::new();
    for (name, text) in [
        ("current", current),
        ("baseline", baseline),
        ("latest", latest),
    ] {
        match parse_doc(spec.format, text) {
            Ok(doc) => docs.push(doc),
            Err(e) => {
                let format = match spec.format {
                    Format::Json => "JSON",
                    Format::Jsonc => "JSON with comments",
                    Format::Yaml => "YAML",
                };
                let reason = match e.message.strip_prefix("cannot edit safely: ") {
                    Some(why) => format!(
                        "the {name} file cannot be edited safely (at byte {}: {why})",
                        e.offset
                    ),
                    None => format!("the {name} file is not {format} ({e})"),
                };
                return StructuredMerge::fallback(reason);
            }
        }
    }
    let planned = match verdict::verdicts(spec, &docs[0].root, &docs[1].root, &docs[2].root) {
        Ok(p) => p,
        Err(e) => {
            return StructuredMerge::fallback(format!("a declared part has another shape ({e})"))
        }
    };
    let texts = edit::Texts {
        a: current,
        l: latest,
        format: spec.format,
    };
    let mut out = StructuredMerge::default();
    let mut splices = Vec::new();
    for p in planned {
        match p.verdict.verdict {
            Verdict::Apply => {
                for op in &p.edits {
                    match edit::splice(&texts, op) {
                        Ok(s) => splices.push(s),
                        Err(e) => {
                            return StructuredMerge::fallback(format!(
                                "{} could not be edited in place ({e})",
                                p.verdict.key
                            ))
                        }
                    }
                }
                out.applied.push(p.verdict);
            }
            Verdict::Conflict => out.conflicts.push(p.verdict),
            _ => out.suggestions.push(p.verdict),
        }
    }
    if splices.is_empty() {
        return out;
    }
    let merged = match edit::apply(current, &mut splices) {
        Ok(text) => text,
        Err(e) => return StructuredMerge::fallback(e),
    };
    if let Err(e) = readback::check(spec, &docs[0], current, &merged, &out.applied, &splices) {
        return StructuredMerge::fallback(format!(
            "the edited file did not read back as intended ({e})"
        ));
    }
    out.merged = Some(merged);
    out
}

#[cfg(test)]
mod tests;
