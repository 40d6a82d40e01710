//! Generated regions: the oracle's verdict on one declared path, the confinement verdict
//! on a regeneration's snapshots, and the report's completion after regeneration. Values
//! cross as plain objects (serde), file contents as `Uint8Array`s.

use crate::convert::{decode, encode};
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::regions;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// The verdict on a declared path with every side's region bodies masked out.
#[napi(ts_return_type = "RegionVerdict")]
pub fn region_verdict<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "RegionVerdictInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::RegionVerdictInput =
        decode(env, ErrorKind::InvalidUpdateInput, "regionVerdict", input)?;
    encode(env, &input.verdict())
}

/// What a regeneration wrote outside its declared paths, and what to put back.
#[napi(ts_return_type = "RegionConfinement")]
pub fn region_confine<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "RegionConfineInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::ConfineInput =
        decode(env, ErrorKind::InvalidUpdateInput, "regionConfine", input)?;
    encode(env, &regions::confine(&input))
}

/// What a snapshot around a regeneration records of each path the walk saw, what it
/// reads, and which bytes it holds to put a file back.
#[napi(ts_return_type = "SnapshotReads")]
pub fn snapshot_reads<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SnapshotQuestion")] question: Object,
) -> napi::Result<Unknown<'env>> {
    let question: regions::SnapshotQuestion = decode(
        env,
        ErrorKind::InvalidUpdateInput,
        "snapshotReads",
        question,
    )?;
    encode(env, &regions::snapshot_reads(&question))
}

/// Folds the regeneration runs into an update's report and renders its summary again.
#[napi(ts_return_type = "RegionsFinished")]
pub fn finish_update_regions<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "RegionsFinishInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::RegionsFinish = decode(
        env,
        ErrorKind::InvalidUpdateInput,
        "finishUpdateRegions",
        input,
    )?;
    encode(env, &regions::finish_update_regions(input))
}

/// Why a repair after a regeneration failed, in the report's words.
#[napi]
pub fn repair_words(
    env: &Env,
    #[napi(ts_arg_type = "RepairFact")] fact: Object,
) -> napi::Result<String> {
    let fact: regions::RepairFact = decode(env, ErrorKind::InvalidArgument, "repairWords", fact)?;
    Ok(regions::repair_words(&fact))
}

/// The copies of a region's declared files to make before its program runs.
#[napi(ts_return_type = "WriteStep[]")]
pub fn region_backup_steps<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "BackupsFound")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::BackupsFound =
        decode(env, ErrorKind::InvalidArgument, "regionBackupSteps", input)?;
    let steps = regions::region_backup_steps(&input).map_err(|e| to_js(env, e))?;
    encode(env, &steps)
}

/// What a region's backups came to: the paths copied, the first that has no copy.
#[napi(ts_return_type = "RegionBackupsDone")]
pub fn region_backups_done<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "BackupsDone")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::BackupsDone =
        decode(env, ErrorKind::InvalidArgument, "regionBackupsDone", input)?;
    encode(env, &regions::region_backups_done(&input))
}

/// The folders to make before a region's program runs, or why it must not run.
#[napi(ts_return_type = "RegionFolders")]
pub fn region_folder_steps<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FoldersFound")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::FoldersFound =
        decode(env, ErrorKind::InvalidArgument, "regionFolderSteps", input)?;
    let folders = regions::region_folder_steps(&input).map_err(|e| to_js(env, e))?;
    encode(env, &folders)
}

/// The first region folder not made, from its steps' outcomes; null when all were.
#[napi(ts_return_type = "FolderFailure | null")]
pub fn region_folders_done<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StepOutcome[]")] outcomes: Unknown<'env>,
) -> napi::Result<Unknown<'env>> {
    let outcomes: Vec<upkeep_core::writes::StepOutcome> = decode(
        env,
        ErrorKind::InvalidArgument,
        "regionFoldersDone",
        outcomes,
    )?;
    encode(env, &regions::region_folders_done(&outcomes))
}

/// The step for a file repair after a regeneration, or why none is needed or possible.
#[napi(ts_return_type = "FileRepair")]
pub fn file_repair<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FileRepairFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: regions::FileRepairFacts =
        decode(env, ErrorKind::InvalidArgument, "fileRepair", facts)?;
    encode(env, &regions::file_repair(&facts))
}

