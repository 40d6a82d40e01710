//! Hunks as data — the changes between two texts with their context, for user interfaces —
//! and applying a chosen subset of them to the old text.
//!
//! A hunk covers one or more changes whose unchanged gaps are at most twice the context
//! (the hunks of `diff -U<context>`); with a context of 0 every change is its own hunk.
//!
//! ```
//! use upkeep_core::text::{apply_hunks, diff_hunks, DiffOptions, LineKind};
//!
//! let old = b"one\ntwo\nthree\nfour\n";
//! let new = b"ONE\ntwo\nthree\nFOUR\n";
//! let options = DiffOptions { context: 0, ..DiffOptions::default() };
//!
//! let hunks = diff_hunks(old, new, &options).unwrap();
//! assert_eq!(hunks.len(), 2);
//! assert_eq!((hunks[1].old_start, hunks[1].old_lines), (3, 1));
//! assert_eq!(hunks[1].lines[0].kind, LineKind::Delete);
//! assert_eq!(hunks[1].lines[1].text, b"FOUR\n");
//!
//! // Take the second change only.
//! assert_eq!(apply_hunks(old, new, &[1], &options).unwrap(), b"one\ntwo\nthree\nFOUR\n");
//! ```

use std::ops::Range;

use super::edits::{line_edits, Edit};
use super::lines::{is_binary, split_lines, Interner};
use super::options::DiffOptions;
use crate::error::{Error, ErrorKind, Result};

/// A group of nearby changes with the unchanged lines around them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Hunk {
    /// Index (0-based) of the hunk's first line in the old text; with no old lines, the
    /// index the new lines go before.
    pub old_start: usize,
    /// How many old lines the hunk covers (context and deleted lines).
    pub old_lines: usize,
    /// Index (0-based) of the hunk's first line in the new text.
    pub new_start: usize,
    /// How many new lines the hunk covers (context and inserted lines).
    pub new_lines: usize,
    /// Its header line as `diff -u` writes it, without the newline (`@@ -3,2 +3,3 @@`;
    /// an empty range is the line before it: `@@ -0,0 +1,2 @@`).
    pub header: String,
    /// The lines in patch order: context, then each change's deletions, then its
    /// insertions.
    pub lines: Vec<HunkLine>,
}

/// One line of a hunk.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct HunkLine {
    /// Whether the line is kept, removed or added.
    pub kind: LineKind,
    /// The line's bytes with its line ending; the last line of a text may have none.
    /// Context lines are taken from the old text.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "Uint8Array")))]
    #[cfg_attr(feature = "serde", serde(serialize_with = "super::serialize_bytes"))]
    pub text: Vec<u8>,
}

/// The role of a line in a hunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum LineKind {
    /// Unchanged, shown for context (` ` in a unified diff).
    Context,
    /// Only in the old text (`-`).
    Delete,
    /// Only in the new text (`+`).
    Insert,
}

impl LineKind {
    /// The name JavaScript sees: `context`, `delete` or `insert`.
    pub fn as_str(&self) -> &'static str {
        match self {
            LineKind::Context => "context",
            LineKind::Delete => "delete",
            LineKind::Insert => "insert",
        }
    }
}

/// The hunks that turn `old` into `new`. Binary input is refused with
/// [`ErrorKind::BinaryInput`], naming it by its label.
pub fn diff_hunks(old: &[u8], new: &[u8], options: &DiffOptions) -> Result<Vec<Hunk>> {
    let pair = LinePair::text(old, new, options)?;
    Ok(pair.hunks(options.context))
}

