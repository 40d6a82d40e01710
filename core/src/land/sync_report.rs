//! The report of `upkeep sync`: as data (the `--json` document) and as the text the CLI
//! prints.

use super::report::short;
use super::sync::SyncPlan;

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
