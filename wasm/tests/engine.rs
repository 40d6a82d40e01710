//! The wasm build's own checks, run inside a WebAssembly runtime by wasm-bindgen-test.
//! The full behaviour is covered by the shared conformance vectors in `tests/`.

use upkeep_wasm::hash::{parse_digest, sha256, Sha256Stream};
use upkeep_wasm::text::{apply_hunks, merge, unified_diff};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn hashes_like_the_core() {
    assert_eq!(sha256(b"abc"), upkeep_core::sha256_hex(b"abc"));
}

#[wasm_bindgen_test]
fn stream_is_spent_after_finish() {
    let mut stream = Sha256Stream::new();
    stream.update(b"abc").unwrap();
    assert_eq!(stream.finish().unwrap(), sha256(b"abc"));
    let error = stream.finish().unwrap_err();
    assert_eq!(code_of(&error), "hasher-finished");
}

#[wasm_bindgen_test]
fn errors_carry_their_code() {
    let error = parse_digest("xyz").unwrap_err();
    assert_eq!(code_of(&error), "invalid-digest");
    assert!(error.dyn_ref::<js_sys::Error>().is_some());
}

#[wasm_bindgen_test]
fn diffs_come_back_as_objects_holding_bytes() {
    let diff = unified_diff(b"a\r\n", b"b\r\n", JsValue::UNDEFINED).unwrap();
    let patch = js_sys::Reflect::get(&diff, &"patch".into()).unwrap();
    let patch = patch.dyn_into::<js_sys::Uint8Array>().unwrap().to_vec();
    assert_eq!(patch, b"--- old\n+++ new\n@@ -1 +1 @@\n-a\r\n+b\r\n");
    let status = js_sys::Reflect::get(&diff, &"status".into()).unwrap();
    assert_eq!(status.as_string().unwrap(), "different");
}

#[wasm_bindgen_test]
fn options_are_decoded_strictly() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"favor".into(), &"theirs".into()).unwrap();
    let merged = merge(b"x\n", b"a\n", b"y\n", options.into()).unwrap();
    let conflicts = js_sys::Reflect::get(&merged, &"conflicts".into()).unwrap();
    assert_eq!(conflicts.as_f64(), Some(0.0));

    let typo = js_sys::Object::new();
    js_sys::Reflect::set(&typo, &"contxt".into(), &3.into()).unwrap();
    let error = unified_diff(b"a", b"b", typo.into()).unwrap_err();
    assert_eq!(code_of(&error), "invalid-options");
}

#[wasm_bindgen_test]
fn hunk_selections_are_checked() {
    let error = apply_hunks(b"a\n", b"b\n", &[3], JsValue::NULL).unwrap_err();
    assert_eq!(code_of(&error), "invalid-hunk-selection");
}

fn code_of(error: &JsValue) -> String {
    js_sys::Reflect::get(error, &"code".into())
        .unwrap()
        .as_string()
        .unwrap()
}