/// The old text with the selected hunks of [`diff_hunks`] applied (by index, in any order);
/// every other hunk keeps its old lines. Selecting every hunk gives `new` (up to line
/// endings when `ignore_eol` is set, since unchanged lines keep their old bytes).
/// An index out of range or given twice is an [`ErrorKind::InvalidHunkSelection`].
pub fn apply_hunks(
    old: &[u8],
    new: &[u8],
    selection: &[usize],
    options: &DiffOptions,
) -> Result<Vec<u8>> {
    let pair = LinePair::text(old, new, options)?;
    let groups = pair.groups(options.context);
    let mut chosen = vec![false; groups.len()];
    for &index in selection {
        let invalid =
            |detail: String| Error::new(ErrorKind::InvalidHunkSelection, index.to_string(), detail);
        match chosen.get_mut(index) {
            None => {
                return Err(invalid(match groups.len() {
                    0 => "the texts have no hunks".to_string(),
                    n => format!("the hunks are numbered 0 to {}", n - 1),
                }))
            }
            Some(true) => return Err(invalid("the hunk is selected twice".to_string())),
            Some(taken) => *taken = true,
        }
    }
    let mut out = Vec::with_capacity(old.len().max(new.len()));
    let mut at = 0;
    for (group, _) in groups.iter().zip(&chosen).filter(|(_, taken)| **taken) {
        pair.old[at..group.old.start]
            .iter()
            .for_each(|line| out.extend_from_slice(line));
        pair.new[group.new.clone()]
            .iter()
            .for_each(|line| out.extend_from_slice(line));
        at = group.old.end;
    }
    pair.old[at..]
        .iter()
        .for_each(|line| out.extend_from_slice(line));
    Ok(out)
}

/// The lines of two texts and the edits between them.
#[derive(Debug)]
pub(crate) struct LinePair<'a> {
    pub old: Vec<&'a [u8]>,
    pub new: Vec<&'a [u8]>,
    pub edits: Vec<Edit>,
}

/// The extent of one hunk: its old and new line ranges and the edits inside it.
#[derive(Debug)]
pub(crate) struct Group {
    pub old: Range<usize>,
    pub new: Range<usize>,
    pub edits: Range<usize>,
}

impl<'a> LinePair<'a> {
    /// Splits and diffs two texts, refusing binary ones.
    pub(crate) fn text(old: &'a [u8], new: &'a [u8], options: &DiffOptions) -> Result<Self> {
        options.check()?;
        for (label, bytes) in [(&options.old_label, old), (&options.new_label, new)] {
            if is_binary(bytes) {
                return Err(binary_input(label));
            }
        }
        let (old, new) = (split_lines(old), split_lines(new));
        let mut interner = Interner::new(options.ignore_eol);
        let (old_ids, new_ids) = (interner.intern(&old), interner.intern(&new));
        let edits = line_edits(&old_ids, &new_ids);
        Ok(LinePair { old, new, edits })
    }

    /// Groups the edits into hunks with `context` lines around each change: a gap of at
    /// most `2 * context` unchanged lines keeps two changes in one hunk, as in GNU diff.
    pub(crate) fn groups(&self, context: usize) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        for (index, edit) in self.edits.iter().enumerate() {
            match groups.last_mut() {
                Some(last)
                    if edit.old.start - self.edits[last.edits.end - 1].old.end
                        <= context.saturating_mul(2) =>
                {
                    last.edits.end = index + 1;
                }
                _ => groups.push(Group {
                    old: 0..0,
                    new: 0..0,
                    edits: index..index + 1,
                }),
            }
        }
        for group in &mut groups {
            let (first, last) = (
                &self.edits[group.edits.start],
                &self.edits[group.edits.end - 1],
            );
            let before = context.min(first.old.start);
            let after = context.min(self.old.len() - last.old.end);
            group.old = first.old.start - before..last.old.end + after;
            group.new = first.new.start - before..last.new.end + after;
        }
        groups
    }

    /// The hunks as data.
    pub(crate) fn hunks(&self, context: usize) -> Vec<Hunk> {
        self.groups(context)
            .into_iter()
            .map(|group| self.hunk(&group))
            .collect()
    }

    fn hunk(&self, group: &Group) -> Hunk {
        let mut lines = Vec::with_capacity(group.old.len() + group.new.len());
        let mut push = |kind: LineKind, text: &[&[u8]]| {
            lines.extend(text.iter().map(|line| HunkLine {
                kind,
                text: line.to_vec(),
            }));
        };
        let mut at = group.old.start;
        for edit in &self.edits[group.edits.clone()] {
            push(LineKind::Context, &self.old[at..edit.old.start]);
            push(LineKind::Delete, &self.old[edit.old.clone()]);
            push(LineKind::Insert, &self.new[edit.new.clone()]);
            at = edit.old.end;
        }
        push(LineKind::Context, &self.old[at..group.old.end]);
        let mut header = Vec::new();
        super::udiff::write_header(&mut header, group);
        Hunk {
            old_start: group.old.start,
            old_lines: group.old.len(),
            new_start: group.new.start,
            new_lines: group.new.len(),
            // Digits, commas and signs only.
            header: String::from_utf8_lossy(&header).trim_end().to_string(),
            lines,
        }
    }
}

