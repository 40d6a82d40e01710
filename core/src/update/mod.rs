//! Updating a project scaffolded from a template to a new release.
//!
//! The shim reads the releases and the project; this module decides everything: the
//! version checks ([`check_versions`]), the CHANGELOG range ([`changelog_range`]), which
//! paths to read ([`read_list`]), and the plan ([`plan_update`]): one row of the decision
//! table per file ([`classify`]), the deletion sweep, claims, the `--conflicts` choice,
//! the actions to execute and the report.
//!
//! ```
//! use upkeep_core::update::{plan_update, ConflictMode, FileInput, SideInput, UpdateInput};
//!
//! let manifest = r#"{"schema":1,"files":{"README.md":"shared"}}"#;
//! let mut input = UpdateInput::new("1.2.0", "1.3.0", manifest, manifest);
//! input.options.conflicts = ConflictMode::Patch;
//! input.files.push(FileInput {
//!     path: "README.md".into(),
//!     current: Some(SideInput::file(b"# mine\n")),
//!     baseline: Some(SideInput::file(b"# v1\n")),
//!     latest: Some(SideInput::file(b"# v2\n")),
//! });
//! let plan = plan_update(input).unwrap();
//! assert_eq!(plan.report.conflicts[0].patch_path.as_deref(), Some(".upkeep-merge/README.md.patch"));
//! ```

mod bytes;
mod changelog;
mod conflict_modes;
mod conflict_summary;
mod dirty;
mod document;
mod file_view;
pub(crate) mod finish;
mod git_place;
mod layout;
mod manifest;
mod opening;
mod overview;
mod plan;
mod preparation;
mod progress_record;
mod question;
mod report;
mod semver;
mod single_file;
mod state_refusal;
mod state_writes;
mod status;
mod summary;
mod table;
mod versions;

pub use bytes::Bytes;
pub use changelog::{
    adopter_actions, changelog_range, AdopterAction, ChangelogSection, ProjectFacts,
};
pub use conflict_modes::conflicts_refusal;
pub use dirty::{check_clean, dirty_managed_paths, CleanCheck, GitStatus};
pub use document::{
    update_document, DocumentError, DocumentFacts, ReleaseUsed, ReleasesUsed, UpdateDocument,
    INTERRUPTED_MESSAGE,
};
pub use file_view::{conflict_choices, file_verdict, FileVerdict, FileVerdictInput};
pub use finish::{
    after_writes, finish_update, AfterWrites, BackupsKept, Blocked, Replaced, RunOutcome,
    RunRecord, StateWriteError, UpdateFinished, UpdateRun, WritesEnded,
};
pub use git_place::{git_place, GitPlace};
pub(crate) use layout::backup_dir;
pub use layout::{
    leftover_patches, read_version_file, render_version_file, update_paths, UpdatePaths,
    BACKUPS_DIR, DEFAULT_STATE_DIR,
};
pub use manifest::{
    claim_holds, parse_manifest, Claim, FileClass, Manifest, ManifestEntry, FILE_CLASSES,
    MANIFEST_SCHEMA,
};
pub use opening::{open_update, UpdateOpened, UpdateOpening};
pub use overview::{
    nothing_to_plan, plan_overview, preview_merge_options, ChangelogView, FileOverview,
    MergePreview, Need, OverviewInput, PlanOverview, PlannedWrite, WriteView, CONFLICT_MODES,
    REPORT_BUCKETS,
};
pub(crate) use plan::conflict::update_merge_options;
pub use plan::conflict::ConflictRoute;
pub use plan::{
    plan_update, read_list, Action, ClaimFile, ConflictMode, ContentNeed, FileInput, FileOutcome,
    PlanOutline, PlannedContent, ReadList, RunEnd, SideColumns, SideInput, SuppliedContent,
    UpdateInput, UpdateInputs, UpdateOptions, UpdatePlan, UpdateSession, IN_PROGRESS_FILE,
    MAX_CONTENT_BYTES,
};
pub use preparation::{prepare_update, RecordedSource, UpdateFacts, UpdatePreparation};
pub use progress_record::{progress_reading, progress_text, read_progress, ProgressReading};
pub use question::{update_question, UpdateQuestion};
pub use report::{Conflict, StructuredFile, UpdateReport};
pub use semver::{compare_versions, Version};
pub use single_file::{
    plan_single_file, SingleFile, SingleFilePlan, SINGLE_FILE_PATH, SINGLE_FILE_VERSIONS,
};
pub use state_refusal::{state_refusal, StateProblem};
pub use state_writes::{state_writes, StateWrite};
pub use status::UpdateStatus;
pub use summary::{
    render_summary, render_summary_lines, render_update_outcome, ChangeRequestFacts, OutcomeFacts,
    SummaryOptions,
};
pub use table::{classify, Bucket, DigestFacts, Row, Side};
pub use versions::{
    check_versions, start_update, InProgress, UpdateStart, VersionCheck, VersionStatus,
};
