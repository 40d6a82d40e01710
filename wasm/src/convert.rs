//! Typed values across the boundary, in one place: JavaScript values decoded into the
//! engine's serde types, answers encoded back as the native addon encodes them (plain
//! objects, `null` for a missing value). A value of the wrong shape becomes the engine
//! error `kind` naming the argument.

use serde::de::DeserializeOwned;
use serde::Serialize;
use upkeep_core::{Error, ErrorKind};
use wasm_bindgen::{JsCast, JsValue};

use crate::error::to_js;
use crate::strict::Strict;

/// Decodes argument `name` into `T`; a wrong shape, or a field `T` does not know, is a
/// `kind` error naming it.
pub fn decode<T: DeserializeOwned>(
    kind: ErrorKind,
    name: &str,
    value: JsValue,
) -> Result<T, JsValue> {
    T::deserialize(Strict(serde_wasm_bindgen::Deserializer::from(value))).map_err(|e| {
        let detail = JsValue::from(e)
            .dyn_into::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|value| format!("{value:?}"));
        to_js(Error::new(kind, name, detail))
    })
}

/// [`decode`], with `undefined` and `null` standing for the type's default (an omitted
/// options object).
pub fn decode_or_default<T: DeserializeOwned + Default>(
    kind: ErrorKind,
    name: &str,
    value: JsValue,
) -> Result<T, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(T::default())
    } else {
        decode(kind, name, value)
    }
}

/// Encodes an answer as plain JavaScript objects and arrays (`None` as `null`), byte
/// fields as `Uint8Array`s, as the native addon does.
pub fn encode<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(JsValue::from)
}

/// A list of strings joined by NUL (which none holds) as a JavaScript array: one string
/// crosses and `String.prototype.split` cuts it, instead of one string made per item.
pub fn split_joined(joined: &str) -> JsValue {
    if joined.is_empty() {
        return js_sys::Array::new().into();
    }
    js_sys::JsString::from(joined).split("\0").into()
}

/// [`encode`] for an answer of many objects and no bytes (a report of 100,000 files): the
/// value written as JSON text and handed to `JSON.parse`, which builds the same plain
/// objects and arrays (`None` as `null`, fields in the same order) faster than a
/// JavaScript call per property.
pub fn encode_json<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| JsValue::from_str(&e.to_string()))?;
    js_sys::JSON::parse(&text)
}

/// [`decode`] for an argument of many plain objects (a batch of journal records): the value
/// written as text by `JSON.stringify` and read by serde_json; a wrong shape is a `kind`
/// error naming it, worded by serde_json (as the native addon words it).
pub fn decode_json<T: DeserializeOwned>(
    kind: ErrorKind,
    name: &str,
    value: &JsValue,
) -> Result<T, JsValue> {
    let wrong = |detail: String| to_js(Error::new(kind.clone(), name, detail));
    let text = js_sys::JSON::stringify(value).map_err(|e| {
        wrong(
            e.dyn_into::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|value| format!("{value:?}")),
        )
    })?;
    let text = text.as_string().unwrap_or_default();
    serde_json::from_str(&text).map_err(|e| wrong(e.to_string()))
}

/// `null` and `undefined` as `None`, a string as itself; anything else is refused, naming
/// argument `name`, as the native addon refuses it (not read as `None`).
pub fn optional_text(name: &str, value: &JsValue) -> Result<Option<String>, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| {
        to_js(Error::new(
            ErrorKind::InvalidArgument,
            name,
            "expected a string, null or undefined",
        ))
    })
}
