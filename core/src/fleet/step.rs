//! What the per-repository step (`upkeep fleet step`) does with the change-request branch
//! once it has made its commit. The commit is a pure function of the repository's base
//! commit and the update (its dates are the base commit's), so a re-run, after a kill at
//! any point, computes the same commit; what the remote already holds decides the push:
//!
//! | the remote branch | action |
//! |---|---|
//! | absent | `push` (create it) |
//! | our commit | `unchanged` (nothing to push) |
//! | our commit with commits on top (a person's resolutions) | `keep` (left alone) |
//! | an earlier commit of this step, on an older base | `replace` (force, leased on what was seen) |
//! | anything else | `refuse` (someone else's work: nothing pushed, exit non-zero) |
//!
//! A run that changed nothing (already at the target) makes no commit: `skip`.
//!
//! ```
//! use upkeep_core::fleet::{step_action, StepAction, StepFacts};
//!
//! let facts = StepFacts { commit: Some("c1".into()), remote: Some("c1".into()), ..Default::default() };
//! assert_eq!(step_action(&facts).action, StepAction::Unchanged);
//! ```

/// The step's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum StepAction {
    /// Nothing to commit: the repository is already at the target.
    Skip,
    /// Push the new branch.
    Push,
    /// The remote branch already is this commit.
    Unchanged,
    /// The remote branch holds this commit and more: leave it.
    Keep,
    /// Replace an earlier commit of this step (force with lease).
    Replace,
    /// The branch holds someone else's work: push nothing.
    Refuse,
}

/// What the step found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct StepFacts {
    /// The branch.
    pub branch: String,
    /// The commit made (`None`: the update changed nothing).
    pub commit: Option<String>,
    /// The remote branch's head, when it exists.
    pub remote: Option<String>,
    /// Whether `commit` is an ancestor of `remote`.
    pub remote_contains_commit: bool,
    /// Whether `remote` is one commit of this step (its trailer names the branch) on a
    /// commit of the base branch's history.
    pub remote_is_step_commit: bool,
}

/// The decision and the line the step prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StepDecision {
    /// What to do.
    pub action: StepAction,
    /// `--force-with-lease=<branch>:<this>` for `replace`.
    pub lease: Option<String>,
    /// One line saying what happened.
    pub message: String,
}

/// Decides (see the module's table).
pub fn step_action(facts: &StepFacts) -> StepDecision {
    let branch = &facts.branch;
    let (action, message) = match (&facts.commit, &facts.remote) {
        (None, _) => (StepAction::Skip, "nothing to change: no commit, no push".to_string()),
        (Some(c), None) => (StepAction::Push, format!("pushed {branch} at {}", short(c))),
        (Some(c), Some(r)) if c == r => (StepAction::Unchanged, format!("{branch} is already at {}: nothing pushed", short(c))),
        (Some(c), Some(r)) if facts.remote_contains_commit => (
            StepAction::Keep,
            format!("{branch} has commits on top of {} (up to {}): left as it is", short(c), short(r)),
        ),
        (Some(c), Some(r)) if facts.remote_is_step_commit => (
            StepAction::Replace,
            format!("{branch} moved from {} (an earlier update on an older base) to {}", short(r), short(c)),
        ),
        (Some(_), Some(r)) => (
            StepAction::Refuse,
            format!("{branch} holds commits this step did not make (up to {}): nothing pushed; merge or delete that branch, then run the job again", short(r)),
        ),
    };
    let lease = (action == StepAction::Replace).then(|| facts.remote.clone().unwrap_or_default());
    StepDecision {
        action,
        lease,
        message,
    }
}

fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}
