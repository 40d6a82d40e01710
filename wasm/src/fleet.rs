//! The fleet: `--exit-on`, the change-request payload, the fleet plan and the
//! per-repository step's push decision. Values cross as plain JavaScript objects
//! (serde-wasm-bindgen).

use upkeep_core::fleet;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode, optional_text};
use crate::error::to_js;

/// Checks an `--exit-on` value and returns it.
#[wasm_bindgen(js_name = parseExitPolicy)]
pub fn parse_exit_policy(text: &str) -> Result<JsValue, JsValue> {
    encode(&fleet::parse_exit_policy(text).map_err(to_js)?)
}

/// The exit code of `update` or `status` under `--exit-on`.
#[wasm_bindgen(js_name = exitCode)]
pub fn exit_code(input: JsValue) -> Result<u32, JsValue> {
    let input: fleet::ExitInput = decode(ErrorKind::InvalidArgument, "exitCode", input)?;
    Ok(u32::from(fleet::exit_code(&input)))
}

/// The exit code of a finished `land`, `sync`, `diff` or `manifest check` from its status
/// (the signal's code when one stopped it).
#[wasm_bindgen(js_name = statusExit)]
pub fn status_exit(command: &str, status: &str, signal: Option<String>) -> Result<u32, JsValue> {
    let code =
        upkeep_core::exits::status_exit(command, status, signal.as_deref()).map_err(to_js)?;
    Ok(u32::from(code))
}

/// The change request of `upkeep update --pr`.
#[wasm_bindgen(js_name = prPayload)]
pub fn pr_payload(input: JsValue) -> Result<JsValue, JsValue> {
    let input: fleet::PrInput = decode(ErrorKind::InvalidArgument, "prPayload", input)?;
    encode(&fleet::pr_payload(&input).map_err(to_js)?)
}

/// Reads a fleet's `repos.txt` or `repos.json`.
#[wasm_bindgen(js_name = parseFleetList)]
pub fn parse_fleet_list(text: &str, label: &str) -> Result<JsValue, JsValue> {
    encode(&fleet::parse_fleet_list(text, label).map_err(to_js)?)
}

/// The next step of reading a local repository's recorded source, or the record.
#[wasm_bindgen(js_name = fleetRecordStep)]
pub fn fleet_record_step(input: JsValue, ran: JsValue) -> Result<JsValue, JsValue> {
    let input: fleet::RecordReadInput =
        decode(ErrorKind::InvalidArgument, "fleetRecordStep", input)?;
    let ran: Vec<fleet::RecordRan> = decode(ErrorKind::InvalidArgument, "ran", ran)?;
    encode(&fleet::fleet_record_step(&input, &ran).map_err(to_js)?)
}

/// The fleet's batches for a CI matrix.
#[wasm_bindgen(js_name = planFleet)]
pub fn plan_fleet(input: JsValue) -> Result<JsValue, JsValue> {
    let input: fleet::FleetInput = decode(ErrorKind::InvalidArgument, "planFleet", input)?;
    encode(&fleet::plan_fleet(&input).map_err(to_js)?)
}

/// Whether the step goes on to commit: the update succeeded and named a branch.
#[wasm_bindgen(js_name = stepCommits)]
pub fn step_commits(facts: JsValue) -> Result<bool, JsValue> {
    let facts: fleet::StepFacts = decode(ErrorKind::InvalidArgument, "stepCommits", facts)?;
    Ok(fleet::step_commits(&facts))
}

/// What the per-repository step does with its branch.
#[wasm_bindgen(js_name = stepAction)]
pub fn step_action(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: fleet::StepFacts = decode(ErrorKind::InvalidArgument, "stepAction", facts)?;
    encode(&fleet::step_action(&facts))
}

