//! The one place an engine error becomes a JavaScript `Error` with a `.code`.

use napi::{Env, Status};

/// Throws `error` into JavaScript as an `Error` whose `code` is the engine's stable code,
/// and returns the napi error that tells napi-rs an exception is already pending.
pub fn to_js(env: &Env, error: upkeep_core::Error) -> napi::Error {
    match env.throw_error(&error.to_string(), Some(error.code())) {
        Ok(()) => napi::Error::from_status(Status::PendingException),
        Err(failed) => failed,
    }
}
