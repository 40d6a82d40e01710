//! Structured merges: a field-aware merge of one JSON or YAML config file. The
//! declaration arrives as a plain object (serde), the three sides as strings.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::{Object, Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::structured;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Merges the parts `spec` declares from baseline → latest into current, with notes.
#[napi(ts_return_type = "StructuredOutcome")]
pub fn structured_merge<'env>(
    env: &'env Env,
    path: String,
    #[napi(ts_arg_type = "MergeSpec")] spec: Object,
    current: String,
    baseline: String,
    latest: String,
) -> napi::Result<Unknown<'env>> {
    let spec: structured::MergeSpec =
        decode(env, ErrorKind::InvalidMergeSpec, "structuredMerge", spec)?;
    let outcome = structured::merge_file(&path, &spec, &current, &baseline, &latest)
        .map_err(|e| to_js(env, e))?;
    encode(env, &outcome)
}

/// Reads a config file as its own tools read it: every document, and why a field merge
/// would not edit it. `format` may be left out when the path's name says it.
#[napi(ts_return_type = "ConfigRead")]
pub fn read_config<'env>(
    env: &'env Env,
    path: String,
    #[napi(ts_arg_type = "'json' | 'jsonc' | 'yaml' | null | undefined")] format: Option<Unknown>,
    bytes: Uint8Array,
) -> napi::Result<Unknown<'env>> {
    let format: Option<structured::Format> =
        decode_or_default(env, ErrorKind::InvalidArgument, "format", format)?;
    let read = structured::read_file(&path, format, &bytes).map_err(|e| to_js(env, e))?;
    encode(env, &read)
}
