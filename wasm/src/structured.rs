//! Structured merges: a field-aware merge of one JSON or YAML config file. The
//! declaration arrives as a plain object (serde-wasm-bindgen), the three sides as strings.

use upkeep_core::structured;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};
use crate::error::to_js;

/// Merges the parts `spec` declares from baseline → latest into current, with notes.
#[wasm_bindgen(js_name = structuredMerge)]
pub fn structured_merge(
    path: &str,
    spec: JsValue,
    current: &str,
    baseline: &str,
    latest: &str,
) -> Result<JsValue, JsValue> {
    let spec: structured::MergeSpec = decode(ErrorKind::InvalidMergeSpec, "structuredMerge", spec)?;
    encode(&structured::merge_file(path, &spec, current, baseline, latest).map_err(to_js)?)
}
