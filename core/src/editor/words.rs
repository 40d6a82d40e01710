//! The view of an update-managed file, and the words shared by its lens and hover: the
//! row of the decision table the file takes now ([`classify`], or the region oracle for a
//! file with generated regions), said as what the next update does with it.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::blocks::conflict_blocks;
use super::fields::field_merge;
use super::generated::generated_regions;
use super::model::{DiagnosticKind, FileSummary, FileViewInput, Managed, Severity};
use super::upstream::{upstream_changes, Sides};
use super::View;
use crate::error::Result;
use crate::regions::{region_verdict, scan, MarkerScan, RegionMarkers};
use crate::render::counted;
use crate::text::{has_conflict_markers, is_binary, merge, MergeOptions};
use crate::update::{classify, update_merge_options, ConflictMode, FileClass, Row, Side};

/// Fills `view` for a file of a project scaffolded from a template.
pub(crate) fn update_view(view: &mut View<'_>, input: &FileViewInput) -> Result<()> {
    let Managed::Update {
        class,
        installed,
        latest_version,
        baseline,
        latest,
        regions,
        merge: merge_spec,
        reference,
        saved,
        conflicts,
        ignore_eol,
    } = &input.managed
    else {
        return Ok(());
    };
    let path = input.path.as_str();
    let current = input.current.as_bytes();
    view.summary.class = class.as_str().into();
    view.summary.installed = installed.clone();
    view.summary.latest = latest_version.clone();
    view.summary.conflicts = conflict_blocks(view);
    // The committed copy is the file as last generated; the saved one stands in outside git.
    let reference = reference.as_ref().or(saved.as_ref());
    generated_regions(view, regions, reference.map(|r| r.0.as_slice()));
    let first = view.index.line_range(0);

    let Some(latest) = latest else {
        let message = format!(
            "upstream {latest_version} no longer ships {path}: the next update lists it for you to delete (never deleted for you)"
        );
        view.summary.verdict = message.clone();
        view.diagnostic(
            first,
            Severity::Warning,
            DiagnosticKind::FileVerdict,
            message,
            None,
        );
        return Ok(());
    };
    let latest = latest.0.as_slice();
    let markers: Vec<RegionMarkers> = regions
        .iter()
        .map(|d| RegionMarkers {
            start: d.start_marker.clone(),
            end: d.end_marker.clone(),
        })
        .collect();
    let (a, l) = (Side::bytes(current), Side::bytes(latest));
    let b = baseline
        .as_ref()
        .map_or(Side::Missing, |b| Side::bytes(&b.0));
    let row = match baseline {
        Some(base) if !markers.is_empty() => {
            region_verdict(*class, current, &base.0, latest, &markers, *ignore_eol).row
        }
        _ => classify(*class, &a, &b, &l, *ignore_eol),
    };
    let local = baseline.is_some() && row != Row::NoLocalChange && !same(&a, &b, *ignore_eol);
    let texts = baseline
        .as_ref()
        .and_then(|b| Some((as_text(&b.0)?, as_text(latest)?)));
    let whole_file = match (merge_spec, texts) {
        (Some(spec), Some((base, upstream))) => {
            !field_merge(view, path, spec, base, upstream, latest_version)
        }
        _ => true,
    };
    let not_text = as_text(current).is_none()
        || as_text(latest).is_none()
        || baseline.as_ref().is_some_and(|b| as_text(&b.0).is_none());
    if not_text && row != Row::NoUpstreamChange && row != Row::AlreadyLatest {
        let which = if is_binary(current) || is_binary(latest) {
            "it is binary"
        } else {
            "a release's copy is not UTF-8 text"
        };
        let message = format!("upkeep shows this file as a whole: {which}");
        view.diagnostic(
            first,
            Severity::Information,
            DiagnosticKind::NotText,
            message,
            None,
        );
    }
    let field_merged = !whole_file && !matches!(row, Row::NoUpstreamChange | Row::AlreadyLatest);
    let verdict = if field_merged {
        format!(
            "the next update merges the entries upstream {latest_version} manages, field by field (each is shown on its line)"
        )
    } else {
        verdict(row, *class, path, latest_version, *conflicts, || {
            baseline.as_ref().and_then(|b| {
                merge(current, &b.0, latest, &MergeOptions::default())
                    .ok()
                    .map(|m| m.conflicts == 0)
            })
        })
    };
    view.summary.verdict = verdict.clone();
    if *class == FileClass::Owned && (local || row == Row::Adopt) {
        view.summary.edited = true;
        let message = format!("upstream owns this file and it was edited here: {verdict}");
        view.diagnostic(
            first,
            Severity::Warning,
            DiagnosticKind::ManagedEdited,
            message,
            None,
        );
    }
    let upstream_text = as_text(latest);
    if let (Some(base), Some(_)) = (baseline, texts) {
        if whole_file {
            let sides = Sides {
                current: &input.current,
                baseline: &base.0,
                latest,
                class: *class,
                markers: &markers,
                ignore_eol: *ignore_eol,
                version: latest_version,
            };
            upstream_changes(view, &sides);
        }
        if whole_file && !has_conflict_markers(current) && row != Row::NoUpstreamChange {
            let options = update_merge_options(installed, latest_version, *conflicts);
            if let Some((text, conflicts)) =
                three_way(&options, current, &base.0, latest, &markers, *class)
            {
                let title = match conflicts {
                    0 => "Apply every upstream change to this file (three-way merge)".to_string(),
                    1 => "Apply every upstream change to this file (three-way merge, 1 conflict block)".to_string(),
                    n => format!("Apply every upstream change to this file (three-way merge, {n} conflict blocks)"),
                };
                view.whole_file(title, &text);
            }
        }
    }
    if let Some(upstream_text) = upstream_text.filter(|_| row != Row::NoUpstreamChange) {
        view.whole_file("Take upstream's file".into(), upstream_text);
    }
    Ok(())
}

