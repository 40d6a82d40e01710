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
//! A run that changed nothing (already at the target) makes no commit: `skip`. A failed
//! update is `failed` and exits with the update's own code; `refuse` exits 4. With
//! `--no-push` a `push` or `replace` is decided but not carried out, and says so.
//!
//! Before it starts ([`step_start`]), the step finds its base commit. A checkout where an
//! earlier run of the step was killed (its marker names the base it started from) is put
//! back to that base, every write of the killed run discarded, and the run starts again;
//! a checkout on a commit of the step (a finished run) starts from that commit's parent; any
//! other uncommitted change is refused, as it is not the step's to discard.
//!
//! ```
//! use upkeep_core::fleet::{step_action, StepAction, StepFacts};
//!
//! let facts = StepFacts {
//!     branch: "upkeep/tpl/1.3.0".into(),
//!     commit: Some("c1".into()),
//!     remote: Some("c1".into()),
//!     ..Default::default()
//! };
//! assert_eq!(step_action(&facts).action, StepAction::Unchanged);
//! ```

use crate::exits::REFUSED;
use crate::git_state::GIT_STATE;
use crate::update::DEFAULT_STATE_DIR;

/// The remote the step pushes to when `--remote` names none.
pub const DEFAULT_REMOTE: &str = "origin";

/// The trailer of the step's commit message naming its branch (see `PrPayload`'s
/// `commit_message`), by which a later run knows a commit as the step's.
pub(crate) const BRANCH_TRAILER: &str = "Upkeep-Branch: ";

/// A commit, for [`is_step_commit`]: its message and, for the remote branch's head, the
/// branch it must name and what git says of its parents.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct StepCommitFacts {
    /// The full commit message.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub message: String,
    /// The branch its trailer must name; none: any branch.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub branch: Option<String>,
    /// How many parents it has, when that is checked (the remote's head).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub parents: Option<usize>,
    /// Whether its first parent is an ancestor of the step's base (checked with `parents`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub parent_on_base: bool,
}

/// Whether a commit is one the step made: its message has a line `Upkeep-Branch: <branch>`
/// (any branch when none is named). With `parents` given (the remote branch's head, which
/// a run on an older base may have pushed), it also has exactly one parent, an ancestor of
/// the base: a commit of this step on top of this repository's history, not someone else's
/// work that happens to carry the trailer on another line of history.
pub fn is_step_commit(facts: &StepCommitFacts) -> bool {
    let trailer = facts.message.split('\n').any(|line| match &facts.branch {
        Some(branch) => line.strip_prefix(BRANCH_TRAILER) == Some(branch.as_str()),
        None => line.starts_with(BRANCH_TRAILER),
    });
    trailer
        && facts
            .parents
            .is_none_or(|parents| parents == 1 && facts.parent_on_base)
}

/// The step's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum StepAction {
    /// The update failed: nothing committed (its writes are discarded by the next run).
    Failed,
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
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct StepFacts {
    /// The update's exit code (0: it succeeded; none when a signal ended it).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub update_exit: Option<i32>,
    /// The update's error message, when it failed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub update_error: Option<String>,
    /// What the update printed on its standard error: the error told when its report
    /// carries none.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub update_stderr: Option<String>,
    /// The signal that ended the update, when one did (the step then exits 1).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub update_signal: Option<String>,
    /// The version the update went to (its report's `to`), when it says.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub update_to: Option<String>,
    /// The change request's branch; empty when the update wrote none (already up to date).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub branch: String,
    /// The commit made (`None`: the update changed nothing).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub commit: Option<String>,
    /// The remote branch's head, when it exists.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub remote: Option<String>,
    /// Whether `commit` is an ancestor of `remote`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub remote_contains_commit: bool,
    /// Whether `remote` is one commit of this step (its trailer names the branch) on a
    /// commit of the base branch's history.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub remote_is_step_commit: bool,
    /// `--no-push`: decide, but push nothing.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub no_push: bool,
    /// The remote pushed to (`--remote`); none: [`DEFAULT_REMOTE`].
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub remote_name: Option<String>,
    /// Once the step staged the update's writes: git has nothing staged (every change
    /// was to a file git does not track, or ignores), so there is nothing to commit.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub nothing_staged: bool,
}