/// The error for binary input, naming it.
pub(crate) fn binary_input(label: &str) -> Error {
    Error::new(
        ErrorKind::BinaryInput,
        label,
        "it has a NUL byte in its first 8000 bytes, so it is not compared line by line",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(context: usize) -> DiffOptions {
        DiffOptions {
            context,
            ..DiffOptions::default()
        }
    }

    fn numbered(lines: &[&str]) -> Vec<u8> {
        lines
            .iter()
            .flat_map(|l| format!("{l}\n").into_bytes())
            .collect()
    }

    #[test]
    fn hunk_extents() {
        let old = numbered(&["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
        let new = numbered(&["1", "X", "3", "4", "5", "6", "7", "8", "Y", "10"]);
        // (context, expected [(old_start, old_lines, new_start, new_lines)])
        type Extent = (usize, usize, usize, usize);
        let cases: [(usize, &[Extent]); 4] = [
            (0, &[(1, 1, 1, 1), (8, 1, 8, 1)]),
            (2, &[(0, 4, 0, 4), (6, 4, 6, 4)]),
            (3, &[(0, 10, 0, 10)]),
            (100, &[(0, 10, 0, 10)]),
        ];
        for (context, expected) in cases {
            let hunks = diff_hunks(&old, &new, &options(context)).unwrap();
            let extents: Vec<_> = hunks
                .iter()
                .map(|h| (h.old_start, h.old_lines, h.new_start, h.new_lines))
                .collect();
            assert_eq!(extents, expected, "context {context}");
        }
    }

    #[test]
    fn hunk_lines_in_patch_order() {
        let hunks = diff_hunks(b"a\nb\nc\n", b"a\nB\nc", &options(1)).unwrap();
        let lines: Vec<_> = hunks[0]
            .lines
            .iter()
            .map(|l| {
                (
                    l.kind.as_str(),
                    String::from_utf8_lossy(&l.text).into_owned(),
                )
            })
            .collect();
        let expected = [
            ("context", "a\n"),
            ("delete", "b\n"),
            ("delete", "c\n"),
            ("insert", "B\n"),
            ("insert", "c"),
        ];
        let expected: Vec<_> = expected.iter().map(|(k, t)| (*k, t.to_string())).collect();
        assert_eq!(lines, expected);
    }

    #[test]
    fn applying_subsets() {
        let old = numbered(&["1", "2", "3", "4", "5"]);
        let new = numbered(&["0", "1", "3", "4", "5", "6"]);
        let cases: [(&[usize], Vec<u8>); 5] = [
            (&[], old.clone()),
            (&[0], numbered(&["0", "1", "2", "3", "4", "5"])),
            (&[1], numbered(&["1", "3", "4", "5"])),
            (&[2, 0], numbered(&["0", "1", "2", "3", "4", "5", "6"])),
            (&[0, 1, 2], new.clone()),
        ];
        for (selection, expected) in cases {
            let applied = apply_hunks(&old, &new, selection, &options(0)).unwrap();
            assert_eq!(applied, expected, "{selection:?}");
        }
    }

    #[test]
    fn refused_selections_and_inputs() {
        let cases: [(&[u8], &[usize], &str, &str); 4] = [
            (
                b"a\n",
                &[0],
                "invalid-hunk-selection",
                "'0': the texts have no hunks",
            ),
            (
                b"b\n",
                &[1],
                "invalid-hunk-selection",
                "'1': the hunks are numbered 0 to 0",
            ),
            (
                b"b\n",
                &[0, 0],
                "invalid-hunk-selection",
                "'0': the hunk is selected twice",
            ),
            (b"b\0", &[0], "binary-input", "'new': it has a NUL byte"),
        ];
        for (new, selection, code, message) in cases {
            let error = apply_hunks(b"a\n", new, selection, &options(3)).unwrap_err();
            assert_eq!(error.code(), code);
            assert!(error.to_string().contains(message), "{error}");
        }
    }
}
