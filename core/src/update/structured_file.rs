//! The per-file strategy for paths the latest manifest declares under `merges`: presence
//! triage, then the field-aware merge of [`crate::structured`] instead of the whole-file
//! table. A file that cannot be merged field by field (no baseline to merge against, a
//! side that does not parse, a part of another shape) gets a whole-file conflict patch,
//! and its report entry says why in `fallback`.

use super::{needs_bytes, same_side, write_patch, Sides, Walk};
use crate::error::Result;
use crate::structured::{self, MergeSpec};
use crate::update::bytes::Bytes;
use crate::update::manifest::FileClass;
use crate::update::plan::Action;
use crate::update::report::StructuredFile;
use crate::update::table::{Bucket, Side};

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
        walk.files.pop();
        fallback(walk, path, class, s, reason)?;
        return Ok(true);
    }
    let notes_path = match structured::render_notes(path, &merged) {
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
    walk.bucket(bucket, path, class, None);
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

/// A whole-file conflict patch, recorded as this path's structured fallback.
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
    walk.outcome(path, class, None, local, upstream);
    let a = needs_bytes(&s.a, path, "current")?;
    let l = needs_bytes(&s.l, path, "latest")?;
    write_patch(walk, path, class, a, l)?;
    walk.report.structured.insert(
        path.into(),
        StructuredFile {
            fallback: Some(reason),
            ..Default::default()
        },
    );
    Ok(())
}