/// The decision and the line the step prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StepDecision {
    /// What to do.
    pub action: StepAction,
    /// `--force-with-lease=<branch>:<this>` for `replace`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub lease: Option<String>,
    /// One line saying what happened.
    pub message: String,
    /// The update's error, when it failed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<String>,
    /// Whether the step pushes `commit` to the branch now (`push` or `replace`, not
    /// `--no-push`).
    pub push: bool,
    /// That push, as the arguments of `git` the step runs (`push -q`, the lease of a
    /// `replace`, the remote, `<commit>:refs/heads/<branch>`); none when it pushes nothing.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub push_args: Option<Vec<String>>,
    /// The step's exit code.
    pub exit: i32,
    /// Whether the run is over, so its marker (the base it started from) goes. A failed
    /// update's stays: the next run discards that update's writes first.
    pub finished: bool,
}

/// Whether the step goes on to commit: the update succeeded (no failing exit, no signal),
/// named the change request's branch and, once staged, left something staged. Otherwise
/// [`step_action`] says how it ends. The step asks before it stages and again after.
pub fn step_commits(facts: &StepFacts) -> bool {
    update_failure(facts).is_none() && !facts.branch.is_empty() && !facts.nothing_staged
}

/// The exit of a failed update: its own code, or 1 when a signal ended it.
fn update_failure(facts: &StepFacts) -> Option<i32> {
    match (facts.update_exit, &facts.update_signal) {
        (Some(code), _) if code != 0 => Some(code),
        (_, Some(_)) => Some(1),
        _ => None,
    }
}

/// Decides (see the module's table). The step calls it wherever it stops: after a failed
/// update, when the update wrote no branch, when it staged nothing, and after its commit.
pub fn step_action(facts: &StepFacts) -> StepDecision {
    let branch = &facts.branch;
    if let Some(exit) = update_failure(facts) {
        let said = facts.update_error.clone().or_else(|| {
            let stderr = facts.update_stderr.as_deref().unwrap_or("").trim();
            (!stderr.is_empty()).then(|| stderr.to_string())
        });
        let error = match (&said, &facts.update_signal) {
            (Some(error), _) => error.clone(),
            (None, Some(signal)) => format!("upkeep update exited {signal}"),
            (None, None) => format!("upkeep update exited {exit}"),
        };
        return StepDecision {
            action: StepAction::Failed,
            lease: None,
            message: format!("upkeep update failed (exit {exit}): {error}"),
            error: Some(error),
            push: false,
            push_args: None,
            exit,
            finished: false,
        };
    }
    if branch.is_empty() {
        let to = facts.update_to.as_deref().unwrap_or("the newest version");
        return decision(
            StepAction::Skip,
            format!("already up to date ({to}): no branch, no commit"),
            facts,
        );
    }
    let (action, message) = match (&facts.commit, &facts.remote) {
        (None, _) => (StepAction::Skip, "the update changed no tracked file: no commit".to_string()),
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
    decision(action, message, facts)
}

/// A decision past the update: `push`/`replace` carried out unless `--no-push`.
fn decision(action: StepAction, message: String, facts: &StepFacts) -> StepDecision {
    let lease = (action == StepAction::Replace).then(|| facts.remote.clone().unwrap_or_default());
    let pushes = matches!(action, StepAction::Push | StepAction::Replace);
    let message = match &facts.commit {
        Some(commit) if pushes && facts.no_push => {
            format!(
                "committed {} on {}; not pushed (--no-push)",
                short(commit),
                facts.branch
            )
        }
        _ => message,
    };
    let exit = if action == StepAction::Refuse {
        REFUSED
    } else {
        0
    };
    let push = pushes && !facts.no_push;
    let push_args = match &facts.commit {
        Some(commit) if push => Some(push_args(facts, commit, lease.as_deref())),
        _ => None,
    };
    StepDecision {
        action,
        lease,
        message,
        error: None,
        push,
        push_args,
        exit: i32::from(exit),
        finished: true,
    }
}

/// `git push` of `commit` to the branch, leased on what was seen there for a `replace`.
fn push_args(facts: &StepFacts, commit: &str, lease: Option<&str>) -> Vec<String> {
    let branch = &facts.branch;
    let remote = facts.remote_name.as_deref().unwrap_or(DEFAULT_REMOTE);
    let mut args = vec!["push".to_string(), "-q".to_string()];
    if let Some(lease) = lease {
        args.push(format!("--force-with-lease=refs/heads/{branch}:{lease}"));
    }
    args.push(remote.to_string());
    args.push(format!("{commit}:refs/heads/{branch}"));
    args
}

/// What the step finds in the checkout before it starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct StartFacts {
    /// `HEAD`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub head: String,
    /// `HEAD`'s first parent, when it has one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub head_parent: Option<String>,
    /// Whether `HEAD`'s message carries an `Upkeep-Branch:` trailer (a commit of the step:
    /// [`is_step_commit`] of its message).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub head_is_step_commit: bool,
    /// Uncommitted paths (`git status`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dirty: Vec<String>,
    /// The base an earlier run in this checkout recorded and did not finish.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub unfinished_base: Option<String>,
    /// The project's folder in the repository (`--dir`), when not its root.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub project_dir: Option<String>,
    /// The state folder (default `.upkeep`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub state_dir: Option<String>,
    /// The remote the step pushes to (`--remote`); none: [`DEFAULT_REMOTE`].
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub remote: Option<String>,
}

