//! Backups: the listing of a project's backup folders and the prune decision. Values
//! cross as plain objects (serde).

use crate::convert::{decode, encode};
use napi::bindgen_prelude::Unknown;
use napi::Env;
use napi_derive::napi;
use upkeep_core::backups;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Every backup run with what it holds, newest first, and the listing as printed.
#[napi(ts_return_type = "BackupsList")]
pub fn list_backups<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "BackupsInput")] input: Unknown,
) -> napi::Result<Unknown<'env>> {
    let input: backups::BackupsInput = decode(env, ErrorKind::InvalidArgument, "input", input)?;
    encode(env, &backups::list_backups(&input))
}

/// How many runs and bytes a backups folder keeps (a run's regeneration folder counts
/// with its run), for an update's summary.
#[napi(ts_return_type = "BackupsKept")]
pub fn backups_kept<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "BackupsSeen")] seen: Unknown,
) -> napi::Result<Unknown<'env>> {
    let seen: backups::BackupsSeen = decode(env, ErrorKind::InvalidArgument, "backupsKept", seen)?;
    encode(env, &backups::backups_kept(&seen))
}

/// The backup runs under way or interrupted (an update's progress record, journals without an end).
#[napi]
pub fn active_runs(
    env: &Env,
    #[napi(ts_arg_type = "ActiveFacts")] facts: Unknown,
) -> napi::Result<Vec<String>> {
    let facts: backups::ActiveFacts = decode(env, ErrorKind::InvalidArgument, "activeRuns", facts)?;
    Ok(backups::active_runs(&facts))
}

/// The id of a run started at `now_ms`, in a command's style, with its suffix.
#[napi]
pub fn run_id(
    env: &Env,
    #[napi(ts_arg_type = "RunIdStyle")] style: Unknown,
    now_ms: f64,
    suffix: String,
) -> napi::Result<String> {
    let style: backups::RunIdStyle = decode(env, ErrorKind::InvalidArgument, "style", style)?;
    Ok(backups::run_id(style, now_ms as u64, &suffix))
}

/// Why a prune is refused before anything is read (it names no selection); null: it may go on.
#[napi(ts_return_type = "Refusal | null")]
pub fn prune_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PruneOptions")] options: Unknown,
) -> napi::Result<Unknown<'env>> {
    let options: backups::PruneOptions =
        decode(env, ErrorKind::InvalidArgument, "options", options)?;
    encode(env, &backups::prune_refusal(&options))
}

/// Which backup folders a prune removes, and why the other selected ones stay.
#[napi(ts_return_type = "PrunePlan")]
pub fn plan_prune<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "BackupsInput")] input: Unknown,
    #[napi(ts_arg_type = "PruneOptions")] options: Unknown,
) -> napi::Result<Unknown<'env>> {
    let input: backups::BackupsInput = decode(env, ErrorKind::InvalidArgument, "input", input)?;
    let options: backups::PruneOptions =
        decode(env, ErrorKind::InvalidArgument, "options", options)?;
    let plan = backups::plan_prune(&input, &options).map_err(|e| to_js(env, e))?;
    encode(env, &plan)
}
