//! The `otherwise` row of the decision table: a file both sides changed, resolved under
//! the `--conflicts` choice.
//!
//! | condition | route | what is written |
//! |---|---|---|
//! | binary (any side) | [`ConflictRoute::LatestCopy`] | upstream's copy beside the file; the file untouched |
//! | `--conflicts patch`, no baseline, or markers this update did not write | [`ConflictRoute::Patch`] | upstream's change B → L as a patch (`a/`, `b/` headers) and the project's edits against L (`.yours.diff`); the file untouched |
//! | the three-way merge (B, A, L) is clean | none: merged | the merge, after a backup |
//! | it conflicts | [`ConflictRoute::Markers`] | the merge with conflict markers, after a backup |
//!
//! The merge (the default) writes diff3 markers labelled `yours`, `<baseline version>
//! (baseline)` and `<latest version> (latest)`; `--conflicts markers` writes git's default
//! two-part markers with the same labels. A file that already holds the markers of this
//! very update (an interrupted run, or a retried one) is left as it is and listed again:
//! merging it a second time would nest them.
//!
//! Every side's bytes are needed here (see [`conflict_bytes`]): a both-changed file is the
//! one row that reads content rather than digests.
//!
//! ```
//! use upkeep_core::update::{plan_update, ConflictRoute, FileInput, SideInput, UpdateInput};
//!
//! let manifest = r#"{"schema":1,"files":{"a.txt":"shared"}}"#;
//! let mut input = UpdateInput::new("1.2.0", "1.3.0", manifest, manifest);
//! input.options.run_id = "run1".into();
//! input.files.push(FileInput {
//!     path: "a.txt".into(),
//!     current: Some(SideInput::file(b"one\nmine\n")),
//!     baseline: Some(SideInput::file(b"one\ntwo\n")),
//!     latest: Some(SideInput::file(b"one\ntheirs\n")),
//! });
//! let plan = plan_update(input).unwrap();
//! assert_eq!(plan.report.conflicts[0].route, ConflictRoute::Markers);
//! ```

use super::{Action, Walk};
use crate::error::{Error, ErrorKind, Result};
use crate::text::{self, ConflictStyle, DiffOptions, MergeOptions};
use crate::update::bytes::Bytes;
use crate::update::manifest::FileClass;
use crate::update::plan::ConflictMode;
use crate::update::report::Conflict;
use crate::update::table::{Bucket, Side};

/// How a file both sides changed was left for the project.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ConflictRoute {
    /// Written with conflict markers: resolve them in the file.
    #[default]
    Markers,
    /// Left as it is; upstream's change is a patch in the merge folder.
    Patch,
    /// A binary file left as it is; upstream's copy is in the merge folder.
    LatestCopy,
    /// Not a regular file (a symlink, a directory): resolved by hand.
    NotAFile,
}

impl ConflictRoute {
    /// The name the report and the summary use.
    pub fn as_str(&self) -> &'static str {
        match self {
            ConflictRoute::Markers => "markers",
            ConflictRoute::Patch => "patch",
            ConflictRoute::LatestCopy => "latest-copy",
            ConflictRoute::NotAFile => "not-a-file",
        }
    }
}

/// The label of the project's side in conflict markers.
pub(crate) const YOURS: &str = "yours";

/// The texts a both-changed file is resolved from: the real bytes (patches, copies,
/// backups), and the view the merge runs on — the same bytes, or for a path with
/// generated regions the texts with every region body masked out.
pub(super) struct ConflictTexts<'t> {
    /// The project's file.
    pub a: &'t [u8],
    /// The baseline's.
    pub b: Baseline<'t>,
    /// The latest release's.
    pub l: &'t [u8],
    /// The masked view (`a`, `b`, `l`) and how to put the project's region bodies back into
    /// a merge of it; `None` merges the real bytes.
    pub view: Option<MaskedView<'t>>,
}

/// What is known of the baseline's copy.
#[derive(Clone, Copy)]
pub(super) enum Baseline<'t> {
    /// The baseline release does not have the file.
    Absent,
    /// Only its digest was supplied: no merge, no upstream patch.
    DigestOnly,
    /// Its bytes.
    Bytes(&'t [u8]),
}

impl<'t> Baseline<'t> {
    fn bytes(self) -> Option<&'t [u8]> {
        match self {
            Baseline::Bytes(b) => Some(b),
            _ => None,
        }
    }
}

