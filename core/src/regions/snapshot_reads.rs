//! What a snapshot of the project reads around a regeneration. The shim walks the tree
//! (never following a link) and hands over what `lstat` saw at every path, in walk order;
//! this answers, path by path, what the snapshot records without reading (the change
//! stamp), what to read (a link's target; a file's bytes, to hash) and which bytes to hold
//! as the pre-image that puts a file back: inside the region's directories, or everywhere
//! when nothing confines the program, up to [`region_limits`]' per-file ceiling and, in
//! walk order, while the total budget lasts.
//!
//! ```
//! use upkeep_core::observe::EntryKind;
//! use upkeep_core::regions::{snapshot_reads, SeenPath, SnapRead, SnapshotQuestion};
//!
//! let seen = |path: &str, size: u64| SeenPath { path: path.into(), kind: EntryKind::File, size, mtime_ms: 1.5, ino: 7.0, mode: 0o100644 };
//! let reads = snapshot_reads(&SnapshotQuestion {
//!     dirs: vec!["docs".into()],
//!     everywhere: false,
//!     seen: vec![seen("README.md", 10), seen("docs/a.md", 20)],
//! });
//! assert_eq!(reads.reads, [SnapRead::None, SnapRead::Hash]);
//! assert_eq!(reads.stamps[0].as_deref(), Some("10:1.5:7:33188"));
//! assert_eq!(reads.keep_at_most, [None, Some(20)]);
//! ```

use super::limits::region_limits;
use crate::observe::EntryKind;
use crate::score::js_number_to_string;

/// What `lstat` saw at one path of the walk.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SeenPath {
    /// The path, relative to the project root.
    pub path: String,
    /// What is there.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::observe::present_kind")
    )]
    pub kind: EntryKind,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time in milliseconds, with the fraction the file system keeps.
    pub mtime_ms: f64,
    /// Its inode number.
    pub ino: f64,
    /// Its mode, type bits included.
    pub mode: u32,
}

/// The walk and the region it snapshots.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SnapshotQuestion {
    /// The region's own directories (`""` is the root).
    pub dirs: Vec<String>,
    /// Nothing confines the program: files everywhere are hashed and held like those inside.
    #[cfg_attr(feature = "serde", serde(default))]
    pub everywhere: bool,
    /// Every path the walk met, in walk order.
    pub seen: Vec<SeenPath>,
}

/// What the shim reads at a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum SnapRead {
    /// Nothing: the entry is recorded as it is.
    None,
    /// The link's target, into the entry's `target`.
    Link,
    /// The file's bytes: their SHA-256 goes into the entry's `digest`. A file that cannot
    /// be read stays recorded by its stamp.
    Hash,
}

/// The answers, one column per kind of answer, each in the order of the paths seen (one
/// call for the whole walk: columns cost the bindings no object per path).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SnapshotReads {
    /// Each path's change stamp (size, modification time, inode and mode), which its entry
    /// records; none for a directory.
    pub stamps: Vec<Option<String>>,
    /// What to read at each path.
    pub reads: Vec<SnapRead>,
    /// For each file read: hold its bytes as the pre-image (its entry's `preimage`) when
    /// they are no more than this many (the size the walk saw: a file that grew since keeps
    /// none, so the budget holds); none keeps nothing.
    pub keep_at_most: Vec<Option<u64>>,
}

/// Whether `path` is in one of `dirs` (`""` is the whole tree).
pub(crate) fn in_dirs(dirs: &[String], path: &str) -> bool {
    dirs.iter().any(|d| {
        d.is_empty()
            || path == d
            || path
                .strip_prefix(d.as_str())
                .is_some_and(|r| r.starts_with('/'))
    })
}

