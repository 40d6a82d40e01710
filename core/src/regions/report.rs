//! The regions part of the update report: what the plan found (declarations, verdicts,
//! fallbacks, superseded patches), what regeneration did (filled in by
//! [`super::finish_regions`]), and how the summary renders it: the rows, then the notes.
//!
//! ```
//! use upkeep_core::regions::{render_region_rows, RegionsReport};
//!
//! let mut r = RegionsReport { mentioned: true, ..RegionsReport::default() };
//! assert_eq!(render_region_rows(&r), "Regions      none declared by this release\n");
//! r.awareness_off = true;
//! assert!(render_region_rows(&r).contains("awareness off for this run (UPKEEP_NO_REGIONS=1)"));
//! ```

use super::confine::ConfinedAction;
use super::decl::{MalformedDeclaration, RegionDecl};
use super::oracle::SideScans;
use super::regen::RefusalKind;
use super::sandbox::{render_sandbox_row, SandboxFacts};
use crate::update::Row;

/// Why a declared path was not normalized as intended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionFallbackReason"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum FallbackReason {
    /// Some side does not carry the region yet (the pre-region state): that side was
    /// compared as it is, the others masked. Informational.
    AbsentMarkers,
    /// Some side's markers are duplicated, unbalanced or out of order: whole-file rows.
    MalformedMarkers,
    /// The oracle could not run (a side's bytes were not supplied): whole-file rows.
    OracleFailed,
}

/// A declared path region awareness did not normalize as intended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionFallback {
    /// The path.
    pub path: String,
    /// Why.
    pub reason: FallbackReason,
}

/// The oracle's verdict on a declared path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct PathRegionVerdict {
    /// The path.
    pub path: String,
    /// The row it took.
    pub row: Row,
    /// The marker scan per side.
    pub markers: SideScans,
}

/// How a regeneration failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum FailureKind {
    /// It ran and exited non-zero (its stderr is the message).
    Exit,
    /// It never started.
    Spawn,
    /// A signal cut it short.
    Killed,
    /// It wrote where it may not (outside its folders, or a link at a declared path).
    Confinement,
}

/// Which ceiling, if any, killed a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegenKillCause"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum KillCause {
    /// upkeep's time ceiling.
    Timeout,
    /// upkeep's output ceiling.
    OutputCeiling,
    /// Something outside upkeep.
    External,
}

/// A region that regenerated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenRan {
    /// What ran.
    pub argv: Vec<String>,
    /// The region.
    pub region_id: String,
    /// The declared paths it changed.
    pub rewrote: Vec<String>,
}

/// A region whose program failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenFailed {
    /// What ran (the command to run by hand).
    pub argv: Vec<String>,
    /// Which ceiling killed it (`killed` only).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub cause: Option<KillCause>,
    /// How it failed.
    pub kind: FailureKind,
    /// The program's stderr (`exit`), the start error (`spawn`), or what killed it.
    pub message: String,
    /// The region.
    pub region_id: String,
    /// The signal (`killed` only).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
    /// The exit status (`exit` only).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
}

/// A region not regenerated this run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenSkipped {
    /// The command to run once resolved.
    pub argv: Vec<String>,
    /// Why, naming the paths responsible.
    pub reason: String,
    /// The region.
    pub region_id: String,
}

/// A regeneration refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenRefused {
    /// The command (operand refusals only: the others have none to hand over).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub argv: Option<Vec<String>>,
    /// What was refused.
    pub kind: RefusalKind,
    /// Why.
    pub reason: String,
    /// The region (`(manifest)` for the manifest, `#<index>` for an entry with no id).
    pub region_id: String,
}

/// A write outside a region's declared paths.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenConfined {
    /// What was done about it.
    pub action: ConfinedAction,
    /// The path.
    pub path: String,
    /// The region whose program wrote it.
    pub region_id: String,
    /// What the write was.
    pub detail: String,
    /// Whether it broke the region's confinement (the regeneration failed).
    #[cfg_attr(feature = "serde", serde(default))]
    pub violation: bool,
}

/// What regeneration did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenReport {
    /// Declared paths copied into the backup folder before their program ran.
    pub backed_up: Vec<String>,
    /// Writes outside declared paths.
    pub confined: Vec<RegenConfined>,
    /// Programs that failed.
    pub failed: Vec<RegenFailed>,
    /// Programs that ran.
    pub ran: Vec<RegenRan>,
    /// Regenerations refused.
    pub refused: Vec<RegenRefused>,
    /// Regenerations skipped.
    pub skipped: Vec<RegenSkipped>,
    /// The confinement the programs ran under (left out when none ran).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub sandbox: Option<SandboxFacts>,
    /// Regions whose program left processes running when it exited (killed by upkeep).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub stragglers: Vec<String>,
}

