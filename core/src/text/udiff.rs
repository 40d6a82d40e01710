//! Unified diffs in the exact format of `diff -u -L <old> -L <new>` (GNU diffutils).
//!
//! Headers `--- old` / `+++ new`, hunk headers `@@ -a,b +c,d @@` (`,1` left out, an empty
//! range written as the line before it with `,0`), `\ No newline at end of file` after a
//! last line without one. Lines are bytes: CRLF, CR-only, invalid UTF-8 and very long
//! lines come through untouched, so `patch` and `git apply` rebuild the new file exactly.
//! Binary input is not diffed; it is reported the way diff reports it.
//!
//! ```
//! use upkeep_core::text::{unified_diff, DiffOptions, DiffStatus};
//!
//! let diff = unified_diff(b"a\nb\n", b"a\nc", &DiffOptions::default()).unwrap();
//! assert_eq!(diff.status, DiffStatus::Different);
//! assert_eq!(
//!     diff.patch,
//!     b"--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n"
//! );
//!
//! let binary = unified_diff(b"\0a", b"\0b", &DiffOptions::default()).unwrap();
//! assert_eq!(binary.status, DiffStatus::Binary);
//! assert_eq!(binary.patch, b"Binary files old and new differ\n");
//! ```

use std::io::Write as _;

use super::hunks::{Group, LinePair};
use super::lines::{ends_with_newline, is_binary};
use super::options::DiffOptions;
use super::same_text;
use crate::error::Result;

/// What [`unified_diff`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum DiffStatus {
    /// The texts are the same (ignoring CRLF/LF when asked); the patch is empty.
    Identical,
    /// The texts differ; the patch is a unified diff.
    Different,
    /// The inputs differ and one of them is binary; the patch is diff's one-line notice.
    Binary,
}

impl DiffStatus {
    /// The name JavaScript sees: `identical`, `different` or `binary`.
    pub fn as_str(&self) -> &'static str {
        match self {
            DiffStatus::Identical => "identical",
            DiffStatus::Different => "different",
            DiffStatus::Binary => "binary",
        }
    }
}

/// A unified diff and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UnifiedDiff {
    /// Identical, different, or not comparable as text.
    pub status: DiffStatus,
    /// The output `diff -u` would print: empty when identical, `Binary files <old> and
    /// <new> differ` for binary input.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "Uint8Array")))]
    #[cfg_attr(feature = "serde", serde(serialize_with = "super::serialize_bytes"))]
    pub patch: Vec<u8>,
}

/// The unified diff from `old` to `new`. Fails only on options that would break the
/// patch (a label holding a line break).
pub fn unified_diff(old: &[u8], new: &[u8], options: &DiffOptions) -> Result<UnifiedDiff> {
    options.check()?;
    if is_binary(old) || is_binary(new) {
        let (status, patch) = if old == new {
            (DiffStatus::Identical, Vec::new())
        } else {
            let notice = format!(
                "Binary files {} and {} differ\n",
                options.old_label, options.new_label
            );
            (DiffStatus::Binary, notice.into_bytes())
        };
        return Ok(UnifiedDiff { status, patch });
    }
    if same_text(old, new, options) {
        return Ok(UnifiedDiff {
            status: DiffStatus::Identical,
            patch: Vec::new(),
        });
    }
    let pair = LinePair::text(old, new, options)?;
    let mut patch = Vec::with_capacity(64 + old.len().min(new.len()) / 8);
    patch.extend_from_slice(
        format!("--- {}\n+++ {}\n", options.old_label, options.new_label).as_bytes(),
    );
    for group in pair.groups(options.context) {
        render_hunk(&pair, &group, &mut patch);
    }
    Ok(UnifiedDiff {
        status: DiffStatus::Different,
        patch,
    })
}

/// Writes one hunk: its header, then context, deletions and insertions in order.
fn render_hunk(pair: &LinePair<'_>, group: &Group, out: &mut Vec<u8>) {
    write_header(out, group);
    let mut at = group.old.start;
    for edit in &pair.edits[group.edits.clone()] {
        write_lines(out, b' ', &pair.old[at..edit.old.start]);
        write_lines(out, b'-', &pair.old[edit.old.clone()]);
        write_lines(out, b'+', &pair.new[edit.new.clone()]);
        at = edit.old.end;
    }
    write_lines(out, b' ', &pair.old[at..group.old.end]);
}

