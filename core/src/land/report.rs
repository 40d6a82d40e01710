//! The report of `upkeep land`: as data (the `--json` document) and as the table the CLI
//! prints.
//!
//! ```
//! use upkeep_core::land::{land_report, plan_land, render_land_report, seal_handoff, CommitOutcome, CurrentFile, SealedFile, LandResult};
//!
//! let d = Some("2".repeat(64));
//! let handoff = seal_handoff(vec![SealedFile { path: "a".into(), sha256: d.clone() }], vec![], vec![]).unwrap();
//! let plan = plan_land(&handoff, &[CurrentFile { path: "a".into(), sha256: d, dirty: true }]).unwrap();
//! let report = land_report(&plan, &[CommitOutcome { sha: Some("abc".into()), ..CommitOutcome::default() }]);
//! assert_eq!(report.status, LandResult::Landed);
//! assert!(render_land_report(&report).starts_with("upkeep land: landed, 1 commit\n"));
//! ```

use super::split::{LandPlan, LandStatus, MovedFile, PlannedCommit};

/// How one planned commit went, as the shim saw it: the commit made, git's own words and
/// exit status when it failed, or no try at all because a stop was requested first. The
/// report words the failure ([`CommitOutcome::failure`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandCommitOutcome"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CommitOutcome {
    /// The new commit's id, when it was made.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha: Option<String>,
    /// What went wrong, when it was not: git's standard error as it printed it.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<String>,
    /// git's exit status when the commit failed (none: a signal ended it), named when git
    /// printed nothing.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
    /// The commit was not tried: a stop (Ctrl-C, SIGTERM) was requested before it.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stopped: bool,
    /// The commit failed and a stop was requested while git ran: Ctrl-C reaches git and
    /// its hooks too (one process group), so the stop is why.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub interrupted: bool,
    /// The commit failed before its files were staged (the staging command itself
    /// failed), so none of them is.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stage_failed: bool,
}

impl CommitOutcome {
    /// Why the commit was not made, in the report's words; none for a commit made.
    pub fn failure(&self) -> Option<String> {
        if self.stopped {
            return Some("stopped before this commit (a stop was requested)".into());
        }
        if self.sha.is_some() {
            return None;
        }
        if self.interrupted {
            return Some("stopped while git made this commit (the stop reached git too)".into());
        }
        match (self.error.as_deref().map(str::trim), self.status) {
            (Some(said), _) if !said.is_empty() => Some(said.to_string()),
            // git said nothing: its exit status is all there is (`null`: a signal ended it).
            (Some(_), None) => Some("git exited with null".into()),
            (_, Some(status)) => Some(format!("git exited with {status}")),
            (None, None) => None,
        }
    }

    /// Where a commit not made leaves its files.
    fn left(&self) -> FilesLeft {
        if self.stopped {
            FilesLeft::NotTried
        } else if self.stage_failed {
            FilesLeft::NotStaged
        } else {
            FilesLeft::Staged
        }
    }
}

/// Where a commit that was not made left its files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum FilesLeft {
    /// Tried: its files are staged (git refused the commit or was stopped).
    Staged,
    /// Tried: staging them failed, so they are as they were.
    NotStaged,
    /// Not tried (an earlier commit failed, or a stop came first): its files are as they were.
    NotTried,
}

impl FilesLeft {
    fn words(self) -> &'static str {
        match self {
            FilesLeft::Staged => "staged",
            FilesLeft::NotStaged => "not staged",
            FilesLeft::NotTried => "not tried",
        }
    }
}

/// A planned commit a land did not make, and where it left its files.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct NotLandedCommit {
    /// Where its files are.
    pub left: FilesLeft,
    /// The planned commit.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub commit: PlannedCommit,
}

/// The outcome of a land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum LandResult {
    /// Every commit was made.
    Landed,
    /// Some commits were made, then one failed (its files are staged; the rest was not tried).
    PartlyLanded,
    /// The first commit failed; nothing landed (its files are staged; the rest was not tried).
    CommitFailed,
    /// Nothing to commit.
    NothingToLand,
    /// Refused: the workspace moved since the seal; nothing was committed.
    Moved,
    /// A stop (Ctrl-C, SIGTERM) ended it: the commits made are listed, the one git was
    /// making when the stop reached it is staged, the rest was not tried.
    Interrupted,
}

/// A commit a land made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LandedCommit {
    /// Its id.
    pub sha: String,
    /// The planned commit.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub commit: PlannedCommit,
}

