//! Running a land, commit by commit: the shim asks [`land_step`] what to do next, makes
//! that commit (or finds a stop was requested first), hands back how it went, and asks
//! again until the answer is [`LandStep::Done`]; then [`super::land_report`] builds the
//! report from the same outcomes. The first failure or stop ends the run: a commit git
//! refused stays staged, the commits after it are not tried.
//!
//! ```
//! use upkeep_core::land::{land_step, plan_land, seal_handoff, CommitOutcome, CurrentFile, LandStep, SealedFile};
//!
//! let d = Some("2".repeat(64));
//! let handoff = seal_handoff(vec![SealedFile { path: "a".into(), sha256: d.clone() }], vec![], vec![]).unwrap();
//! let plan = plan_land(&handoff, &[CurrentFile { path: "a".into(), sha256: d, dirty: true }]).unwrap();
//! assert!(matches!(land_step(&plan, &[]), LandStep::Commit { .. }));
//! let made = CommitOutcome { sha: Some("abc".into()), ..CommitOutcome::default() };
//! assert_eq!(land_step(&plan, &[made]), LandStep::Done);
//! ```

use super::report::CommitOutcome;
use super::split::{LandPlan, LandStatus};

/// What the shim does next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "action", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum LandStep {
    /// Unless a stop was requested (then the outcome is `stopped`), stage `paths` and
    /// commit exactly them with `message`; the outcome is the new commit's id, or git's
    /// words and status from the first git command that failed.
    Commit {
        /// Which planned commit it is (its index in the plan's `commits`).
        index: usize,
        /// The paths to stage and commit: the commit's changed files, then its inherited ones.
        paths: Vec<String>,
        /// The whole commit message.
        message: String,
    },
    /// Nothing more to do: ask for the report.
    Done,
}

/// The next step of landing `plan`, given the outcomes of the commits tried so far, in
/// order. A plan that is not ready commits nothing; a failed or stopped commit ends the run.
pub fn land_step(plan: &LandPlan, outcomes: &[CommitOutcome]) -> LandStep {
    if plan.status != LandStatus::Ready || outcomes.iter().any(|o| o.sha.is_none()) {
        return LandStep::Done;
    }
    match plan.commits.get(outcomes.len()) {
        Some(commit) => LandStep::Commit {
            index: outcomes.len(),
            paths: commit
                .files
                .iter()
                .chain(&commit.inherited)
                .cloned()
                .collect(),
            message: commit.message.clone(),
        },
        None => LandStep::Done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::land::{plan_land, seal_handoff, CurrentFile, LandTicket, SealedFile};

    fn two_commits() -> LandPlan {
        let d = |c: char| Some(c.to_string().repeat(64));
        let files = vec![
            SealedFile {
                path: "a".into(),
                sha256: d('1'),
            },
            SealedFile {
                path: "b".into(),
                sha256: d('2'),
            },
        ];
        let tickets = vec![
            LandTicket {
                id: "T1".into(),
                title: Some("one".into()),
                files: vec!["a".into()],
            },
            LandTicket {
                id: "T2".into(),
                title: Some("two".into()),
                files: vec!["b".into()],
            },
        ];
        let handoff = seal_handoff(files, tickets, vec![]).unwrap();
        let current = [
            CurrentFile {
                path: "a".into(),
                sha256: d('1'),
                dirty: true,
            },
            CurrentFile {
                path: "b".into(),
                sha256: d('2'),
                dirty: true,
            },
        ];
        plan_land(&handoff, &current).unwrap()
    }

    fn made() -> CommitOutcome {
        CommitOutcome {
            sha: Some("c1".into()),
            ..CommitOutcome::default()
        }
    }

    #[test]
    fn commits_in_order_then_done() {
        let plan = two_commits();
        assert_eq!(plan.commits.len(), 2);
        let LandStep::Commit { index, paths, .. } = land_step(&plan, &[made()]) else {
            panic!("a second commit")
        };
        assert_eq!((index, paths), (1, vec!["b".to_string()]));
        assert_eq!(land_step(&plan, &[made(), made()]), LandStep::Done);
    }

    #[test]
    fn a_failure_or_a_stop_ends_the_run() {
        let plan = two_commits();
        let failed = CommitOutcome {
            error: Some("hook".into()),
            status: Some(1),
            ..CommitOutcome::default()
        };
        let stopped = CommitOutcome {
            stopped: true,
            ..CommitOutcome::default()
        };
        assert_eq!(land_step(&plan, &[failed]), LandStep::Done);
        assert_eq!(land_step(&plan, &[stopped]), LandStep::Done);
    }
}
