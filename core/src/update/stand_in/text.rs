//! STAND-IN for the text engine (branch `text`): byte comparison with the line-ending
//! option, `diff -u` between two files, and a `git merge-file`-style three-way merge.
//! Deliberately small; the text engine's versions replace these function bodies.
//!
//! ```
//! use upkeep_core::update::stand_in::text::{merge3, unified_patch};
//!
//! let patch = unified_patch(b"a\nb\n", b"a\nc\n", "f", "f (latest)");
//! assert_eq!(patch, b"--- f\n+++ f (latest)\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n".to_vec());
//!
//! let merged = merge3(b"1\n2\n3\n", b"one\n2\n3\n", b"1\n2\nthree\n", "ours", "theirs");
//! assert_eq!((merged.clean, merged.bytes), (true, b"one\n2\nthree\n".to_vec()));
//! ```

use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffOp, DiffTag};

/// Whether a file is binary the way git decides: a NUL in its first 8000 bytes.
pub fn is_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(8000).any(|&b| b == 0)
}

/// Whether `a` and `b` hold the same bytes, or with `ignore_eol` the same text once every
/// CRLF is read as LF.
pub fn same(a: &[u8], b: &[u8], ignore_eol: bool) -> bool {
    if a == b {
        return true;
    }
    if !ignore_eol || is_binary(a) || is_binary(b) {
        return false;
    }
    let strip = |x: &[u8]| -> Vec<u8> {
        let mut out = Vec::with_capacity(x.len());
        for (i, &byte) in x.iter().enumerate() {
            if byte == b'\r' && x.get(i + 1) == Some(&b'\n') {
                continue;
            }
            out.push(byte);
        }
        out
    };
    strip(a) == strip(b)
}

/// Splits into lines, each keeping its terminator; a last line may lack one.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// `diff -u -L old_label -L new_label old new`: empty when the inputs are equal, diff's
/// one-line notice when either is binary.
pub fn unified_patch(old: &[u8], new: &[u8], old_label: &str, new_label: &str) -> Vec<u8> {
    if old == new {
        return Vec::new();
    }
    if is_binary(old) || is_binary(new) {
        return format!("Binary files {old_label} and {new_label} differ\n").into_bytes();
    }
    let (a, b) = (lines(old), lines(new));
    let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
    let mut out = format!("--- {old_label}\n+++ {new_label}\n").into_bytes();
    for group in group_diff_ops(ops, 3) {
        let (first, last) = (group[0], group[group.len() - 1]);
        let old_range = first.old_range().start..last.old_range().end;
        let new_range = first.new_range().start..last.new_range().end;
        out.extend_from_slice(
            format!("@@ -{} +{} @@\n", range(old_range), range(new_range)).as_bytes(),
        );
        for op in group {
            let (tag, old_lines, new_lines) = op.as_tag_tuple();
            let mut emit = |prefix: u8, line: &[u8]| {
                out.push(prefix);
                out.extend_from_slice(line);
                if !line.ends_with(b"\n") {
                    out.extend_from_slice(b"\n\\ No newline at end of file\n");
                }
            };
            match tag {
                DiffTag::Equal => old_lines.for_each(|i| emit(b' ', a[i])),
                _ => {
                    old_lines.for_each(|i| emit(b'-', a[i]));
                    new_lines.for_each(|i| emit(b'+', b[i]));
                }
            }
        }
    }
    out
}

/// A hunk range as GNU diff writes it: `start,count`, `start` alone for one line, and
/// the line before the hunk for an empty side.
fn range(lines: std::ops::Range<usize>) -> String {
    match lines.len() {
        0 => format!("{},0", lines.start),
        1 => format!("{}", lines.start + 1),
        n => format!("{},{n}", lines.start + 1),
    }
}

/// The outcome of [`merge3`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// No overlapping changes: `bytes` is the merged file.
    pub clean: bool,
    /// The merged file; with conflict markers when not clean.
    pub bytes: Vec<u8>,
}

