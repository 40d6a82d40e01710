//! Hashing: SHA-256 one-shot and streaming, digests, `sha256sum` lines.

use wasm_bindgen::prelude::*;

use crate::error::to_js;

/// The SHA-256 of `bytes` as lowercase hex.
#[wasm_bindgen]
pub fn sha256(bytes: &[u8]) -> String {
    upkeep_core::sha256_hex(bytes)
}

/// Checks that `text` is a SHA-256 digest and returns it in lowercase.
#[wasm_bindgen(js_name = parseDigest)]
pub fn parse_digest(text: &str) -> Result<String, JsValue> {
    upkeep_core::parse_digest(text)
        .map(|digest| digest.to_string())
        .map_err(to_js)
}

/// One line of `sha256sum` output for `path`, escaped as GNU coreutils does.
#[wasm_bindgen(js_name = checksumLine)]
pub fn checksum_line(hex: &str, path: &str) -> String {
    upkeep_core::checksum_line(hex, path)
}

/// A SHA-256 over input that arrives in chunks.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Sha256Stream(upkeep_core::Sha256Stream);

#[wasm_bindgen]
impl Sha256Stream {
    /// A stream that has seen no bytes yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the next chunk.
    pub fn update(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.0.update(chunk).map_err(to_js)
    }

    /// The digest of everything fed so far, as lowercase hex; the stream is spent afterwards.
    pub fn finish(&mut self) -> Result<String, JsValue> {
        self.0.finish().map_err(to_js)
    }
}

/// The order `upkeep hash -r` lists a folder's entries in (by UTF-8 bytes).
#[wasm_bindgen(js_name = hashWalkOrder)]
pub fn hash_walk_order(names: Vec<String>) -> Vec<String> {
    upkeep_core::hash_walk_order(names)
}
