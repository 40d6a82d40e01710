//! `upkeep new --git`, git command by git command: the shim asks [`first_commit_step`]
//! what to run next, runs it in the scaffold's folder, hands back how it went, and asks
//! again until the answer is [`FirstCommitStep::Done`] with the outcome to report. A
//! folder in no repository gets one first (`git init`); only the scaffolded folder is
//! committed; the first git command that fails ends it, in git's words.
//!
//! ```
//! use upkeep_core::lifecycle::{first_commit_step, FirstCommitStep, GitRan};
//!
//! let ok = |stdout: &str| GitRan { status: Some(0), stdout: stdout.into(), stderr: String::new() };
//! let FirstCommitStep::Git { args } = first_commit_step("gh:acme/t@v1", &[]) else { panic!() };
//! assert_eq!(args, ["rev-parse", "--show-toplevel"]);
//! let ran = [ok("/w\n"), ok(""), ok(""), ok("3f2c1e9\n")];
//! let FirstCommitStep::Done { outcome } = first_commit_step("gh:acme/t@v1", &ran) else { panic!() };
//! assert_eq!(outcome.commit.as_deref(), Some("3f2c1e9"));
//! ```

use super::first_commit::{first_commit_subject, FirstCommit};
use crate::input_refusal::{input_refusal, InputProblem};

/// How one git command went, as the shim saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct GitRan {
    /// Its exit status (none: a signal ended it).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
    /// What it printed on standard output.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stdout: String,
    /// What it printed on standard error.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stderr: String,
}

impl GitRan {
    fn ok(&self) -> bool {
        self.status == Some(0)
    }
}

/// What the shim does next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "action", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum FirstCommitStep {
    /// Run `git -C <the scaffold's folder> <args>` and hand back how it went.
    Git {
        /// The arguments after `-C <folder>`.
        args: Vec<String>,
    },
    /// Nothing more to run: the outcome to report.
    Done {
        /// Whether the commit was made, its id, or which command failed and why.
        outcome: FirstCommit,
    },
}

fn git(args: &[&str]) -> FirstCommitStep {
    FirstCommitStep::Git {
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

fn failed(command: &str, ran: &GitRan) -> FirstCommitStep {
    let refusal = input_refusal(&InputProblem::GitFailed {
        command: command.into(),
        stderr: ran.stderr.clone(),
        status: ran.status,
    });
    FirstCommitStep::Done {
        outcome: FirstCommit {
            committed: false,
            commit: None,
            error: Some(refusal.message),
        },
    }
}

/// The next git command of the first commit of a scaffold made from `spec`, given how the
/// ones run so far went, in order.
pub fn first_commit_step(spec: &str, ran: &[GitRan]) -> FirstCommitStep {
    let mut done = ran.iter();
    let Some(inside) = done.next() else {
        return git(&["rev-parse", "--show-toplevel"]);
    };
    // Not in a work tree: the scaffold's folder becomes a repository of its own.
    if !inside.ok() {
        let Some(init) = done.next() else {
            return git(&["init", "-q"]);
        };
        if !init.ok() {
            return failed("init", init);
        }
    }
    let Some(add) = done.next() else {
        return git(&["add", "-A", "--", "."]);
    };
    if !add.ok() {
        return failed("add", add);
    }
    let Some(commit) = done.next() else {
        let subject = first_commit_subject(spec);
        return git(&["commit", "-q", "-m", &subject, "--", "."]);
    };
    if !commit.ok() {
        return failed("commit", commit);
    }
    let Some(head) = done.next() else {
        return git(&["rev-parse", "HEAD"]);
    };
    if !head.ok() {
        return failed("rev-parse HEAD", head);
    }
    FirstCommitStep::Done {
        outcome: FirstCommit {
            committed: true,
            commit: Some(head.stdout.trim().to_string()),
            error: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ran(status: i32, stdout: &str, stderr: &str) -> GitRan {
        GitRan {
            status: Some(status),
            stdout: stdout.into(),
            stderr: stderr.into(),
        }
    }

    fn args(step: FirstCommitStep) -> Vec<String> {
        match step {
            FirstCommitStep::Git { args } => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn outside_a_repository_one_is_made_first() {
        let outside = ran(128, "", "fatal: not a git repository");
        assert_eq!(
            args(first_commit_step("s", std::slice::from_ref(&outside))),
            ["init", "-q"]
        );
        let inited = [outside, ran(0, "", "")];
        assert_eq!(
            args(first_commit_step("s", &inited)),
            ["add", "-A", "--", "."]
        );
        let mut added = inited.to_vec();
        added.push(ran(0, "", ""));
        assert_eq!(
            args(first_commit_step("s", &added)),
            ["commit", "-q", "-m", "Scaffold from s", "--", "."]
        );
    }

    #[test]
    fn inside_a_repository_it_adds_at_once() {
        assert_eq!(
            args(first_commit_step("s", &[ran(0, "/w\n", "")])),
            ["add", "-A", "--", "."]
        );
    }

    #[test]
    fn the_first_failure_ends_it_in_gits_words() {
        let steps = [
            ran(0, "/w\n", ""),
            ran(0, "", ""),
            ran(128, "", "fatal: no email was given\n"),
        ];
        let FirstCommitStep::Done { outcome } = first_commit_step("s", &steps) else {
            panic!()
        };
        assert!(!outcome.committed);
        assert_eq!(
            outcome.error.as_deref(),
            Some("git commit failed: fatal: no email was given")
        );
        let init_failed = [ran(128, "", "x"), ran(1, "", "fatal: cannot mkdir\n")];
        let FirstCommitStep::Done { outcome } = first_commit_step("s", &init_failed) else {
            panic!()
        };
        assert_eq!(
            outcome.error.as_deref(),
            Some("git init failed: fatal: cannot mkdir")
        );
    }
}
