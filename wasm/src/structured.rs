//! Structured merges: a field-aware merge of one JSON or YAML config file. The
//! declaration arrives as a plain object (serde-wasm-bindgen), the three sides as strings.

use upkeep_core::structured;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};
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

/// Reads a config file as its own tools read it: every document, and why a field merge
/// would not edit it. `format` may be left out when the path's name says it.
#[wasm_bindgen(js_name = readConfig, unchecked_return_type = "ConfigRead")]
pub fn read_config(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "'json' | 'jsonc' | 'yaml' | null | undefined")]
    format: JsValue,
    bytes: &[u8],
) -> Result<JsValue, JsValue> {
    let format: Option<structured::Format> =
        decode_or_default(ErrorKind::InvalidArgument, "format", format)?;
    encode(&structured::read_file(path, format, bytes).map_err(to_js)?)
}