/// A masked view of a path with generated regions.
pub(super) struct MaskedView<'t> {
    /// The masked texts, in the order current, baseline, latest.
    pub texts: [&'t [u8]; 3],
    /// Puts the project's region bodies back into a merge of the masked texts; `None`
    /// when the merge no longer holds each region's markers once.
    pub restore: &'t dyn Fn(&[u8]) -> Option<Vec<u8>>,
}

/// The bytes a both-changed file needs: current and latest always (a digest only is an
/// input error naming the side), and the baseline's whenever the release has the file —
/// without them (a digest only) it can be neither merged nor patched.
pub(super) fn conflict_bytes<'s>(
    a: &'s Side,
    b: &'s Side,
    l: &'s Side,
    path: &str,
) -> Result<(&'s [u8], Baseline<'s>, &'s [u8])> {
    let need = |side: &'s Side, which: &str| {
        side.content().ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidUpdateInput,
                path,
                format!(
                    "a file both sides changed needs the {which} side's bytes, and only its digest was supplied"
                ),
            )
        })
    };
    let b = match b.content() {
        Some(bytes) => Baseline::Bytes(bytes),
        None if b.is_present() => Baseline::DigestOnly,
        None => Baseline::Absent,
    };
    Ok((need(a, "current")?, b, need(l, "latest")?))
}

/// Resolves one both-changed file (the decision table's `otherwise` row).
pub(super) fn plan_conflict(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    t: &ConflictTexts<'_>,
) -> Result<()> {
    let binary = [Some(t.a), t.b.bytes(), Some(t.l)]
        .into_iter()
        .flatten()
        .any(text::is_binary);
    if binary {
        return latest_copy(walk, path, class, t.l);
    }
    let mode = walk.options.conflicts;
    let b = match t.b {
        Baseline::Bytes(b) => b,
        Baseline::Absent => {
            return patch_route(walk, path, class, t, "no baseline to merge against")
        }
        Baseline::DigestOnly => {
            return patch_route(
                walk,
                path,
                class,
                t,
                "only the baseline's digest is known, so upstream's change cannot be shown",
            )
        }
    };
    if mode == ConflictMode::Patch {
        return patch_route(walk, path, class, t, "--conflicts patch");
    }
    let [va, vb, vl] = match &t.view {
        Some(view) => view.texts,
        None => [t.a, b, t.l],
    };
    if text::has_conflict_markers(va) {
        if holds_own_markers(va, &walk.report.to) {
            // Written by this update earlier (an interrupted or retried run): resolve it.
            walk.report
                .conflicts
                .push(conflict(path, class, ConflictRoute::Markers));
            return Ok(());
        }
        return patch_route(
            walk,
            path,
            class,
            t,
            "it already holds conflict markers; merging again would nest them",
        );
    }
    let merged = text::merge(va, vb, vl, &merge_options(walk, mode))?;
    let content = match &t.view {
        Some(view) => match (view.restore)(&merged.content) {
            Some(content) => content,
            None => {
                return patch_route(
                    walk,
                    path,
                    class,
                    t,
                    "the merge moved a generated region's markers",
                )
            }
        },
        None => merged.content,
    };
    let clean = merged.conflicts == 0;
    if clean && content == t.a {
        // Upstream's changes are already in the file (a resumed run): nothing to write.
        walk.bucket(Bucket::Skip, path, class);
        return Ok(());
    }
    let backup_path = walk.backup_path(path)?;
    walk.actions.push(Action::WriteMerged {
        path: path.into(),
        backup_path,
        bytes: Bytes(content),
    });
    if clean {
        walk.bucket(Bucket::Merge, path, class);
    } else {
        walk.report
            .conflicts
            .push(conflict(path, class, ConflictRoute::Markers));
    }
    Ok(())
}

/// How an update from `from` to `to` merges a file both sides changed: labels `yours`,
/// `<from> (baseline)`, `<to> (latest)`; diff3 markers under the merge default, two-part
/// ones under `--conflicts markers`. (Editors preview the same merge.)
pub(crate) fn update_merge_options(from: &str, to: &str, mode: ConflictMode) -> MergeOptions {
    MergeOptions {
        style: if mode == ConflictMode::Markers {
            ConflictStyle::Merge
        } else {
            ConflictStyle::Diff3
        },
        ours_label: Some(YOURS.into()),
        base_label: Some(format!("{from} (baseline)")),
        theirs_label: Some(latest_label(to)),
        ..MergeOptions::default()
    }
}

