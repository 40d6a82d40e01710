//! Generated regions (README, "Generated regions in upkeep update"): marker-delimited
//! blocks of managed files whose body a program regenerates in the project, so a
//! regenerated body is not drift.
//!
//! The manifest declares them ([`parse_declarations`]); the update's walk compares a
//! declared path with every side's region bodies masked out ([`region_verdict`], on the
//! marker scan of [`scan`]); after the walk the plan says which regions to regenerate,
//! skip or refuse ([`plan_jobs`], [`check_operand`]); the shim runs each program,
//! snapshots the region's directories before and after, and [`confine`] says what to put
//! back; the folders and copies made before a program runs and the file repairs after it
//! are executor steps ([`region_folder_steps`], [`region_backup_steps`], [`file_repair`])
//! whose outcomes are read here too;
//! [`finish_update_regions`] folds the runs into the report and renders the summary.
//! Each program runs under the ceilings of [`region_limits`].
//!
//! ```
//! use upkeep_core::regions::{region_verdict, scan, MarkerScan, RegionMarkers};
//! use upkeep_core::update::{FileClass, Row};
//!
//! let m = [RegionMarkers { start: "# begin".into(), end: "# end".into() }];
//! let text = |body: &str| format!("a\n# begin\n{body}# end\nz\n").into_bytes();
//! assert!(matches!(scan(&text("x\n"), "# begin", "# end"), MarkerScan::Present { .. }));
//! let v = region_verdict(FileClass::Owned, &text("mine\n"), &text("v1\n"), &text("v2\n"), &m, false);
//! assert_eq!(v.row, Row::NoUpstreamChange);
//! ```

mod confine;
mod copies_found;
mod decl;
mod finish;
mod folders;
mod limits;
mod markers;
mod oracle;
mod pending;
mod pending_end;
mod regen;
mod repair_words;
mod safeguards;
pub(crate) use regen::REGEN_SUFFIX;
mod regen_finish;
mod report;
mod sandbox;
mod snapshot_reads;

pub use confine::{
    confine, ConfineInput, ConfinedAction, ConfinedWrite, Confinement, Repair, RepairOp, SnapEntry,
};
pub use copies_found::{copies_found, CopiesFound, CopiesUsable, CopyFound};
pub use decl::{
    dropped_declarations, parse_declarations, Declarations, MalformedDeclaration, Regenerate,
    RegionDecl,
};
pub use finish::{finish_update_regions, RegionsFinish, RegionsFinished};
pub use folders::{
    region_folder_steps, region_folders_done, FolderFailure, FoldersFound, RegionFolders,
};
pub use limits::{region_limits, RegionLimits};
pub use markers::{mask, scan, MarkerAnomaly, MarkerScan, ScanState};
pub use oracle::{
    region_verdict, Normalized, RegionMarkers, RegionVerdict, RegionVerdictInput, SideScans,
};
pub use pending::{
    read_regen_pending, regen_pending, regen_pending_failure, regen_pending_reading,
    regen_record_path, regen_recovered_notice, PendingCopy, PendingDone, PendingInput,
    PendingReading, PendingRecovered, PendingRegion, PendingRepair, PreimageMode, RegenPending,
    REGEN_RECORD,
};
pub use pending_end::{regen_pending_end, PendingEnd, PendingEnding};
pub use regen::{
    check_operand, plan_jobs, JobFacts, JobStatus, RefusalKind, RegenJob, RegionBackup,
};
pub use regen_finish::{finish_regions, BackupFailure, RegenRun, RepairFailure};
pub use repair_words::{repair_words, RepairFact};
pub use report::{
    render_region_notes, render_region_rows, shell_command, FailureKind, FallbackReason, KillCause,
    PathRegionVerdict, RegenConfined, RegenFailed, RegenRan, RegenRefused, RegenReport,
    RegenSkipped, RegionFallback, RegionsReport,
};
pub use safeguards::{
    file_repair, file_repair_failure, region_backup_steps, region_backups_done, BackupsDone,
    BackupsFound, FileRepair, FileRepairFacts, RegionBackupsDone,
};
pub use sandbox::{
    choose_sandbox, render_sandbox_row, SandboxFacts, SandboxMode, SandboxProbe, ToolProbe,
};
pub use snapshot_reads::{snapshot_reads, SeenPath, SnapRead, SnapshotQuestion, SnapshotReads};
