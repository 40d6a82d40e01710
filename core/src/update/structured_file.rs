//! The per-file strategy for paths the latest manifest declares under `merges`: presence
//! triage, then the field-aware merge of [`crate::structured`] instead of the whole-file
//! table. A file that cannot be merged field by field (a side that does not parse, a part
//! of another shape) is taken by the whole-file table instead — under the default, a
//! three-way text merge — and its report entry says why in `fallback`. With no baseline
//! there is nothing to merge against: a whole-file conflict, whatever the class.

use super::conflict::{self, ConflictTexts};
use super::{same_side, Sides, Walk};
use crate::error::Result;
use crate::structured::{self, MergeSpec};
use crate::update::bytes::Bytes;
use crate::update::manifest::FileClass;
use crate::update::plan::Action;
use crate::update::report::StructuredFile;
use crate::update::table::{Bucket, Row, Side};

/// Plans `path` field by field; `false` when presence triage leaves it to the whole-file
/// table (a side missing, the project's copy not a file, or only digests supplied).
pub(super) fn plan_structured(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    s: &Sides,
    spec: &MergeSpec,
) -> Result<bool> {
    let ignore_eol = walk.options.ignore_eol;
    if !matches!(s.a, Side::File { .. }) {
        return Ok(false); // add, removed, not a file: the table's first rows
    }
    if !s.b.is_present() {
        if same_side(&s.a, &s.l, ignore_eol) {
            return Ok(false); // already the latest: the table skips it
        }
        fallback(walk, path, class, s, "no baseline to merge against".into())?;
        return Ok(true);
    }
    if same_side(&s.b, &s.l, ignore_eol) {
        // No upstream change at all: the table skips it, whatever the project did.
        walk.report
            .structured
            .insert(path.into(), StructuredFile::default());
        return Ok(false);
    }
    if let Some(reason) = super::too_large::too_large(super::too_large::named(s)) {
        fallback(walk, path, class, s, reason)?;
        return Ok(true);
    }
    let (Some(a), Some(b), Some(l)) = (s.a.content(), s.b.content(), s.l.content()) else {
        return Ok(false); // a digest-only side: only the whole-file table can decide
    };
    walk.outcome(
        path,
        class,
        None,
        !same_side(&s.a, &s.b, ignore_eol),
        !same_side(&s.b, &s.l, ignore_eol),
    );
    let texts = [("current", a), ("baseline", b), ("latest", l)].map(|(name, bytes)| {
        std::str::from_utf8(bytes).map_err(|_| format!("the {name} file is not UTF-8"))
    });
    let merged = match texts {
        [Ok(a), Ok(b), Ok(l)] => structured::merge(spec, a, b, l),
        [Err(e), ..] | [_, Err(e), _] | [_, _, Err(e)] => structured::StructuredMerge {
            fallback: Some(e),
            ..Default::default()
        },
    };
    if let Some(reason) = merged.fallback {
        // The whole-file table decides instead (the region step first, as for any path).
        walk.files.pop();
        record_fallback(walk, path, reason);
        return Ok(false);
    }
    let notes_path = match structured::render_notes_with(path, &merged, walk.notes) {
        Some(notes) => {
            let notes_path = format!("{}-merge/{path}.notes", walk.options.state_dir);
            walk.actions.push(Action::WritePatch {
                path: path.into(),
                patch_path: notes_path.clone(),
                bytes: Bytes(notes.into_bytes()),
            });
            Some(notes_path)
        }
        None => None,
    };
    let bucket = match merged.merged {
        Some(text) => {
            let backup_path = walk.backup_path(path)?;
            walk.actions.push(Action::WriteMerged {
                path: path.into(),
                backup_path,
                bytes: Bytes(text.into_bytes()),
            });
            Bucket::Merge
        }
        None => Bucket::Skip,
    };
    walk.bucket(bucket, path, class);
    walk.report.structured.insert(
        path.into(),
        StructuredFile {
            applied: merged.applied,
            conflicts: merged.conflicts,
            suggestions: merged.suggestions,
            notes_path,
            fallback: None,
        },
    );
    Ok(true)
}

