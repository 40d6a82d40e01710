//! The shim's own refusals and its lock: the words of a path refused while walking the
//! tree, the lock file's format, and whether a lock found is busy or stale. Values cross
//! as plain JavaScript objects (serde).

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::{paths, writes, ErrorKind};

/// The `unsafe-path` refusal of what the shim met walking a path inside the tree.
#[napi(ts_return_type = "Refusal")]
pub fn tree_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "TreeProblem")] problem: Unknown,
) -> napi::Result<Unknown<'env>> {
    let problem: paths::TreeProblem =
        decode(env, ErrorKind::InvalidArgument, "treeRefusal", problem)?;
    encode(env, &paths::tree_refusal(&problem))
}

/// A file read strictly as UTF-8: its text, or the refusal naming it.
#[napi(ts_return_type = "StrictText")]
pub fn strict_text<'env>(
    env: &'env Env,
    bytes: Uint8Array,
    path: String,
    #[napi(ts_arg_type = "StrictFile")] file: Unknown,
) -> napi::Result<Unknown<'env>> {
    let file: paths::StrictFile = decode(env, ErrorKind::InvalidArgument, "file", file)?;
    encode(env, &paths::strict_text(&bytes, &path, file))
}

/// The refusal of an input a flow could not use as given.
#[napi(ts_return_type = "Refusal")]
pub fn input_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "InputProblem")] problem: Unknown,
) -> napi::Result<Unknown<'env>> {
    let problem: upkeep_core::input_refusal::InputProblem =
        decode(env, ErrorKind::InvalidArgument, "inputRefusal", problem)?;
    encode(env, &upkeep_core::input_refusal::input_refusal(&problem))
}

/// The refusal of a command line or an options object that cannot mean anything.
#[napi(ts_return_type = "Refusal")]
pub fn usage_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UsageProblem")] problem: Unknown,
) -> napi::Result<Unknown<'env>> {
    let problem: upkeep_core::usage_refusal::UsageProblem =
        decode(env, ErrorKind::InvalidArgument, "usageRefusal", problem)?;
    encode(env, &upkeep_core::usage_refusal::usage_refusal(&problem))
}

/// A lock file's text for its holder.
#[napi]
pub fn lock_text(
    env: &Env,
    #[napi(ts_arg_type = "LockHolder")] holder: Unknown,
) -> napi::Result<String> {
    let holder: writes::LockHolder = decode(env, ErrorKind::InvalidArgument, "lockText", holder)?;
    Ok(writes::lock_text(&holder))
}

/// The holder a lock file's text names, or null when its owner is unknown.
#[napi(ts_return_type = "LockHolder | null")]
pub fn read_lock(env: &Env, text: String) -> napi::Result<Unknown<'_>> {
    encode(env, &writes::read_lock(&text))
}

/// Whether a lock found is stale (its holder, on this host, is gone): only then is it broken.
#[napi]
pub fn lock_is_stale(
    env: &Env,
    #[napi(ts_arg_type = "LockSeen")] seen: Unknown,
) -> napi::Result<bool> {
    let seen: writes::LockSeen = decode(env, ErrorKind::InvalidArgument, "lockIsStale", seen)?;
    Ok(writes::lock_is_stale(&seen))
}

/// The `busy` refusal of a lock that cannot be taken, or null when it is stale.
#[napi(ts_return_type = "Refusal | null")]
pub fn lock_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LockFacts")] facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let facts: writes::LockFacts = decode(env, ErrorKind::InvalidArgument, "lockRefusal", facts)?;
    encode(env, &writes::lock_refusal(&facts))
}
