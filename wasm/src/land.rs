//! Land and sync: the handoff, the commit split, the sync plan, carried checks and the
//! reports. Values cross as plain JavaScript objects (serde-wasm-bindgen).

use upkeep_core::land;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};

use crate::error::to_js;

/// Seals a handoff from the dirty files, the tickets and the inherited paths.
#[wasm_bindgen(js_name = sealHandoff)]
pub fn seal_handoff(
    dirty: JsValue,
    tickets: JsValue,
    inherited: Vec<String>,
) -> Result<JsValue, JsValue> {
    let dirty = decode(ErrorKind::InvalidArgument, "sealHandoff dirty", dirty)?;
    let tickets = decode(ErrorKind::InvalidArgument, "sealHandoff tickets", tickets)?;
    encode(&land::seal_handoff(dirty, tickets, inherited).map_err(to_js)?)
}

/// What `land --seal` reports once the handoff is written at `path`: status, path, handoff, line.
#[wasm_bindgen(js_name = sealReport)]
pub fn seal_report(path: &str, handoff: JsValue) -> Result<JsValue, JsValue> {
    let handoff = decode(ErrorKind::InvalidArgument, "sealReport handoff", handoff)?;
    encode(&land::seal_report(path, handoff))
}

/// Parses a sealed handoff strictly; `label` names it in errors.
#[wasm_bindgen(js_name = parseHandoff)]
pub fn parse_handoff(text: &str, label: Option<String>) -> Result<JsValue, JsValue> {
    encode(&land::parse_handoff(text, label.as_deref()).map_err(to_js)?)
}

/// Plans a land: the moved check and the commit split.
#[wasm_bindgen(js_name = planLand)]
pub fn plan_land(handoff: JsValue, current: JsValue) -> Result<JsValue, JsValue> {
    let handoff: land::Handoff = decode(ErrorKind::InvalidArgument, "planLand handoff", handoff)?;
    let current: Vec<land::CurrentFile> =
        decode(ErrorKind::InvalidArgument, "planLand current", current)?;
    encode(&land::plan_land(&handoff, &current).map_err(to_js)?)
}

/// The land report from the plan and each commit's outcome.
#[wasm_bindgen(js_name = landReport)]
pub fn land_report(plan: JsValue, outcomes: JsValue) -> Result<JsValue, JsValue> {
    let plan: land::LandPlan = decode(ErrorKind::InvalidArgument, "landReport plan", plan)?;
    let outcomes: Vec<land::CommitOutcome> =
        decode(ErrorKind::InvalidArgument, "landReport outcomes", outcomes)?;
    encode(&land::land_report(&plan, &outcomes))
}

/// The next step of a land: a commit to make, or done.
#[wasm_bindgen(js_name = landStep)]
pub fn land_step(plan: JsValue, outcomes: JsValue) -> Result<JsValue, JsValue> {
    let plan: land::LandPlan = decode(ErrorKind::InvalidArgument, "landStep plan", plan)?;
    let outcomes: Vec<land::CommitOutcome> =
        decode(ErrorKind::InvalidArgument, "landStep outcomes", outcomes)?;
    encode(&land::land_step(&plan, &outcomes))
}

/// The land report as a table.
#[wasm_bindgen(js_name = renderLandReport)]
pub fn render_land_report(report: JsValue) -> Result<String, JsValue> {
    let report: land::LandReport = decode(
        ErrorKind::InvalidArgument,
        "renderLandReport report",
        report,
    )?;
    Ok(land::render_land_report(&report))
}

/// The refusal of a sync whose checkout or work clone is not in a state to sync.
#[wasm_bindgen(js_name = checkoutRefusal)]
pub fn checkout_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: land::CheckoutProblem =
        decode(ErrorKind::InvalidArgument, "checkoutRefusal", problem)?;
    encode(&land::checkout_refusal(&problem))
}

/// The refusal of a sync from this checkout (detached, no commits), or null.
#[wasm_bindgen(js_name = syncCheckout)]
pub fn sync_checkout(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: land::SyncCheckout = decode(ErrorKind::InvalidArgument, "syncCheckout", facts)?;
    encode(&land::sync_checkout(&facts))
}

/// Plans a sync: a fast-forward, named cherry-picks, or a refusal with its reason.
#[wasm_bindgen(js_name = planSync)]
pub fn plan_sync(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: land::SyncFacts = decode(ErrorKind::InvalidArgument, "planSync facts", facts)?;
    encode(&land::plan_sync(&facts))
}

/// Whether the checkout may follow the synced commit.
#[wasm_bindgen(js_name = checkoutFollow)]
pub fn checkout_follow(
    seen_head: &str,
    now_head: Option<String>,
    uncommitted: bool,
    fast_forwards: bool,
) -> Result<JsValue, JsValue> {
    encode(&land::checkout_follow(
        seen_head,
        now_head.as_deref(),
        uncommitted,
        fast_forwards,
    ))
}

/// The digest of a check's inputs: its command and the tree it runs on.
#[wasm_bindgen(js_name = checkDigest)]
pub fn check_digest(command: &str, tree: &str) -> String {
    land::check_digest(command, tree)
}

/// The newest passed record with exactly `digest`, or `null`.
#[wasm_bindgen(js_name = findCarried)]
pub fn find_carried(digest: &str, records: JsValue) -> Result<JsValue, JsValue> {
    let records: Vec<land::CheckRecord> =
        decode(ErrorKind::InvalidArgument, "findCarried records", records)?;
    encode(&land::find_carried(digest, &records))
}

/// The sync report as a table.
#[wasm_bindgen(js_name = renderSyncReport)]
pub fn render_sync_report(report: JsValue) -> Result<String, JsValue> {
    let report: land::SyncReport = decode(
        ErrorKind::InvalidArgument,
        "renderSyncReport report",
        report,
    )?;
    Ok(land::render_sync_report(&report))
}

/// The next step of a sync, from the outcomes of the steps so far.
#[wasm_bindgen(js_name = syncStep)]
pub fn sync_step(run: JsValue, outcomes: JsValue) -> Result<JsValue, JsValue> {
    let run: land::SyncRun = decode(ErrorKind::InvalidArgument, "syncStep run", run)?;
    let outcomes: Vec<land::SyncOutcome> =
        decode(ErrorKind::InvalidArgument, "syncStep outcomes", outcomes)?;
    encode(&land::sync_step(&run, &outcomes))
}

/// The report of a finished sync, from the outcomes of its steps.
#[wasm_bindgen(js_name = syncReport)]
pub fn sync_report(run: JsValue, outcomes: JsValue) -> Result<JsValue, JsValue> {
    let run: land::SyncRun = decode(ErrorKind::InvalidArgument, "syncReport run", run)?;
    let outcomes: Vec<land::SyncOutcome> =
        decode(ErrorKind::InvalidArgument, "syncReport outcomes", outcomes)?;
    encode(&land::sync_report(&run, &outcomes))
}
