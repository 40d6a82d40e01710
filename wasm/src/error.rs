//! The one place an engine error becomes a JavaScript `Error` with a `.code`.

use wasm_bindgen::{JsCast, JsValue};

/// Converts a core error into a JS `Error` whose `code` is the error's stable code.
pub fn to_js(error: upkeep_core::Error) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    // Setting a plain data property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &"code".into(), &error.code().into());
    js.into()
}

/// An argument that could not be decoded into the engine's type, as the engine's
/// `invalid-argument` error naming the argument.
pub fn invalid_argument(name: &str, decoding: serde_wasm_bindgen::Error) -> JsValue {
    let detail = JsValue::from(decoding)
        .dyn_into::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|value| format!("{value:?}"));
    to_js(upkeep_core::Error::new(
        upkeep_core::ErrorKind::InvalidArgument,
        name,
        detail,
    ))
}

/// [`to_js`], with the loop state the refused call left behind as the error's `state`
/// (the engine updates a state as far as the call got before refusing).
pub fn to_js_with_state(error: upkeep_core::Error, state: JsValue) -> JsValue {
    let js = to_js(error);
    // Setting a plain data property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &"state".into(), &state);
    js
}
