//! An update's two manifests parsed once, for the dirty guard, the read list and the
//! session: decode, call core, encode.

use upkeep_core::update as core;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};
use crate::error::to_js;
use crate::update::UpdateSession;

/// The manifests parsed once, until the session takes them.
#[wasm_bindgen]
#[derive(Debug)]
pub struct UpdateInputs(Option<core::UpdateInputs>);

impl UpdateInputs {
    fn inner(&self) -> Result<&core::UpdateInputs, JsValue> {
        self.0
            .as_ref()
            .ok_or_else(|| to_js(core::UpdateInputs::spent()))
    }
}

#[wasm_bindgen]
impl UpdateInputs {
    /// Parses and checks both manifests (`stateDir`: `.upkeep` when left out).
    pub fn open(
        baseline_manifest: &str,
        latest_manifest: &str,
        state_dir: Option<String>,
    ) -> Result<UpdateInputs, JsValue> {
        core::UpdateInputs::open(baseline_manifest, latest_manifest, state_dir.as_deref())
            .map(|inputs| UpdateInputs(Some(inputs)))
            .map_err(to_js)
    }

    /// The dirty guard: refused when git reports uncommitted changes in managed files.
    #[wasm_bindgen(js_name = checkClean)]
    pub fn check_clean(&self, git: JsValue, options: JsValue) -> Result<(), JsValue> {
        let git: Option<core::GitStatus> = decode(ErrorKind::InvalidUpdateInput, "git", git)?;
        let options: core::UpdateOptions =
            decode_or_default(ErrorKind::InvalidUpdateInput, "options", options)?;
        self.inner()?
            .check_clean(git.as_ref(), &options)
            .map_err(to_js)
    }

    /// What the plan needs read.
    #[wasm_bindgen(js_name = readList)]
    pub fn read_list(&self) -> Result<JsValue, JsValue> {
        encode(&self.inner()?.read_list())
    }

    /// The session of `input` (its manifests left out); the inputs are the session's
    /// afterwards.
    pub fn session(&mut self, input: JsValue) -> Result<UpdateSession, JsValue> {
        let input: core::UpdateInput =
            decode(ErrorKind::InvalidUpdateInput, "UpdateSession", input)?;
        let inputs = self
            .0
            .take()
            .ok_or_else(|| to_js(core::UpdateInputs::spent()))?;
        inputs.session(input).map(UpdateSession).map_err(to_js)
    }
}