/// Each seen path's answers, in the order given (see the module docs).
pub fn snapshot_reads(question: &SnapshotQuestion) -> SnapshotReads {
    let limits = region_limits();
    let mut budget = limits.preimage_budget_bytes;
    let mut out = SnapshotReads::default();
    for seen in &question.seen {
        out.stamps
            .push((seen.kind != EntryKind::Directory).then(|| {
                format!(
                    "{}:{}:{}:{}",
                    seen.size,
                    js_number_to_string(seen.mtime_ms),
                    js_number_to_string(seen.ino),
                    seen.mode
                )
            }));
        let hashed = seen.kind == EntryKind::File
            && (question.everywhere || in_dirs(&question.dirs, &seen.path));
        let (read, keep_at_most) = match seen.kind {
            EntryKind::Symlink => (SnapRead::Link, None),
            EntryKind::File if hashed => {
                let keep = seen.size <= limits.preimage_max_bytes && seen.size <= budget;
                if keep {
                    budget -= seen.size;
                }
                (SnapRead::Hash, keep.then_some(seen.size))
            }
            _ => (SnapRead::None, None),
        };
        out.reads.push(read);
        out.keep_at_most.push(keep_at_most);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(path: &str, kind: EntryKind, size: u64) -> SeenPath {
        SeenPath {
            path: path.into(),
            kind,
            size,
            mtime_ms: 1_733_480_000_123.456_7,
            ino: 4_242.0,
            mode: 0o100_644,
        }
    }

    fn ask(dirs: &[&str], everywhere: bool, seen: Vec<SeenPath>) -> SnapshotReads {
        snapshot_reads(&SnapshotQuestion {
            dirs: dirs.iter().map(|d| d.to_string()).collect(),
            everywhere,
            seen,
        })
    }

    #[test]
    fn stamps_are_the_walks_numbers_as_javascript_prints_them() {
        let reads = ask(&[], false, vec![seen("a", EntryKind::File, 3)]);
        assert_eq!(
            reads.stamps[0].as_deref(),
            Some("3:1733480000123.4568:4242:33188")
        );
    }

    #[test]
    fn only_files_inside_are_hashed_and_links_read_their_target() {
        let reads = ask(
            &["gen"],
            false,
            vec![
                seen("gen", EntryKind::Directory, 0),
                seen("gen/a", EntryKind::File, 1),
                seen("generated", EntryKind::File, 1),
                seen("gen/l", EntryKind::Symlink, 1),
                seen("gen/fifo", EntryKind::Other, 0),
            ],
        );
        let words: Vec<_> = reads
            .reads
            .iter()
            .zip(&reads.keep_at_most)
            .map(|(r, k)| (*r, *k))
            .collect();
        assert_eq!(
            words,
            [
                (SnapRead::None, None),
                (SnapRead::Hash, Some(1)),
                (SnapRead::None, None),
                (SnapRead::Link, None),
                (SnapRead::None, None),
            ]
        );
        assert_eq!(reads.stamps[0], None);
    }

    #[test]
    fn the_budget_is_spent_in_walk_order_and_large_files_keep_nothing() {
        let limits = region_limits();
        let max = limits.preimage_max_bytes;
        let n = (limits.preimage_budget_bytes / max) as usize;
        let mut walk: Vec<_> = (0..n + 1)
            .map(|i| seen(&format!("f{i:02}"), EntryKind::File, max))
            .collect();
        walk.insert(0, seen("big", EntryKind::File, max + 1));
        walk.push(seen("small", EntryKind::File, 0));
        let reads = ask(&[""], false, walk);
        let keep = &reads.keep_at_most;
        assert_eq!(keep[0], None, "over the per-file ceiling");
        assert!(keep[1..=n].iter().all(|k| *k == Some(max)));
        assert_eq!(keep[n + 1], None, "the budget is spent");
        assert_eq!(keep[n + 2], Some(0), "an empty file still fits");
    }

    #[test]
    fn everywhere_hashes_outside_too() {
        let reads = ask(&["gen"], true, vec![seen("README.md", EntryKind::File, 5)]);
        assert_eq!(reads.reads[0], SnapRead::Hash);
    }
}