/// Why a file repair's step failed, in the report's words, or null.
#[napi(ts_return_type = "string | null")]
pub fn file_repair_failure<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StepOutcome")] outcome: Object,
) -> napi::Result<Unknown<'env>> {
    let outcome: upkeep_core::writes::StepOutcome = decode(
        env,
        ErrorKind::InvalidArgument,
        "fileRepairFailure",
        outcome,
    )?;
    encode(env, &regions::file_repair_failure(&outcome))
}

/// The ceilings a regeneration program runs under (time, output).
#[napi(ts_return_type = "RegionLimits")]
pub fn region_limits(env: &Env) -> napi::Result<Unknown<'_>> {
    encode(env, &regions::region_limits())
}

/// Whether a regeneration under this confinement snapshots the whole tree (unconfined) or
/// only the program's own folders.
#[napi]
pub fn snapshots_whole_tree(
    env: &Env,
    #[napi(ts_arg_type = "SandboxFacts")] facts: Object,
) -> napi::Result<bool> {
    let facts: regions::SandboxFacts =
        decode(env, ErrorKind::InvalidArgument, "snapshotsWholeTree", facts)?;
    Ok(facts.snapshots_whole_tree())
}

/// The confinement a regeneration runs under, from what the shim found on the machine.
#[napi(ts_return_type = "SandboxFacts")]
pub fn choose_sandbox<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SandboxProbe")] probe: Object,
) -> napi::Result<Unknown<'env>> {
    let probe: regions::SandboxProbe =
        decode(env, ErrorKind::InvalidArgument, "chooseSandbox", probe)?;
    encode(env, &regions::choose_sandbox(&probe))
}

/// Where the update run `runId` keeps its regeneration's record while a program runs.
#[napi]
pub fn regen_record_path(run_id: String) -> String {
    regions::regen_record_path(&run_id)
}

/// The writes that make a regeneration recoverable (the pre-image copies, then the
/// record), and the ones that end it.
#[napi(ts_return_type = "RegenPending")]
pub fn regen_pending<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PendingInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::PendingInput =
        decode(env, ErrorKind::InvalidArgument, "regenPending", input)?;
    encode(env, &regions::regen_pending(&input))
}

/// The first copy (or the record) that was not written, which keeps the program from
/// running, or null.
#[napi(ts_return_type = "BackupFailure | null")]
pub fn regen_pending_failure<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PendingDone")] done: Object,
) -> napi::Result<Unknown<'env>> {
    let done: regions::PendingDone =
        decode(env, ErrorKind::InvalidArgument, "regenPendingFailure", done)?;
    encode(env, &regions::regen_pending_failure(&done))
}

/// What a regeneration's record found by the next update says to put back, or the
/// refusal naming it.
#[napi(ts_return_type = "PendingReading")]
pub fn read_regen_pending<'env>(
    env: &'env Env,
    text: String,
    path: String,
) -> napi::Result<Unknown<'env>> {
    encode(env, &regions::regen_pending_reading(&text, &path))
}

/// Which of a killed regeneration's copies are whole (they still hash to what the record
/// names them by), and the snapshot entries they hold.
#[napi(ts_return_type = "CopiesUsable")]
pub fn regen_copies_found<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "CopiesFound")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::CopiesFound =
        decode(env, ErrorKind::InvalidArgument, "regenCopiesFound", input)?;
    encode(env, &regions::copies_found(&input))
}

/// The notice after putting back what an interrupted regeneration wrote, or null.
#[napi(ts_return_type = "string | null")]
pub fn regen_recovered_notice<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PendingRecovered")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::PendingRecovered = decode(
        env,
        ErrorKind::InvalidArgument,
        "regenRecoveredNotice",
        input,
    )?;
    encode(env, &regions::regen_recovered_notice(&input))
}

/// The clean-up that ends a kept regeneration, keeping the copy of each failed repair.
#[napi(ts_return_type = "PendingEnding")]
pub fn regen_pending_end<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "PendingEnd")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: regions::PendingEnd =
        decode(env, ErrorKind::InvalidArgument, "regenPendingEnd", input)?;
    encode(env, &regions::regen_pending_end(&input))
}
