//! Text engine: unified diffs, three-way merges, hunks and line endings, on bytes.
//!
//! Options arrive as plain objects and are decoded by serde into the engine's own option
//! types (an unknown or mistyped field is an `invalid-options` error). Results leave as
//! the objects below, with every byte string a `Uint8Array`.

use crate::convert::decode_or_default;
use napi::bindgen_prelude::{Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::text;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// A unified diff and what it says.
#[napi(object)]
#[allow(missing_debug_implementations)] // napi's Uint8Array has no Debug.
pub struct UnifiedDiff {
    /// `identical`, `different` or `binary`.
    pub status: String,
    /// What `diff -u` prints.
    pub patch: Uint8Array,
}

/// A group of nearby changes with the unchanged lines around them.
#[napi(object)]
#[allow(missing_debug_implementations)] // Its lines hold Uint8Arrays.
pub struct Hunk {
    /// Index (0-based) of the hunk's first line in the old text.
    pub old_start: f64,
    /// Old lines covered (context and deletions).
    pub old_lines: f64,
    /// Index (0-based) of the hunk's first line in the new text.
    pub new_start: f64,
    /// New lines covered (context and insertions).
    pub new_lines: f64,
    /// The lines in patch order.
    pub lines: Vec<HunkLine>,
}

/// One line of a hunk.
#[napi(object)]
#[allow(missing_debug_implementations)] // napi's Uint8Array has no Debug.
pub struct HunkLine {
    /// `context`, `delete` or `insert`.
    pub kind: String,
    /// The line's bytes, with its line ending.
    pub text: Uint8Array,
}

/// The merged text and how many conflicts it holds.
#[napi(object)]
#[allow(missing_debug_implementations)] // napi's Uint8Array has no Debug.
pub struct MergeResult {
    /// The merged bytes.
    pub content: Uint8Array,
    /// Conflict blocks in `content`.
    pub conflicts: f64,
}

/// How often each line ending occurs, and the dominant one.
#[napi(object)]
#[derive(Debug)]
pub struct LineEndings {
    /// `lf`, `crlf`, `cr` or `none`.
    pub dominant: String,
    /// Bare `\n` count.
    pub lf: f64,
    /// `\r\n` count.
    pub crlf: f64,
    /// Bare `\r` count.
    pub cr: f64,
}

/// Whether `bytes` is binary: a NUL byte in its first 8,000 bytes (git's rule).
#[napi]
pub fn is_binary(bytes: Uint8Array) -> bool {
    text::is_binary(&bytes)
}

/// The text with every LF made CRLF, as an autocrlf checkout writes it; null when there is
/// nothing to convert (binary, no LF, or already CRLF).
#[napi]
pub fn to_crlf(bytes: Uint8Array) -> Option<Uint8Array> {
    text::to_crlf(&bytes).map(Uint8Array::from)
}

/// Counts the line endings of `bytes` and names the dominant one.
#[napi]
pub fn line_endings(bytes: Uint8Array) -> LineEndings {
    text::line_endings(&bytes).into()
}

/// Whether two texts are the same, optionally ignoring CRLF versus LF.
#[napi]
pub fn same_text(
    env: Env,
    a: Uint8Array,
    b: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<bool> {
    let options: text::DiffOptions =
        decode_or_default(&env, ErrorKind::InvalidOptions, "options", options)?;
    Ok(text::same_text(&a, &b, &options))
}

/// The unified diff from `old` to `new`, as `diff -u -L <old> -L <new>` prints it.
#[napi]
pub fn unified_diff(
    env: Env,
    old: Uint8Array,
    new: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<UnifiedDiff> {
    let options: text::DiffOptions =
        decode_or_default(&env, ErrorKind::InvalidOptions, "options", options)?;
    let diff = text::unified_diff(&old, &new, &options).map_err(|e| to_js(&env, e))?;
    Ok(diff.into())
}

/// The diff of two files as GNU `diff -u <old> <new>` prints it (names quoted as GNU
/// quotes them, modification times in the header unless labels are given).
#[napi]
pub fn diff_files(
    env: Env,
    old: Uint8Array,
    new: Uint8Array,
    #[napi(ts_arg_type = "FileDiffOptions")] options: Unknown,
) -> napi::Result<UnifiedDiff> {
    let options: text::FileDiffOptions =
        crate::convert::decode(&env, ErrorKind::InvalidOptions, "options", options)?;
    let diff = text::diff_files(&old, &new, &options).map_err(|e| to_js(&env, e))?;
    Ok(diff.into())
}

/// The hunks that turn `old` into `new`.
#[napi]
pub fn diff_hunks(
    env: Env,
    old: Uint8Array,
    new: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<Vec<Hunk>> {
    let options: text::DiffOptions =
        decode_or_default(&env, ErrorKind::InvalidOptions, "options", options)?;
    let hunks = text::diff_hunks(&old, &new, &options).map_err(|e| to_js(&env, e))?;
    Ok(hunks.into_iter().map(Hunk::from).collect())
}

/// `old` with the selected hunks (indexes into `diffHunks`) applied.
#[napi]
pub fn apply_hunks(
    env: Env,
    old: Uint8Array,
    new: Uint8Array,
    selection: Vec<u32>,
    options: Option<Unknown>,
) -> napi::Result<Uint8Array> {
    let options: text::DiffOptions =
        decode_or_default(&env, ErrorKind::InvalidOptions, "options", options)?;
    let selection: Vec<usize> = selection.into_iter().map(|index| index as usize).collect();
    text::apply_hunks(&old, &new, &selection, &options)
        .map(Uint8Array::from)
        .map_err(|e| to_js(&env, e))
}

/// Three-way merge in `git merge-file` argument order: ours, base, theirs.
#[napi]
pub fn merge(
    env: Env,
    ours: Uint8Array,
    base: Uint8Array,
    theirs: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<MergeResult> {
    let options: text::MergeOptions =
        decode_or_default(&env, ErrorKind::InvalidOptions, "options", options)?;
    let merged = text::merge(&ours, &base, &theirs, &options).map_err(|e| to_js(&env, e))?;
    Ok(merged.into())
}

impl From<text::UnifiedDiff> for UnifiedDiff {
    fn from(diff: text::UnifiedDiff) -> Self {
        UnifiedDiff {
            status: diff.status.as_str().into(),
            patch: diff.patch.into(),
        }
    }
}

impl From<text::Hunk> for Hunk {
    fn from(hunk: text::Hunk) -> Self {
        Hunk {
            old_start: hunk.old_start as f64,
            old_lines: hunk.old_lines as f64,
            new_start: hunk.new_start as f64,
            new_lines: hunk.new_lines as f64,
            lines: hunk.lines.into_iter().map(HunkLine::from).collect(),
        }
    }
}

impl From<text::HunkLine> for HunkLine {
    fn from(line: text::HunkLine) -> Self {
        HunkLine {
            kind: line.kind.as_str().into(),
            text: line.text.into(),
        }
    }
}

impl From<text::MergeResult> for MergeResult {
    fn from(merged: text::MergeResult) -> Self {
        MergeResult {
            content: merged.content.into(),
            conflicts: merged.conflicts as f64,
        }
    }
}

impl From<text::LineEndings> for LineEndings {
    fn from(stats: text::LineEndings) -> Self {
        LineEndings {
            dominant: stats.dominant.as_str().into(),
            lf: stats.lf as f64,
            crlf: stats.crlf as f64,
            cr: stats.cr as f64,
        }
    }
}
