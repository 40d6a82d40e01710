//! Upstream's changes mapped onto the editor's text: the regions a three-way merge of
//! (current, baseline, latest) builds. A region only upstream changed is an Information
//! with "apply this upstream hunk" (the merge's own replacement); one both changed
//! differently is a Warning. Declared generated regions are masked on every side first,
//! as the update's region oracle masks them, so a regenerated body is never drift.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::model::{DiagnosticKind, Severity};
use super::positions::{line_starts, lines_range, span};
use super::View;
use crate::regions::{region_verdict, scan, MarkerScan, RegionMarkers};
use crate::text::{merge_spans, SpanTake};
use crate::update::FileClass;

/// The three sides and what the update compares them with.
pub(crate) struct Sides<'a> {
    pub current: &'a str,
    pub baseline: &'a [u8],
    pub latest: &'a [u8],
    pub class: FileClass,
    pub markers: &'a [RegionMarkers],
    pub ignore_eol: bool,
    pub version: &'a str,
}

/// A side with its region bodies masked, and where each masked line came from.
struct Masked {
    bytes: Vec<u8>,
    /// Original line index of each masked line, plus the original line count at the end.
    origin: Vec<usize>,
    /// Byte starts of the original lines.
    starts: Vec<usize>,
}

impl Masked {
    fn new(original: &[u8], masked: Option<&[u8]>, markers: &[RegionMarkers]) -> Self {
        let starts = line_starts(original);
        let lines = starts.len() - 1;
        let bodies: Vec<(usize, usize)> = match masked {
            None => Vec::new(),
            Some(_) => markers
                .iter()
                .filter_map(|m| match scan(original, &m.start, &m.end) {
                    MarkerScan::Present {
                        body_start,
                        body_end,
                    } => Some((body_start, body_end)),
                    _ => None,
                })
                .collect(),
        };
        let mut origin: Vec<usize> = (0..lines)
            .filter(|&i| !bodies.iter().any(|&(s, e)| starts[i] >= s && starts[i] < e))
            .collect();
        origin.push(lines);
        Masked {
            bytes: masked.unwrap_or(original).to_vec(),
            origin,
            starts,
        }
    }

    /// The original lines of masked lines `from..to`, when they are contiguous there.
    fn original(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let start = self.origin[from];
        if from == to {
            return Some((start, start));
        }
        let end = self.origin[to - 1] + 1;
        (end - start == to - from).then_some((start, end))
    }

    /// The original lines a masked range covers, contiguous or not (for a diagnostic).
    fn covering(&self, from: usize, to: usize) -> (usize, usize) {
        let start = self.origin[from];
        if from == to {
            return (start, start);
        }
        (start, self.origin[to - 1] + 1)
    }
}

/// Adds the upstream and both-changed diagnostics (and their hunk actions) to `view`.
pub(crate) fn upstream_changes(view: &mut View<'_>, sides: &Sides<'_>) {
    let current = sides.current.as_bytes();
    let normalized = (!sides.markers.is_empty())
        .then(|| {
            region_verdict(
                sides.class,
                current,
                sides.baseline,
                sides.latest,
                sides.markers,
                sides.ignore_eol,
            )
            .normalized
        })
        .flatten();
    let (ours, base, theirs) = match &normalized {
        Some(n) => (
            Masked::new(current, Some(&n.current.0), sides.markers),
            n.baseline.0.clone(),
            Masked::new(sides.latest, Some(&n.latest.0), sides.markers),
        ),
        None => (
            Masked::new(current, None, sides.markers),
            sides.baseline.to_vec(),
            Masked::new(sides.latest, None, sides.markers),
        ),
    };
    let theirs_starts = line_starts(&theirs.bytes);
    for merged in merge_spans(&ours.bytes, &base, &theirs.bytes) {
        let (from, to) = ours.covering(merged.ours.start, merged.ours.end);
        let range = lines_range(&view.index, &ours.starts, from, to);
        let theirs_bytes = span(&theirs_starts, merged.theirs.start, merged.theirs.end);
        let theirs_text = String::from_utf8_lossy(&theirs.bytes[theirs_bytes]).into_owned();
        let ours_bytes = span(&ours.starts, from, to);
        let ours_text = &sides.current[ours_bytes.clone()];
        let detail = Some(diff_detail(ours_text, &theirs_text));
        let replaceable = ours.original(merged.ours.start, merged.ours.end).is_some()
            && theirs
                .original(merged.theirs.start, merged.theirs.end)
                .is_some()
            && std::str::from_utf8(
                &theirs.bytes[span(&theirs_starts, merged.theirs.start, merged.theirs.end)],
            )
            .is_ok();
        match merged.take {
            SpanTake::Theirs => {
                view.summary.upstream_hunks += 1;
                let what = match (merged.ours.is_empty(), merged.theirs.is_empty()) {
                    (true, _) => "adds lines here",
                    (_, true) => "removes these lines",
                    _ => "changes these lines",
                };
                let message = format!("upstream {} {what}", sides.version);
                let d = view.diagnostic(
                    range,
                    Severity::Information,
                    DiagnosticKind::UpstreamChange,
                    message,
                    detail,
                );
                if replaceable {
                    view.quickfix(
                        "Apply this upstream hunk".into(),
                        d,
                        ours_bytes.start,
                        ours_bytes.end,
                        &theirs_text,
                        true,
                    );
                }
            }
            SpanTake::Conflict => {
                view.summary.both_changed += 1;
                let message = format!(
                    "you and upstream {} both changed these lines",
                    sides.version
                );
                let d = view.diagnostic(
                    range,
                    Severity::Warning,
                    DiagnosticKind::BothChanged,
                    message,
                    detail,
                );
                if replaceable {
                    view.quickfix(
                        "Take upstream's version of these lines".into(),
                        d,
                        ours_bytes.start,
                        ours_bytes.end,
                        &theirs_text,
                        false,
                    );
                }
            }
            _ => {}
        }
    }
}

/// The change as a small diff for the hover: your lines, then upstream's.
fn diff_detail(ours: &str, theirs: &str) -> String {
    let mut out = String::from("```diff\n");
    let mut shown = 0;
    for (sign, text) in [('-', ours), ('+', theirs)] {
        for line in text.lines() {
            if shown == 40 {
                out.push_str("…\n");
                break;
            }
            out.push(sign);
            out.push(' ');
            out.push_str(line.trim_end_matches('\r'));
            out.push('\n');
            shown += 1;
        }
    }
    out.push_str("```\n(- yours, + upstream)");
    out
}