/// Three-way line merge of `ours` and `theirs` against `base`, like `git merge-file`:
/// changes on one side are taken, identical changes on both sides are taken once, and
/// overlapping different changes get conflict markers labelled `ours_label` and
/// `theirs_label`, written with the line ending `ours` uses.
pub fn merge3(
    base: &[u8],
    ours: &[u8],
    theirs: &[u8],
    ours_label: &str,
    theirs_label: &str,
) -> Merged {
    let (o, a, b) = (lines(base), lines(ours), lines(theirs));
    let to_ours = matches(&o, &a);
    let to_theirs = matches(&o, &b);
    let eol: &[u8] = if ours.windows(2).any(|w| w == b"\r\n") {
        b"\r\n"
    } else {
        b"\n"
    };
    let mut out = Vec::new();
    let mut clean = true;
    let (mut i, mut j, mut k) = (0, 0, 0);
    loop {
        // Copy the stable run: base lines matched on both sides at the current positions.
        while i < o.len() && to_ours[i] == Some(j) && to_theirs[i] == Some(k) {
            out.extend_from_slice(o[i]);
            (i, j, k) = (i + 1, j + 1, k + 1);
        }
        // The next base line matched on both sides ends the unstable chunk.
        let next = (i..o.len()).find(|&n| to_ours[n].is_some() && to_theirs[n].is_some());
        let (ni, nj, nk) = match next {
            Some(n) => (
                n,
                to_ours[n].unwrap_or(a.len()),
                to_theirs[n].unwrap_or(b.len()),
            ),
            None => (o.len(), a.len(), b.len()),
        };
        if (ni, nj, nk) == (i, j, k) {
            break;
        }
        let (base_chunk, ours_chunk, theirs_chunk) = (&o[i..ni], &a[j..nj], &b[k..nk]);
        if ours_chunk == base_chunk || ours_chunk == theirs_chunk {
            theirs_chunk.iter().for_each(|l| out.extend_from_slice(l));
        } else if theirs_chunk == base_chunk {
            ours_chunk.iter().for_each(|l| out.extend_from_slice(l));
        } else {
            clean = false;
            let ours_marker = format!("<<<<<<< {ours_label}");
            let theirs_marker = format!(">>>>>>> {theirs_label}");
            end_line(&mut out, eol);
            push_line(&mut out, ours_marker.as_bytes(), eol);
            push_chunk(&mut out, ours_chunk, eol);
            push_line(&mut out, b"=======", eol);
            push_chunk(&mut out, theirs_chunk, eol);
            push_line(&mut out, theirs_marker.as_bytes(), eol);
        }
        (i, j, k) = (ni, nj, nk);
    }
    Merged { clean, bytes: out }
}

/// Terminates the last line of `out` if it lacks a line ending.
fn end_line(out: &mut Vec<u8>, eol: &[u8]) {
    if out.last().is_some_and(|&c| c != b'\n') {
        out.extend_from_slice(eol);
    }
}

fn push_line(out: &mut Vec<u8>, line: &[u8], eol: &[u8]) {
    out.extend_from_slice(line);
    out.extend_from_slice(eol);
}

/// A conflict side: its lines, the last one terminated so the next marker starts a line.
fn push_chunk(out: &mut Vec<u8>, chunk: &[&[u8]], eol: &[u8]) {
    chunk.iter().for_each(|l| out.extend_from_slice(l));
    end_line(out, eol);
}

/// For each base line, the index of the line it is matched with in `other`, if any.
fn matches(base: &[&[u8]], other: &[&[u8]]) -> Vec<Option<usize>> {
    let mut map = vec![None; base.len()];
    for op in capture_diff_slices(Algorithm::Myers, base, other) {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for n in 0..len {
                map[old_index + n] = Some(new_index + n);
            }
        }
    }
    map
}

/// Whether `bytes` carries a full set of conflict markers (a file left mid-resolution).
pub fn has_conflict_markers(bytes: &[u8]) -> bool {
    let starts = |prefix: &[u8]| lines(bytes).iter().any(|l| l.starts_with(prefix));
    starts(b"<<<<<<< ") && starts(b"=======") && starts(b">>>>>>> ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_like_gnu_diff() {
        let cases: [(&[u8], &[u8], &str); 4] = [
            (
                b"a\n",
                b"a",
                "--- f\n+++ g\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n",
            ),
            (b"", b"x\n", "--- f\n+++ g\n@@ -0,0 +1 @@\n+x\n"),
            (
                b"1\n2\n3\n4\n5\n6\n7\n8\n9\n",
                b"1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
                "--- f\n+++ g\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
            ),
            (b"\0x", b"y", "Binary files f and g differ\n"),
        ];
        for (old, new, expected) in cases {
            assert_eq!(
                String::from_utf8(unified_patch(old, new, "f", "g")).unwrap(),
                expected
            );
        }
    }

    #[test]
    fn merges_like_merge_file() {
        let base = b"a\nb\nc\n";
        let same_change = merge3(base, b"a\nB\nc\n", b"a\nB\nc\n", "o", "t");
        assert_eq!(
            (same_change.clean, same_change.bytes),
            (true, b"a\nB\nc\n".to_vec())
        );
        let conflict = merge3(base, b"a\nX\nc\n", b"a\nY\nc\n", "o", "t");
        assert!(!conflict.clean);
        assert_eq!(
            conflict.bytes,
            b"a\n<<<<<<< o\nX\n=======\nY\n>>>>>>> t\nc\n".to_vec()
        );
        assert!(has_conflict_markers(&conflict.bytes));
        let crlf = merge3(b"a\r\n", b"x\r\n", b"y\r\n", "o", "t");
        assert_eq!(
            crlf.bytes,
            b"<<<<<<< o\r\nx\r\n=======\r\ny\r\n>>>>>>> t\r\n".to_vec()
        );
    }

    #[test]
    fn line_endings_option() {
        assert!(same(b"a\r\nb\r\n", b"a\nb\n", true));
        assert!(!same(b"a\r\nb\r\n", b"a\nb\n", false));
        assert!(!same(b"a\r\n", b"a", true));
    }
}
