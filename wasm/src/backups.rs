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

/// How many runs and bytes a backups folder keeps (a run's regeneration folder counts
/// with its run), for an update's summary.
#[wasm_bindgen(js_name = backupsKept)]
pub fn backups_kept(seen: JsValue) -> Result<JsValue, JsValue> {
    let seen: backups::BackupsSeen = decode(ErrorKind::InvalidArgument, "backupsKept", seen)?;
    encode(&backups::backups_kept(&seen))
}

/// The backup runs under way or interrupted (an update's progress record, journals without an end).
#[wasm_bindgen(js_name = activeRuns)]
pub fn active_runs(facts: JsValue) -> Result<Vec<String>, JsValue> {
    let facts: backups::ActiveFacts = decode(ErrorKind::InvalidArgument, "activeRuns", facts)?;
    Ok(backups::active_runs(&facts))
}

/// The id of a run started at `now_ms`, in a command's style, with its suffix.
#[wasm_bindgen(js_name = runId)]
pub fn run_id(style: JsValue, now_ms: f64, suffix: &str) -> Result<String, JsValue> {
    let style: backups::RunIdStyle = decode(ErrorKind::InvalidArgument, "style", style)?;
    Ok(backups::run_id(style, now_ms as u64, suffix))
}

/// Why a prune is refused before anything is read (it names no selection); null: it may go on.
#[wasm_bindgen(js_name = pruneRefusal)]
pub fn prune_refusal(options: JsValue) -> Result<JsValue, JsValue> {
    let options: backups::PruneOptions = decode(ErrorKind::InvalidArgument, "options", options)?;
    encode(&backups::prune_refusal(&options))
}

/// Which backup folders a prune removes, and why the other selected ones stay.
#[wasm_bindgen(js_name = planPrune)]
pub fn plan_prune(input: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let input: backups::BackupsInput = decode(ErrorKind::InvalidArgument, "input", input)?;
    let options: backups::PruneOptions = decode(ErrorKind::InvalidArgument, "options", options)?;
    encode(&backups::plan_prune(&input, &options).map_err(to_js)?)
}
