//! The line diff under every text operation: which lines of the old sequence become which
//! lines of the new one.
//!
//! The edit script comes from similar's Myers implementation, whose work limits (the
//! policy of git's xdiff) keep unrelated inputs from going quadratic without reading a
//! clock, so native and WebAssembly builds always agree. Each run of changes is then slid
//! the way GNU diff slides it (`shift_boundaries`): as far down as equal lines allow,
//! unless it can line up with a change in the other file. That puts an inserted line in a
//! run of identical lines where GNU diff and git put it, so hunks match theirs.
//!
//! ```
//! // Internal module; see `upkeep_core::text::unified_diff` for the public face.
//! ```

use std::ops::Range;

use similar::algorithms::{diff_slices, Algorithm, DiffHook};

/// One change: the old lines `old` are replaced by the new lines `new` (either may be
/// empty). Edits come in order and never touch each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Edit {
    pub old: Range<usize>,
    pub new: Range<usize>,
}

/// The edits that turn the line sequence `old` into `new` (lines given by identity).
pub(crate) fn line_edits(old: &[u32], new: &[u32]) -> Vec<Edit> {
    // Diffed from new to old: where several shortest scripts exist, similar's Myers then
    // settles ties the way xdiff and GNU diff do (deleting before inserting), which keeps
    // merges' clean/conflicted verdicts in step with git merge-file.
    let mut swapped = Marks {
        old: Changed::new(new.len()),
        new: Changed::new(old.len()),
    };
    // The hook never fails, so neither does the diff.
    let _ = diff_slices(Algorithm::Myers, &mut swapped, new, old);
    let mut marks = Marks {
        old: swapped.new,
        new: swapped.old,
    };
    shift_boundaries(&mut marks.old, &marks.new, old);
    shift_boundaries(&mut marks.new, &marks.old, new);
    collect_edits(&marks.old, &marks.new)
}

/// A "changed" flag per line, with an unchanged sentinel before the first line and after
/// the last, so runs can be scanned without bounds checks (GNU diff's layout).
#[derive(Debug)]
struct Changed(Vec<bool>);

impl Changed {
    fn new(len: usize) -> Self {
        Changed(vec![false; len + 2])
    }

    /// Line `i`, where `-1` and `len` are the sentinels.
    fn get(&self, i: isize) -> bool {
        self.0[(i + 1) as usize]
    }

    fn set(&mut self, i: isize, value: bool) {
        self.0[(i + 1) as usize] = value;
    }

    fn len(&self) -> isize {
        self.0.len() as isize - 2
    }
}

#[derive(Debug)]
struct Marks {
    old: Changed,
    new: Changed,
}

impl DiffHook for Marks {
    type Error = std::convert::Infallible;

    fn delete(&mut self, old_index: usize, old_len: usize, _: usize) -> Result<(), Self::Error> {
        (old_index..old_index + old_len).for_each(|i| self.old.set(i as isize, true));
        Ok(())
    }

    fn insert(&mut self, _: usize, new_index: usize, new_len: usize) -> Result<(), Self::Error> {
        (new_index..new_index + new_len).for_each(|i| self.new.set(i as isize, true));
        Ok(())
    }
}

/// Slides each run of changed lines of one file over equal neighbours: first up (merging
/// with earlier runs), then down as far as possible (merging with later ones), and finally
/// back up to the last position where it lined up with a run of changes in the other file,
/// if there was one. `j` follows the position in the other file that corresponds to `i`.
fn shift_boundaries(changed: &mut Changed, other: &Changed, ids: &[u32]) {
    let end = changed.len();
    let id = |i: isize| ids[i as usize];
    let (mut i, mut j): (isize, isize) = (0, 0);
    loop {
        // Find the start of the next run, keeping `j` in step through unchanged lines.
        while i < end && !changed.get(i) {
            while other.get(j) {
                j += 1;
            }
            j += 1;
            i += 1;
        }
        if i == end {
            break;
        }
        let mut start = i;
        i += 1;
        while changed.get(i) {
            i += 1;
        }
        while other.get(j) {
            j += 1;
        }
        let mut corresponding;
        loop {
            let run_length = i - start;
            // Up, while the line before the run equals its last line.
            while start > 0 && id(start - 1) == id(i - 1) {
                start -= 1;
                changed.set(start, true);
                i -= 1;
                changed.set(i, false);
                while changed.get(start - 1) {
                    start -= 1;
                }
                j -= 1;
                while other.get(j) {
                    j -= 1;
                }
            }
            corresponding = if other.get(j - 1) { i } else { end };
            // Down, while the run's first line equals the line after it.
            while i != end && id(start) == id(i) {
                changed.set(start, false);
                start += 1;
                changed.set(i, true);
                i += 1;
                while changed.get(i) {
                    i += 1;
                }
                j += 1;
                while other.get(j) {
                    j += 1;
                    corresponding = i;
                }
            }
            if run_length == i - start {
                break;
            }
        }
        // Back up to where the run lined up with a change in the other file.
        while corresponding < i {
            start -= 1;
            changed.set(start, true);
            i -= 1;
            changed.set(i, false);
            j -= 1;
            while other.get(j) {
                j -= 1;
            }
        }
    }
}

/// Pairs the runs of changed lines of both files into edits: unchanged lines correspond
/// one to one, in order, so the runs between them belong together.
fn collect_edits(old: &Changed, new: &Changed) -> Vec<Edit> {
    let (old_len, new_len) = (old.len(), new.len());
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < old_len || j < new_len {
        if !old.get(i) && !new.get(j) {
            i += 1;
            j += 1;
            continue;
        }
        let (old_start, new_start) = (i, j);
        while old.get(i) {
            i += 1;
        }
        while new.get(j) {
            j += 1;
        }
        edits.push(Edit {
            old: old_start as usize..i as usize,
            new: new_start as usize..j as usize,
        });
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<u32> {
        text.bytes().map(u32::from).collect()
    }

    fn edits(old: &str, new: &str) -> Vec<(Range<usize>, Range<usize>)> {
        line_edits(&ids(old), &ids(new))
            .into_iter()
            .map(|e| (e.old, e.new))
            .collect()
    }

    #[test]
    fn edit_scripts() {
        type Case = (
            &'static str,
            &'static str,
            &'static [(Range<usize>, Range<usize>)],
        );
        let cases: [Case; 7] = [
            ("", "", &[]),
            ("abc", "abc", &[]),
            ("", "ab", &[(0..0, 0..2)]),
            ("ab", "", &[(0..2, 0..0)]),
            ("abc", "aXc", &[(1..2, 1..2)]),
            // An inserted line in a run of equal lines goes last, as in GNU diff.
            ("xaaay", "xaaaay", &[(4..4, 4..5)]),
            ("xaaaay", "xaaay", &[(4..5, 4..4)]),
        ];
        for (old, new, expected) in cases {
            assert_eq!(edits(old, new), expected, "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn edits_rebuild_the_new_sequence() {
        let pairs = [("abcabba", "cbabac"), ("aaaa", "aa"), ("abab", "baba")];
        for (old, new) in pairs {
            let (old_ids, new_ids) = (ids(old), ids(new));
            let mut rebuilt = Vec::new();
            let mut at = 0;
            for edit in line_edits(&old_ids, &new_ids) {
                rebuilt.extend_from_slice(&old_ids[at..edit.old.start]);
                rebuilt.extend_from_slice(&new_ids[edit.new.clone()]);
                at = edit.old.end;
            }
            rebuilt.extend_from_slice(&old_ids[at..]);
            assert_eq!(rebuilt, new_ids, "{old} -> {new}");
        }
    }
}
