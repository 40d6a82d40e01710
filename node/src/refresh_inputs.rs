//! A refresh's inputs gathered in the engine before it plans: decode, call core, encode.

use crate::convert::{decode, decode_or_default, encode, split_joined};
use crate::error::to_js;
use crate::refresh::RefreshSession;
use napi::bindgen_prelude::{JsObjectValue, Object, Uint32Array, Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::refresh as core;
use upkeep_core::ErrorKind;

/// The manifest and record parsed once, and the observations fed in batches, until the
/// plan takes them.
#[napi]
#[derive(Debug)]
pub struct RefreshInputs(Option<core::RefreshInputs>);

fn planned(env: &Env) -> napi::Error {
    to_js(env, core::RefreshInputs::spent())
}

impl RefreshInputs {
    fn inner(&self, env: &Env) -> napi::Result<&core::RefreshInputs> {
        self.0.as_ref().ok_or_else(|| planned(env))
    }

    fn inner_mut(&mut self, env: &Env) -> napi::Result<&mut core::RefreshInputs> {
        self.0.as_mut().ok_or_else(|| planned(env))
    }
}

#[napi]
impl RefreshInputs {
    /// Parses the manifest (`name` is how errors refer to it).
    #[napi(factory)]
    pub fn open(env: Env, manifest: Uint8Array, name: String) -> napi::Result<Self> {
        core::RefreshInputs::open(&manifest, &name)
            .map(|inputs| RefreshInputs(Some(inputs)))
            .map_err(|e| to_js(&env, e))
    }

    /// The host folder for the record, journal, lock and backups (`.` is the root).
    #[napi]
    pub fn home(&self, env: Env) -> napi::Result<String> {
        Ok(self.inner(&env)?.home().to_string())
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    #[napi(ts_return_type = "HomeFiles")]
    pub fn home_files<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.inner(env)?.home_files())
    }

    /// Where the record lives in the host repository.
    #[napi]
    pub fn record_path(&self, env: Env) -> napi::Result<String> {
        Ok(self.inner(&env)?.record_path())
    }

    /// Parses the record (null: there is none yet).
    #[napi]
    pub fn read_record(
        &mut self,
        env: Env,
        bytes: Option<Uint8Array>,
        name: String,
    ) -> napi::Result<()> {
        self.inner_mut(&env)?
            .read_record(bytes.as_deref(), &name)
            .map_err(|e| to_js(&env, e))
    }

    /// The paths to observe in the source and on the host. Each side crosses as one
    /// string of NUL-joined paths, split into an array on the JavaScript side.
    #[napi(ts_return_type = "RefreshPaths")]
    pub fn paths<'env>(&self, env: &'env Env) -> napi::Result<Object<'env>> {
        let (sources, hosts) = self.inner(env)?.joined_paths();
        let mut paths = Object::new(env)?;
        paths.set_named_property("sources", split_joined(env, &sources)?)?;
        paths.set_named_property("hosts", split_joined(env, &hosts)?)?;
        Ok(paths)
    }

    /// Adds a batch of observations, in the order read.
    #[napi]
    pub fn observe(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "Observations")] batch: Unknown,
    ) -> napi::Result<()> {
        let batch: core::Observations = decode(&env, ErrorKind::InvalidArgument, "batch", batch)?;
        self.inner_mut(&env)?.observe(batch);
        Ok(())
    }

    /// Whether `observeColumns` would rather be given the files' SHA-256: this build
    /// hashes more slowly than its host.
    #[napi]
    pub fn host_digests(&self, env: Env) -> napi::Result<bool> {
        Ok(self.inner(&env)?.host_digests())
    }

    /// Adds a batch of one side's next paths as columns: per path its kind (0 nothing, 1 a
    /// file, 2 a link, 3 a folder, 4 other), the files' bytes joined and each file's
    /// length, each file's SHA-256 (32 bytes each) or none (the engine hashes the bytes),
    /// and the CRLF-as-LF digests given for some paths of the batch (by their place).
    #[napi]
    #[allow(clippy::too_many_arguments)]
    pub fn observe_columns(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "'sources' | 'hosts'")] side: String,
        kinds: Uint8Array,
        joined: Uint8Array,
        lengths: Uint32Array,
        digests: Uint8Array,
        lf_at: Uint32Array,
        lf: Uint8Array,
    ) -> napi::Result<()> {
        let side = core::Side::named(&side).map_err(|e| to_js(&env, e))?;
        let columns = core::Columns {
            kinds: &kinds,
            joined: &joined,
            lengths: &lengths,
            digests: &digests,
            lf_at: &lf_at,
            lf: &lf,
        };
        self.inner_mut(&env)?
            .observe_columns(side, columns)
            .map_err(|e| to_js(&env, e))
    }

    /// The identity of this source version, from the manifest and the source observations.
    #[napi]
    pub fn source_identity(&self, env: Env) -> napi::Result<String> {
        Ok(self.inner(&env)?.source_identity())
    }

    /// Plans the refresh; the inputs are the session's afterwards.
    #[napi]
    pub fn plan(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "RefreshOptions")] options: Option<Unknown>,
    ) -> napi::Result<RefreshSession> {
        let options: core::RefreshOptions =
            decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
        let inputs = self.0.take().ok_or_else(|| planned(&env))?;
        inputs
            .plan(options)
            .map(RefreshSession)
            .map_err(|e| to_js(&env, e))
    }
}
