//! What a caller's flag values and answers mean (`core::command_args`): each call returns
//! what the command runs with, or the refusal to raise.

use upkeep_core::command_args as args;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};

/// `manifest init --install` pairs, split at their first `=`, or the refusal of a bad one.
#[wasm_bindgen(js_name = installPairs)]
pub fn install_pairs(pairs: Vec<String>) -> Result<JsValue, JsValue> {
    encode(&args::install_pairs(&pairs))
}

/// `land --seal`'s `--ticket ID[:title]` and `--claim ID=path`, as tickets, or the refusal
/// of a claim.
#[wasm_bindgen(js_name = landTickets)]
pub fn land_tickets(specs: Vec<String>, claims: Vec<String>) -> Result<JsValue, JsValue> {
    encode(&args::land_tickets(&specs, &claims))
}

/// `upkeep merge`'s options from its flags, or their refusal.
#[wasm_bindgen(js_name = mergeCommand)]
pub fn merge_command(flags: JsValue) -> Result<JsValue, JsValue> {
    let flags: args::MergeFlags = decode(ErrorKind::InvalidArgument, "mergeCommand", flags)?;
    encode(&args::merge_command(&flags))
}

/// `upkeep diff`'s `-L` labels, one per side, or their refusal.
#[wasm_bindgen(js_name = diffLabels)]
pub fn diff_labels(labels: Vec<String>) -> Result<JsValue, JsValue> {
    encode(&args::diff_labels(&labels))
}

/// How a message names a file a command reads (a release's file, a `--weights` file, ...).
#[wasm_bindgen(js_name = inputName)]
pub fn input_name(name: JsValue) -> Result<String, JsValue> {
    let name = decode(ErrorKind::InvalidArgument, "inputName", name)?;
    Ok(upkeep_core::input_names::input_name(&name))
}

/// Whether an API caller's answer to the update's question lets it write.
#[wasm_bindgen(js_name = updateAnswer)]
pub fn update_answer(decider: JsValue, answer: JsValue) -> Result<JsValue, JsValue> {
    let decider: args::Decider = decode(ErrorKind::InvalidArgument, "decider", decider)?;
    let answer: args::AnswerSeen = decode(ErrorKind::InvalidArgument, "answer", answer)?;
    encode(&args::update_answer(decider, &answer))
}
