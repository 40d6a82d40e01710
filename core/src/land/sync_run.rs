//! Running a sync, step by step: the shim asks [`sync_step`] what to do next, does it
//! (git, `sh`, a file read or append), hands back the raw outcome (exit status, stderr,
//! porcelain output), and asks again, until the answer is [`SyncStep::Done`]; then
//! [`sync_report`] builds the report from the same outcomes. Every status, note, the push
//! flag reading, the "no remote" rule, the check records' parsing and the carried-check
//! sequence are decided here, by replaying the outcomes from the start on each call.
//!
//! ```
//! use upkeep_core::land::{plan_sync, sync_report, sync_step, SyncFacts, SyncOutcome, SyncRun, SyncStep};
//!
//! let facts = SyncFacts {
//!     checkout_head: "c0".into(),
//!     clone_head: "c0".into(),
//!     clone_ahead: vec![],
//!     checkout_ahead: vec![],
//!     picks: vec![],
//! };
//! let run = SyncRun {
//!     plan: plan_sync(&facts),
//!     checkout: "/repo".into(),
//!     branch: "main".into(),
//!     dry_run: false,
//!     checks: vec![],
//!     at: "2026-01-01T00:00:00.000Z".into(),
//! };
//! assert_eq!(sync_step(&run, &[]), SyncStep::Done);
//! assert_eq!(sync_report(&run, &[]).status, "refused");
//! let _unused: Vec<SyncOutcome> = Vec::new();
//! ```

use super::digest::{check_digest, find_carried, CheckRecord};
use super::sync::{checkout_follow, SyncAction, SyncPlan};
use super::sync_report::{SyncCheck, SyncReport};
use crate::git_state::SYNC_REMOTE;
use crate::json::{self, Json};

/// What a sync runs on: the plan and what the report names.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct SyncRun {
    /// The plan ([`super::plan_sync`]).
    pub plan: SyncPlan,
    /// The checkout.
    pub checkout: String,
    /// Its branch.
    pub branch: String,
    /// Plan only: nothing is run.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
    /// The check commands, in order.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub checks: Vec<String>,
    /// When the sync runs (ISO 8601, from the caller's clock), for the check records.
    pub at: String,
}

/// The checkout as the shim found it after the push.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "SyncCheckoutNow"))]
pub struct CheckoutNow {
    /// The branch it is on (empty when detached).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub branch: String,
    /// Its `HEAD`.
    pub head: String,
    /// How many tracked paths have uncommitted changes.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub uncommitted_paths: u32,
    /// Whether the synced commit has `head` as an ancestor.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub fast_forwards: bool,
}

/// The raw outcome of one step, as the shim saw it; fields a step does not produce stay
/// at their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct SyncOutcome {
    /// With a stop point: a stop was asked.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stopped: bool,
    /// The exit status of the process the step ran; `None` when a signal ended it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
    /// The signal that ended it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
    /// What it printed on stdout.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stdout: String,
    /// What it printed on stderr.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stderr: String,
    /// With read-records: the records file's text (empty when there is none).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub text: String,
    /// With observe-checkout: what was found.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub checkout: Option<CheckoutNow>,
}

impl SyncOutcome {
    fn succeeded(&self) -> bool {
        self.status == Some(0)
    }
}

