//! Backups a project holds (`.upkeep-backups/<run>/`, and `.upkeep-backup/<run>/` from
//! older updates): what each run's folder holds, and which folders an explicit prune may
//! remove. Nothing here ever deletes implicitly: a prune is a command the user runs, and
//! it never removes a run holding content that exists nowhere else — not in the project's
//! tree at the same path, not in git's `HEAD` there, not in a backup that stays.
//!
//! The shim observes (each backup file's size and SHA-256, its git blob id, the SHA-256
//! of the project's file at the same path, the blob id in `HEAD`); the engine decides
//! which runs are still active ([`active_runs`]), what a prune removes ([`plan_prune`])
//! and words the reports ([`list_backups`]).
//!
//! ```
//! use upkeep_core::backups::{plan_prune, BackupFile, BackupRun, BackupsInput, PruneOptions};
//!
//! let file = |sha: &str, tree: Option<&str>| BackupFile { path: "a.txt".into(), size: 3, sha256: Some(sha.into()), tree_sha256: tree.map(str::to_string), ..BackupFile::default() };
//! let run = |id: &str, f: BackupFile| BackupRun { folder: format!(".upkeep-backups/{id}"), id: id.into(), files: vec![f], ..BackupRun::default() };
//! let input = BackupsInput {
//!     runs: vec![
//!         run("20260103-000000-000", file("c", Some("c"))),
//!         run("20260102-000000-000", file("b", Some("c"))), // only here: kept
//!         run("20260101-000000-000", file("c", Some("c"))), // also in the tree: removed
//!     ],
//!     ..BackupsInput::default()
//! };
//! let plan = plan_prune(&input, &PruneOptions { keep: Some(1), older_than: None, dry_run: false }).unwrap();
//! assert_eq!(plan.remove, [".upkeep-backups/20260101-000000-000"]);
//! assert_eq!(plan.kept[0].folder, ".upkeep-backups/20260102-000000-000");
//! ```

mod active;
mod kept;
mod model;
mod prune;
mod time;

pub use active::{active_runs, ActiveFacts};
pub use kept::{backups_kept, BackupsSeen, SeenBackup};
#[cfg(feature = "serde")]
pub(crate) use model::as_number;
pub use model::{BackupFile, BackupRun, BackupsInput, BackupsList, BackupsNamed, RunSummary};
pub use prune::{list_backups, plan_prune, prune_refusal, KeptRun, PruneOptions, PrunePlan};
pub use time::{parse_duration, run_id, run_time, RunIdStyle};
