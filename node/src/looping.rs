//! The loop engine: each call decodes the state (and catalogue), runs the engine and
//! returns the answer with the updated state as `{ state, result }`.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::Unknown;
use napi::Env;
use napi_derive::napi;
use upkeep_core::looping as core;
use upkeep_core::score::FileStat;
use upkeep_core::ErrorKind;

use crate::error::{to_js, to_js_with_state};

#[derive(serde::Serialize)]
struct Answer<'a> {
    state: &'a core::LoopState,
    result: upkeep_core::json::JsonValue,
}

/// Encodes `{ state, result }`, or throws the refusal with the state attached.
fn answer<'env>(
    env: &'env Env,
    state: &core::LoopState,
    result: upkeep_core::Result<upkeep_core::json::JsonValue>,
) -> napi::Result<Unknown<'env>> {
    match result {
        Ok(result) => encode(env, &Answer { state, result }),
        Err(error) => Err(to_js_with_state(env, error, state)),
    }
}

/// A new run's state from `{ title, requirement, graph, preset?, contracts? }`.
#[napi(ts_args_type = "init: object")]
pub fn loop_init_state<'env>(env: &'env Env, init: Unknown) -> napi::Result<Unknown<'env>> {
    let init: core::LoopInit = decode(env, ErrorKind::InvalidArgument, "init", init)?;
    encode(env, &core::init_state(init).map_err(|e| to_js(env, e))?)
}

/// Checks a graph against the whole model and the catalogue.
#[napi(ts_args_type = "graph: object, bricks: object")]
pub fn loop_validate_graph(env: &Env, graph: Unknown, bricks: Unknown) -> napi::Result<()> {
    let graph: core::LoopGraph = decode(env, ErrorKind::InvalidArgument, "graph", graph)?;
    let bricks: core::LoopBricks = decode(env, ErrorKind::InvalidArgument, "bricks", bricks)?;
    graph.validate(&bricks).map_err(|e| to_js(env, e))
}

/// What to do next.
#[napi(ts_args_type = "state: object, bricks: object")]
pub fn loop_next_step<'env>(
    env: &'env Env,
    state: Unknown,
    bricks: Unknown,
) -> napi::Result<Unknown<'env>> {
    let state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(env, ErrorKind::InvalidArgument, "bricks", bricks)?;
    encode(
        env,
        &core::next_step(&state, &bricks).map_err(|e| to_js(env, e))?,
    )
}

/// The current unit's commit trailers.
#[napi(ts_args_type = "state: object")]
pub fn loop_trailers(env: &Env, state: Unknown) -> napi::Result<String> {
    let state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    core::trailers(&state).map_err(|e| to_js(env, e))
}

/// `{ state, result }` of scoring the declared actions.
#[napi(ts_args_type = "state: object, options?: object")]
pub fn loop_score_declared<'env>(
    env: &'env Env,
    state: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let mut state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    let options: core::LoopDeclaration =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    let result = core::score_declared(&mut state, &options);
    answer(env, &state, result)
}

/// `{ state, result }` of scoring the unit's diff.
#[napi(ts_args_type = "state: object, files: object[]")]
pub fn loop_score_diff<'env>(
    env: &'env Env,
    state: Unknown,
    files: Unknown,
) -> napi::Result<Unknown<'env>> {
    let mut state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    let files: Vec<FileStat> = decode(env, ErrorKind::InvalidArgument, "files", files)?;
    let result = core::score_diff(&mut state, &files);
    answer(env, &state, result)
}

/// `{ state, result }` of recording a brick's outcome.
#[napi(ts_args_type = "state: object, bricks: object, outcome: string, report?: object")]
pub fn loop_record_outcome<'env>(
    env: &'env Env,
    state: Unknown,
    bricks: Unknown,
    outcome: String,
    report: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let mut state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(env, ErrorKind::InvalidArgument, "bricks", bricks)?;
    let report: core::LoopReport =
        decode_or_default(env, ErrorKind::InvalidArgument, "report", report)?;
    let result = core::record_outcome(&mut state, &bricks, &outcome, &report);
    answer(env, &state, result)
}

/// `{ state, result }` of a person's decision.
#[napi(ts_args_type = "state: object, bricks: object, verdict: string, note?: string")]
pub fn loop_decide_awaiting<'env>(
    env: &'env Env,
    state: Unknown,
    bricks: Unknown,
    verdict: String,
    note: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let mut state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    let bricks: core::LoopBricks = decode(env, ErrorKind::InvalidArgument, "bricks", bricks)?;
    let result = core::decide_awaiting(&mut state, &bricks, &verdict, note.as_deref());
    answer(env, &state, result)
}

/// The whole `LOOP.md` for a state.
#[napi(ts_args_type = "state: object")]
pub fn render_loop_file(env: &Env, state: Unknown) -> napi::Result<String> {
    let state: core::LoopState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    Ok(core::render_loop_file(&state))
}

/// The state in a `LOOP.md`.
#[napi]
pub fn parse_loop_file<'env>(env: &'env Env, text: String) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &core::parse_loop_file(&text).map_err(|e| to_js(env, e))?,
    )
}

/// The exit code of a loop command that failed with `code`: 2 for a refusal, null for a bug.
#[napi(ts_return_type = "number | null")]
pub fn loop_refusal_exit(env: &Env, code: String) -> napi::Result<Unknown<'_>> {
    encode(env, &core::loop_refusal_exit(&code))
}

/// The refusal of a work tree not in a state for a loop command.
#[napi(ts_return_type = "Refusal")]
pub fn loop_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LoopProblem")] problem: Unknown,
) -> napi::Result<Unknown<'env>> {
    let problem: core::LoopProblem =
        decode(env, ErrorKind::InvalidArgument, "loopRefusal", problem)?;
    encode(env, &core::loop_refusal(&problem))
}

/// The subject of the commit closing a unit: its intent, or `loop iteration <n>`.
#[napi]
pub fn loop_commit_subject(intent: Option<String>, iteration: u32) -> String {
    core::commit_subject(intent.as_deref(), u64::from(iteration))
}

/// The whole message of the commit closing a unit: its subject, then the unit's trailers.
#[napi]
pub fn loop_commit_message(intent: Option<String>, iteration: u32, trailers: String) -> String {
    core::commit_message(intent.as_deref(), u64::from(iteration), &trailers)
}
