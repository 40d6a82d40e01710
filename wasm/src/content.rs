//! Content digests: SHA-256, size, binary and the CRLF-as-LF digest of files, in batches
//! (one call per batch of small files) or streamed (a large file, chunk by chunk).

use upkeep_core::content;
use wasm_bindgen::prelude::*;

use crate::convert::encode;
use crate::error::to_js;

/// The digests of many files: `joined` holds their bytes one after another, `lengths`
/// each one's size; `eol` adds the CRLF-as-LF digest.
#[wasm_bindgen(js_name = digestContents)]
pub fn digest_contents(joined: &[u8], lengths: &[u32], eol: bool) -> Result<JsValue, JsValue> {
    encode(&content::digest_contents(joined, lengths, eol).map_err(to_js)?)
}

/// The digests of content that arrives in chunks.
#[wasm_bindgen]
#[derive(Debug)]
pub struct ContentDigester(content::ContentDigester);

#[wasm_bindgen]
impl ContentDigester {
    /// A digester that has seen nothing; `eol` adds the CRLF-as-LF digest.
    #[wasm_bindgen(constructor)]
    pub fn new(eol: bool) -> Self {
        ContentDigester(content::ContentDigester::new(eol))
    }

    /// Feeds the next chunk.
    pub fn update(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.0.update(chunk).map_err(to_js)
    }

    /// The digests of every chunk fed; the digester is spent afterwards.
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        encode(&self.0.finish().map_err(to_js)?)
    }
}
