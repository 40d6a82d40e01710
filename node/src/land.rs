//! Land and sync: the handoff, the commit split, the sync plan, carried checks and the
//! reports. Values cross as plain JavaScript objects (serde).

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::land;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Seals a handoff from the dirty files, the tickets and the inherited paths.
#[napi(ts_return_type = "LandHandoff")]
pub fn seal_handoff<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LandSealedFile[]")] dirty: Object,
    #[napi(ts_arg_type = "LandTicket[]")] tickets: Object,
    inherited: Vec<String>,
) -> napi::Result<Unknown<'env>> {
    let dirty = decode(env, ErrorKind::InvalidArgument, "sealHandoff dirty", dirty)?;
    let tickets = decode(
        env,
        ErrorKind::InvalidArgument,
        "sealHandoff tickets",
        tickets,
    )?;
    let handoff = land::seal_handoff(dirty, tickets, inherited).map_err(|e| to_js(env, e))?;
    encode(env, &handoff)
}

/// What `land --seal` reports once the handoff is written at `path`: status, path, handoff, line.
#[napi(ts_return_type = "SealReport")]
pub fn seal_report<'env>(
    env: &'env Env,
    path: String,
    #[napi(ts_arg_type = "LandHandoff")] handoff: Object,
) -> napi::Result<Unknown<'env>> {
    let handoff = decode(
        env,
        ErrorKind::InvalidArgument,
        "sealReport handoff",
        handoff,
    )?;
    encode(env, &land::seal_report(&path, handoff))
}

/// Parses a sealed handoff strictly; `label` names it in errors.
#[napi(ts_return_type = "LandHandoff")]
pub fn parse_handoff<'env>(
    env: &'env Env,
    text: String,
    label: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let handoff = land::parse_handoff(&text, label.as_deref()).map_err(|e| to_js(env, e))?;
    encode(env, &handoff)
}

/// Plans a land: the moved check and the commit split.
#[napi(ts_return_type = "LandPlan")]
pub fn plan_land<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LandHandoff")] handoff: Object,
    #[napi(ts_arg_type = "LandCurrentFile[]")] current: Object,
) -> napi::Result<Unknown<'env>> {
    let handoff: land::Handoff =
        decode(env, ErrorKind::InvalidArgument, "planLand handoff", handoff)?;
    let current: Vec<land::CurrentFile> =
        decode(env, ErrorKind::InvalidArgument, "planLand current", current)?;
    let plan = land::plan_land(&handoff, &current).map_err(|e| to_js(env, e))?;
    encode(env, &plan)
}

/// The land report from the plan and each commit's outcome.
#[napi(ts_return_type = "LandReport")]
pub fn land_report<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LandPlan")] plan: Object,
    #[napi(ts_arg_type = "LandCommitOutcome[]")] outcomes: Object,
) -> napi::Result<Unknown<'env>> {
    let plan: land::LandPlan = decode(env, ErrorKind::InvalidArgument, "landReport plan", plan)?;
    let outcomes: Vec<land::CommitOutcome> = decode(
        env,
        ErrorKind::InvalidArgument,
        "landReport outcomes",
        outcomes,
    )?;
    encode(env, &land::land_report(&plan, &outcomes))
}

/// The next step of a land: a commit to make, or done.
#[napi(ts_return_type = "LandStep")]
pub fn land_step<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LandPlan")] plan: Object,
    #[napi(ts_arg_type = "LandCommitOutcome[]")] outcomes: Object,
) -> napi::Result<Unknown<'env>> {
    let plan: land::LandPlan = decode(env, ErrorKind::InvalidArgument, "landStep plan", plan)?;
    let outcomes: Vec<land::CommitOutcome> = decode(
        env,
        ErrorKind::InvalidArgument,
        "landStep outcomes",
        outcomes,
    )?;
    encode(env, &land::land_step(&plan, &outcomes))
}

/// The land report as a table.
#[napi]
pub fn render_land_report(
    env: Env,
    #[napi(ts_arg_type = "LandReport")] report: Object,
) -> napi::Result<String> {
    let report: land::LandReport = decode(
        &env,
        ErrorKind::InvalidArgument,
        "renderLandReport report",
        report,
    )?;
    Ok(land::render_land_report(&report))
}