/// The GitLab child pipeline of one batch of a plan.
#[wasm_bindgen(js_name = gitlabChildPipeline)]
pub fn gitlab_child_pipeline(plan: JsValue, batch: u32, include: &str) -> Result<String, JsValue> {
    let plan: fleet::FleetPlan = decode(ErrorKind::InvalidArgument, "gitlabChildPipeline", plan)?;
    fleet::gitlab_child_pipeline(&plan, batch as usize, include).map_err(to_js)
}

/// Where the per-repository step starts (its base; a killed run's writes discarded).
#[wasm_bindgen(js_name = stepStart)]
pub fn step_start(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: fleet::StartFacts = decode(ErrorKind::InvalidArgument, "stepStart", facts)?;
    encode(&fleet::step_start(&facts))
}

/// The arguments of the `upkeep update` the fleet step runs as its own process.
#[wasm_bindgen(js_name = stepUpdateArgs)]
pub fn step_update_args(step: JsValue) -> Result<Vec<String>, JsValue> {
    let step: fleet::StepUpdate = decode(ErrorKind::InvalidArgument, "stepUpdateArgs", step)?;
    Ok(fleet::step_update_args(&step))
}

/// The fleet step's commit identity from `--author` (upkeep's own when absent).
#[wasm_bindgen(js_name = commitIdentity)]
pub fn commit_identity(author: Option<String>) -> Result<JsValue, JsValue> {
    encode(&fleet::commit_identity(author.as_deref()).map_err(to_js)?)
}

/// The fleet step's commit as the `git` command it runs: its arguments and environment.
#[wasm_bindgen(js_name = stepCommit)]
pub fn step_commit(input: JsValue) -> Result<JsValue, JsValue> {
    let input: fleet::StepCommitInput = decode(ErrorKind::InvalidArgument, "stepCommit", input)?;
    encode(&fleet::step_commit(&input))
}

/// The files of the `--pr` folder, in the order written.
#[wasm_bindgen(js_name = prPayloadFiles)]
pub fn pr_payload_files(payload: JsValue) -> Result<JsValue, JsValue> {
    let payload: fleet::PrPayload = decode(ErrorKind::InvalidArgument, "prPayloadFiles", payload)?;
    encode(&fleet::pr_payload_files(&payload))
}

/// The matrix of one batch of a plan (`--batch <n>`), or why there is none.
#[wasm_bindgen(js_name = batchMatrix)]
pub fn batch_matrix(plan: JsValue, index: u32) -> Result<JsValue, JsValue> {
    let plan: fleet::FleetPlan = decode(ErrorKind::InvalidArgument, "batchMatrix", plan)?;
    encode(&fleet::batch_matrix(&plan, index as usize))
}

/// Why a `--platform` value is refused (null: it names a platform, or none was given).
#[wasm_bindgen(js_name = platformRefusal)]
pub fn platform_refusal(text: JsValue) -> Result<JsValue, JsValue> {
    let text = optional_text("text", &text)?;
    encode(&fleet::platform_refusal(text.as_deref()))
}

/// What `upkeep fleet plan` writes to standard error: the summary, the skipped and unread repositories.
#[wasm_bindgen(js_name = renderFleetPlan)]
pub fn render_fleet_plan(plan: JsValue) -> Result<String, JsValue> {
    let plan: fleet::FleetPlan = decode(ErrorKind::InvalidArgument, "renderFleetPlan", plan)?;
    Ok(fleet::render_fleet_plan(&plan))
}

/// The line `upkeep fleet step` ends with, and whether it is an error.
#[wasm_bindgen(js_name = stepLine)]
pub fn step_line(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: fleet::StepLineFacts = decode(ErrorKind::InvalidArgument, "stepLine", facts)?;
    encode(&fleet::step_line(&facts))
}

/// Whether a commit is one the fleet step made (its trailer, and for the remote's head its history).
#[wasm_bindgen(js_name = isStepCommit)]
pub fn is_step_commit(facts: JsValue) -> Result<bool, JsValue> {
    let facts: fleet::StepCommitFacts = decode(ErrorKind::InvalidArgument, "isStepCommit", facts)?;
    Ok(fleet::is_step_commit(&facts))
}