/// What a land did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LandReport {
    /// The outcome.
    pub status: LandResult,
    /// The commits made, in order.
    pub landed: Vec<LandedCommit>,
    /// Commits of the split that had landed before this run.
    pub already_landed: Vec<PlannedCommit>,
    /// Commits not made (after a failure or a stop), and where each left its files.
    pub not_landed: Vec<NotLandedCommit>,
    /// The inherited files committed with the work.
    pub inherited: Vec<String>,
    /// With `moved`, the files that moved.
    pub moved: Vec<MovedFile>,
    /// Why the failed commit failed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<String>,
}

/// Builds the report from the plan and the outcome of each commit tried, in order (the
/// shim stops at the first failure).
pub fn land_report(plan: &LandPlan, outcomes: &[CommitOutcome]) -> LandReport {
    let mut report = LandReport {
        status: match plan.status {
            LandStatus::Moved => LandResult::Moved,
            LandStatus::NothingToLand => LandResult::NothingToLand,
            _ => LandResult::Landed,
        },
        landed: Vec::new(),
        already_landed: plan.already_landed.clone(),
        not_landed: Vec::new(),
        inherited: Vec::new(),
        moved: plan.moved.clone(),
        error: None,
    };
    if plan.status != LandStatus::Ready {
        return report;
    }
    let mut stopped = false;
    for (index, commit) in plan.commits.iter().enumerate() {
        match outcomes.get(index) {
            Some(CommitOutcome { sha: Some(sha), .. }) if report.error.is_none() => {
                report.inherited.extend(commit.inherited.iter().cloned());
                report.landed.push(LandedCommit {
                    sha: sha.clone(),
                    commit: commit.clone(),
                });
            }
            outcome => {
                let first = report.error.is_none();
                if first {
                    stopped = outcome.is_some_and(|o| o.stopped || o.interrupted);
                    report.error = Some(
                        outcome
                            .and_then(CommitOutcome::failure)
                            .unwrap_or_else(|| "the commit was not made".into()),
                    );
                }
                let left = match outcome {
                    Some(outcome) if first => outcome.left(),
                    _ => FilesLeft::NotTried,
                };
                report.not_landed.push(NotLandedCommit {
                    left,
                    commit: commit.clone(),
                });
            }
        }
    }
    if report.error.is_some() {
        report.status = if stopped {
            LandResult::Interrupted
        } else if report.landed.is_empty() && report.already_landed.is_empty() {
            LandResult::CommitFailed
        } else {
            LandResult::PartlyLanded
        };
    }
    report
}

/// A commit id as the reports print it: its first 12 characters.
pub(super) fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

