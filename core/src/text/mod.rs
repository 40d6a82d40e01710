//! The text engine: unified diffs, three-way merges, hunks and line endings, all on bytes.
//!
//! Text is never decoded: a line is whatever ends with `\n`, so CRLF files, CR-only files,
//! a missing final newline and invalid UTF-8 all survive a diff and its `patch` exactly.
//! Input with a NUL byte in its first 8,000 bytes is binary (git's rule) and is reported,
//! not compared line by line.
//!
//! - [`unified_diff`]: `diff -u -L old -L new`, byte for byte.
//! - [`merge`]: `git merge-file` (styles `merge`, `diff3`, `zdiff3`; favours; labels);
//!   [`merge_summary`]: what a view says of its result.
//! - [`diff_hunks`] / [`apply_hunks`]: the changes as data, and applying a chosen subset.
//! - [`has_conflict_markers`]: a file still holding the markers of an unresolved merge.
//! - [`line_endings`] / [`same_text`]: the dominant line ending, and comparing while
//!   ignoring CRLF versus LF.
//!
//! ```
//! use upkeep_core::text::{merge, unified_diff, DiffOptions, MergeOptions};
//!
//! let base = b"red\ngreen\nblue\n";
//! let ours = b"red\ngreen\nblue\nviolet\n";
//! let theirs = b"crimson\ngreen\nblue\n";
//!
//! let diff = unified_diff(base, ours, &DiffOptions::default()).unwrap();
//! assert_eq!(diff.patch, b"--- old\n+++ new\n@@ -1,3 +1,4 @@\n red\n green\n blue\n+violet\n");
//!
//! let merged = merge(ours, base, theirs, &MergeOptions::default()).unwrap();
//! assert_eq!(merged.content, b"crimson\ngreen\nblue\nviolet\n");
//! assert_eq!(merged.conflicts, 0);
//! ```

mod edits;
mod eol;
mod files;
mod hunks;
mod lines;
mod markers;
mod merge;
mod options;
mod udiff;
mod xdiff;

pub use eol::{line_endings, same_text, to_crlf, LineEnding, LineEndings};
pub use files::{diff_files, format_time, quote_name, FileDiffOptions, FileSide, FileTime};
pub use hunks::{apply_hunks, diff_hunks, Hunk, HunkLine, LineKind};
pub use lines::{is_binary, BINARY_PROBE_BYTES};
pub use markers::has_conflict_markers;
pub use merge::{merge, merge_summary, MergeResult, MergeSummary};
pub(crate) use merge::{merge_spans, SpanTake};
pub use options::{ConflictStyle, DiffOptions, Favor, MergeOptions};
pub use udiff::{unified_diff, DiffStatus, UnifiedDiff};

/// Serializes a byte field as bytes (a `Uint8Array` in JavaScript), not as a list of numbers.
#[cfg(feature = "serde")]
fn serialize_bytes<S: serde::Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(bytes)
}
