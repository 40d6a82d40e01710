//! The wasm build's own checks, run inside a WebAssembly runtime by wasm-bindgen-test.
//! The full behaviour is covered by the shared conformance vectors in `tests/`.

use upkeep_wasm::hash::{parse_digest, sha256, Sha256Stream};
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

fn code_of(error: &JsValue) -> String {
    js_sys::Reflect::get(error, &"code".into())
        .unwrap()
        .as_string()
        .unwrap()
}
