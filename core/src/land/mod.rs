//! Landing and syncing work: an approved change becomes honest commits,
//! then reaches the main branch only by a clean step forward.
//!
//! - [`seal_handoff`] / [`parse_handoff`]: the handoff, strict JSON; [`seal_report`]: what
//!   `land --seal` reports.
//! - [`plan_land`]: the moved-since-seal check and the commit split; [`land_step`]: the
//!   run, commit by commit; [`land_report`].
//! - [`plan_sync`]: fast-forward or named cherry-picks, every refusal with its reason;
//!   [`checkout_follow`]: whether the checkout may follow; [`sync_step`] / [`sync_report`]:
//!   the run, step by step over the shim's raw outcomes, and its report.
//! - [`check_digest`] / [`find_carried`]: a check already passed on the same tree is carried.
//!
//! ```
//! use upkeep_core::land::{plan_sync, SyncAction, SyncFacts};
//!
//! let facts = SyncFacts {
//!     checkout_head: "a".into(),
//!     clone_head: "a".into(),
//!     clone_ahead: vec![],
//!     checkout_ahead: vec![],
//!     picks: vec![],
//! };
//! let plan = plan_sync(&facts);
//! assert_eq!(plan.action, SyncAction::Refused);
//! assert_eq!(plan.refusal.unwrap().code, "nothing-new");
//! ```

mod checkout;
mod digest;
mod handoff;
mod land_step;
mod report;
mod sealed;
mod split;
mod sync;
mod sync_report;
mod sync_run;

pub use checkout::{checkout_refusal, sync_checkout, CheckoutProblem, SyncCheckout};
pub use digest::{check_digest, find_carried, CheckRecord};
pub use handoff::{parse_handoff, seal_handoff, Handoff, LandTicket, SealedFile, HANDOFF_VERSION};
pub use land_step::{land_step, LandStep};
pub use report::{
    land_report, render_land_report, CommitOutcome, FilesLeft, LandReport, LandResult,
    LandedCommit, NotLandedCommit,
};
pub use sealed::{seal_report, SealReport};
pub use split::{plan_land, CurrentFile, LandPlan, LandStatus, MovedFile, PlannedCommit};
pub use sync::{
    checkout_follow, plan_sync, CheckoutFollow, SyncAction, SyncFacts, SyncPick, SyncPlan,
    SyncRefusal,
};
pub use sync_report::{render_sync_report, SyncCheck, SyncReport};
pub use sync_run::{
    parse_check_records, sync_report, sync_step, CheckoutNow, SyncOutcome, SyncRun, SyncStep,
};