/// The regions part of the update report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct RegionsReport {
    /// Whether the summary shows region rows (a manifest has `regions`, or awareness is
    /// off).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub mentioned: bool,
    /// `UPKEEP_NO_REGIONS=1` was set for this run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub awareness_off: bool,
    /// How many well-formed declarations the latest manifest has.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub declarations_loaded: usize,
    /// Those declarations.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub declarations: Vec<RegionDecl>,
    /// Why the latest manifest's `regions` could not be read.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest_refusal: Option<String>,
    /// Ids the baseline declared and the latest does not.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dropped_declarations: Vec<String>,
    /// Skipped declarations.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub malformed_declarations: Vec<MalformedDeclaration>,
    /// The oracle's verdict per declared path it compared.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub verdicts: Vec<PathRegionVerdict>,
    /// Declared paths not normalized as intended.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub fallbacks: Vec<RegionFallback>,
    /// What regeneration did; `None` when it did not run (a dry run).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub regen: Option<RegenReport>,
    /// Declared paths a regeneration changed: they now intentionally differ from the
    /// release copy.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub rewritten_paths: Vec<String>,
    /// Patches a prior run left for declared paths that this run handled.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub superseded_patches: Vec<String>,
    /// Every declared path of a skipped, refused or failed region.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub unregenerated_paths: Vec<String>,
}

impl RegionsReport {
    /// Whether there is nothing to say: no manifest mentions regions and awareness is on.
    pub fn is_quiet(&self) -> bool {
        *self == RegionsReport::default()
    }
}