/// What the shim does next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "action", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum SyncStep {
    /// Say whether a stop was asked (`stopped`); a stopped sync pushes nothing.
    StopPoint,
    /// `git worktree add --detach` a worktree of the sync's own at `commit`.
    MakeWorktree {
        /// Where it starts.
        commit: String,
    },
    /// In the worktree, `git merge --ff-only` to `target`.
    FastForward {
        /// The clone's head.
        target: String,
    },
    /// In the worktree, `git cherry-pick --allow-empty` the commits.
    CherryPick {
        /// Oldest first.
        commits: Vec<String>,
    },
    /// In the worktree, read `CHERRY_PICK_HEAD` (its stdout), then `git cherry-pick --abort`.
    AbortCherryPick,
    /// In the worktree, `git rev-parse HEAD HEAD^{tree}` (its stdout).
    ReadHead,
    /// Read the check records (`text`).
    ReadRecords,
    /// In the worktree, `sh -c command`.
    RunCheck {
        /// The command.
        command: String,
    },
    /// Append the record to the check records durably.
    AppendRecord {
        /// One line of JSON.
        record: CheckRecord,
    },
    /// In the checkout, `git remote get-url remote`.
    ReadOrigin {
        /// The remote the checkout's own `git push` would use: [`SYNC_REMOTE`].
        remote: String,
    },
    /// In the checkout, `git push --porcelain remote refspec`.
    Push {
        /// As in [`SyncStep::ReadOrigin`].
        remote: String,
        /// `<head>:refs/heads/<branch>`.
        refspec: String,
    },
    /// Find the checkout's branch, `HEAD`, uncommitted paths and whether `commit`
    /// fast-forwards it (`checkout`).
    ObserveCheckout {
        /// The synced commit.
        commit: String,
    },
    /// In the checkout, `git merge --ff-only` to `commit`.
    Follow {
        /// The synced commit.
        commit: String,
    },
    /// In the checkout, `git update-ref reference commit`.
    KeepCommit {
        /// The ref that keeps it.
        reference: String,
        /// The synced commit.
        commit: String,
    },
    /// Fail with this error (code and message).
    Fail {
        /// The error code.
        code: String,
        /// What went wrong, with the tool's own words.
        message: String,
    },
    /// Finished: ask for the report.
    Done,
}

/// The next step of the sync, given the outcomes of the steps so far (in order).
pub fn sync_step(run: &SyncRun, outcomes: &[SyncOutcome]) -> SyncStep {
    let mut walk = Walk::new(run, outcomes);
    match walk.drive() {
        Ok(()) => SyncStep::Done,
        Err(Halt::Next(step)) => step,
    }
}

/// The report of a sync whose steps ([`sync_step`]) are done, from their outcomes; given
/// the outcomes of an unfinished run, the report as far as it got.
pub fn sync_report(run: &SyncRun, outcomes: &[SyncOutcome]) -> SyncReport {
    let mut walk = Walk::new(run, outcomes);
    let _ = walk.drive();
    walk.report
}

/// Check results on record, one JSON object a line; a line that does not parse, or lacks
/// a string `command`, `status` or `place`, counts for nothing.
pub fn parse_check_records(text: &str) -> Vec<CheckRecord> {
    text.split('\n')
        .filter_map(|line| {
            let node = json::parse(line.as_bytes()).ok()?;
            let string = |key: &str| node.get(key).and_then(|n| n.as_str()).map(str::to_string);
            Some(CheckRecord {
                command: string("command")?,
                digest: string("digest"),
                status: string("status")?,
                place: string("place")?,
            })
            .filter(|_| matches!(node.value, Json::Object(_)))
        })
        .collect()
}

/// Why the walk stopped before the end: the shim has a step to do.
enum Halt {
    Next(SyncStep),
}

/// How the checks ended.
enum Checks {
    Passed,
    Stopped,
    /// The note of the check that failed.
    Failed(String),
}

struct Walk<'a> {
    run: &'a SyncRun,
    outcomes: std::slice::Iter<'a, SyncOutcome>,
    report: SyncReport,
}

fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

fn last_line(text: &str) -> &str {
    text.trim()
        .split('\n')
        .rfind(|l| !l.is_empty())
        .unwrap_or("")
}

/// The flag `git push --porcelain` printed for the branch: ` ` fast-forward, `*` new ref,
/// `+` forced, `=` already up to date, `!` rejected; ` ` when no line names it.
fn push_flag(stdout: &str, branch: &str) -> char {
    let remote = format!("\trefs/heads/{branch}");
    let local = format!(":refs/heads/{branch}\t");
    stdout
        .split('\n')
        .find(|l| l.contains(&remote) || l.contains(&local))
        .and_then(|l| l.chars().next())
        .unwrap_or(' ')
}

impl<'a> Walk<'a> {
    fn new(run: &'a SyncRun, outcomes: &'a [SyncOutcome]) -> Self {
        Walk {
            run,
            outcomes: outcomes.iter(),
            report: SyncReport {
                status: "refused".into(),
                checkout: run.checkout.clone(),
                branch: run.branch.clone(),
                plan: run.plan.clone(),
                head: None,
                checks: Vec::new(),
                pushed: false,
                checkout_followed: false,
                notes: Vec::new(),
                origin_up_to_date: None,
            },
        }
    }

