//! Backups: the listing of a project's backup folders and the prune decision. Values
//! cross as plain JavaScript objects (serde-wasm-bindgen).

use upkeep_core::backups;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};
use crate::error::to_js;

/// Every backup run with what it holds, newest first, and the listing as printed.
#[wasm_bindgen(js_name = listBackups)]
pub fn list_backups(input: JsValue) -> Result<JsValue, JsValue> {
    let input: backups::BackupsInput = decode(ErrorKind::InvalidArgument, "input", input)?;
    encode(&backups::list_backups(&input))
}

/// Which backup folders a prune removes, and why the other selected ones stay.
#[wasm_bindgen(js_name = planPrune)]
pub fn plan_prune(input: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let input: backups::BackupsInput = decode(ErrorKind::InvalidArgument, "input", input)?;
    let options: backups::PruneOptions = decode(ErrorKind::InvalidArgument, "options", options)?;
    encode(&backups::plan_prune(&input, &options).map_err(to_js)?)
}
