//! Generated regions: the oracle's verdict on one declared path, the confinement verdict
//! on a regeneration's snapshots, and the report's completion after regeneration. Values
//! cross as plain JavaScript objects (serde-wasm-bindgen), file contents as `Uint8Array`s.

use upkeep_core::regions;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, encode};
use crate::error::to_js;

/// The verdict on a declared path with every side's region bodies masked out.
#[wasm_bindgen(js_name = regionVerdict)]
pub fn region_verdict(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::RegionVerdictInput =
        decode(ErrorKind::InvalidUpdateInput, "regionVerdict", input)?;
    encode(&input.verdict())
}

/// What a regeneration wrote outside its declared paths, and what to put back.
#[wasm_bindgen(js_name = regionConfine)]
pub fn region_confine(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::ConfineInput =
        decode(ErrorKind::InvalidUpdateInput, "regionConfine", input)?;
    encode(&regions::confine(&input))
}

/// What a snapshot around a regeneration records of each path the walk saw, what it
/// reads, and which bytes it holds to put a file back.
#[wasm_bindgen(js_name = snapshotReads)]
pub fn snapshot_reads(question: JsValue) -> Result<JsValue, JsValue> {
    let question: regions::SnapshotQuestion =
        decode(ErrorKind::InvalidUpdateInput, "snapshotReads", question)?;
    encode(&regions::snapshot_reads(&question))
}

/// Folds the regeneration runs into an update's report and renders its summary again.
#[wasm_bindgen(js_name = finishUpdateRegions)]
pub fn finish_update_regions(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::RegionsFinish =
        decode(ErrorKind::InvalidUpdateInput, "finishUpdateRegions", input)?;
    encode(&regions::finish_update_regions(input))
}

/// Why a repair after a regeneration failed, in the report's words.
#[wasm_bindgen(js_name = repairWords)]
pub fn repair_words(fact: JsValue) -> Result<String, JsValue> {
    let fact: regions::RepairFact = decode(ErrorKind::InvalidArgument, "repairWords", fact)?;
    Ok(regions::repair_words(&fact))
}

/// The copies of a region's declared files to make before its program runs.
#[wasm_bindgen(js_name = regionBackupSteps)]
pub fn region_backup_steps(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::BackupsFound =
        decode(ErrorKind::InvalidArgument, "regionBackupSteps", input)?;
    encode(&regions::region_backup_steps(&input).map_err(to_js)?)
}

/// What a region's backups came to: the paths copied, the first that has no copy.
#[wasm_bindgen(js_name = regionBackupsDone)]
pub fn region_backups_done(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::BackupsDone =
        decode(ErrorKind::InvalidArgument, "regionBackupsDone", input)?;
    encode(&regions::region_backups_done(&input))
}

/// The folders to make before a region's program runs, or why it must not run.
#[wasm_bindgen(js_name = regionFolderSteps)]
pub fn region_folder_steps(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::FoldersFound =
        decode(ErrorKind::InvalidArgument, "regionFolderSteps", input)?;
    encode(&regions::region_folder_steps(&input).map_err(to_js)?)
}

/// The first region folder not made, from its steps' outcomes; null when all were.
#[wasm_bindgen(js_name = regionFoldersDone)]
pub fn region_folders_done(outcomes: JsValue) -> Result<JsValue, JsValue> {
    let outcomes: Vec<upkeep_core::writes::StepOutcome> =
        decode(ErrorKind::InvalidArgument, "regionFoldersDone", outcomes)?;
    encode(&regions::region_folders_done(&outcomes))
}

/// The step for a file repair after a regeneration, or why none is needed or possible.
#[wasm_bindgen(js_name = fileRepair)]
pub fn file_repair(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: regions::FileRepairFacts = decode(ErrorKind::InvalidArgument, "fileRepair", facts)?;
    encode(&regions::file_repair(&facts))
}