    /// The outcome of `step`, or the step itself when the shim has not done it yet.
    fn take(&mut self, step: SyncStep) -> Result<&'a SyncOutcome, Halt> {
        self.outcomes.next().ok_or(Halt::Next(step))
    }

    fn end(&mut self, status: &str, note: Option<String>) -> Result<(), Halt> {
        self.report.status = status.into();
        self.report.notes.extend(note);
        Ok(())
    }

    /// Whether a stop was asked at this point (the report then says interrupted).
    fn stopped(&mut self) -> Result<bool, Halt> {
        let stopped = self.take(SyncStep::StopPoint)?.stopped;
        if stopped {
            let note = "stopped before it finished; nothing was pushed and the branch did not move";
            self.end("interrupted", Some(note.into()))?;
        }
        Ok(stopped)
    }

    fn drive(&mut self) -> Result<(), Halt> {
        let run = self.run;
        let plan = &run.plan;
        if plan.action == SyncAction::Refused {
            return Ok(());
        }
        if run.dry_run {
            return self.end("dry_run", None);
        }
        if self.stopped()? {
            return Ok(());
        }
        let made = self.take(SyncStep::MakeWorktree {
            commit: plan.base.clone(),
        })?;
        if !made.succeeded() {
            return Err(Halt::Next(SyncStep::Fail {
                code: "worktree".into(),
                message: format!("cannot make the sync worktree: {}", made.stderr.trim()),
            }));
        }
        if let Some(conflict) = self.apply(plan)? {
            return self.end("conflict", Some(conflict));
        }
        let read = self.take(SyncStep::ReadHead)?;
        let mut lines = read.stdout.lines().map(str::trim);
        let head = lines.next().unwrap_or_default().to_string();
        let tree = lines.next().unwrap_or_default().to_string();
        self.report.head = Some(head.clone());
        match self.checks(&head, &tree)? {
            Checks::Passed => {}
            Checks::Stopped => return Ok(()),
            Checks::Failed(note) => return self.end("check_failed", Some(note)),
        }
        if self.stopped()? {
            return Ok(());
        }
        self.push_and_follow(&head)
    }

    /// The fast-forward or the cherry-picks; the conflict note when they failed.
    fn apply(&mut self, plan: &SyncPlan) -> Result<Option<String>, Halt> {
        if plan.action == SyncAction::FastForward {
            let target = plan.target.clone().unwrap_or_default();
            let moved = self.take(SyncStep::FastForward { target })?;
            return Ok((!moved.succeeded())
                .then(|| format!("the fast-forward failed: {}", moved.stderr.trim())));
        }
        let picked = self.take(SyncStep::CherryPick {
            commits: plan.commits.clone(),
        })?;
        if picked.succeeded() {
            return Ok(None);
        }
        let failed_at = self.take(SyncStep::AbortCherryPick)?.stdout.trim();
        let which = if failed_at.is_empty() {
            "the cherry-pick".to_string()
        } else {
            format!("cherry-picking {}", short(failed_at))
        };
        Ok(Some(format!(
            "{which} failed and was aborted; nothing changed: {}",
            last_line(&picked.stderr)
        )))
    }

    /// The checks in order, each carried when it already passed on this tree, until one
    /// fails or a stop is asked.
    fn checks(&mut self, head: &str, tree: &str) -> Result<Checks, Halt> {
        let run = self.run;
        let records = parse_check_records(&self.take(SyncStep::ReadRecords)?.text);
        let place = format!(
            "sync of {} to {} in {} at {}",
            run.branch,
            short(head),
            run.checkout,
            run.at
        );
        for command in &run.checks {
            if self.stopped()? {
                return Ok(Checks::Stopped);
            }
            let digest = check_digest(command, tree);
            let record = |status: &str| CheckRecord {
                command: command.clone(),
                digest: Some(digest.clone()),
                status: status.into(),
                place: place.clone(),
            };
            let (status, passed_in) = match find_carried(&digest, &records) {
                Some(carried) => ("carried", Some(carried.place.clone())),
                None => {
                    let ran = self.take(SyncStep::RunCheck {
                        command: command.clone(),
                    })?;
                    let outcome = if ran.succeeded() { "passed" } else { "failed" };
                    let how = match ran.status {
                        Some(code) => format!("exit {code}"),
                        None => {
                            format!("killed by {}", ran.signal.as_deref().unwrap_or("a signal"))
                        }
                    };
                    self.take(SyncStep::AppendRecord {
                        record: record(outcome),
                    })?;
                    self.report.checks.push(SyncCheck {
                        command: command.clone(),
                        status: outcome.into(),
                        digest: digest.clone(),
                        passed_in: None,
                    });
                    if outcome == "failed" {
                        return Ok(Checks::Failed(format!(
                            "check '{command}' failed ({how}); nothing was pushed"
                        )));
                    }
                    continue;
                }
            };
            self.report.checks.push(SyncCheck {
                command: command.clone(),
                status: status.into(),
                digest: digest.clone(),
                passed_in,
            });
            self.take(SyncStep::AppendRecord {
                record: record(status),
            })?;
        }
        Ok(Checks::Passed)
    }

    /// The push (when there is an origin), the checkout following, and with no origin the
    /// rule that the branch is the checkout's own: it moves only when the checkout follows.
    fn push_and_follow(&mut self, head: &str) -> Result<(), Halt> {
        let branch = self.run.branch.clone();
        let origin = self.take(SyncStep::ReadOrigin {
            remote: SYNC_REMOTE.into(),
        })?;
        let has_origin = origin.succeeded();
        if has_origin {
            let url = origin.stdout.trim();
            let pushed = self.take(SyncStep::Push {
                remote: SYNC_REMOTE.into(),
                refspec: format!("{head}:refs/heads/{branch}"),
            })?;
            if !pushed.succeeded() {
                let said: Vec<&str> = [pushed.stderr.as_str(), pushed.stdout.as_str()]
                    .iter()
                    .flat_map(|text| text.split('\n'))
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with("To ") && *l != "Done")
                    .collect();
                let note = format!("origin ({url}) refused the push: {}", said.join(" "));
                return self.end("push_rejected", Some(note));
            }
            let flag = push_flag(&pushed.stdout, &branch);
            self.report.pushed = flag != '=';
            self.report.origin_up_to_date = Some(flag == '=');
        }
        let found = self.take(SyncStep::ObserveCheckout {
            commit: head.into(),
        })?;
        let now = found.checkout.clone().unwrap_or_default();
        let now_head = (now.branch == branch).then_some(now.head.as_str());
        let follow = checkout_follow(
            &self.run.plan.base,
            now_head,
            now.uncommitted_paths > 0,
            now_head.is_some() && now.fast_forwards,
        );
        let mut followed = false;
        if follow.follows {
            let merged = self.take(SyncStep::Follow {
                commit: head.into(),
            })?;
            followed = merged.succeeded();
            if !followed {
                let note = format!(
                    "the checkout was left behind: {}",
                    last_line(&merged.stderr)
                );
                self.report.notes.push(note);
            }
        } else {
            self.report.notes.extend(follow.note);
        }
        self.report.checkout_followed = followed;
        if !has_origin {
            if !followed {
                let kept = format!("refs/upkeep/synced/{branch}");
                self.take(SyncStep::KeepCommit {
                    reference: kept.clone(),
                    commit: head.into(),
                })?;
                let note = format!(
                    "no remote, and the checkout cannot follow: {branch} did not move; the synced commit is kept as {kept}"
                );
                return self.end("refused", Some(note));
            }
            let note = format!("no remote: {branch} moved locally, nothing pushed");
            self.report.notes.push(note);
        }
        self.end("synced", None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::land::{plan_sync, SyncFacts, SyncPick};

    fn run(picks: &[&str], checks: &[&str]) -> SyncRun {
        let facts = SyncFacts {
            checkout_head: "c".repeat(40),
            clone_head: "b".repeat(40),
            clone_ahead: vec!["a".repeat(40), "b".repeat(40)],
            checkout_ahead: vec![],
            picks: picks
                .iter()
                .map(|p| SyncPick {
                    name: p.to_string(),
                    sha: Some(p.repeat(40)),
                    on_checkout: false,
                })
                .collect(),
        };
        SyncRun {
            plan: plan_sync(&facts),
            checkout: "/repo".into(),
            branch: "main".into(),
            dry_run: false,
            checks: checks.iter().map(|c| c.to_string()).collect(),
            at: "T".into(),
        }
    }

    fn ok(stdout: &str) -> SyncOutcome {
        SyncOutcome {
            status: Some(0),
            stdout: stdout.into(),
            ..Default::default()
        }
    }

    fn failed(stderr: &str) -> SyncOutcome {
        SyncOutcome {
            status: Some(1),
            stderr: stderr.into(),
            ..Default::default()
        }
    }

    /// Feeds each step its outcome from `answer` until done; the steps' actions and the report.
    fn drive(
        run: &SyncRun,
        mut answer: impl FnMut(&SyncStep) -> SyncOutcome,
    ) -> (Vec<SyncStep>, SyncReport) {
        let (mut steps, mut outcomes) = (Vec::new(), Vec::new());
        loop {
            let step = sync_step(run, &outcomes);
            if step == SyncStep::Done || matches!(step, SyncStep::Fail { .. }) {
                steps.push(step);
                return (steps, sync_report(run, &outcomes));
            }
            outcomes.push(answer(&step));
            steps.push(step);
        }
    }

    fn checkout_at(head: &str) -> SyncOutcome {
        SyncOutcome {
            checkout: Some(CheckoutNow {
                branch: "main".into(),
                head: head.into(),
                uncommitted_paths: 0,
                fast_forwards: true,
            }),
            ..Default::default()
        }
    }

    #[test]
    fn a_fast_forward_pushed_and_followed() {
        let r = run(&[], &["make test"]);
        let (steps, report) = drive(&r, |step| match step {
            SyncStep::ReadHead => ok(&format!("{}\ntree\n", "b".repeat(40))),
            SyncStep::Push { .. } => {
                ok("To origin\n \tHEAD:refs/heads/main\t[fast-forward]\nDone\n")
            }
            SyncStep::ObserveCheckout { .. } => checkout_at(&"c".repeat(40)),
            _ => ok(""),
        });
        assert_eq!(steps.len(), 14, "{steps:?}");
        assert_eq!(report.status, "synced");
        assert!(report.pushed && report.checkout_followed && report.notes.is_empty());
        assert_eq!(report.origin_up_to_date, Some(false));
        assert_eq!(report.checks[0].status, "passed");
    }

    #[test]
    fn conflicts_failures_and_stops() {
        let r = run(&["a"], &[]);
        let (steps, report) = drive(&r, |step| match step {
            SyncStep::CherryPick { .. } => failed("error: could not apply\nhint: x\n"),
            SyncStep::AbortCherryPick => ok(&format!("{}\n", "a".repeat(40))),
            _ => ok(""),
        });
        assert!(steps.contains(&SyncStep::AbortCherryPick));
        assert_eq!(report.status, "conflict");
        assert_eq!(
            report.notes,
            ["cherry-picking aaaaaaaaaaaa failed and was aborted; nothing changed: hint: x"]
        );
        let (steps, _) = drive(&run(&[], &[]), |step| match step {
            SyncStep::MakeWorktree { .. } => failed("fatal: no space\n"),
            _ => ok(""),
        });
        assert!(
            matches!(steps.last(), Some(SyncStep::Fail { code, message })
            if code == "worktree" && message == "cannot make the sync worktree: fatal: no space")
        );
        let r = run(&[], &["a", "b"]);
        let mut stops = 0;
        let (_, report) = drive(&r, |step| {
            let stop = *step == SyncStep::StopPoint && {
                stops += 1;
                stops == 3
            };
            SyncOutcome {
                stopped: stop,
                ..ok("")
            }
        });
        assert_eq!(
            (report.status.as_str(), report.checks.len()),
            ("interrupted", 1)
        );
    }

    #[test]
    fn no_remote_keeps_the_commit_when_the_checkout_cannot_follow() {
        let r = run(&[], &[]);
        let (steps, report) = drive(&r, |step| match step {
            SyncStep::ReadOrigin { .. } => failed("error: No such remote 'origin'"),
            SyncStep::ObserveCheckout { .. } => checkout_at("moved"),
            _ => ok("h\nt"),
        });
        assert!(steps.iter().any(|s| matches!(s, SyncStep::KeepCommit { reference, .. } if reference == "refs/upkeep/synced/main")));
        assert_eq!(report.status, "refused");
        assert_eq!(report.notes.len(), 2);
        assert_eq!(report.origin_up_to_date, None);
    }

    #[test]
    fn push_flags_and_records() {
        assert_eq!(
            push_flag("=\th:refs/heads/main\t[up to date]\n", "main"),
            '='
        );
        assert_eq!(push_flag("*\th:refs/heads/other\t[new]\n", "main"), ' ');
        let text = "{\"command\":\"c\",\"digest\":7,\"status\":\"passed\",\"place\":\"p\"}\nnot json\n[1]\n{\"command\":\"c\"}\n";
        let records = parse_check_records(text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].digest, None);
    }
}
