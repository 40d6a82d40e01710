//! The loop engine: each call decodes the state (and catalogue), runs the engine and
//! returns the answer with the updated state as `{ state, result }`.

use serde::Serialize;
use upkeep_core::json::JsonValue;
use upkeep_core::looping as core;
use upkeep_core::score::FileStat;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};

use crate::error::{to_js, to_js_with_state};

#[derive(Serialize)]
struct Answer<'a> {
    state: &'a core::LoopState,
    result: JsonValue,
}

/// Encodes `{ state, result }`, or the refusal with the state attached.
fn answer(
    state: &core::LoopState,
    result: upkeep_core::Result<JsonValue>,
) -> Result<JsValue, JsValue> {
    match result {
        Ok(result) => encode(&Answer { state, result }),
        Err(error) => Err(to_js_with_state(error, encode(state)?)),
    }
}

/// A new run's state from `{ title, requirement, graph, preset?, contracts? }`.
#[wasm_bindgen(js_name = loopInitState)]
pub fn loop_init_state(init: JsValue) -> Result<JsValue, JsValue> {
    let init: core::LoopInit = decode(ErrorKind::InvalidArgument, "init", init)?;
    encode(&core::init_state(init).map_err(to_js)?)
}

/// Checks a graph against the whole model and the catalogue.
#[wasm_bindgen(js_name = loopValidateGraph)]
pub fn loop_validate_graph(graph: JsValue, bricks: JsValue) -> Result<(), JsValue> {
    let graph: core::LoopGraph = decode(ErrorKind::InvalidArgument, "graph", graph)?;
    let bricks: core::LoopBricks = decode(ErrorKind::InvalidArgument, "bricks", bricks)?;
    graph.validate(&bricks).map_err(to_js)
}

/// What to do next.
#[wasm_bindgen(js_name = loopNextStep)]
pub fn loop_next_step(state: JsValue, bricks: JsValue) -> Result<JsValue, JsValue> {
    let state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(ErrorKind::InvalidArgument, "bricks", bricks)?;
    encode(&core::next_step(&state, &bricks).map_err(to_js)?)
}

/// The current unit's commit trailers.
#[wasm_bindgen(js_name = loopTrailers)]
pub fn loop_trailers(state: JsValue) -> Result<String, JsValue> {
    let state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    core::trailers(&state).map_err(to_js)
}

/// `{ state, result }` of scoring the declared actions.
#[wasm_bindgen(js_name = loopScoreDeclared)]
pub fn loop_score_declared(state: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let mut state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    let options: core::LoopDeclaration =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    let result = core::score_declared(&mut state, &options);
    answer(&state, result)
}

/// `{ state, result }` of scoring the unit's diff.
#[wasm_bindgen(js_name = loopScoreDiff)]
pub fn loop_score_diff(state: JsValue, files: JsValue) -> Result<JsValue, JsValue> {
    let mut state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    let files: Vec<FileStat> = decode(ErrorKind::InvalidArgument, "files", files)?;
    let result = core::score_diff(&mut state, &files);
    answer(&state, result)
}

/// `{ state, result }` of recording a brick's outcome.
#[wasm_bindgen(js_name = loopRecordOutcome)]
pub fn loop_record_outcome(
    state: JsValue,
    bricks: JsValue,
    outcome: &str,
    report: JsValue,
) -> Result<JsValue, JsValue> {
    let mut state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(ErrorKind::InvalidArgument, "bricks", bricks)?;
    let report: core::LoopReport = decode_or_default(ErrorKind::InvalidArgument, "report", report)?;
    let result = core::record_outcome(&mut state, &bricks, outcome, &report);
    answer(&state, result)
}

/// `{ state, result }` of a person's decision.
#[wasm_bindgen(js_name = loopDecideAwaiting)]
pub fn loop_decide_awaiting(
    state: JsValue,
    bricks: JsValue,
    verdict: &str,
    note: Option<String>,
) -> Result<JsValue, JsValue> {
    let mut state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(ErrorKind::InvalidArgument, "bricks", bricks)?;
    let result = core::decide_awaiting(&mut state, &bricks, verdict, note.as_deref());
    answer(&state, result)
}

/// The whole `LOOP.md` for a state.
#[wasm_bindgen(js_name = renderLoopFile)]
pub fn render_loop_file(state: JsValue) -> Result<String, JsValue> {
    let state: core::LoopState = decode(ErrorKind::InvalidArgument, "state", state)?;
    Ok(core::render_loop_file(&state))
}

/// The state in a `LOOP.md`.
#[wasm_bindgen(js_name = parseLoopFile)]
pub fn parse_loop_file(text: &str) -> Result<JsValue, JsValue> {
    encode(&core::parse_loop_file(text).map_err(to_js)?)
}

/// The exit code of a loop command that failed with `code`: 2 for a refusal, null for a bug.
#[wasm_bindgen(js_name = loopRefusalExit)]
pub fn loop_refusal_exit(code: &str) -> Result<JsValue, JsValue> {
    encode(&core::loop_refusal_exit(code))
}

/// The refusal of a work tree not in a state for a loop command.
#[wasm_bindgen(js_name = loopRefusal)]
pub fn loop_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: core::LoopProblem = decode(ErrorKind::InvalidArgument, "loopRefusal", problem)?;
    encode(&core::loop_refusal(&problem))
}

/// The subject of the commit closing a unit: its intent, or `loop iteration <n>`.
#[wasm_bindgen(js_name = loopCommitSubject)]
pub fn loop_commit_subject(intent: Option<String>, iteration: u32) -> String {
    core::commit_subject(intent.as_deref(), u64::from(iteration))
}

/// The whole message of the commit closing a unit: its subject, then the unit's trailers.
#[wasm_bindgen(js_name = loopCommitMessage)]
pub fn loop_commit_message(intent: Option<String>, iteration: u32, trailers: &str) -> String {
    core::commit_message(intent.as_deref(), u64::from(iteration), trailers)
}