/// The three-way merge the update would make, labelled as the update labels it. With
/// generated regions, the masked texts are merged (as the region oracle compares them)
/// and the editor's own region bodies put back, for the update to regenerate.
fn three_way(
    options: &MergeOptions,
    current: &[u8],
    base: &[u8],
    latest: &[u8],
    markers: &[RegionMarkers],
    class: FileClass,
) -> Option<(String, usize)> {
    let normalized = (!markers.is_empty())
        .then(|| region_verdict(class, current, base, latest, markers, false).normalized)
        .flatten();
    let Some(masked) = normalized else {
        let merged = merge(current, base, latest, options).ok()?;
        return Some((String::from_utf8(merged.content).ok()?, merged.conflicts));
    };
    let merged = merge(
        &masked.current.0,
        &masked.baseline.0,
        &masked.latest.0,
        options,
    )
    .ok()?;
    let mut text = merged.content;
    for m in markers {
        let MarkerScan::Present {
            body_start,
            body_end,
        } = scan(current, &m.start, &m.end)
        else {
            continue;
        };
        match scan(&text, &m.start, &m.end) {
            MarkerScan::Present {
                body_start: at,
                body_end: end,
            } if at == end => {
                text.splice(at..at, current[body_start..body_end].iter().copied());
            }
            _ => return None,
        }
    }
    Some((String::from_utf8(text).ok()?, merged.conflicts))
}

/// The bytes as text, when they are UTF-8 and not binary.
fn as_text(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes)
        .ok()
        .filter(|_| !is_binary(bytes))
}

fn same(x: &Side, y: &Side, ignore_eol: bool) -> bool {
    matches!(
        classify(FileClass::Shared, x, x, y, ignore_eol),
        Row::NoUpstreamChange
    )
}

/// What the next update does with the file, as one sentence.
fn verdict(
    row: Row,
    class: FileClass,
    path: &str,
    version: &str,
    mode: ConflictMode,
    merges_cleanly: impl FnOnce() -> Option<bool>,
) -> String {
    match row {
        Row::NoUpstreamChange => format!("upstream {version} does not change it: the next update leaves it as it is"),
        Row::AlreadyLatest => format!("it already matches upstream {version}: the next update leaves it as it is"),
        Row::NoLocalChange if class == FileClass::Owned => {
            format!("the next update replaces it with upstream {version}'s version (backed up first)")
        }
        Row::NoLocalChange => format!(
            "not edited here: the next update takes upstream {version}'s version (backed up first)"
        ),
        Row::Adopt => format!(
            "upstream {version} now owns this path: the next update replaces it with upstream's version (yours is backed up first)"
        ),
        _ => {
            let clean = merges_cleanly();
            match (mode, clean) {
                (ConflictMode::Merge | ConflictMode::Markers, Some(true)) => format!(
                    "you and upstream {version} both changed it: the next update merges the two cleanly (backed up first)"
                ),
                (ConflictMode::Merge | ConflictMode::Markers, Some(false)) => format!(
                    "you and upstream {version} both changed it: the next update writes the three-way merge with conflict markers (backed up first)"
                ),
                (ConflictMode::Patch, Some(_)) => format!(
                    "you and upstream {version} both changed it: the next update leaves your file as it is and writes upstream's change to .upkeep-merge/{path}.patch"
                ),
                _ => format!(
                    "you and upstream {version} both changed it, and it cannot be merged: the next update leaves your file as it is and writes upstream's side beside it in .upkeep-merge/"
                ),
            }
        }
    }
}

/// The code lens on the first line.
pub(crate) fn lens_title(s: &FileSummary) -> String {
    if s.class == "installed" {
        return format!("upkeep: installed from {}", s.installed);
    }
    let mut parts = vec![
        format!("upkeep: {}", s.class),
        format!("{} → {}", s.installed, s.latest),
        counted(s.upstream_hunks, "upstream hunk", "upstream hunks"),
    ];
    if s.both_changed > 0 {
        parts.push(counted(
            s.both_changed,
            "both-changed range",
            "both-changed ranges",
        ));
    }
    parts.push(counted(s.conflicts, "conflict", "conflicts"));
    if s.field_notes > 0 {
        parts.push(counted(s.field_notes, "field note", "field notes"));
    }
    parts.join(" · ")
}

/// The hover of the first line: the lens's facts and the verdict.
pub(crate) fn hover_markdown(s: &FileSummary) -> String {
    format!("**{}**\n\n{}", lens_title(s), s.verdict)
}
