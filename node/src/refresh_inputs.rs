//! A refresh's inputs gathered in the engine before it plans: decode, call core, encode.

use crate::convert::{decode, decode_or_default, encode};
use crate::error::to_js;
use crate::refresh::RefreshSession;
use napi::bindgen_prelude::{Uint8Array, Unknown};
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

    /// The paths to observe in the source and on the host.
    #[napi(ts_return_type = "RefreshPaths")]
    pub fn paths<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.inner(env)?.paths())
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
