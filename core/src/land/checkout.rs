//! The refusals of a sync whose checkout or work clone is not in a state to sync: a
//! checkout not on a branch, one with no commits, a work clone git cannot read, another
//! sync under way. The shim
//! asks git and says which it met; the codes and words are decided here.
//!
//! ```
//! use upkeep_core::land::{checkout_refusal, CheckoutProblem};
//!
//! let refusal = checkout_refusal(&CheckoutProblem::Detached { checkout: "/work/app".into() });
//! assert_eq!(refusal.code, "detached");
//! ```

use crate::refusal::Refusal;

/// What the shim met.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
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
        #[cfg_attr(feature = "contracts", ts(optional = nullable))]
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