/// A hunk's header line, `@@ -a,b +c,d @@` and its newline.
pub(super) fn write_header(out: &mut Vec<u8>, group: &Group) {
    out.extend_from_slice(b"@@ -");
    write_range(out, group.old.start, group.old.len());
    out.extend_from_slice(b" +");
    write_range(out, group.new.start, group.new.len());
    out.extend_from_slice(b" @@\n");
}

/// A hunk header range as GNU diff prints it: `start,count`; `start` alone for one line;
/// for no lines, the (1-based) number of the line before, with `,0`.
fn write_range(out: &mut Vec<u8>, start: usize, count: usize) {
    // Writing into a Vec cannot fail.
    let _ = match count {
        0 => write!(out, "{start},0"),
        1 => write!(out, "{}", start + 1),
        _ => write!(out, "{},{count}", start + 1),
    };
}

fn write_lines(out: &mut Vec<u8>, prefix: u8, lines: &[&[u8]]) {
    for line in lines {
        out.push(prefix);
        out.extend_from_slice(line);
        if !ends_with_newline(line) {
            out.extend_from_slice(b"\n\\ No newline at end of file\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(old: &[u8], new: &[u8], context: usize) -> String {
        let options = DiffOptions {
            context,
            ..DiffOptions::default()
        };
        String::from_utf8(unified_diff(old, new, &options).unwrap().patch).unwrap()
    }

    /// Expected outputs checked against GNU diffutils 3.8 (`diff -u -L old -L new`).
    #[test]
    fn renders_like_gnu_diff() {
        let cases: [(&[u8], &[u8], usize, &str); 9] = [
            (b"", b"", 3, ""),
            (
                b"",
                b"a\nb",
                3,
                "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
            ),
            (
                b"a\nb\n",
                b"",
                3,
                "--- old\n+++ new\n@@ -1,2 +0,0 @@\n-a\n-b\n",
            ),
            (b"a\n", b"b\n", 3, "--- old\n+++ new\n@@ -1 +1 @@\n-a\n+b\n"),
            (
                b"a\nb\n",
                b"a\nb",
                3,
                "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n",
            ),
            (
                b"a",
                b"a\n",
                0,
                "--- old\n+++ new\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n",
            ),
            (
                b"a\nb\nc\n",
                b"a\nc\n",
                0,
                "--- old\n+++ new\n@@ -2 +1,0 @@\n-b\n",
            ),
            (
                b"a\nc\n",
                b"a\nb\nc\n",
                0,
                "--- old\n+++ new\n@@ -1,0 +2 @@\n+b\n",
            ),
            (
                b"a\r\nb\r\n",
                b"a\r\nB\r\n",
                3,
                "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\r\n",
            ),
        ];
        for (old, new, context, expected) in cases {
            assert_eq!(diff(old, new, context), expected, "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn statuses() {
        let ignoring = DiffOptions {
            ignore_eol: true,
            ..DiffOptions::default()
        };
        let cases: [(&[u8], &[u8], &DiffOptions, DiffStatus); 5] = [
            (
                b"a\n",
                b"a\n",
                &DiffOptions::default(),
                DiffStatus::Identical,
            ),
            (
                b"a\r\n",
                b"a\n",
                &DiffOptions::default(),
                DiffStatus::Different,
            ),
            (b"a\r\n", b"a\n", &ignoring, DiffStatus::Identical),
            (b"\0", b"\0", &DiffOptions::default(), DiffStatus::Identical),
            (b"\0", b"a", &ignoring, DiffStatus::Binary),
        ];
        for (old, new, options, status) in cases {
            assert_eq!(
                unified_diff(old, new, options).unwrap().status,
                status,
                "{old:?} -> {new:?}"
            );
        }
    }

    #[test]
    fn refuses_labels_with_line_breaks() {
        let options = DiffOptions {
            new_label: "a\nb".into(),
            ..DiffOptions::default()
        };
        let error = unified_diff(b"a", b"b", &options).unwrap_err();
        assert_eq!(error.code(), "invalid-options");
        assert!(
            error.to_string().starts_with("invalid options 'newLabel'"),
            "{error}"
        );
    }
}
