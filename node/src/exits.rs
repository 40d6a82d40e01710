//! Exit codes: a stop's code, how a command whose run threw ends, and the counted codes of
//! `merge` and `hash`. Values cross as plain JavaScript objects (serde).

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::exits;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// The exit code of a run a signal stopped (130 SIGINT or none, 143 SIGTERM).
#[napi]
pub fn stop_exit(env: Env, signal: Option<String>) -> napi::Result<u32> {
    let code = exits::stop_exit(signal.as_deref()).map_err(|e| to_js(&env, e))?;
    Ok(u32::from(code))
}

/// How a command whose run threw ends: its `--json` status, whether it stopped, its stop code.
#[napi(ts_return_type = "CommandFailure")]
pub fn command_failure<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FailureFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: exits::FailureFacts =
        decode(env, ErrorKind::InvalidArgument, "commandFailure", facts)?;
    encode(
        env,
        &exits::command_failure(&facts).map_err(|e| to_js(env, e))?,
    )
}

/// The one `--json` document of a command whose run threw: status, command, error.
#[napi(ts_return_type = "FailureDocument")]
pub fn failure_document<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FailureReport")] report: Object,
) -> napi::Result<Unknown<'env>> {
    let report: exits::FailureReport =
        decode(env, ErrorKind::InvalidArgument, "failureDocument", report)?;
    encode(
        env,
        &exits::failure_document(&report).map_err(|e| to_js(env, e))?,
    )
}

/// The error an update that returned this status ends with when a stop ended it, or null.
#[napi(ts_return_type = "DocumentError | null")]
pub fn update_stop(env: &Env, status: String) -> napi::Result<Unknown<'_>> {
    encode(env, &exits::update_stop(&status))
}

/// The error a command that stopped before writing ends with (`reading` or `planned`).
#[napi(ts_return_type = "DocumentError")]
pub fn stopped_unwritten<'env>(
    env: &'env Env,
    command: String,
    #[napi(ts_arg_type = "StopPoint")] point: Unknown,
) -> napi::Result<Unknown<'env>> {
    let point: exits::StopPoint = decode(env, ErrorKind::InvalidArgument, "point", point)?;
    encode(env, &exits::stopped_unwritten(&command, point))
}

/// The exit code of `upkeep merge`: the conflicts left, at most 127.
#[napi]
pub fn merge_exit(conflicts: u32) -> u32 {
    u32::from(exits::merge_exit(u64::from(conflicts)))
}

/// The exit code of a command that failed with an error of `code`, or `null` when the
/// code is answered inside its command or is not upkeep's (a bug).
#[napi]
pub fn code_exit(code: String) -> Option<u32> {
    exits::code_exit(&code).map(u32::from)
}

/// The exit code of `upkeep score` when it failed with `code`: bad input for its own
/// `bad-input` and every bad-input code; `null` for anything else (a bug, not caught).
#[napi]
pub fn score_failure_exit(code: String) -> Option<u32> {
    exits::score_failure_exit(&code).map(u32::from)
}

/// The exit code of `upkeep hash`: 2 when an operand could not be read.
#[napi]
pub fn hash_exit(unreadable: u32) -> u32 {
    u32::from(exits::hash_exit(u64::from(unreadable)))
}
