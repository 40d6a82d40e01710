//! A refresh's inputs gathered in the engine before it plans: decode, call core, encode.

use upkeep_core::refresh as core;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode, split_joined};
use crate::error::to_js;
use crate::refresh::RefreshSession;

/// The manifest and record parsed once, and the observations fed in batches, until the
/// plan takes them.
#[wasm_bindgen]
#[derive(Debug)]
pub struct RefreshInputs(Option<core::RefreshInputs>);

impl RefreshInputs {
    fn inner(&self) -> Result<&core::RefreshInputs, JsValue> {
        self.0
            .as_ref()
            .ok_or_else(|| to_js(core::RefreshInputs::spent()))
    }

    fn inner_mut(&mut self) -> Result<&mut core::RefreshInputs, JsValue> {
        self.0
            .as_mut()
            .ok_or_else(|| to_js(core::RefreshInputs::spent()))
    }
}

#[wasm_bindgen]
impl RefreshInputs {
    /// Parses the manifest (`name` is how errors refer to it).
    pub fn open(manifest: &[u8], name: &str) -> Result<RefreshInputs, JsValue> {
        core::RefreshInputs::open(manifest, name)
            .map(|inputs| RefreshInputs(Some(inputs)))
            .map_err(to_js)
    }

    /// The host folder for the record, journal, lock and backups (`.` is the root).
    pub fn home(&self) -> Result<String, JsValue> {
        Ok(self.inner()?.home().to_string())
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    #[wasm_bindgen(js_name = homeFiles)]
    pub fn home_files(&self) -> Result<JsValue, JsValue> {
        encode(&self.inner()?.home_files())
    }

    /// Where the record lives in the host repository.
    #[wasm_bindgen(js_name = recordPath)]
    pub fn record_path(&self) -> Result<String, JsValue> {
        Ok(self.inner()?.record_path())
    }

    /// Parses the record (null: there is none yet).
    #[wasm_bindgen(js_name = readRecord)]
    pub fn read_record(&mut self, bytes: Option<Vec<u8>>, name: &str) -> Result<(), JsValue> {
        self.inner_mut()?
            .read_record(bytes.as_deref(), name)
            .map_err(to_js)
    }

    /// The paths to observe in the source and on the host. Each side crosses as one
    /// string of NUL-joined paths, split into an array on the JavaScript side.
    pub fn paths(&self) -> Result<JsValue, JsValue> {
        let (sources, hosts) = self.inner()?.joined_paths();
        let paths = js_sys::Object::new();
        js_sys::Reflect::set(&paths, &"sources".into(), &split_joined(&sources))?;
        js_sys::Reflect::set(&paths, &"hosts".into(), &split_joined(&hosts))?;
        Ok(paths.into())
    }

    /// Whether `observeColumns` would rather be given the files' SHA-256: this build
    /// hashes more slowly than its host.
    #[wasm_bindgen(js_name = hostDigests)]
    pub fn host_digests(&self) -> Result<bool, JsValue> {
        Ok(self.inner()?.host_digests())
    }

    /// Adds a batch of one side's next paths as columns: per path its kind (0 nothing, 1 a
    /// file, 2 a link, 3 a folder, 4 other), the files' bytes joined and each file's
    /// length, each file's SHA-256 (32 bytes each) or none (the engine hashes the bytes),
    /// and the CRLF-as-LF digests given for some paths of the batch (by their place).
    #[wasm_bindgen(js_name = observeColumns)]
    #[allow(clippy::too_many_arguments)]
    pub fn observe_columns(
        &mut self,
        side: &str,
        kinds: &[u8],
        joined: &[u8],
        lengths: &[u32],
        digests: &[u8],
        lf_at: &[u32],
        lf: &[u8],
    ) -> Result<(), JsValue> {
        let side = core::Side::named(side).map_err(to_js)?;
        let columns = core::Columns {
            kinds,
            joined,
            lengths,
            digests,
            lf_at,
            lf,
        };
        self.inner_mut()?
            .observe_columns(side, columns)
            .map_err(to_js)
    }

    /// Adds a batch of observations, in the order read.
    pub fn observe(&mut self, batch: JsValue) -> Result<(), JsValue> {
        let batch: core::Observations = decode(ErrorKind::InvalidArgument, "batch", batch)?;
        self.inner_mut()?.observe(batch);
        Ok(())
    }

    /// The identity of this source version, from the manifest and the source observations.
    #[wasm_bindgen(js_name = sourceIdentity)]
    pub fn source_identity(&self) -> Result<String, JsValue> {
        Ok(self.inner()?.source_identity())
    }

    /// Plans the refresh; the inputs are the session's afterwards.
    pub fn plan(&mut self, options: JsValue) -> Result<RefreshSession, JsValue> {
        let options: core::RefreshOptions =
            decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
        let inputs = self
            .0
            .take()
            .ok_or_else(|| to_js(core::RefreshInputs::spent()))?;
        inputs.plan(options).map(RefreshSession).map_err(to_js)
    }
}
