//! Typed values across the boundary, in one place: JavaScript values decoded into the
//! engine's serde types, answers encoded back as plain objects. A value of the wrong shape
//! becomes the engine error `kind` naming the argument, thrown as every engine error is.

use napi::bindgen_prelude::{Function, JsObjectValue, JsValue, Object, Unknown};
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

/// A list of strings joined by NUL (which none holds) as a JavaScript array: one string
/// crosses and `String.prototype.split` cuts it, instead of one string made per item
/// (200,000 paths took a third of a second one by one).
pub fn split_joined<'env>(env: &'env Env, joined: &str) -> napi::Result<Unknown<'env>> {
    if joined.is_empty() {
        return encode(env, &[] as &[String]);
    }
    let text = env.create_string(joined)?;
    let split: Function<'env, &str, Unknown<'env>> =
        text.coerce_to_object()?.get_named_property("split")?;
    split.apply(text, "\0")
}

/// [`encode`] for an answer of many objects and no bytes (a report of 100,000 files): the
/// value written as JSON text and handed to `JSON.parse`, which builds the same plain
/// objects and arrays (`None` as `null`, fields in the same order) at a fraction of the
/// cost of a N-API call per property.
pub fn encode_json<'env, T: Serialize + ?Sized>(
    env: &'env Env,
    value: &T,
) -> napi::Result<Unknown<'env>> {
    let text = serde_json::to_string(value).map_err(|e| napi::Error::from_reason(e.to_string()))?;
    json_function(env, "parse")?.call(text.as_str())
}

/// [`decode`] for an argument of many plain objects (a batch of journal records): the value
/// written as text by `JSON.stringify` and read by serde_json, instead of a N-API call per
/// property; a wrong shape is a `kind` error naming it, worded by serde_json (as the wasm
/// build words it).
pub fn decode_json<T: DeserializeOwned>(
    env: &Env,
    kind: ErrorKind,
    name: &str,
    value: Unknown,
) -> napi::Result<T> {
    let wrong = |detail: String| to_js(env, Error::new(kind.clone(), name, detail));
    let text: Unknown = json_function(env, "stringify")?.call(value)?;
    let text: String = text
        .coerce_to_string()
        .and_then(|s| s.into_utf8())
        .and_then(|s| s.into_owned())
        .map_err(|e| wrong(e.reason))?;
    serde_json::from_str(&text).map_err(|e| wrong(e.to_string()))
}

fn json_function<'env, Args: napi::bindgen_prelude::JsValuesTupleIntoVec>(
    env: &'env Env,
    name: &str,
) -> napi::Result<Function<'env, Args, Unknown<'env>>> {
    let json: Object = env.get_global()?.get_named_property("JSON")?;
    json.get_named_property(name)
}
