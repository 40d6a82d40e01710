//! Structured merges: a field-aware merge of one JSON or YAML config file. The
//! declaration arrives as a plain object (serde), the three sides as strings.

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
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