fn merge_options(walk: &Walk<'_>, mode: ConflictMode) -> MergeOptions {
    update_merge_options(&walk.report.from, &walk.report.to, mode)
}

fn latest_label(to: &str) -> String {
    format!("{to} (latest)")
}

/// Whether `bytes` holds conflict markers this update writes: a `<<<<<<< yours` line and
/// a `>>>>>>> <to> (latest)` line.
fn holds_own_markers(bytes: &[u8], to: &str) -> bool {
    let opening = format!("<<<<<<< {YOURS}");
    let closing = format!(">>>>>>> {}", latest_label(to));
    let has_line = |wanted: &str| {
        bytes
            .split(|&c| c == b'\n')
            .any(|line| line.strip_suffix(b"\r").unwrap_or(line) == wanted.as_bytes())
    };
    has_line(&opening) && has_line(&closing)
}

fn conflict(path: &str, class: FileClass, route: ConflictRoute) -> Conflict {
    Conflict::new(path, class, route)
}

/// The file untouched; upstream's change B → L (from `/dev/null` when the baseline lacks
/// the file; none when only its digest is known) as a patch that `git apply` and `patch
/// -p1` read from the project root, and the project's edits against the latest release
/// beside it, for reading.
fn patch_route(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    t: &ConflictTexts<'_>,
    reason: &str,
) -> Result<()> {
    let old = match t.b {
        Baseline::Bytes(b) => Some((b, format!("a/{path}"))),
        Baseline::Absent => Some((&b""[..], "/dev/null".to_string())),
        Baseline::DigestOnly => None,
    };
    let patch_path = match old {
        Some((old, old_label)) => {
            let upstream = text::unified_diff(
                old,
                t.l,
                &DiffOptions {
                    old_label,
                    new_label: format!("b/{path}"),
                    ..DiffOptions::default()
                },
            )?;
            let at = walk.merge_path(path, ".patch");
            walk.actions.push(Action::WritePatch {
                path: path.into(),
                patch_path: at.clone(),
                bytes: Bytes(upstream.patch),
            });
            Some(at)
        }
        None => None,
    };
    // What the project changed, shown against the latest release (outside any generated
    // region: a regenerated body is not an edit).
    let (va, vl) = match &t.view {
        Some(view) => (view.texts[0], view.texts[2]),
        None => (t.a, t.l),
    };
    let yours = text::unified_diff(
        vl,
        va,
        &DiffOptions {
            old_label: format!("{path} ({}, latest)", walk.report.to),
            new_label: format!("{path} ({YOURS})"),
            ..DiffOptions::default()
        },
    )?;
    let yours_diff_path = if yours.patch.is_empty() {
        None
    } else {
        let at = walk.merge_path(path, ".yours.diff");
        walk.actions.push(Action::WritePatch {
            path: path.into(),
            patch_path: at.clone(),
            bytes: Bytes(yours.patch),
        });
        Some(at)
    };
    walk.report.conflicts.push(Conflict {
        patch_path,
        yours_diff_path,
        reason: Some(reason.into()),
        ..conflict(path, class, ConflictRoute::Patch)
    });
    Ok(())
}

/// A binary file untouched, with the latest release's copy in the merge folder.
fn latest_copy(walk: &mut Walk<'_>, path: &str, class: FileClass, l: &[u8]) -> Result<()> {
    let at = walk.merge_path(path, ".latest");
    walk.actions.push(Action::WritePatch {
        path: path.into(),
        patch_path: at.clone(),
        bytes: Bytes(l.to_vec()),
    });
    walk.report.conflicts.push(Conflict {
        latest_copy_path: Some(at),
        reason: Some("binary file".into()),
        ..conflict(path, class, ConflictRoute::LatestCopy)
    });
    Ok(())
}

/// A path that is not a regular file in the project, where upstream changed the file.
pub(super) fn not_a_file(walk: &mut Walk<'_>, path: &str, class: FileClass) {
    walk.report
        .conflicts
        .push(conflict(path, class, ConflictRoute::NotAFile));
}

#[cfg(test)]
#[path = "conflict_tests.rs"]
mod tests;
