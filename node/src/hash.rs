//! Hashing: SHA-256 one-shot and streaming, digests, `sha256sum` lines.

use crate::error::to_js;
use napi::bindgen_prelude::Uint8Array;
use napi::Env;
use napi_derive::napi;

/// The SHA-256 of `bytes` as lowercase hex.
#[napi]
pub fn sha256(bytes: Uint8Array) -> String {
    upkeep_core::sha256_hex(&bytes)
}

/// Checks that `text` is a SHA-256 digest and returns it in lowercase.
#[napi]
pub fn parse_digest(env: Env, text: String) -> napi::Result<String> {
    upkeep_core::parse_digest(&text)
        .map(|digest| digest.to_string())
        .map_err(|e| to_js(&env, e))
}

/// One line of `sha256sum` output for `path`, escaped as GNU coreutils does.
#[napi]
pub fn checksum_line(hex: String, path: String) -> String {
    upkeep_core::checksum_line(&hex, &path)
}

/// A SHA-256 over input that arrives in chunks.
#[napi]
#[derive(Debug, Default)]
pub struct Sha256Stream(upkeep_core::Sha256Stream);

#[napi]
impl Sha256Stream {
    /// A stream that has seen no bytes yet.
    #[napi(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the next chunk.
    #[napi]
    pub fn update(&mut self, env: Env, chunk: Uint8Array) -> napi::Result<()> {
        self.0.update(&chunk).map_err(|e| to_js(&env, e))
    }

    /// The digest of everything fed so far, as lowercase hex; the stream is spent afterwards.
    #[napi]
    pub fn finish(&mut self, env: Env) -> napi::Result<String> {
        self.0.finish().map_err(|e| to_js(&env, e))
    }
}

/// The order `upkeep hash -r` lists a folder's entries in (by UTF-8 bytes).
#[napi]
pub fn hash_walk_order(names: Vec<String>) -> Vec<String> {
    upkeep_core::hash_walk_order(names)
}
