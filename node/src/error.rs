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

/// Throws `error` as [`to_js`] does, with the loop state the refused call left behind as
/// the error's `state` (the engine updates a state as far as the call got before refusing).
pub fn to_js_with_state<T: serde::Serialize>(
    env: &Env,
    error: upkeep_core::Error,
    state: &T,
) -> napi::Error {
    let thrown = (|| -> napi::Result<()> {
        let mut js =
            env.create_error(napi::Error::new(Status::GenericFailure, error.to_string()))?;
        js.set("code", error.code())?;
        js.set("state", crate::encode::to_js(env, state)?)?;
        env.throw(js)
    })();
    match thrown {
        Ok(()) => napi::Error::from_status(Status::PendingException),
        Err(failed) => failed,
    }
}
