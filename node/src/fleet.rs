//! The fleet: `--exit-on`, the change-request payload, the fleet plan and the
//! per-repository step's push decision. Values cross as plain JavaScript objects (serde).

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::fleet;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Checks an `--exit-on` value and returns it.
#[napi(ts_return_type = "ExitPolicy")]
pub fn parse_exit_policy<'env>(env: &'env Env, text: String) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &fleet::parse_exit_policy(&text).map_err(|e| to_js(env, e))?,
    )
}

/// The exit code of `update` or `status` under `--exit-on`.
#[napi]
pub fn exit_code(env: Env, #[napi(ts_arg_type = "ExitInput")] input: Object) -> napi::Result<u32> {
    let input: fleet::ExitInput = decode(&env, ErrorKind::InvalidArgument, "exitCode", input)?;
    Ok(u32::from(fleet::exit_code(&input)))
}

/// The exit code of a finished `land`, `sync`, `diff` or `manifest check` from its status
/// (the signal's code when one stopped it).
#[napi]
pub fn status_exit(
    env: Env,
    command: String,
    status: String,
    signal: Option<String>,
) -> napi::Result<u32> {
    let code = upkeep_core::exits::status_exit(&command, &status, signal.as_deref())
        .map_err(|e| to_js(&env, e))?;
    Ok(u32::from(code))
}

/// The change request of `upkeep update --pr`.
#[napi(ts_return_type = "PrPayload")]
pub fn pr_payload<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PrInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: fleet::PrInput = decode(env, ErrorKind::InvalidArgument, "prPayload", input)?;
    encode(env, &fleet::pr_payload(&input).map_err(|e| to_js(env, e))?)
}

/// Reads a fleet's `repos.txt` or `repos.json`.
#[napi(ts_return_type = "FleetRepo[]")]
pub fn parse_fleet_list<'env>(
    env: &'env Env,
    text: String,
    label: String,
) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &fleet::parse_fleet_list(&text, &label).map_err(|e| to_js(env, e))?,
    )
}

/// The next step of reading a local repository's recorded source, or the record.
#[napi(ts_return_type = "RecordStep")]
pub fn fleet_record_step<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "RecordReadInput")] input: Object,
    #[napi(ts_arg_type = "RecordRan[]")] ran: Unknown<'env>,
) -> napi::Result<Unknown<'env>> {
    let input: fleet::RecordReadInput =
        decode(env, ErrorKind::InvalidArgument, "fleetRecordStep", input)?;
    let ran: Vec<fleet::RecordRan> = decode(env, ErrorKind::InvalidArgument, "ran", ran)?;
    encode(
        env,
        &fleet::fleet_record_step(&input, &ran).map_err(|e| to_js(env, e))?,
    )
}

/// The fleet's batches for a CI matrix.
#[napi(ts_return_type = "FleetPlan")]
pub fn plan_fleet<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FleetInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: fleet::FleetInput = decode(env, ErrorKind::InvalidArgument, "planFleet", input)?;
    encode(env, &fleet::plan_fleet(&input).map_err(|e| to_js(env, e))?)
}

/// Whether the step goes on to commit: the update succeeded and named a branch.
#[napi]
pub fn step_commits(
    env: &Env,
    #[napi(ts_arg_type = "StepFacts")] facts: Object,
) -> napi::Result<bool> {
    let facts: fleet::StepFacts = decode(env, ErrorKind::InvalidArgument, "stepCommits", facts)?;
    Ok(fleet::step_commits(&facts))
}

/// What the per-repository step does with its branch.
#[napi(ts_return_type = "StepDecision")]
pub fn step_action<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StepFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: fleet::StepFacts = decode(env, ErrorKind::InvalidArgument, "stepAction", facts)?;
    encode(env, &fleet::step_action(&facts))
}

/// The GitLab child pipeline of one batch of a plan.
#[napi]
pub fn gitlab_child_pipeline(
    env: Env,
    #[napi(ts_arg_type = "FleetPlan")] plan: Object,
    batch: u32,
    include: String,
) -> napi::Result<String> {
    let plan: fleet::FleetPlan = decode(
        &env,
        ErrorKind::InvalidArgument,
        "gitlabChildPipeline",
        plan,
    )?;
    fleet::gitlab_child_pipeline(&plan, batch as usize, &include).map_err(|e| to_js(&env, e))
}

