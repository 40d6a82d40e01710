//! Exit codes: a stop's code, how a command whose run threw ends, and the counted codes of
//! `merge` and `hash`. Values cross as plain JavaScript objects (serde-wasm-bindgen).

use upkeep_core::exits;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};
use crate::error::to_js;

/// The exit code of a run a signal stopped (130 SIGINT or none, 143 SIGTERM).
#[wasm_bindgen(js_name = stopExit)]
pub fn stop_exit(signal: Option<String>) -> Result<u32, JsValue> {
    let code = exits::stop_exit(signal.as_deref()).map_err(to_js)?;
    Ok(u32::from(code))
}

/// How a command whose run threw ends: its `--json` status, whether it stopped, its stop code.
#[wasm_bindgen(js_name = commandFailure)]
pub fn command_failure(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: exits::FailureFacts = decode(ErrorKind::InvalidArgument, "commandFailure", facts)?;
    encode(&exits::command_failure(&facts).map_err(to_js)?)
}

/// The one `--json` document of a command whose run threw: status, command, error.
#[wasm_bindgen(js_name = failureDocument)]
pub fn failure_document(report: JsValue) -> Result<JsValue, JsValue> {
    let report: exits::FailureReport =
        decode(ErrorKind::InvalidArgument, "failureDocument", report)?;
    encode(&exits::failure_document(&report).map_err(to_js)?)
}

/// The error an update that returned this status ends with when a stop ended it, or null.
#[wasm_bindgen(js_name = updateStop)]
pub fn update_stop(status: &str) -> Result<JsValue, JsValue> {
    encode(&exits::update_stop(status))
}

/// The error a command that stopped before writing ends with (`reading` or `planned`).
#[wasm_bindgen(js_name = stoppedUnwritten)]
pub fn stopped_unwritten(command: &str, point: JsValue) -> Result<JsValue, JsValue> {
    let point: exits::StopPoint = decode(ErrorKind::InvalidArgument, "point", point)?;
    encode(&exits::stopped_unwritten(command, point))
}

/// The exit code of `upkeep merge`: the conflicts left, at most 127.
#[wasm_bindgen(js_name = mergeExit)]
pub fn merge_exit(conflicts: u32) -> u32 {
    u32::from(exits::merge_exit(u64::from(conflicts)))
}

/// The exit code of a command that failed with an error of `code`, or `null` when the
/// code is answered inside its command or is not upkeep's (a bug).
#[wasm_bindgen(js_name = codeExit, unchecked_return_type = "number | null")]
pub fn code_exit(code: &str) -> JsValue {
    // `null`, as the addon answers; an `Option` would cross as `undefined`.
    exits::code_exit(code).map_or(JsValue::NULL, |n| JsValue::from(u32::from(n)))
}

/// The exit code of `upkeep score` when it failed with `code`: bad input for its own
/// `bad-input` and every bad-input code; `null` for anything else (a bug, not caught).
#[wasm_bindgen(js_name = scoreFailureExit, unchecked_return_type = "number | null")]
pub fn score_failure_exit(code: &str) -> JsValue {
    // `null`, as the addon answers; an `Option` would cross as `undefined`.
    exits::score_failure_exit(code).map_or(JsValue::NULL, |n| JsValue::from(u32::from(n)))
}

/// The exit code of `upkeep hash`: 2 when an operand could not be read.
#[wasm_bindgen(js_name = hashExit)]
pub fn hash_exit(unreadable: u32) -> u32 {
    u32::from(exits::hash_exit(u64::from(unreadable)))
}
