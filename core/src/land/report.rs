//! The reports of `upkeep land` and `upkeep sync`: as data (the `--json` document) and as
//! the table the CLI prints.
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
use super::sync::SyncPlan;

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
    /// The commit was not tried: a stop (Ctrl-C, SIGTERM) was requested before it, and the
    /// rest of the change stays staged.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stopped: bool,
}

impl CommitOutcome {
    /// Why the commit was not made, in the report's words; none for a commit made.
    pub fn failure(&self) -> Option<String> {
        if self.stopped {
            return Some(
                "stopped before this commit (a stop was requested); the rest is staged".into(),
            );
        }
        if self.sha.is_some() {
            return None;
        }
        match (self.error.as_deref().map(str::trim), self.status) {
            (Some(said), _) if !said.is_empty() => Some(said.to_string()),
            // git said nothing: its exit status is all there is (`null`: a signal ended it).
            (Some(_), None) => Some("git exited with null".into()),
            (_, Some(status)) => Some(format!("git exited with {status}")),
            (None, None) => None,
        }
    }
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
    /// Some commits were made, then one failed; the rest is staged.
    PartlyLanded,
    /// The first commit failed; nothing landed and the change is staged.
    CommitFailed,
    /// Nothing to commit.
    NothingToLand,
    /// Refused: the workspace moved since the seal; nothing was committed.
    Moved,
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
    /// Commits not made (after a failure).
    pub not_landed: Vec<PlannedCommit>,
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
                if report.error.is_none() {
                    report.error = Some(
                        outcome
                            .and_then(CommitOutcome::failure)
                            .unwrap_or_else(|| "the commit was not made".into()),
                    );
                }
                report.not_landed.push(commit.clone());
            }
        }
    }
    if report.error.is_some() {
        report.status = if report.landed.is_empty() && report.already_landed.is_empty() {
            LandResult::CommitFailed
        } else {
            LandResult::PartlyLanded
        };
    }
    report
}

fn short(sha: &str) -> &str {
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
        out.push_str(&format!("  not landed  {}  (staged)\n", c.subject));
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

/// A check of a sync and how it went.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SyncCheck {
    /// The command.
    pub command: String,
    /// `passed`, `failed` or `carried`.
    pub status: String,
    /// The digest of its inputs.
    pub digest: String,
    /// With `carried`, where it passed.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub passed_in: Option<String>,
}

/// What a sync did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SyncReport {
    /// `synced`, `dry_run`, `refused`, `conflict`, `check_failed`, `push_rejected` or
    /// `interrupted` (stopped by a signal before it pushed anything).
    pub status: String,
    /// The checkout.
    pub checkout: String,
    /// Its branch.
    pub branch: String,
    /// The plan.
    pub plan: SyncPlan,
    /// The commit the branch moved to (or would have), once applied.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub head: Option<String>,
    /// The checks.
    #[cfg_attr(feature = "serde", serde(default))]
    pub checks: Vec<SyncCheck>,
    /// Whether origin received the push (its branch moved).
    #[cfg_attr(feature = "serde", serde(default))]
    pub pushed: bool,
    /// Whether the checkout followed.
    #[cfg_attr(feature = "serde", serde(default))]
    pub checkout_followed: bool,
    /// Notes for a person, in order.
    #[cfg_attr(feature = "serde", serde(default))]
    pub notes: Vec<String>,
    /// With an origin that took the push: whether its branch already was at the head
    /// (nothing was pushed because nothing had to be); absent without a push.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub origin_up_to_date: Option<bool>,
}

/// A sync's status as its title says it (its notes say the rest); the `--json` document
/// keeps the status word.
fn sync_status_words(status: &str) -> &str {
    match status {
        "dry_run" => "dry run, nothing changed",
        "conflict" => "the commits did not apply",
        "check_failed" => "a check failed",
        "push_rejected" => "origin refused the push",
        "interrupted" => "stopped",
        other => other,
    }
}

/// The sync report as the CLI prints it.
pub fn render_sync_report(report: &SyncReport) -> String {
    let plan = &report.plan;
    let mut out = format!(
        "upkeep sync {} ({}): {}\n",
        report.checkout,
        report.branch,
        sync_status_words(&report.status)
    );
    match &plan.refusal {
        Some(refusal) => out.push_str(&format!("Refused: {}\n", refusal.reason)),
        None => {
            let how = match plan.target {
                Some(_) => "fast-forward",
                None => "cherry-pick",
            };
            out.push_str(&format!(
                "Plan: {how} {} commit(s) onto {}\n",
                plan.commits.len(),
                short(&plan.base)
            ));
            for c in &plan.commits {
                out.push_str(&format!("  {}\n", short(c)));
            }
        }
    }
    for check in &report.checks {
        match &check.passed_in {
            Some(place) => out.push_str(&format!(
                "Check {}: carried (passed in {place})\n",
                check.command
            )),
            None => out.push_str(&format!("Check {}: {}\n", check.command, check.status)),
        }
    }
    if let Some(head) = &report.head {
        out.push_str(&format!("Head: {}\n", short(head)));
    }
    if report.pushed {
        out.push_str("Pushed to origin.\n");
    } else if report.origin_up_to_date == Some(true) {
        let at = report.head.as_deref().map(short).unwrap_or("the head");
        out.push_str(&format!("Origin already had {at}; nothing pushed.\n"));
    }
    if report.checkout_followed {
        out.push_str("The checkout followed.\n");
    }
    for note in &report.notes {
        out.push_str(&format!("Note: {note}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::land::{plan_land, seal_handoff, CurrentFile, LandTicket, SealedFile};

    #[test]
    fn outcomes() {
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
        let plan = plan_land(&h, &now).unwrap();
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
            "stopped before this commit (a stop was requested); the rest is staged"
        );
        assert_eq!(words(&[]), "the commit was not made");
        let text = render_land_report(&land_report(&plan, &[ok(), bad()]));
        assert!(
            text.contains("partly landed, 1 commit made")
                && text.contains("not landed  T2  (staged)")
        );
    }
}
