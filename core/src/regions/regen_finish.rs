//! What regeneration did, as the shim observed each program run ([`RegenRun`]): the
//! outcome of every job joined into the regions report ([`finish_regions`]), with the
//! failures worded (a program that failed, was killed, could not start; a declared file
//! that could not be backed up first; a write that could not be put back, and where its
//! earlier content is kept).

use super::confine::ConfinedAction;
use super::confine::Confinement;
use super::folders::FolderFailure;
use super::regen::{JobStatus, RefusalKind, RegenJob};
use super::report::{
    FailureKind, KillCause, RegenConfined, RegenFailed, RegenRan, RegenRefused, RegenReport,
    RegenSkipped, RegionsReport,
};
use super::sandbox::SandboxFacts;
/// A failed repair the shim reports.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct RepairFailure {
    /// The path it could not put back.
    pub path: String,
    /// The error.
    pub message: String,
    /// The copy that keeps the path's content from before the program ran, when one does
    /// ([`super::regen_pending_end`]).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub kept: Option<String>,
}

/// One program run, as the shim observed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct RegenRun {
    /// The region.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub region_id: String,
    /// The exit status, when it exited.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
    /// The signal that ended it, when one did.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
    /// Why it could not start, when it did not.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub spawn_error: Option<String>,
    /// The ceiling the shim enforced by killing it (`None`: it did not); it is the cause
    /// only when a signal ended the program.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub ceiling: Option<KillCause>,
    /// The time ceiling in force, in milliseconds.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub timeout_ms: u64,
    /// The output ceiling in force, in bytes.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub max_output_bytes: u64,
    /// Its standard error.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stderr: String,
    /// Declared paths the shim backed up first.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub backed_up: Vec<String>,
    /// The confinement verdict (from [`super::confine`]).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub confinement: Confinement,
    /// Repairs that failed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub repair_failures: Vec<RepairFailure>,
    /// The confinement it ran under, as the shim found the machine.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sandbox: Option<SandboxFacts>,
    /// Whether processes it started were still running after it exited (upkeep killed
    /// them before looking at what it wrote). Not counted when a ceiling was enforced:
    /// killing the whole group is then upkeep's own doing.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stragglers: bool,
    /// A declared file the shim could not back up first, so it did not run the program
    /// (`None` when it ran).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup_failure: Option<BackupFailure>,
    /// A pre-image the shim could not copy first (or the record naming the copies), so it
    /// did not run the program: killed while it ran, upkeep could not have put that file
    /// back (`None` when it ran).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub pending_failure: Option<BackupFailure>,
    /// A folder of the region the shim could not make first (or whose path holds
    /// something else), so it did not run the program (`None` when it ran).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub folder_failure: Option<FolderFailure>,
}

/// A declared file that could not be backed up before its program would have run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupFailure {
    /// The declared path.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub path: String,
    /// The file system's own words; `None` when the file changed while it was copied.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub message: Option<String>,
    /// The error code (`ENOSPC`, `EROFS`, ...), when there was one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub code: Option<String>,
}

impl BackupFailure {
    fn reason(&self) -> String {
        match (&self.message, &self.code) {
            (Some(m), Some(c)) => format!(
                "it was not run: its declared file {} could not be backed up first ({m}, {c})",
                self.path
            ),
            (Some(m), None) => format!(
                "it was not run: its declared file {} could not be backed up first ({m})",
                self.path
            ),
            _ => format!(
                "it was not run: its declared file {} changed while it was being backed up",
                self.path
            ),
        }
    }
}

impl BackupFailure {
    fn pending_reason(&self) -> String {
        let why = match (&self.message, &self.code) {
            (Some(m), Some(c)) => format!(" ({m}, {c})"),
            (Some(m), None) => format!(" ({m})"),
            _ => " (something else is there)".to_string(),
        };
        format!(
            "it was not run: the copy of {} that would put it back if the update stopped while the program ran could not be saved first{why}",
            self.path
        )
    }
}

const STDERR_TAIL: usize = 4000;

fn tail(text: &str) -> String {
    let text = text.trim();
    if text.len() <= STDERR_TAIL {
        return text.to_string();
    }
    let mut start = text.len() - STDERR_TAIL;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &text[start..])
}