/// Notes in the report why `path` was not merged field by field.
fn record_fallback(walk: &mut Walk<'_>, path: &str, reason: String) {
    walk.report.structured.insert(
        path.into(),
        StructuredFile {
            fallback: Some(reason),
            ..Default::default()
        },
    );
}

/// No baseline to merge against, or a side too large to load: a whole-file conflict,
/// recorded as this path's fallback.
fn fallback(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    s: &Sides,
    reason: String,
) -> Result<()> {
    let ignore_eol = walk.options.ignore_eol;
    let local = s.b.is_present() && !same_side(&s.a, &s.b, ignore_eol);
    let upstream = !s.b.is_present() || !same_side(&s.b, &s.l, ignore_eol);
    walk.outcome(path, class, Some(Row::Conflict), local, upstream);
    if let Some(limit) = super::too_large::too_large(super::too_large::named(s)) {
        // Too large to load: compared by digest only, nothing written.
        walk.conflict_because(path, class, limit);
    } else {
        let (a, b, l) = conflict::conflict_bytes(&s.a, &s.b, &s.l, path)?;
        conflict::plan_conflict(
            walk,
            path,
            class,
            &ConflictTexts {
                a,
                b,
                l,
                view: None,
            },
        )?;
    }
    record_fallback(walk, path, reason);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::update::{
        plan_update, Action, ConflictRoute, FileInput, Row, SideInput, UpdateInput,
    };

    const MANIFEST: &str = r#"{"schema":1,"files":{"p.json":"shared","o.json":"owned"},"merges":{"p.json":{"format":"json","maps":["deps"]},"o.json":{"format":"json","maps":["deps"]}}}"#;

    fn side(text: Option<&str>) -> Option<SideInput> {
        text.map(|t| SideInput::file(t.as_bytes()))
    }

    /// Plans `p.json` (shared) and `o.json` (owned) with the same three sides.
    fn plan(a: Option<&str>, b: Option<&str>, l: &str) -> crate::update::UpdatePlan {
        let mut input = UpdateInput::new("1.0.0", "1.1.0", MANIFEST, MANIFEST);
        input.options.run_id = "run".into();
        for path in ["p.json", "o.json"] {
            input.files.push(FileInput {
                path: path.into(),
                current: side(a),
                baseline: side(b),
                latest: side(Some(l)),
            });
        }
        plan_update(input).unwrap()
    }

    const B: &str = r#"{"deps":{"x":"1"}}"#;
    const L: &str = r#"{"deps":{"x":"2"}}"#;

    #[test]
    fn presence_triage() {
        // Current and baseline missing: added.
        let p = plan(None, None, L);
        assert_eq!(p.report.add, ["o.json", "p.json"]);
        assert!(p.report.structured.is_empty());
        // Current missing, baseline present: left removed.
        let p = plan(None, Some(B), L);
        assert_eq!(p.report.removed, ["o.json", "p.json"]);
        // Baseline missing: a whole-file conflict patch, for every class.
        let p = plan(Some(r#"{"deps":{"x":"9"}}"#), None, L);
        assert_eq!(p.report.conflicts.len(), 2);
        assert_eq!(
            p.report.structured["p.json"].fallback.as_deref(),
            Some("no baseline to merge against")
        );
        assert!(p
            .actions
            .iter()
            .all(|a| matches!(a, Action::WritePatch { .. })));
        // ... unless the project already has the latest file (the whole-file table then
        // decides: owned files are adopted, others skipped).
        let p = plan(Some(L), None, L);
        assert_eq!(
            (p.report.overwrite.as_slice(), p.report.skip.as_slice()),
            (&["o.json".to_string()][..], &["p.json".to_string()][..])
        );
        // A side that does not parse: the whole-file table instead, a three-way text
        // merge under the default; here both changed the one line, so markers.
        let p = plan(Some("{"), Some(B), L);
        assert_eq!(
            (
                p.report.conflicts[1].route,
                p.report.conflicts[1].patch_path.as_deref()
            ),
            (ConflictRoute::Markers, None)
        );
        assert!(p.report.structured["p.json"]
            .fallback
            .as_deref()
            .unwrap()
            .contains("not JSON"));
        assert!(p.files.iter().all(|f| f.row == Some(Row::Conflict)));
        assert!(
            p.summary
                .contains("  p.json: not merged field by field (the current file is not JSON"),
            "{}",
            p.summary
        );
        assert!(
            p.summary
                .contains("; a whole-file conflict (see Conflicts above)\n"),
            "{}",
            p.summary
        );
        // ... and a clean text merge is written, though the file still does not parse.
        let b = "{\n  \"a\": 1,\n  \"deps\": {\"x\": \"1\"},\n  \"z\": 0\n}\n";
        let broken = format!("{b}}}\n");
        let p = plan(Some(&broken), Some(b), &b.replace("\"1\"}", "\"2\"}"));
        assert_eq!(p.report.merge, ["o.json", "p.json"]);
        assert!(p.actions.iter().any(|a| matches!(a, Action::WriteMerged { path, bytes, .. }
            if path == "p.json" && bytes.as_slice() == broken.replace("\"1\"}", "\"2\"}").as_bytes())));
        assert!(
            p.summary.contains("; taken as a whole file instead\n"),
            "{}",
            p.summary
        );
        // With --conflicts patch: upstream's own change as a patch, the file untouched.
        let mut input = UpdateInput::new("1.0.0", "1.1.0", MANIFEST, MANIFEST);
        input.options.run_id = "run".into();
        input.options.conflicts = crate::update::ConflictMode::Patch;
        input.files.push(FileInput {
            path: "p.json".into(),
            current: side(Some("{")),
            baseline: side(Some(B)),
            latest: side(Some(L)),
        });
        input.files.push(FileInput {
            path: "o.json".into(),
            current: side(Some(B)),
            baseline: side(Some(B)),
            latest: side(Some(B)),
        });
        let p = plan_update(input).unwrap();
        assert_eq!(
            p.report.conflicts[0].patch_path.as_deref(),
            Some(".upkeep-merge/p.json.patch")
        );
        // No upstream change: a clean skip, whatever the project did.
        let p = plan(Some("{"), Some(B), B);
        assert_eq!(p.report.skip, ["o.json", "p.json"]);
        assert_eq!(p.report.structured["p.json"], Default::default());
        assert!(p
            .summary
            .contains("  p.json: no managed-key changes (clean skip)\n"));
    }

    #[test]
    fn the_field_merge_writes_the_file_and_the_notes() {
        let p = plan(
            Some(r#"{"name":"me","deps":{"x":"1","y":"1"}}"#),
            Some(r#"{"deps":{"x":"1","y":"1"}}"#),
            r#"{"deps":{"x":"2","y":"2","z":"1"}}"#,
        );
        let s = &p.report.structured["p.json"];
        assert_eq!(
            (s.applied.len(), s.conflicts.len(), s.suggestions.len()),
            (2, 0, 1)
        );
        assert_eq!(s.notes_path.as_deref(), Some(".upkeep-merge/p.json.notes"));
        assert_eq!(p.report.merge, ["o.json", "p.json"]);
        assert!(p.actions.iter().any(
            |a| matches!(a, Action::WriteMerged { path, backup_path, bytes }
            if path == "p.json" && backup_path == ".upkeep-backups/run/p.json"
                && bytes.as_slice() == br#"{"name":"me","deps":{"x":"2","y":"2"}}"#)
        ));
        assert!(p.actions.iter().any(|a| matches!(a, Action::WritePatch { patch_path, .. } if patch_path == ".upkeep-merge/p.json.notes")));
        assert!(p.summary.contains(
            "  p.json: 2 applied, 0 conflicts, 1 suggestion (see .upkeep-merge/p.json.notes)\n"
        ));
        assert!(p.files.iter().all(|f| f.row.is_none()));
    }

    #[test]
    fn a_bad_declaration_is_refused_by_name() {
        let manifest =
            r#"{"schema":1,"files":{"p.json":"shared"},"merges":{"p.json":{"format":"toml"}}}"#;
        let err = plan_update(UpdateInput::new("1.0.0", "1.1.0", manifest, manifest)).unwrap_err();
        assert_eq!(err.code(), "invalid-manifest");
        assert!(err.to_string().contains("latest release manifest"));
        assert!(err.to_string().contains("merges.\"p.json\".format"));
    }
}
