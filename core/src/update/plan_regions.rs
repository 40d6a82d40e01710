//! The walk's generated-region step: loading the declarations, the
//! oracle in place of the whole-file rows for a declared path that survives presence
//! triage, and, after the walk, the regeneration jobs and superseded patches. The
//! decisions themselves live in [`crate::regions`]; this file wires them into the plan.

use std::collections::HashSet;

use super::conflict::{self, Baseline, ConflictTexts, MaskedView};
use super::{backup_dir, Action, SideMap, Sides, Walk};
use crate::error::Result;
use crate::regions::{
    dropped_declarations, mask, parse_declarations, plan_jobs, region_verdict, scan, Declarations,
    FallbackReason, JobFacts, JobStatus, MarkerScan, PathRegionVerdict, RegenJob, RegionFallback,
    RegionMarkers, RegionsReport, ScanState,
};
use crate::update::manifest::{FileClass, Manifest};
use crate::update::table::{Row, Side};

/// The declarations an update loaded, and the report they start it with.
#[derive(Debug)]
pub(super) struct RegionSetup {
    decls: Declarations,
    report: RegionsReport,
}

impl RegionSetup {
    /// A walk's view of the declarations; `scratch`: one path's, whose verdicts and
    /// fallbacks are absorbed into the main walk later.
    pub(super) fn walk(&self, scratch: bool) -> RegionWalk<'_> {
        RegionWalk {
            decls: &self.decls,
            patched: HashSet::new(),
            report: if scratch {
                RegionsReport::default()
            } else {
                self.report.clone()
            },
        }
    }
}

/// The declarations the walk uses and what it did with them.
pub(super) struct RegionWalk<'a> {
    decls: &'a Declarations,
    /// Declared paths this run wrote a (normalized) patch for.
    pub(super) patched: HashSet<String>,
    pub(super) report: RegionsReport,
}

/// Loads the latest manifest's declarations (none when awareness is off) and the ones
/// the baseline dropped.
pub(super) fn load(baseline: &Manifest, latest: &Manifest, off: bool) -> RegionSetup {
    let mut report = RegionsReport {
        awareness_off: off,
        ..RegionsReport::default()
    };
    if off {
        return RegionSetup {
            decls: Declarations::default(),
            report,
        };
    }
    let decls = parse_declarations(latest.regions.as_ref(), "latest release manifest");
    report.mentioned = decls.present || baseline.regions.is_some();
    report.declarations_loaded = decls.regions.len();
    report.declarations = decls.regions.clone();
    report.manifest_refusal = decls.refusal.clone();
    report.malformed_declarations = decls.malformed.clone();
    report.dropped_declarations =
        dropped_declarations(baseline.regions.as_ref(), latest.regions.as_ref());
    RegionSetup { decls, report }
}

/// The oracle for a declared path: `true` when it decided the path, `false` when the
/// whole-file table decides (not declared, presence triage, or a fallback).
pub(super) fn plan_region_file(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    s: &Sides,
) -> Result<bool> {
    let markers: Vec<RegionMarkers> = walk
        .regions
        .decls
        .for_path(path)
        .map(|d| RegionMarkers {
            start: d.start_marker.clone(),
            end: d.end_marker.clone(),
        })
        .collect();
    // Presence triage first: A or B missing, or A not a regular file.
    if markers.is_empty() || !s.a.is_present() || !s.b.is_present() || matches!(s.a, Side::NotAFile)
    {
        return Ok(false);
    }
    let fallback = |walk: &mut Walk<'_>, reason| {
        walk.regions.report.fallbacks.push(RegionFallback {
            path: path.into(),
            reason,
        });
    };
    if super::too_large::too_large(super::too_large::named(s)).is_some() {
        fallback(walk, FallbackReason::OracleFailed); // the whole-file table names the limit
        return Ok(false);
    }
    let (Some(a), Some(b), Some(l)) = (s.a.content(), s.b.content(), s.l.content()) else {
        fallback(walk, FallbackReason::OracleFailed);
        return Ok(false);
    };
    let ignore_eol = walk.options.ignore_eol;
    let verdict = region_verdict(class, a, b, l, &markers, ignore_eol);
    walk.regions.report.verdicts.push(PathRegionVerdict {
        path: path.into(),
        row: verdict.row,
        markers: verdict.markers.clone(),
    });
    let Some(norm) = verdict.normalized else {
        fallback(walk, FallbackReason::MalformedMarkers);
        return Ok(false);
    };
    let m = &verdict.markers;
    if [m.current, m.baseline, m.latest].contains(&ScanState::Absent) {
        fallback(walk, FallbackReason::AbsentMarkers);
    }
    let (ma, mb, ml) = (
        Side::bytes(&norm.current.0),
        Side::bytes(&norm.baseline.0),
        Side::bytes(&norm.latest.0),
    );
    let local = !super::same_side(&ma, &mb, ignore_eol);
    let upstream = !super::same_side(&mb, &ml, ignore_eol);
    walk.outcome(path, class, Some(verdict.row), local, upstream);
    match verdict.row {
        Row::NoLocalChange => {
            let backup_path = Some(walk.backup_path(path)?);
            walk.actions.push(Action::Copy {
                path: path.into(),
                backup_path,
            });
        }
        Row::Conflict => {
            // Merged on the masked texts, the project's bodies put back; a patch route's
            // `.yours.diff` shows only what the project changed outside the regions.
            let restore = |merged: &[u8]| unmask(merged, a, l, &markers);
            let texts = ConflictTexts {
                a,
                b: Baseline::Bytes(b),
                l,
                view: Some(MaskedView {
                    texts: [&norm.current.0, &norm.baseline.0, &norm.latest.0],
                    restore: &restore,
                }),
            };
            conflict::plan_conflict(walk, path, class, &texts)?;
            walk.regions.patched.insert(path.into());
            return Ok(true);
        }
        _ => {}
    }
    walk.bucket(verdict.row.bucket(class), path, class);
    Ok(true)
}