pub(super) fn human_ms(ms: u64) -> String {
    if ms == 60_000 {
        "1 minute".into()
    } else if ms.is_multiple_of(60_000) && ms >= 60_000 {
        format!("{} minutes", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

fn human_bytes(n: u64) -> String {
    if n.is_multiple_of(1 << 20) && n > 0 {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

/// Fills `regions.regen` from the plan's jobs and the shim's runs, in job order, and
/// derives the rewritten and un-regenerated paths.
pub fn finish_regions(regions: &mut RegionsReport, jobs: &[RegenJob], runs: &[RegenRun]) {
    if regions.awareness_off {
        // Nothing was declared for this run, so nothing ran.
        return;
    }
    let mut regen = RegenReport::default();
    if let Some(reason) = &regions.manifest_refusal {
        regen.refused.push(RegenRefused {
            argv: None,
            kind: RefusalKind::Manifest,
            reason: reason.clone(),
            region_id: "(manifest)".into(),
        });
    }
    for m in &regions.malformed_declarations {
        regen.refused.push(RegenRefused {
            argv: None,
            kind: RefusalKind::Declaration,
            reason: format!("declaration {} is malformed: {}", m.index, m.reason),
            region_id: m.id.clone().unwrap_or_else(|| format!("#{}", m.index)),
        });
    }
    let mut unregenerated = Vec::new();
    for job in jobs {
        let reason = job.reason.clone().unwrap_or_default();
        match job.status {
            JobStatus::Skipped => regen.skipped.push(RegenSkipped {
                argv: job.argv.clone(),
                reason,
                region_id: job.region_id.clone(),
            }),
            JobStatus::Refused => regen.refused.push(RegenRefused {
                argv: Some(job.argv.clone()),
                kind: job.refusal.unwrap_or(RefusalKind::Operand),
                reason,
                region_id: job.region_id.clone(),
            }),
            JobStatus::Run => {
                let Some(run) = runs.iter().find(|r| r.region_id == job.region_id) else {
                    regen.skipped.push(RegenSkipped {
                        argv: job.argv.clone(),
                        reason: "it was not run (the update stopped first)".into(),
                        region_id: job.region_id.clone(),
                    });
                    unregenerated.extend(job.paths.iter().cloned());
                    continue;
                };
                let failure = run
                    .backup_failure
                    .as_ref()
                    .map(BackupFailure::reason)
                    .or_else(|| run.folder_failure.as_ref().map(FolderFailure::reason))
                    .or_else(|| {
                        run.pending_failure
                            .as_ref()
                            .map(BackupFailure::pending_reason)
                    });
                if let Some(reason) = failure {
                    regen.skipped.push(RegenSkipped {
                        argv: job.argv.clone(),
                        reason,
                        region_id: job.region_id.clone(),
                    });
                    unregenerated.extend(job.paths.iter().cloned());
                    continue;
                }
                record_run(&mut regen, job, run);
                if regen.ran.last().map(|r| &r.region_id) != Some(&job.region_id) {
                    unregenerated.extend(job.paths.iter().cloned());
                }
                continue;
            }
        }
        unregenerated.extend(job.paths.iter().cloned());
    }
    regions.rewritten_paths = regen
        .ran
        .iter()
        .flat_map(|r| r.rewrote.iter().cloned())
        .collect();
    regions.rewritten_paths.sort();
    regions.rewritten_paths.dedup();
    unregenerated.sort();
    unregenerated.dedup();
    regions.unregenerated_paths = unregenerated;
    regions.regen = Some(regen);
}

/// Where a failed repair's earlier content is kept, as the report says it.
pub(super) fn kept_words(failure: &RepairFailure) -> String {
    failure
        .kept
        .as_ref()
        .map(|k| format!("; what was there before is kept in {k}"))
        .unwrap_or_default()
}

fn record_run(regen: &mut RegenReport, job: &RegenJob, run: &RegenRun) {
    regen.backed_up.extend(run.backed_up.iter().cloned());
    if regen.sandbox.is_none() {
        regen.sandbox.clone_from(&run.sandbox);
    }
    if run.stragglers && run.ceiling.is_none() {
        regen.stragglers.push(job.region_id.clone());
    }
    let violations: Vec<&str> = run
        .confinement
        .confined
        .iter()
        .filter(|w| w.violation)
        .map(|w| w.path.as_str())
        .collect();
    for w in &run.confinement.confined {
        let failed = run.repair_failures.iter().find(|f| {
            f.path == w.path
                || f.path
                    .strip_prefix(w.path.as_str())
                    .is_some_and(|r| r.starts_with('/'))
        });
        let (action, detail) = match failed {
            Some(f) if w.action != ConfinedAction::Reported => (
                ConfinedAction::Reported,
                format!(
                    "{}; putting it back failed: {}{}",
                    w.detail,
                    f.message,
                    kept_words(f)
                ),
            ),
            _ => (w.action, w.detail.clone()),
        };
        regen.confined.push(RegenConfined {
            action,
            path: w.path.clone(),
            region_id: job.region_id.clone(),
            detail,
            violation: w.violation,
        });
    }
    let failed = |kind, message: String| RegenFailed {
        argv: job.argv.clone(),
        cause: None,
        kind,
        message,
        region_id: job.region_id.clone(),
        signal: None,
        status: None,
    };
    if let Some(error) = &run.spawn_error {
        regen.failed.push(failed(
            FailureKind::Spawn,
            format!("{} could not be started: {error}", job.argv[0]),
        ));
    } else if let Some(signal) = &run.signal {
        let cause = run.ceiling.unwrap_or(KillCause::External);
        let why = match cause {
            KillCause::Timeout => format!(
                "it ran past upkeep's time ceiling ({}); make the command finish sooner",
                human_ms(run.timeout_ms)
            ),
            KillCause::OutputCeiling => format!(
                "it printed more than upkeep's output ceiling ({}); make the command print less",
                human_bytes(run.max_output_bytes)
            ),
            KillCause::External => {
                "something outside upkeep stopped it; upkeep imposed no limit here".into()
            }
        };
        regen.failed.push(RegenFailed {
            cause: Some(cause),
            signal: Some(signal.clone()),
            ..failed(
                FailureKind::Killed,
                format!("killed by {signal}: {why}; its paths may hold half-written output"),
            )
        });
    } else if run.status == Some(0) && !violations.is_empty() {
        regen.failed.push(failed(
            FailureKind::Confinement,
            format!(
                "it wrote where it may not: {} (put back where upkeep could; see the writes below)",
                violations.join(", ")
            ),
        ));
    } else if run.status == Some(0) {
        regen.ran.push(RegenRan {
            argv: job.argv.clone(),
            region_id: job.region_id.clone(),
            rewrote: run.confinement.rewrote.clone(),
        });
    } else {
        let status = run.status.unwrap_or(-1);
        let stderr = tail(&run.stderr);
        regen.failed.push(RegenFailed {
            status: Some(status),
            ..failed(
                FailureKind::Exit,
                if stderr.is_empty() {
                    format!("exited with status {status} and printed nothing on stderr")
                } else {
                    stderr
                },
            )
        });
    }
}
