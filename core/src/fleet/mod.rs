//! Running upkeep over a fleet of projects scaffolded from one template, one CI job per
//! repository (GitHub Actions matrices, GitLab child pipelines, multi-gitter, git-xargs).
//! upkeep schedules nothing itself; this module decides what such a job needs:
//!
//! - [`exit_code`]: the exit code of `update` and `status` under `--exit-on`, so a job can
//!   finish with exit 0 and still say "conflicts" in its payload;
//! - [`pr_payload`]: the change request a job opens or updates (title, body, labels and a
//!   branch that is a pure function of the template source and the target version);
//! - [`parse_fleet_list`] and [`plan_fleet`]: the repositories of a fleet in batches a CI
//!   matrix accepts, skipping the ones whose recorded version is already the target;
//! - [`step_commits`]: whether the per-repository step goes on to commit;
//! - [`step_action`]: what the per-repository step does with the branch it computed,
//!   [`is_step_commit`]: whether a commit is one the step made, [`step_line`]: what it prints,
//!   [`step_update_args`]: the update it runs;
//! - [`batch_matrix`], [`platform_refusal`], [`render_fleet_plan`]: what `fleet plan` prints.
//!
//! ```
//! use upkeep_core::fleet::{branch_name, source_slug};
//!
//! assert_eq!(source_slug("git@github.com:acme/web-template.git"), "acme-web-template");
//! assert_eq!(branch_name("npm:@acme/create-app", "2.1.0"), "upkeep/acme-create-app/2.1.0");
//! ```

mod exit;
mod identity;
mod list;
mod matrix;
mod payload;
mod plan;
mod record_read;
mod slug;
mod step;
mod step_commit;
mod step_line;
mod step_update;

pub use exit::{exit_code, parse_exit_policy, ExitFailure, ExitInput, ExitPolicy};
pub use identity::{commit_identity, CommitIdentity, DEFAULT_AUTHOR};
pub use list::{parse_fleet_list, FleetRepo};
pub use matrix::{batch_matrix, platform_refusal, render_fleet_plan, BatchMatrix, MatrixChoice};
pub use payload::{
    pr_payload, pr_payload_files, PayloadFile, PrFileNames, PrInput, PrPayload, GITHUB_BODY_LIMIT,
    PR_FILES,
};
pub use plan::{
    gitlab_child_pipeline, plan_fleet, FleetBatch, FleetInput, FleetPlan, FleetRecord, FleetSkip,
    Platform, GITHUB_MATRIX_LIMIT, GITLAB_MATRIX_LIMIT,
};
pub use record_read::{fleet_record_step, RecordRan, RecordReadInput, RecordStep};
pub use slug::{branch_name, source_slug};
pub use step::{
    is_step_commit, step_action, step_commits, step_start, StartFacts, StepAction, StepCommitFacts,
    StepDecision, StepFacts, StepStart, DEFAULT_REMOTE,
};
pub use step_commit::{step_commit, GitCommand, StepCommitInput};
pub use step_line::{step_line, StepLine, StepLineFacts};
pub use step_update::{step_update_args, StepUpdate};