/// Why a file repair's step failed, in the report's words, or null.
#[wasm_bindgen(js_name = fileRepairFailure)]
pub fn file_repair_failure(outcome: JsValue) -> Result<JsValue, JsValue> {
    let outcome: upkeep_core::writes::StepOutcome =
        decode(ErrorKind::InvalidArgument, "fileRepairFailure", outcome)?;
    encode(&regions::file_repair_failure(&outcome))
}

/// The ceilings a regeneration program runs under (time, output).
#[wasm_bindgen(js_name = regionLimits)]
pub fn region_limits() -> Result<JsValue, JsValue> {
    encode(&regions::region_limits())
}

/// Whether a regeneration under this confinement snapshots the whole tree (unconfined) or
/// only the program's own folders.
#[wasm_bindgen(js_name = snapshotsWholeTree)]
pub fn snapshots_whole_tree(facts: JsValue) -> Result<bool, JsValue> {
    let facts: regions::SandboxFacts =
        decode(ErrorKind::InvalidArgument, "snapshotsWholeTree", facts)?;
    Ok(facts.snapshots_whole_tree())
}

/// The confinement a regeneration runs under, from what the shim found on the machine.
#[wasm_bindgen(js_name = chooseSandbox)]
pub fn choose_sandbox(probe: JsValue) -> Result<JsValue, JsValue> {
    let probe: regions::SandboxProbe = decode(ErrorKind::InvalidArgument, "chooseSandbox", probe)?;
    encode(&regions::choose_sandbox(&probe))
}

/// Where the update run `runId` keeps its regeneration's record while a program runs.
#[wasm_bindgen(js_name = regenRecordPath)]
pub fn regen_record_path(run_id: &str) -> String {
    regions::regen_record_path(run_id)
}

/// The writes that make a regeneration recoverable (the pre-image copies, then the
/// record), and the ones that end it.
#[wasm_bindgen(js_name = regenPending)]
pub fn regen_pending(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::PendingInput = decode(ErrorKind::InvalidArgument, "regenPending", input)?;
    encode(&regions::regen_pending(&input))
}

/// The first copy (or the record) that was not written, which keeps the program from
/// running, or null.
#[wasm_bindgen(js_name = regenPendingFailure)]
pub fn regen_pending_failure(done: JsValue) -> Result<JsValue, JsValue> {
    let done: regions::PendingDone =
        decode(ErrorKind::InvalidArgument, "regenPendingFailure", done)?;
    encode(&regions::regen_pending_failure(&done))
}

/// What a regeneration's record found by the next update says to put back, or the
/// refusal naming it.
#[wasm_bindgen(js_name = readRegenPending)]
pub fn read_regen_pending(text: &str, path: &str) -> Result<JsValue, JsValue> {
    encode(&regions::regen_pending_reading(text, path))
}

/// Which of a killed regeneration's copies are whole (they still hash to what the record
/// names them by), and the snapshot entries they hold.
#[wasm_bindgen(js_name = regenCopiesFound)]
pub fn regen_copies_found(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::CopiesFound =
        decode(ErrorKind::InvalidArgument, "regenCopiesFound", input)?;
    encode(&regions::copies_found(&input))
}

/// The notice after putting back what an interrupted regeneration wrote, or null.
#[wasm_bindgen(js_name = regenRecoveredNotice)]
pub fn regen_recovered_notice(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::PendingRecovered =
        decode(ErrorKind::InvalidArgument, "regenRecoveredNotice", input)?;
    encode(&regions::regen_recovered_notice(&input))
}

/// The clean-up that ends a kept regeneration, keeping the copy of each failed repair.
#[wasm_bindgen(js_name = regenPendingEnd)]
pub fn regen_pending_end(input: JsValue) -> Result<JsValue, JsValue> {
    let input: regions::PendingEnd = decode(ErrorKind::InvalidArgument, "regenPendingEnd", input)?;
    encode(&regions::regen_pending_end(&input))
}