/// The land report as the CLI prints it.
pub fn render_land_report(report: &LandReport) -> String {
    let mut out = String::new();
    let n = report.landed.len();
    let commits = if n == 1 { "commit" } else { "commits" };
    out.push_str(&match report.status {
        LandResult::Landed => format!("upkeep land: landed, {n} {commits}\n"),
        LandResult::PartlyLanded => format!("upkeep land: partly landed, {n} {commits} made\n"),
        LandResult::CommitFailed => "upkeep land: not landed, the commit failed\n".into(),
        LandResult::NothingToLand => "upkeep land: nothing to land\n".into(),
        LandResult::Moved => {
            "upkeep land: refused, the workspace moved since the seal; nothing committed\n".into()
        }
        LandResult::Interrupted if n == 0 => "upkeep land: stopped, no commit made\n".into(),
        LandResult::Interrupted => format!("upkeep land: stopped, {n} {commits} made\n"),
    });
    for c in &report.landed {
        out.push_str(&format!(
            "  {}  {}  ({} file(s))\n",
            short(&c.sha),
            c.commit.subject,
            c.commit.files.len()
        ));
    }
    for c in &report.already_landed {
        out.push_str(&format!("  landed before  {}\n", c.subject));
    }
    if !report.inherited.is_empty() {
        out.push_str(&format!(
            "Inherited files committed with the work: {}\n",
            report.inherited.join(", ")
        ));
    }
    for c in &report.not_landed {
        out.push_str(&format!(
            "  not landed  {}  ({})\n",
            c.commit.subject,
            c.left.words()
        ));
    }
    if let Some(error) = &report.error {
        out.push_str(&format!("Error: {error}\n"));
    }
    for m in &report.moved {
        let side = |d: &Option<String>| {
            d.as_deref()
                .map_or("missing".to_string(), |d| short(d).to_string())
        };
        out.push_str(&format!(
            "  moved  {}  sealed {} now {}\n",
            m.path,
            side(&m.sealed),
            side(&m.current)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::land::{plan_land, seal_handoff, CurrentFile, LandTicket, SealedFile};

    fn two_tickets() -> LandPlan {
        let d = Some("3".repeat(64));
        let t = |id: &str, f: &str| LandTicket {
            id: id.into(),
            title: None,
            files: vec![f.into()],
        };
        let files = ["a", "b"]
            .map(|p| SealedFile {
                path: p.into(),
                sha256: d.clone(),
            })
            .to_vec();
        let h = seal_handoff(files, vec![t("T1", "a"), t("T2", "b")], vec![]).unwrap();
        let now: Vec<CurrentFile> = ["a", "b"]
            .iter()
            .map(|p| CurrentFile {
                path: p.to_string(),
                sha256: d.clone(),
                dirty: true,
            })
            .collect();
        plan_land(&h, &now).unwrap()
    }

    #[test]
    fn outcomes() {
        let plan = two_tickets();
        let ok = || CommitOutcome {
            sha: Some("s".into()),
            ..CommitOutcome::default()
        };
        let bad = || CommitOutcome {
            error: Some("hook said no\n".into()),
            status: Some(1),
            ..CommitOutcome::default()
        };
        let cases = [
            (vec![ok(), ok()], LandResult::Landed, 2),
            (vec![ok(), bad()], LandResult::PartlyLanded, 1),
            (vec![bad()], LandResult::CommitFailed, 0),
        ];
        for (outcomes, status, landed) in cases {
            let r = land_report(&plan, &outcomes);
            assert_eq!(
                (
                    r.status,
                    r.landed.len(),
                    r.landed.len() + r.not_landed.len()
                ),
                (status, landed, 2)
            );
        }
        let stopped = CommitOutcome {
            stopped: true,
            ..CommitOutcome::default()
        };
        let silent = CommitOutcome {
            error: Some(" \n".into()),
            status: Some(128),
            ..CommitOutcome::default()
        };
        let words = |o: &[CommitOutcome]| land_report(&plan, o).error.unwrap();
        assert_eq!(words(&[ok(), bad()]), "hook said no");
        assert_eq!(words(&[ok(), silent]), "git exited with 128");
        assert_eq!(
            words(&[stopped]),
            "stopped before this commit (a stop was requested)"
        );
        assert_eq!(words(&[]), "the commit was not made");
        let text = render_land_report(&land_report(&plan, &[ok(), bad()]));
        assert!(
            text.contains("partly landed, 1 commit made")
                && text.contains("not landed  T2  (staged)")
        );
        let text = render_land_report(&land_report(&plan, &[bad()]));
        assert!(
            text.contains("not landed  T1  (staged)")
                && text.contains("not landed  T2  (not tried)"),
            "{text}"
        );
        let unstaged = CommitOutcome {
            stage_failed: true,
            ..bad()
        };
        let text = render_land_report(&land_report(&plan, &[unstaged]));
        assert!(text.contains("not landed  T1  (not staged)"), "{text}");
    }

    #[test]
    fn a_stop_is_its_own_outcome() {
        let plan = two_tickets();
        let interrupted = CommitOutcome {
            error: Some(String::new()),
            interrupted: true,
            ..CommitOutcome::default()
        };
        let made = CommitOutcome {
            sha: Some("s".into()),
            ..CommitOutcome::default()
        };
        let report = land_report(&plan, &[interrupted]);
        assert_eq!(report.status, LandResult::Interrupted);
        let text = render_land_report(&report);
        assert!(
            text.starts_with("upkeep land: stopped, no commit made\n"),
            "{text}"
        );
        assert!(
            text.contains("not landed  T1  (staged)")
                && text.contains("not landed  T2  (not tried)")
        );
        assert!(
            text.contains("Error: stopped while git made this commit (the stop reached git too)")
        );
        let stopped = CommitOutcome {
            stopped: true,
            ..CommitOutcome::default()
        };
        let report = land_report(&plan, &[made, stopped]);
        assert_eq!(report.status, LandResult::Interrupted);
        let text = render_land_report(&report);
        assert!(
            text.starts_with("upkeep land: stopped, 1 commit made\n"),
            "{text}"
        );
        assert!(text.contains("not landed  T2  (not tried)"));
    }
}
