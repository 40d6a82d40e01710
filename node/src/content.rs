//! Content digests: SHA-256, size, binary and the CRLF-as-LF digest of files, in batches
//! (one call per batch of small files) or streamed (a large file, chunk by chunk).

use crate::convert::encode;
use crate::error::to_js;
use napi::bindgen_prelude::{Uint32Array, Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::content;

/// The digests of many files: `joined` holds their bytes one after another, `lengths`
/// each one's size; `eol` adds the CRLF-as-LF digest.
#[napi(ts_return_type = "ContentDigest[]")]
pub fn digest_contents<'env>(
    env: &'env Env,
    joined: Uint8Array,
    lengths: Uint32Array,
    eol: bool,
) -> napi::Result<Unknown<'env>> {
    let digests = content::digest_contents(&joined, &lengths, eol).map_err(|e| to_js(env, e))?;
    encode(env, &digests)
}

/// The digests of content that arrives in chunks.
#[napi]
#[derive(Debug)]
pub struct ContentDigester(content::ContentDigester);

#[napi]
impl ContentDigester {
    /// A digester that has seen nothing; `eol` adds the CRLF-as-LF digest.
    #[napi(constructor)]
    pub fn new(eol: bool) -> Self {
        ContentDigester(content::ContentDigester::new(eol))
    }

    /// Feeds the next chunk.
    #[napi]
    pub fn update(&mut self, env: Env, chunk: Uint8Array) -> napi::Result<()> {
        self.0.update(&chunk).map_err(|e| to_js(&env, e))
    }

    /// The digests of every chunk fed; the digester is spent afterwards.
    #[napi(ts_return_type = "ContentDigest")]
    pub fn finish<'env>(&mut self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        let digest = self.0.finish().map_err(|e| to_js(env, e))?;
        encode(env, &digest)
    }
}
