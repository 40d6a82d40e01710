//! Text engine: unified diffs, three-way merges, hunks and line endings, on bytes.
//!
//! Options arrive as plain objects and are decoded by serde into the engine's own option
//! types (an unknown or mistyped field is an `invalid-options` error); results leave as
//! plain objects through serde, with every byte string a `Uint8Array`.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::{Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::text;
use upkeep_core::ErrorKind;

use crate::error::to_js;

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
#[napi(ts_return_type = "LineEndings")]
pub fn line_endings(env: &Env, bytes: Uint8Array) -> napi::Result<Unknown<'_>> {
    encode(env, &text::line_endings(&bytes))
}

/// Whether two texts are the same, optionally ignoring CRLF versus LF.
#[napi]
pub fn same_text(
    env: &Env,
    a: Uint8Array,
    b: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<bool> {
    let options: text::DiffOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    Ok(text::same_text(&a, &b, &options))
}

/// The unified diff from `old` to `new`, as `diff -u -L <old> -L <new>` prints it.
#[napi(ts_return_type = "UnifiedDiff")]
pub fn unified_diff<'env>(
    env: &'env Env,
    old: Uint8Array,
    new: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let options: text::DiffOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    let diff = text::unified_diff(&old, &new, &options).map_err(|e| to_js(env, e))?;
    encode(env, &diff)
}

/// The diff of two files as GNU `diff -u <old> <new>` prints it (names quoted as GNU
/// quotes them, modification times in the header unless labels are given).
#[napi(ts_return_type = "UnifiedDiff")]
pub fn diff_files<'env>(
    env: &'env Env,
    old: Uint8Array,
    new: Uint8Array,
    #[napi(ts_arg_type = "FileDiffOptions")] options: Unknown,
) -> napi::Result<Unknown<'env>> {
    let options: text::FileDiffOptions =
        decode(env, ErrorKind::InvalidOptions, "options", options)?;
    let diff = text::diff_files(&old, &new, &options).map_err(|e| to_js(env, e))?;
    encode(env, &diff)
}

/// The hunks that turn `old` into `new`.
#[napi(ts_return_type = "Hunk[]")]
pub fn diff_hunks<'env>(
    env: &'env Env,
    old: Uint8Array,
    new: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let options: text::DiffOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    let hunks = text::diff_hunks(&old, &new, &options).map_err(|e| to_js(env, e))?;
    encode(env, &hunks)
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

/// What a view says of a merge that left `conflicts` conflicts.
#[napi(ts_return_type = "MergeSummary")]
pub fn merge_summary(env: &Env, conflicts: u32) -> napi::Result<Unknown<'_>> {
    encode(env, &text::merge_summary(conflicts as usize))
}

/// Three-way merge in `git merge-file` argument order: ours, base, theirs.
#[napi(ts_return_type = "MergeResult")]
pub fn merge<'env>(
    env: &'env Env,
    ours: Uint8Array,
    base: Uint8Array,
    theirs: Uint8Array,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let options: text::MergeOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    let merged = text::merge(&ours, &base, &theirs, &options).map_err(|e| to_js(env, e))?;
    encode(env, &merged)
}
