//! The one place an engine error becomes a JavaScript `Error` with a `.code`.

use napi::{Env, Status};
use upkeep_core::ErrorKind;

/// Throws `error` into JavaScript as an `Error` whose `code` is the engine's stable code,
/// and returns the napi error that tells napi-rs an exception is already pending.
pub fn to_js(env: &Env, error: upkeep_core::Error) -> napi::Error {
    match env.throw_error(&error.to_string(), Some(error.code())) {
        Ok(()) => napi::Error::from_status(Status::PendingException),
        Err(failed) => failed,
    }
}

/// An argument that could not be decoded into the engine's type, thrown as the engine's
/// `invalid-argument` error naming the argument.
pub fn invalid_argument(env: &Env, name: &str, decoding: napi::Error) -> napi::Error {
    let error = upkeep_core::Error::new(ErrorKind::InvalidArgument, name, decoding.reason);
    to_js(env, error)
}
