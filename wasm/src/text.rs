//! Text engine: unified diffs, three-way merges, hunks and line endings, on bytes.
//!
//! Options arrive as plain objects and are decoded by serde into the engine's own option
//! types (an unknown or mistyped field is an `invalid-options` error); results leave as
//! plain objects through serde, with every byte string a `Uint8Array`.

use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode_or_default, encode};

use crate::error::to_js;
use upkeep_core::text;

/// Whether `bytes` is binary: a NUL byte in its first 8,000 bytes (git's rule).
#[wasm_bindgen(js_name = isBinary)]
pub fn is_binary(bytes: &[u8]) -> bool {
    text::is_binary(bytes)
}

/// The text with every LF made CRLF, as an autocrlf checkout writes it; null when there is
/// nothing to convert (binary, no LF, or already CRLF).
#[wasm_bindgen(js_name = toCrlf, unchecked_return_type = "Uint8Array | null")]
pub fn to_crlf(bytes: &[u8]) -> JsValue {
    // `Option<Vec<u8>>` would give `undefined`; the API (and the native addon) says null.
    text::to_crlf(bytes).map_or(JsValue::NULL, |converted| {
        js_sys::Uint8Array::from(converted.as_slice()).into()
    })
}

/// Counts the line endings of `bytes` and names the dominant one.
#[wasm_bindgen(js_name = lineEndings)]
pub fn line_endings(bytes: &[u8]) -> Result<JsValue, JsValue> {
    encode(&text::line_endings(bytes))
}

/// Whether two texts are the same, optionally ignoring CRLF versus LF.
#[wasm_bindgen(js_name = sameText)]
pub fn same_text(a: &[u8], b: &[u8], options: JsValue) -> Result<bool, JsValue> {
    let options: text::DiffOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    Ok(text::same_text(a, b, &options))
}

/// The unified diff from `old` to `new`, as `diff -u -L <old> -L <new>` prints it.
#[wasm_bindgen(js_name = unifiedDiff)]
pub fn unified_diff(old: &[u8], new: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let options: text::DiffOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    encode(&text::unified_diff(old, new, &options).map_err(to_js)?)
}

/// The diff of two files as GNU `diff -u <old> <new>` prints it (names quoted as GNU
/// quotes them, modification times in the header unless labels are given).
#[wasm_bindgen(js_name = diffFiles)]
pub fn diff_files(old: &[u8], new: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let options: text::FileDiffOptions =
        crate::convert::decode(ErrorKind::InvalidOptions, "options", options)?;
    encode(&text::diff_files(old, new, &options).map_err(to_js)?)
}

/// The hunks that turn `old` into `new`.
#[wasm_bindgen(js_name = diffHunks)]
pub fn diff_hunks(old: &[u8], new: &[u8], options: JsValue) -> Result<JsValue, JsValue> {
    let options: text::DiffOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    encode(&text::diff_hunks(old, new, &options).map_err(to_js)?)
}

/// `old` with the selected hunks (indexes into `diffHunks`) applied.
#[wasm_bindgen(js_name = applyHunks)]
pub fn apply_hunks(
    old: &[u8],
    new: &[u8],
    selection: &[u32],
    options: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let options: text::DiffOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    let selection: Vec<usize> = selection.iter().map(|&index| index as usize).collect();
    text::apply_hunks(old, new, &selection, &options).map_err(to_js)
}

/// What a view says of a merge that left `conflicts` conflicts.
#[wasm_bindgen(js_name = mergeSummary)]
pub fn merge_summary(conflicts: u32) -> Result<JsValue, JsValue> {
    encode(&text::merge_summary(conflicts as usize))
}

/// Three-way merge in `git merge-file` argument order: ours, base, theirs.
#[wasm_bindgen]
pub fn merge(
    ours: &[u8],
    base: &[u8],
    theirs: &[u8],
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let options: text::MergeOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    encode(&text::merge(ours, base, theirs, &options).map_err(to_js)?)
}
