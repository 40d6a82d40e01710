//! An update's two manifests parsed once, for the dirty guard, the read list and the
//! session: decode, call core, encode.

use crate::convert::{decode, decode_or_default, encode};
use crate::error::to_js;
use crate::update::UpdateSession;
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::update as core;
use upkeep_core::ErrorKind;

/// The manifests parsed once, until the session takes them.
#[napi]
#[derive(Debug)]
pub struct UpdateInputs(Option<core::UpdateInputs>);

impl UpdateInputs {
    fn inner(&self, env: &Env) -> napi::Result<&core::UpdateInputs> {
        self.0
            .as_ref()
            .ok_or_else(|| to_js(env, core::UpdateInputs::spent()))
    }
}

#[napi]
impl UpdateInputs {
    /// Parses and checks both manifests (`stateDir`: `.upkeep` when left out).
    #[napi(factory)]
    pub fn open(
        env: Env,
        baseline_manifest: String,
        latest_manifest: String,
        state_dir: Option<String>,
    ) -> napi::Result<Self> {
        core::UpdateInputs::open(&baseline_manifest, &latest_manifest, state_dir.as_deref())
            .map(|inputs| UpdateInputs(Some(inputs)))
            .map_err(|e| to_js(&env, e))
    }

    /// The dirty guard: refused when git reports uncommitted changes in managed files.
    #[napi]
    pub fn check_clean(
        &self,
        env: Env,
        #[napi(ts_arg_type = "GitStatus | null")] git: Option<Unknown>,
        #[napi(ts_arg_type = "UpdateOptions")] options: Option<Unknown>,
    ) -> napi::Result<()> {
        let git: Option<core::GitStatus> = match git {
            Some(value) => decode(&env, ErrorKind::InvalidUpdateInput, "git", value)?,
            None => None,
        };
        let options: core::UpdateOptions =
            decode_or_default(&env, ErrorKind::InvalidUpdateInput, "options", options)?;
        self.inner(&env)?
            .check_clean(git.as_ref(), &options)
            .map_err(|e| to_js(&env, e))
    }

    /// What the plan needs read.
    #[napi(ts_return_type = "ReadList")]
    pub fn read_list<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.inner(env)?.read_list())
    }

    /// The session of `input` (its manifests left out); the inputs are the session's
    /// afterwards.
    #[napi]
    pub fn session(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "UpdateInput")] input: Object,
    ) -> napi::Result<UpdateSession> {
        let input: core::UpdateInput =
            decode(&env, ErrorKind::InvalidUpdateInput, "UpdateSession", input)?;
        let inputs = self
            .0
            .take()
            .ok_or_else(|| to_js(&env, core::UpdateInputs::spent()))?;
        inputs
            .session(input)
            .map(UpdateSession)
            .map_err(|e| to_js(&env, e))
    }
}
