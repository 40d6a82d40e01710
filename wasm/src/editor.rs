//! Editors: what a language server shows for one managed file, and the managed paths of
//! a project's manifests. Values cross as plain objects (serde-wasm-bindgen), file
//! contents as `Uint8Array`s.

use upkeep_core::editor;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};
use crate::error::to_js;

/// Diagnostics, code actions, lens and hovers for one file, from its text and its sides.
#[wasm_bindgen(js_name = fileView)]
pub fn file_view(input: JsValue) -> Result<JsValue, JsValue> {
    let input: editor::FileViewInput = decode(ErrorKind::InvalidArgument, "fileView", input)?;
    encode(&editor::file_view(&input).map_err(to_js)?)
}

/// Every managed path of the latest manifest (and those the baseline's lists and the
/// latest dropped) with its class, generated regions and field-merge declaration.
#[wasm_bindgen(js_name = editorManifest)]
pub fn editor_manifest(latest: &str, baseline: Option<String>) -> Result<JsValue, JsValue> {
    encode(&editor::editor_manifest(latest, baseline.as_deref()).map_err(to_js)?)
}

/// Adds one file's summary to the background scan's totals.
#[wasm_bindgen(js_name = editorTally)]
pub fn editor_tally(totals: JsValue, summary: JsValue) -> Result<JsValue, JsValue> {
    let mut totals: editor::ScanTotals =
        decode_or_default(ErrorKind::InvalidArgument, "totals", totals)?;
    let summary: editor::FileSummary = decode(ErrorKind::InvalidArgument, "summary", summary)?;
    totals.add(&summary);
    encode(&totals)
}

/// The status line of a project the editor serves.
#[wasm_bindgen(js_name = editorStatus)]
pub fn editor_status(facts: JsValue) -> Result<String, JsValue> {
    let facts: editor::ProjectFacts = decode(ErrorKind::InvalidArgument, "editorStatus", facts)?;
    Ok(editor::project_status(&facts))
}
