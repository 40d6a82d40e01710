//! The refusals of a sync whose checkout or work clone is not in a state to sync: a
//! checkout not on a branch, one with no commits, a work clone git cannot read, another
//! sync under way. The shim asks git what the checkout is on ([`sync_checkout`] decides
//! whether that can sync) or says which problem it met; the codes and words are decided
//! here.
//!
//! ```
//! use upkeep_core::land::{checkout_refusal, sync_checkout, CheckoutProblem, SyncCheckout};
//!
//! let refusal = checkout_refusal(&CheckoutProblem::Detached { checkout: "/work/app".into() });
//! assert_eq!(refusal.code, "detached");
//! let on_main = SyncCheckout { checkout: "/work/app".into(), branch: Some("main".into()), has_commits: true };
//! assert!(sync_checkout(&on_main).is_none());
//! ```

use crate::refusal::Refusal;

/// What the shim met.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum CheckoutProblem {
    /// The checkout's HEAD names no branch.
    Detached {
        /// The checkout's root.
        checkout: String,
    },
    /// The checkout's branch has no commit yet.
    NoCommits {
        /// The checkout's root.
        checkout: String,
    },
    /// git could not fetch from the work clone.
    CloneUnreadable {
        /// The work clone's root.
        clone: String,
        /// What git said.
        said: String,
    },
    /// Another sync of the checkout holds its lock.
    Busy {
        /// The checkout's root.
        checkout: String,
        /// Who its lock names, when it names someone.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        holder: Option<crate::writes::LockHolder>,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn checkout_refusal(problem: &CheckoutProblem) -> Refusal {
    let (code, message) = match problem {
        CheckoutProblem::Detached { checkout } => (
            "detached",
            format!("the checkout '{checkout}' is not on a branch"),
        ),
        CheckoutProblem::NoCommits { checkout } => (
            "no-commits",
            format!("the checkout '{checkout}' has no commits"),
        ),
        CheckoutProblem::CloneUnreadable { clone, said } => (
            "clone-unreadable",
            format!("cannot read the work clone '{clone}': {said}"),
        ),
        CheckoutProblem::Busy { checkout, holder } => (
            "busy",
            match holder {
                Some(holder) => format!(
                    "a sync for {checkout} is already running ({})",
                    crate::writes::holder_named(holder)
                ),
                None => format!("a sync for {checkout} is already running"),
            },
        ),
    };
    Refusal::new(code, message)
}
/// What git says of the checkout a sync starts in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SyncCheckout {
    /// The checkout's root.
    pub checkout: String,
    /// The branch `HEAD` names; none when it is detached.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub branch: Option<String>,
    /// Whether `HEAD` resolves to a commit.
    pub has_commits: bool,
}

/// The refusal of a sync from `facts`' checkout: one not on a branch, then one with no
/// commit; none when it can sync.
pub fn sync_checkout(facts: &SyncCheckout) -> Option<Refusal> {
    let checkout = facts.checkout.clone();
    let problem = if facts.branch.is_none() {
        CheckoutProblem::Detached { checkout }
    } else if !facts.has_commits {
        CheckoutProblem::NoCommits { checkout }
    } else {
        return None;
    };
    Some(checkout_refusal(&problem))
}
