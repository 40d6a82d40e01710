//! Refresh: files a source copied into a host repository, kept in step without
//! clobbering local edits.
//!
//! The pieces, in the order a refresh uses them:
//! - [`manifest`]: the source's `install/manifest.json` and the host's record
//!   `<home>/.upkeep-source.json`, strictly parsed ([`crate::json`]);
//! - [`crate::paths`]: every manifest path validated before anything is touched;
//! - [`classify`]: the five states from the source, host and recorded hashes;
//! - [`plan`]: the per-file actions for the decisions taken, and the resulting record;
//! - [`journal`]: the append-only journal that makes an interrupted run resumable;
//! - [`report`]: the plan joined with what the shim did, as `--json` prints it;
//! - [`RefreshInputs`]: the manifest and record parsed once, the observations fed in batches;
//! - [`RefreshSession`]: the plan kept in the engine, so it crosses the binding once.
//!
//! ```
//! use upkeep_core::refresh::{plan_install, Action, Observations, PathObservation};
//! use upkeep_core::sha256_hex;
//!
//! let manifest = br#"{"schema": 1, "files": [{"src": "a.js", "target": "lib/a.js"}]}"#;
//! let observations = Observations {
//!     sources: vec![PathObservation::file("a.js", sha256_hex(b"x"))],
//!     hosts: vec![PathObservation::new("lib/a.js", upkeep_core::observe::Observed::missing())],
//! };
//! let plan = plan_install(manifest, "install/manifest.json", &observations, false).unwrap();
//! assert_eq!(plan.files[0].action, Action::Write);
//! assert_eq!(plan.record_path, ".upkeep-source.json");
//! ```

pub mod classify;
mod digest;
mod home_files;
mod inputs;
pub mod journal;
pub mod manifest;
mod manifest_place;
mod no_record;
#[cfg(feature = "serde")]
mod path_observation;
pub mod plan;
mod planner;
mod question;
pub mod render;
pub mod report;
mod seen;
mod session;
mod steps;

pub use crate::paths::{check_collisions, validate_path};
pub use classify::{classify, eol_normalized_sha256, FileState};
pub use home_files::{home_files, HomeFiles};
pub use inputs::{RefreshInputs, RefreshPaths};
pub use journal::{
    interrupted_run, parse_journal, render_journal_line, render_journal_lines, source_identity,
    InterruptedRun, Journal, JournalRecord, JournalRun, JournalSegment, ResumeIndex,
    JOURNAL_VERSION,
};
pub use manifest::{
    parse_install_manifest, parse_source_record, render_source_record, InstallManifest,
    ManifestFile, RecordFile, Rename, SourceRecord, DEFAULT_MANIFEST, RECORD_NAME, SCHEMA,
};
pub use manifest_place::{manifest_place, ManifestPlace};
pub use no_record::{no_record, NoRecordFacts};
pub use plan::{
    plan_install, plan_refresh, state_name, Action, Decision, FileDecision, Observations,
    PathObservation, Plan, PlannedFile, RefreshOptions, BULK_DECISIONS,
};
pub use question::{refresh_question, RefreshChoice, RefreshQuestion};
pub use render::{render_run_report, RunRenderOptions, RunSources};
pub use report::{
    run_report, FileRunOutcome, MergeDiff, ReportedFile, RunCommand, RunFacts, RunOutcome,
    RunReport,
};
pub use seen::{Columns, Side};
pub use session::RefreshSession;
pub use steps::refresh_steps;
