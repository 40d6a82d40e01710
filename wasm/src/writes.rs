//! The shim's own refusals and its lock: the words of a path refused while walking the
//! tree, the lock file's format, and whether a lock found is busy or stale. Values cross
//! as plain JavaScript objects (serde-wasm-bindgen).

use upkeep_core::{paths, writes, ErrorKind};
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};

/// The `unsafe-path` refusal of what the shim met walking a path inside the tree.
#[wasm_bindgen(js_name = treeRefusal)]
pub fn tree_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: paths::TreeProblem = decode(ErrorKind::InvalidArgument, "treeRefusal", problem)?;
    encode(&paths::tree_refusal(&problem))
}

/// A file read strictly as UTF-8: its text, or the refusal naming it.
#[wasm_bindgen(js_name = strictText)]
pub fn strict_text(bytes: &[u8], path: &str, file: JsValue) -> Result<JsValue, JsValue> {
    let file: paths::StrictFile = decode(ErrorKind::InvalidArgument, "file", file)?;
    encode(&paths::strict_text(bytes, path, file))
}

/// The refusal of an input a flow could not use as given.
#[wasm_bindgen(js_name = inputRefusal)]
pub fn input_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: upkeep_core::input_refusal::InputProblem =
        decode(ErrorKind::InvalidArgument, "inputRefusal", problem)?;
    encode(&upkeep_core::input_refusal::input_refusal(&problem))
}

/// The refusal of a command line or an options object that cannot mean anything.
#[wasm_bindgen(js_name = usageRefusal)]
pub fn usage_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: upkeep_core::usage_refusal::UsageProblem =
        decode(ErrorKind::InvalidArgument, "usageRefusal", problem)?;
    encode(&upkeep_core::usage_refusal::usage_refusal(&problem))
}

/// A lock file's text for its holder.
#[wasm_bindgen(js_name = lockText)]
pub fn lock_text(holder: JsValue) -> Result<String, JsValue> {
    let holder: writes::LockHolder = decode(ErrorKind::InvalidArgument, "lockText", holder)?;
    Ok(writes::lock_text(&holder))
}

/// The holder a lock file's text names, or null when its owner is unknown.
#[wasm_bindgen(js_name = readLock)]
pub fn read_lock(text: &str) -> Result<JsValue, JsValue> {
    encode(&writes::read_lock(text))
}

/// Whether a lock found is stale (its holder, on this host, is gone): only then is it broken.
#[wasm_bindgen(js_name = lockIsStale)]
pub fn lock_is_stale(seen: JsValue) -> Result<bool, JsValue> {
    let seen: writes::LockSeen = decode(ErrorKind::InvalidArgument, "lockIsStale", seen)?;
    Ok(writes::lock_is_stale(&seen))
}

/// The `busy` refusal of a lock that cannot be taken, or null when it is stale.
#[wasm_bindgen(js_name = lockRefusal)]
pub fn lock_refusal(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: writes::LockFacts = decode(ErrorKind::InvalidArgument, "lockRefusal", facts)?;
    encode(&writes::lock_refusal(&facts))
}
