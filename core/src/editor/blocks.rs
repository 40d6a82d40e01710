//! Conflict blocks an update (or any `git merge-file`) left in the file: one Error per
//! block, from its `<<<<<<<` line to its `>>>>>>>` line, with keep yours / take upstream /
//! keep both. The `|||||||` base section of the diff3 styles is recognised and dropped by
//! every choice. Markers are the default size, alone on their line or followed by a space
//! and a label, as [`has_conflict_markers`](crate::text::has_conflict_markers) reads them.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use std::ops::Range;

use super::model::{DiagnosticKind, Severity};
use super::positions::line_starts;
use super::View;

/// One conflict block, as byte ranges of the text.
#[derive(Debug)]
struct Block {
    /// From the start of the `<<<<<<<` line to the end of the `>>>>>>>` line.
    whole: Range<usize>,
    ours: Range<usize>,
    theirs: Range<usize>,
    ours_label: String,
    theirs_label: String,
}

/// A block being read: where its `<<<<<<<` line starts, where ours starts and ends, where
/// theirs starts, and ours' label.
type Opened = (usize, usize, Option<usize>, Option<usize>, String);

/// What a line is, for the block scanner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Marker {
    Open,
    Base,
    Split,
    Close,
}

fn marker(line: &[u8]) -> Option<(Marker, &[u8])> {
    let kinds = [
        (b'<', Marker::Open),
        (b'|', Marker::Base),
        (b'=', Marker::Split),
        (b'>', Marker::Close),
    ];
    for (byte, kind) in kinds {
        if line.len() >= 7 && line[..7].iter().all(|&b| b == byte) {
            let rest = &line[7..];
            return match rest.first() {
                None | Some(b'\r' | b'\n') => Some((kind, &[][..])),
                Some(b' ') if kind != Marker::Split => Some((kind, &rest[1..])),
                _ => None,
            };
        }
    }
    None
}

fn label(rest: &[u8]) -> String {
    String::from_utf8_lossy(rest)
        .trim_end_matches(['\r', '\n'])
        .to_string()
}

/// Adds one Error (and its three actions) per conflict block; returns how many blocks.
pub(crate) fn conflict_blocks(view: &mut View<'_>) -> usize {
    let bytes = view.text.as_bytes();
    let starts = line_starts(bytes);
    let mut blocks = Vec::new();
    let mut unterminated = Vec::new();
    let mut open: Option<Opened> = None;
    for pair in starts.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        let Some((kind, rest)) = marker(&bytes[from..to]) else {
            continue;
        };
        match (kind, open.as_mut()) {
            (Marker::Open, current) => {
                if let Some((start, ..)) = current {
                    unterminated.push(*start);
                }
                open = Some((from, to, None, None, label(rest)));
            }
            (Marker::Base, Some((_, _, ours_end @ None, None, _))) => *ours_end = Some(from),
            (Marker::Split, Some((_, _, ours_end, theirs @ None, _))) => {
                ours_end.get_or_insert(from);
                *theirs = Some(to);
            }
            (
                Marker::Close,
                Some((start, ours_start, Some(ours_end), Some(theirs), ours_label)),
            ) => {
                blocks.push(Block {
                    whole: *start..to,
                    ours: *ours_start..*ours_end,
                    theirs: *theirs..from,
                    ours_label: std::mem::take(ours_label),
                    theirs_label: label(rest),
                });
                open = None;
            }
            _ => {}
        }
    }
    if let Some((start, ..)) = open {
        unterminated.push(start);
    }
    for block in &blocks {
        let range = view
            .index
            .range(block.whole.start, trim_eol(bytes, block.whole.end));
        let name = |label: &str, fallback: &str| {
            if label.is_empty() {
                fallback.to_string()
            } else {
                format!("{fallback} ({label})")
            }
        };
        let (yours, upstream) = (
            name(&block.ours_label, "yours"),
            name(&block.theirs_label, "upstream"),
        );
        let message =
            format!("conflict left by an update: {yours} against {upstream}; keep yours, take upstream or keep both");
        let d = view.diagnostic(
            range,
            Severity::Error,
            DiagnosticKind::ConflictBlock,
            message,
            None,
        );
        let ours = &view.text[block.ours.clone()];
        let theirs = &view.text[block.theirs.clone()];
        let both = format!("{ours}{theirs}");
        let (start, end) = (block.whole.start, block.whole.end);
        view.quickfix("Keep yours".into(), d, start, end, ours, false);
        view.quickfix("Take upstream".into(), d, start, end, theirs, false);
        view.quickfix("Keep both".into(), d, start, end, &both, false);
    }
    for start in unterminated {
        let range = view.index.line_range(start);
        view.diagnostic(
            range,
            Severity::Error,
            DiagnosticKind::ConflictBlock,
            "conflict block without its ======= or >>>>>>> line: resolve it by hand".into(),
            None,
        );
    }
    blocks.len()
}

/// `end` moved back over a line ending, so a range ends on its own line.
fn trim_eol(bytes: &[u8], mut end: usize) -> usize {
    while end > 0 && matches!(bytes[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    end
}
