//! The one place an engine error becomes a JavaScript `Error` with a `.code`.

use wasm_bindgen::JsValue;

/// Converts a core error into a JS `Error` whose `code` is the error's stable code.
pub fn to_js(error: upkeep_core::Error) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    // Setting a plain data property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &"code".into(), &error.code().into());
    js.into()
}

/// [`to_js`], with the loop state the refused call left behind as the error's `state`
/// (the engine updates a state as far as the call got before refusing).
pub fn to_js_with_state(error: upkeep_core::Error, state: JsValue) -> JsValue {
    let js = to_js(error);
    // Setting a plain data property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &"state".into(), &state);
    js
}