/// The refusal of a sync whose checkout or work clone is not in a state to sync.
#[napi(ts_return_type = "Refusal")]
pub fn checkout_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "CheckoutProblem")] problem: Object,
) -> napi::Result<Unknown<'env>> {
    let problem: land::CheckoutProblem =
        decode(env, ErrorKind::InvalidArgument, "checkoutRefusal", problem)?;
    encode(env, &land::checkout_refusal(&problem))
}

/// The refusal of a sync from this checkout (detached, no commits), or null.
#[napi(ts_return_type = "Refusal | null")]
pub fn sync_checkout<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SyncCheckout")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: land::SyncCheckout = decode(env, ErrorKind::InvalidArgument, "syncCheckout", facts)?;
    encode(env, &land::sync_checkout(&facts))
}

/// Plans a sync: a fast-forward, named cherry-picks, or a refusal with its reason.
#[napi(ts_return_type = "SyncPlan")]
pub fn plan_sync<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SyncFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: land::SyncFacts = decode(env, ErrorKind::InvalidArgument, "planSync facts", facts)?;
    encode(env, &land::plan_sync(&facts))
}

/// Whether the checkout may follow the synced commit.
#[napi(ts_return_type = "SyncCheckoutFollow")]
pub fn checkout_follow<'env>(
    env: &'env Env,
    seen_head: String,
    now_head: Option<String>,
    uncommitted: bool,
    fast_forwards: bool,
) -> napi::Result<Unknown<'env>> {
    let follow = land::checkout_follow(&seen_head, now_head.as_deref(), uncommitted, fast_forwards);
    encode(env, &follow)
}

/// The digest of a check's inputs: its command and the tree it runs on.
#[napi]
pub fn check_digest(command: String, tree: String) -> String {
    land::check_digest(&command, &tree)
}

/// The newest passed record with exactly `digest`, or `null`.
#[napi(ts_return_type = "SyncCheckRecord | null")]
pub fn find_carried<'env>(
    env: &'env Env,
    digest: String,
    #[napi(ts_arg_type = "SyncCheckRecord[]")] records: Object,
) -> napi::Result<Unknown<'env>> {
    let records: Vec<land::CheckRecord> = decode(
        env,
        ErrorKind::InvalidArgument,
        "findCarried records",
        records,
    )?;
    encode(env, &land::find_carried(&digest, &records))
}

/// The sync report as a table.
#[napi]
pub fn render_sync_report(
    env: Env,
    #[napi(ts_arg_type = "SyncReport")] report: Object,
) -> napi::Result<String> {
    let report: land::SyncReport = decode(
        &env,
        ErrorKind::InvalidArgument,
        "renderSyncReport report",
        report,
    )?;
    Ok(land::render_sync_report(&report))
}

/// The next step of a sync, from the outcomes of the steps so far.
#[napi(ts_return_type = "SyncStep")]
pub fn sync_step<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SyncRun")] run: Object,
    #[napi(ts_arg_type = "SyncOutcome[]")] outcomes: Object,
) -> napi::Result<Unknown<'env>> {
    let run: land::SyncRun = decode(env, ErrorKind::InvalidArgument, "syncStep run", run)?;
    let outcomes: Vec<land::SyncOutcome> = decode(
        env,
        ErrorKind::InvalidArgument,
        "syncStep outcomes",
        outcomes,
    )?;
    encode(env, &land::sync_step(&run, &outcomes))
}

/// The report of a finished sync, from the outcomes of its steps.
#[napi(ts_return_type = "SyncReport")]
pub fn sync_report<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SyncRun")] run: Object,
    #[napi(ts_arg_type = "SyncOutcome[]")] outcomes: Object,
) -> napi::Result<Unknown<'env>> {
    let run: land::SyncRun = decode(env, ErrorKind::InvalidArgument, "syncReport run", run)?;
    let outcomes: Vec<land::SyncOutcome> = decode(
        env,
        ErrorKind::InvalidArgument,
        "syncReport outcomes",
        outcomes,
    )?;
    encode(env, &land::sync_report(&run, &outcomes))
}