/// Where the step starts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StepStart {
    /// The commit the update starts from; `None` when refused.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub base: Option<String>,
    /// Whether the checkout is put back to `base` first (tracked files reset, untracked
    /// ones removed): the writes of a killed run of the step.
    pub reset: bool,
    /// Why the step does not start.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub refusal: Option<String>,
    /// The backup folders of earlier runs (never committed, never discarded): `git clean`
    /// keeps them, and files in them are not uncommitted changes.
    pub keep: Vec<String>,
    /// upkeep's folders that ignore themselves (a `.gitignore` of `*`) whose files the step
    /// still commits, that ignore file left out: the merge folder, whose patches the change
    /// request points at.
    pub commit_ignored: Vec<String>,
    /// The ignore file of each of those folders, left out of the commit.
    pub commit_ignored_files: Vec<String>,
    /// The remote the step reads its branch from and pushes to.
    pub remote: String,
}

/// Decides where the step starts (see the module docs).
pub fn step_start(facts: &StartFacts) -> StepStart {
    let state_dir = facts.state_dir.as_deref().unwrap_or(DEFAULT_STATE_DIR);
    let prefix = facts
        .project_dir
        .as_ref()
        .map(|d| format!("{}/", d.trim_end_matches('/')))
        .unwrap_or_default();
    // Backups go to `<stateDir>-backup/<run>/` (and `<stateDir>-backups/` in later layouts).
    let keep: Vec<String> = ["-backup", "-backups"]
        .iter()
        .map(|s| format!("{prefix}{state_dir}{s}/"))
        .collect();
    let commit_ignored = vec![format!("{prefix}{state_dir}-merge/")];
    let commit_ignored_files: Vec<String> = commit_ignored
        .iter()
        .map(|f| format!("{f}{}", crate::writes::IGNORE_FILE))
        .collect();
    let dirty: Vec<&String> = facts
        .dirty
        .iter()
        .filter(|p| !keep.iter().any(|k| p.starts_with(k.as_str())))
        .collect();
    let on_step_commit =
        |base: &str| facts.head_is_step_commit && facts.head_parent.as_deref() == Some(base);
    let remote = facts.remote.as_deref().unwrap_or(DEFAULT_REMOTE);
    let start = |base: &str, reset: bool| StepStart {
        base: Some(base.to_string()),
        reset,
        refusal: None,
        keep: keep.clone(),
        commit_ignored: commit_ignored.clone(),
        commit_ignored_files: commit_ignored_files.clone(),
        remote: remote.into(),
    };
    let refuse = |why: String| StepStart {
        base: None,
        reset: false,
        refusal: Some(why),
        keep: keep.clone(),
        commit_ignored: commit_ignored.clone(),
        commit_ignored_files: commit_ignored_files.clone(),
        remote: remote.into(),
    };
    if let Some(base) = &facts.unfinished_base {
        if facts.head == *base || on_step_commit(base) {
            return start(base, true);
        }
        return refuse(format!(
            "an unfinished run of the step started from {}, but HEAD is now {}: remove .git/{} if the checkout is as you want it",
            short(base),
            short(&facts.head),
            GIT_STATE.fleet_marker
        ));
    }
    if !dirty.is_empty() {
        let shown: Vec<&str> = dirty.iter().take(3).map(|p| p.as_str()).collect();
        let more = if dirty.len() > 3 { ", …" } else { "" };
        return refuse(format!(
            "uncommitted changes ({}{more}): a fleet step starts from a clean checkout",
            shown.join(", ")
        ));
    }
    match &facts.head_parent {
        Some(parent) if facts.head_is_step_commit => start(parent, true),
        _ => start(&facts.head, false),
    }
}

fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}