/// The argument vector as a command line a POSIX shell reads back unchanged.
pub fn shell_command(argv: &[String]) -> String {
    argv.iter()
        .map(|a| {
            if !a.is_empty()
                && a.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b))
            {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn counted(r: &RegionsReport, reason: impl Fn(FallbackReason) -> bool) -> usize {
    r.fallbacks.iter().filter(|f| reason(f.reason)).count()
}

/// The "Regions" row: what regeneration did, or why it did not run.
fn regen_row(label: &str, r: &RegionsReport) -> String {
    match &r.regen {
        None => format!(
            "{label}{} declared; regeneration does not run in a dry run\n",
            r.declarations_loaded
        ),
        Some(g)
            if g.ran.is_empty()
                && g.failed.is_empty()
                && g.skipped.is_empty()
                && g.refused.is_empty() =>
        {
            format!("{label}all declared regions current (no regeneration needed)\n")
        }
        Some(g) => format!(
            "{label}{} regenerated, {} failed, {} skipped, {} refused (see notes below)\n",
            g.ran.len(),
            g.failed.len(),
            g.skipped.len(),
            g.refused.len()
        ),
    }
}

/// The region rows of the summary table (empty when no manifest mentions regions and
/// awareness is on).
pub fn render_region_rows(r: &RegionsReport) -> String {
    let label = "Regions      ";
    if r.awareness_off {
        return format!("{label}awareness off for this run (UPKEEP_NO_REGIONS=1); every declared path used the whole-file comparison\n");
    }
    if !r.mentioned {
        return String::new();
    }
    if let Some(reason) = &r.manifest_refusal {
        return format!("{label}this release's manifest could not be read ({reason}); no region guarantee applied to this run\n");
    }
    if r.declarations_loaded == 0 && r.malformed_declarations.is_empty() {
        return format!("{label}none declared by this release\n");
    }
    let mut out = regen_row(label, r);
    if let Some(g) = &r.regen {
        out.push_str(&render_sandbox_row(g.sandbox.as_ref()));
    }
    let fallbacks = counted(r, |x| x != FallbackReason::AbsentMarkers);
    if fallbacks > 0 {
        out.push_str(&format!(
            "Region fallbacks {fallbacks}  (declared paths compared whole-file this run)\n"
        ));
    }
    let pre = counted(r, |x| x == FallbackReason::AbsentMarkers);
    if pre > 0 {
        out.push_str(&format!(
            "Pre-region paths {pre}  (declared paths not yet carrying a region)\n"
        ));
    }
    out
}

fn section(out: &mut String, heading: &str, lines: impl IntoIterator<Item = String>) {
    let lines: Vec<String> = lines.into_iter().collect();
    if lines.is_empty() {
        return;
    }
    out.push_str(&format!("\n{heading}\n"));
    for line in lines {
        out.push_str(&format!("  {line}\n"));
    }
}

/// The notes after the table: every region state the project cannot see otherwise.
pub fn render_region_notes(r: &RegionsReport) -> String {
    let mut out = String::new();
    let regen = r.regen.clone().unwrap_or_default();
    section(
        &mut out,
        "Regenerated regions (these files now intentionally differ from the release copy: their region is derived from this project):",
        r.rewritten_paths.iter().cloned(),
    );
    section(
        &mut out,
        "Failed regenerations (run the command by hand once fixed):",
        regen.failed.iter().map(|f| {
            let what = match f.kind {
                FailureKind::Exit => format!(
                    "exited with status {} (read what it said and fix what it objected to): {}",
                    f.status.unwrap_or(-1),
                    f.message
                ),
                FailureKind::Spawn => format!(
                    "never started (install the interpreter or make it runnable): {}",
                    f.message
                ),
                FailureKind::Confinement => format!("broke its confinement: {}", f.message),
                FailureKind::Killed => format!(
                    "cause {}; {}",
                    match f.cause {
                        Some(KillCause::Timeout) => "timeout",
                        Some(KillCause::OutputCeiling) => "output-ceiling",
                        _ => "external",
                    },
                    f.message
                ),
            };
            format!(
                "{}: {what}\n      run: {}",
                f.region_id,
                shell_command(&f.argv)
            )
        }),
    );
    section(
        &mut out,
        "Refused regenerations:",
        regen.refused.iter().filter(|x| x.kind != RefusalKind::Manifest).map(|x| match &x.argv {
            Some(argv) => format!(
                "{}: {} (fix the declaration upstream; the command it names: {})",
                x.region_id,
                x.reason,
                shell_command(argv)
            ),
            None => format!(
                "{}: {}; this release's declaration is unusable here and there is nothing for you to run: the remedy is upstream",
                x.region_id, x.reason
            ),
        }),
    );
    section(
        &mut out,
        "Skipped regenerations (run the command once you have resolved the reason):",
        regen.skipped.iter().map(|s| {
            format!(
                "{}: {}\n      run: {}",
                s.region_id,
                s.reason,
                shell_command(&s.argv)
            )
        }),
    );
    section(
        &mut out,
        "Paths carrying an un-regenerated region (their generated block does not match what this project's own configuration would produce):",
        r.unregenerated_paths.iter().cloned(),
    );
    let grouped = |reasons: &[FallbackReason]| {
        r.fallbacks
            .iter()
            .filter(|f| reasons.contains(&f.reason))
            .map(|f| {
                format!(
                    "{} ({})",
                    f.path,
                    match f.reason {
                        FallbackReason::MalformedMarkers => "malformed-markers",
                        FallbackReason::OracleFailed => "oracle-failed",
                        FallbackReason::AbsentMarkers => "absent-markers",
                    }
                )
            })
            .collect::<Vec<_>>()
    };
    section(
        &mut out,
        "Region fallbacks: these paths returned to pre-region behavior this run, so a change confined to their generated region reads as ordinary drift and can produce a conflict you did not cause:",
        grouped(&[FallbackReason::MalformedMarkers, FallbackReason::OracleFailed]),
    );
    section(
        &mut out,
        "Pre-region paths (the file does not carry its region yet; expected before its first regeneration, nothing is wrong):",
        grouped(&[FallbackReason::AbsentMarkers]),
    );
    section(
        &mut out,
        "Region declarations this release dropped (their paths are compared whole-file from now on, so a conflict region awareness absorbed can come back):",
        r.dropped_declarations.iter().cloned(),
    );
    section(
        &mut out,
        "Malformed region declarations in this release (skipped; their paths were compared whole-file; set UPKEEP_NO_REGIONS=1 to turn region awareness off for a run if one causes trouble):",
        r.malformed_declarations.iter().map(|m| match &m.id {
            Some(id) => format!("[{}] {id}: {}", m.index, m.reason),
            None => format!("[{}] {}", m.index, m.reason),
        }),
    );
    section(
        &mut out,
        "Superseded patches (this run handled these paths itself; delete the old patch instead of resolving it by hand):",
        r.superseded_patches.iter().cloned(),
    );
    section(
        &mut out,
        "Processes a regeneration left running when it exited (upkeep killed them before checking its writes):",
        regen.stragglers.iter().cloned(),
    );
    section(
        &mut out,
        "Writes outside a region's declared paths (restored and removed ones were undone, anything they replaced saved in the run's backups first; reported ones are yours to look at):",
        regen.confined.iter().map(|c| {
            let action = match c.action {
                ConfinedAction::Restored => "restored",
                ConfinedAction::Removed => "removed",
                ConfinedAction::Reported => "reported",
            };
            format!("{} [{action}] {} ({})", c.region_id, c.path, c.detail)
        }),
    );
    out
}

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
