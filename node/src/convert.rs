//! Typed values across the boundary, in one place: JavaScript values decoded into the
//! engine's serde types, answers encoded back as plain objects. A value of the wrong shape
//! becomes the engine error `kind` naming the argument, thrown as every engine error is.

use napi::bindgen_prelude::{JsValue, Unknown};
use napi::Env;
use serde::de::DeserializeOwned;
use serde::Serialize;
use upkeep_core::{Error, ErrorKind};

use crate::error::to_js;

/// Decodes argument `name` into `T`; a wrong shape is a `kind` error naming it.
pub fn decode<'v, T: DeserializeOwned>(
    env: &Env,
    kind: ErrorKind,
    name: &str,
    value: impl JsValue<'v>,
) -> napi::Result<T> {
    env.from_js_value(value)
        .map_err(|e| to_js(env, Error::new(kind, name, e.reason)))
}

/// Encodes an answer as plain JavaScript objects and arrays (`None` as `null`, bytes as
/// `Uint8Array`s), as the wasm build encodes it ([`crate::encode`]).
pub fn encode<'env, T: Serialize + ?Sized>(
    env: &'env Env,
    value: &T,
) -> napi::Result<Unknown<'env>> {
    crate::encode::to_js(env, value)
}

/// [`decode`] for an optional argument: absent stands for the type's default (an omitted
/// options object).
pub fn decode_or_default<T: DeserializeOwned + Default>(
    env: &Env,
    kind: ErrorKind,
    name: &str,
    value: Option<Unknown>,
) -> napi::Result<T> {
    match value {
        None => Ok(T::default()),
        Some(value) => decode(env, kind, name, value),
    }
}
