//! Generated regions in the editor: an Information on each region naming the program that
//! rewrites its body, a Warning on every hand edit inside a body (lines that differ from
//! the reference copy — the file as last generated), with an action that restores the
//! generated text, and a Warning when the markers cannot delimit the region.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::model::{DiagnosticKind, Severity};
use super::View;
use crate::regions::{scan, MarkerAnomaly, MarkerScan, RegionDecl};
use crate::text::{diff_hunks, DiffOptions};

/// Adds the diagnostics of every region the file carries.
pub(crate) fn generated_regions(
    view: &mut View<'_>,
    decls: &[RegionDecl],
    reference: Option<&[u8]>,
) {
    let text = view.text;
    for decl in decls {
        let program = format!(
            "`{}`",
            crate::regions::shell_command(&decl.regenerate.argv())
        );
        let from = if decl.inputs.is_empty() {
            String::new()
        } else {
            format!(" from {}", decl.inputs.join(", "))
        };
        match scan(text.as_bytes(), &decl.start_marker, &decl.end_marker) {
            MarkerScan::Present {
                body_start,
                body_end,
            } => {
                let open = text[..body_start].trim_end_matches(['\n', '\r']).len();
                let line_start = text[..open].rfind('\n').map_or(0, |i| i + 1);
                let close_end = text[body_end..]
                    .find('\n')
                    .map_or(text.len(), |i| body_end + i);
                let close_end = text[..close_end].trim_end_matches('\r').len();
                let range = view.index.range(line_start, close_end);
                view.diagnostic(
                    range,
                    Severity::Information,
                    DiagnosticKind::GeneratedRegion,
                    format!(
                        "generated region '{}': {program} rewrites its body on every update{from}",
                        decl.id
                    ),
                    Some(format!(
                        "Edit {} instead of the body: the next update regenerates it.",
                        if decl.inputs.is_empty() {
                            "what the program reads".to_string()
                        } else {
                            decl.inputs.join(", ")
                        }
                    )),
                );
                if let Some(reference) = reference {
                    hand_edits(view, decl, &program, body_start..body_end, reference);
                }
            }
            MarkerScan::Malformed(anomaly) => {
                let why = match anomaly {
                    MarkerAnomaly::Duplicated => "a marker appears more than once",
                    MarkerAnomaly::Unbalanced => "one marker appears without the other",
                    _ => "the end marker comes before the start marker",
                };
                let range = view.index.line_range(0);
                view.diagnostic(
                    range,
                    Severity::Warning,
                    DiagnosticKind::RegionMarkers,
                    format!(
                        "generated region '{}' cannot be found: {why}; the next update compares this file as a whole",
                        decl.id
                    ),
                    None,
                );
            }
            _ => {}
        }
    }
}

/// Warnings on the body's lines that differ from the reference's body.
fn hand_edits(
    view: &mut View<'_>,
    decl: &RegionDecl,
    program: &str,
    body: std::ops::Range<usize>,
    reference: &[u8],
) {
    let MarkerScan::Present {
        body_start,
        body_end,
    } = scan(reference, &decl.start_marker, &decl.end_marker)
    else {
        return;
    };
    let generated = &reference[body_start..body_end];
    let Ok(generated_text) = std::str::from_utf8(generated) else {
        return;
    };
    let text = view.text;
    let edited = &text.as_bytes()[body.clone()];
    let options = DiffOptions {
        context: 0,
        ..DiffOptions::default()
    };
    let Ok(hunks) = diff_hunks(generated, edited, &options) else {
        return;
    };
    let lines: Vec<usize> = std::iter::once(body.start)
        .chain(
            edited
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| body.start + i + 1),
        )
        .collect();
    let at = |line: usize| lines.get(line).copied().unwrap_or(body.end);
    for hunk in hunks {
        let (start, end) = (at(hunk.new_start), at(hunk.new_start + hunk.new_lines));
        let range = if start < end {
            view.index.range(
                start,
                text[..end].trim_end_matches(['\n', '\r']).len().max(start),
            )
        } else {
            view.index.line_range(start.min(body.end))
        };
        let d = view.diagnostic(
            range,
            Severity::Warning,
            DiagnosticKind::RegionHandEdit,
            format!(
                "hand edit inside generated region '{}': the next update reruns {program} and replaces it{}",
                decl.id,
                if decl.inputs.is_empty() { String::new() } else { format!("; edit {} instead", decl.inputs.join(", ")) }
            ),
            None,
        );
        view.quickfix(
            format!("Restore the generated text of region '{}'", decl.id),
            d,
            body.start,
            body.end,
            generated_text,
            false,
        );
    }
}
