//! The fleet step's commit, as the `git` command the step runs: a pure function of the
//! base commit and the update, so a re-run after a kill makes the same commit. Its author
//! and committer are the step's identity and its dates the base commit's; no signing key
//! and no hook of the repository can change it.
//!
//! ```
//! use upkeep_core::fleet::{step_commit, CommitIdentity, StepCommitInput};
//!
//! let run = step_commit(&StepCommitInput {
//!     identity: CommitIdentity { name: "upkeep".into(), email: "u@example.com".into() },
//!     base_date: "2026-01-01T00:00:00+00:00".into(),
//!     message_file: "/tmp/pr/commit.txt".into(),
//! });
//! assert_eq!(run.args.last().map(String::as_str), Some("/tmp/pr/commit.txt"));
//! assert_eq!(run.env["GIT_COMMITTER_DATE"], "2026-01-01T00:00:00+00:00");
//! ```

use std::collections::BTreeMap;

use super::identity::CommitIdentity;

/// What the step's commit is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct StepCommitInput {
    /// Its author and committer ([`super::commit_identity`]).
    pub identity: CommitIdentity,
    /// The base commit's committer date (`git show -s --format=%cI <base>`).
    pub base_date: String,
    /// The file holding the commit message (the change request's `commit.txt`).
    pub message_file: String,
}

/// A `git` command: its arguments and the environment variables it runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct GitCommand {
    /// The arguments of `git`.
    pub args: Vec<String>,
    /// The environment it runs with, added to the step's own.
    pub env: BTreeMap<String, String>,
}

/// The step's commit of what is staged.
pub fn step_commit(input: &StepCommitInput) -> GitCommand {
    let CommitIdentity { name, email } = &input.identity;
    let date = &input.base_date;
    let env = [
        ("GIT_AUTHOR_NAME", name),
        ("GIT_AUTHOR_EMAIL", email),
        ("GIT_AUTHOR_DATE", date),
        ("GIT_COMMITTER_NAME", name),
        ("GIT_COMMITTER_EMAIL", email),
        ("GIT_COMMITTER_DATE", date),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.clone()))
    .collect();
    let args = [
        "-c",
        "commit.gpgsign=false",
        "commit",
        "-q",
        "--no-verify",
        "-F",
        &input.message_file,
    ]
    .map(String::from)
    .to_vec();
    GitCommand { args, env }
}