/// A merge of masked texts with each region's body put back: the project's, or where the
/// project has no such region the latest release's. `None` when the merge does not hold a
/// region's markers exactly once around an empty body (a conflict moved them).
fn unmask(
    merged: &[u8],
    current: &[u8],
    latest: &[u8],
    markers: &[RegionMarkers],
) -> Option<Vec<u8>> {
    // Each side's bodies, found the way the oracle masked them: region by region.
    let bodies = |text: &[u8]| -> Option<Vec<Option<Vec<u8>>>> {
        let mut text = text.to_vec();
        let mut out = Vec::new();
        for m in markers {
            let found = scan(&text, &m.start, &m.end);
            match found {
                MarkerScan::Present {
                    body_start,
                    body_end,
                } => out.push(Some(text[body_start..body_end].to_vec())),
                MarkerScan::Absent => out.push(None),
                MarkerScan::Malformed(_) => return None,
            }
            text = mask(&text, &found);
        }
        Some(out)
    };
    let (ours, theirs) = (bodies(current)?, bodies(latest)?);
    let mut out = merged.to_vec();
    for (i, m) in markers.iter().enumerate().rev() {
        match scan(&out, &m.start, &m.end) {
            MarkerScan::Present {
                body_start,
                body_end,
            } if body_start == body_end => {
                if let Some(body) = ours[i].as_ref().or(theirs[i].as_ref()) {
                    out.splice(body_start..body_start, body.iter().copied());
                }
            }
            MarkerScan::Absent if ours[i].is_none() => {}
            _ => return None,
        }
    }
    Some(out)
}

/// Paths not reconciled this run: a region whose path or input is among them is not
/// regenerated, so a region never derives from an unmerged file. The walk's conflicts —
/// a file a structured merge could not merge field by field went through the whole-file
/// table, and is among them unless that merged it.
fn not_reconciled(walk: &Walk<'_>) -> HashSet<String> {
    walk.report
        .conflicts
        .iter()
        .map(|c| c.path.clone())
        .collect()
}

/// After the walk: the regeneration jobs, the superseded patches, and the regions
/// report moved into the update report.
pub(super) fn finish_plan(
    walk: &mut Walk<'_>,
    latest: &Manifest,
    sides: &SideMap,
    claimed: &HashSet<&str>,
    leftover_patches: &[String],
) -> Vec<RegenJob> {
    let not_reconciled = not_reconciled(walk);
    let mut backed_up: HashSet<&str> = HashSet::new();
    for action in &walk.actions {
        match action {
            Action::Copy {
                path,
                backup_path: Some(_),
            }
            | Action::WriteMerged { path, .. } => {
                backed_up.insert(path);
            }
            _ => {}
        }
    }
    let facts = JobFacts {
        managed: latest.files.iter().map(|e| e.path.as_str()).collect(),
        conflicted: walk
            .report
            .conflicts
            .iter()
            .map(|c| c.path.as_str())
            .collect(),
        deleted: walk.report.removed.iter().map(String::as_str).collect(),
        not_reconciled: not_reconciled.iter().map(String::as_str).collect(),
        not_a_file: sides
            .iter()
            .filter(|(_, s)| matches!(s.a, Side::NotAFile))
            .map(|(p, _)| p.as_str())
            .collect(),
        backed_up,
        claimed: claimed.clone(),
        backup_dir: backup_dir(walk.options),
        state_dir: walk.options.state_dir.clone(),
    };
    let jobs = plan_jobs(&walk.regions.decls.regions, &facts);
    if jobs
        .iter()
        .any(|j| j.status == JobStatus::Run && !j.backups.is_empty())
        && !walk.options.run_id.is_empty()
    {
        walk.backups = true;
    }
    let normalized: HashSet<&str> = walk
        .regions
        .report
        .verdicts
        .iter()
        .filter(|v| !v.markers.bailed)
        .map(|v| v.path.as_str())
        .collect();
    let mut superseded: Vec<String> = leftover_patches
        .iter()
        .filter_map(|p| p.strip_suffix(".patch"))
        .filter(|p| normalized.contains(p) && !walk.regions.patched.contains(*p))
        .map(|p| format!("{}-merge/{p}.patch", walk.options.state_dir))
        .collect();
    superseded.sort();
    walk.regions.report.superseded_patches = superseded;
    walk.report.regions = std::mem::take(&mut walk.regions.report);
    jobs
}

#[cfg(test)]
#[path = "plan_regions_tests.rs"]
mod tests;