/// Where the per-repository step starts (its base; a killed run's writes discarded).
#[napi(ts_return_type = "StepStart")]
pub fn step_start<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StartFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: fleet::StartFacts = decode(env, ErrorKind::InvalidArgument, "stepStart", facts)?;
    encode(env, &fleet::step_start(&facts))
}

/// The arguments of the `upkeep update` the fleet step runs as its own process.
#[napi(ts_return_type = "string[]")]
pub fn step_update_args(
    env: Env,
    #[napi(ts_arg_type = "StepUpdate")] step: Object,
) -> napi::Result<Vec<String>> {
    let step: fleet::StepUpdate = decode(&env, ErrorKind::InvalidArgument, "stepUpdateArgs", step)?;
    Ok(fleet::step_update_args(&step))
}

/// The fleet step's commit identity from `--author` (upkeep's own when absent).
#[napi(ts_return_type = "CommitIdentity")]
pub fn commit_identity<'env>(
    env: &'env Env,
    author: Option<String>,
) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &fleet::commit_identity(author.as_deref()).map_err(|e| to_js(env, e))?,
    )
}

/// The fleet step's commit as the `git` command it runs: its arguments and environment.
#[napi(ts_return_type = "GitCommand")]
pub fn step_commit<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StepCommitInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: fleet::StepCommitInput =
        decode(env, ErrorKind::InvalidArgument, "stepCommit", input)?;
    encode(env, &fleet::step_commit(&input))
}

/// The files of the `--pr` folder, in the order written.
#[napi(ts_return_type = "PayloadFile[]")]
pub fn pr_payload_files<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PrPayload")] payload: Object,
) -> napi::Result<Unknown<'env>> {
    let payload: fleet::PrPayload =
        decode(env, ErrorKind::InvalidArgument, "prPayloadFiles", payload)?;
    encode(env, &fleet::pr_payload_files(&payload))
}

/// The matrix of one batch of a plan (`--batch <n>`), or why there is none.
#[napi(ts_return_type = "MatrixChoice")]
pub fn batch_matrix<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FleetPlan")] plan: Object,
    index: u32,
) -> napi::Result<Unknown<'env>> {
    let plan: fleet::FleetPlan = decode(env, ErrorKind::InvalidArgument, "batchMatrix", plan)?;
    encode(env, &fleet::batch_matrix(&plan, index as usize))
}

/// Why a `--platform` value is refused (null: it names a platform, or none was given).
#[napi(ts_return_type = "Refusal | null")]
pub fn platform_refusal<'env>(env: &'env Env, text: Option<String>) -> napi::Result<Unknown<'env>> {
    encode(env, &fleet::platform_refusal(text.as_deref()))
}

/// What `upkeep fleet plan` writes to standard error: the summary, the skipped and unread repositories.
#[napi]
pub fn render_fleet_plan(
    env: Env,
    #[napi(ts_arg_type = "FleetPlan")] plan: Object,
) -> napi::Result<String> {
    let plan: fleet::FleetPlan = decode(&env, ErrorKind::InvalidArgument, "renderFleetPlan", plan)?;
    Ok(fleet::render_fleet_plan(&plan))
}

/// The line `upkeep fleet step` ends with, and whether it is an error.
#[napi(ts_return_type = "StepLine")]
pub fn step_line<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StepLineFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: fleet::StepLineFacts = decode(env, ErrorKind::InvalidArgument, "stepLine", facts)?;
    encode(env, &fleet::step_line(&facts))
}

/// Whether a commit is one the fleet step made (its trailer, and for the remote's head its history).
#[napi]
pub fn is_step_commit(
    env: Env,
    #[napi(ts_arg_type = "StepCommitFacts")] facts: Object,
) -> napi::Result<bool> {
    let facts: fleet::StepCommitFacts =
        decode(&env, ErrorKind::InvalidArgument, "isStepCommit", facts)?;
    Ok(fleet::is_step_commit(&facts))
}
