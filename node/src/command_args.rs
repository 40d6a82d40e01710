//! What a caller's flag values and answers mean (`core::command_args`): each call returns
//! what the command runs with, or the refusal to raise.

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::command_args as args;
use upkeep_core::ErrorKind;

/// `manifest init --install` pairs, split at their first `=`, or the refusal of a bad one.
#[napi(ts_return_type = "InstallPairs")]
pub fn install_pairs(env: &Env, pairs: Vec<String>) -> napi::Result<Unknown<'_>> {
    encode(env, &args::install_pairs(&pairs))
}

/// `land --seal`'s `--ticket ID[:title]` and `--claim ID=path`, as tickets, or the refusal
/// of a claim.
#[napi(ts_return_type = "LandTickets")]
pub fn land_tickets(
    env: &Env,
    specs: Vec<String>,
    claims: Vec<String>,
) -> napi::Result<Unknown<'_>> {
    encode(env, &args::land_tickets(&specs, &claims))
}

/// `upkeep merge`'s options from its flags, or their refusal.
#[napi(ts_return_type = "MergeCommand")]
pub fn merge_command<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "MergeFlags")] flags: Object,
) -> napi::Result<Unknown<'env>> {
    let flags: args::MergeFlags = decode(env, ErrorKind::InvalidArgument, "mergeCommand", flags)?;
    encode(env, &args::merge_command(&flags))
}

/// `upkeep diff`'s `-L` labels, one per side, or their refusal.
#[napi(ts_return_type = "DiffLabels")]
pub fn diff_labels(env: &Env, labels: Vec<String>) -> napi::Result<Unknown<'_>> {
    encode(env, &args::diff_labels(&labels))
}

/// How a message names a file a command reads (a release's file, a `--weights` file, ...).
#[napi]
pub fn input_name(
    env: &Env,
    #[napi(ts_arg_type = "InputName")] name: Unknown,
) -> napi::Result<String> {
    let name = decode(env, ErrorKind::InvalidArgument, "inputName", name)?;
    Ok(upkeep_core::input_names::input_name(&name))
}

/// Whether an API caller's answer to the update's question lets it write.
#[napi(ts_return_type = "UpdateAnswer")]
pub fn update_answer<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "Decider")] decider: Unknown,
    #[napi(ts_arg_type = "AnswerSeen")] answer: Unknown,
) -> napi::Result<Unknown<'env>> {
    let decider: args::Decider = decode(env, ErrorKind::InvalidArgument, "decider", decider)?;
    let answer: args::AnswerSeen = decode(env, ErrorKind::InvalidArgument, "answer", answer)?;
    encode(env, &args::update_answer(decider, &answer))
}
