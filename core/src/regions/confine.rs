//! Confinement: what a regeneration wrote, from snapshots of the project taken before
//! and after it ran, and what to put back.
//!
//! Declared paths may be rewritten as regular files (or deleted); those that were are the
//! paths the region rewrote. A declared path turned into a symbolic link, a directory or
//! a special file is a violation: whoever reads it next would follow it out of the tree.
//! Inside the region's own directories, a change to any other path — modification,
//! deletion, creation, a link retargeted or swapped for a file — is tidied up: restored
//! from its pre-image (a file's digest, whose bytes the shim holds; a link's target), or
//! removed when it was created. Anywhere else in the project a change is a violation, put
//! back the same way where a pre-image allows it (creations are always removed), reported
//! otherwise. Before the shim removes or overwrites a regular file it saves it in the
//! run's backups, so a repair never loses a byte (another process may have written it).
//! A path with no pre-image to put back (unreadable, too large to hold, a FIFO or device,
//! a file turned into a directory) is reported instead.
//!
//! ```
//! use upkeep_core::observe::EntryKind;
//! use upkeep_core::regions::{confine, ConfineInput, SnapEntry, RepairOp};
//!
//! let file = |path: &str, digest: &str| SnapEntry { path: path.into(), kind: EntryKind::File, digest: Some(digest.into()), preimage: true, ..SnapEntry::default() };
//! let input = ConfineInput {
//!     paths: vec!["docs/team.md".into()],
//!     dirs: vec!["docs".into()],
//!     before: vec![file("docs/team.md", "1"), file("docs/other.md", "1")],
//!     after: vec![file("docs/team.md", "2"), file("docs/other.md", "2"), file("docs/tmp.txt", "3")],
//!     ignore: vec![],
//! };
//! let c = confine(&input);
//! assert_eq!(c.rewrote, ["docs/team.md"]);
//! assert_eq!(c.repairs.iter().map(|r| (r.op, r.path.as_str())).collect::<Vec<_>>(),
//!            [(RepairOp::Remove, "docs/tmp.txt"), (RepairOp::RestoreFile, "docs/other.md")]);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use super::snapshot_reads::in_dirs;
use crate::observe::EntryKind;

/// One path of a snapshot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct SnapEntry {
    /// The path, relative to the project root.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub path: String,
    /// What is there (never `missing`: a path with nothing there is not in the snapshot).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::observe::present_kind")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: EntryKind,
    /// A file's SHA-256 (inside the region's directories).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub digest: Option<String>,
    /// A link's target.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub target: Option<String>,
    /// Outside the region's directories: a change stamp (size, modification time, inode).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub stamp: Option<String>,
    /// Whether the shim holds the file's bytes, so it can be put back.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub preimage: bool,
}

/// The snapshots and the region they confine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionConfineInput"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ConfineInput {
    /// The region's declared paths.
    pub paths: Vec<String>,
    /// Its own directories (`""` is the root).
    pub dirs: Vec<String>,
    /// Before the program ran.
    pub before: Vec<SnapEntry>,
    /// After.
    pub after: Vec<SnapEntry>,
    /// Paths upkeep itself changes meanwhile (its lock, when the snapshots are taken by two
    /// runs), left out of both snapshots.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub ignore: Vec<String>,
}

/// One step of putting back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RepairOp {
    /// Unlink a file, link or other node the program created (or put in a link's place).
    Remove,
    /// Remove a directory the program created (emptied by the removals before it).
    RemoveDir,
    /// Write the file's pre-image bytes back (atomically).
    RestoreFile,
    /// Recreate the link on its original target.
    RestoreLink,
    /// Recreate a deleted directory.
    RestoreDir,
}

/// A repair for the shim to carry out, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Repair {
    /// What to do.
    pub op: RepairOp,
    /// Where.
    pub path: String,
    /// A link's target.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub target: Option<String>,
}

/// What happened to a write outside the declared paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ConfinedAction {
    /// Put back to its pre-image.
    Restored,
    /// A creation inside the region's directories, removed.
    Removed,
    /// Left where the program put it, for the project to look at.
    Reported,
}

/// A write outside the declared paths.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ConfinedWrite {
    /// What was done about it.
    pub action: ConfinedAction,
    /// The path.
    pub path: String,
    /// What the write was, and why it was reported rather than put back.
    pub detail: String,
    /// Whether the program had no business doing it (outside its directories, or a link
    /// at a declared path): the regeneration counts as failed.
    #[cfg_attr(feature = "serde", serde(default))]
    pub violation: bool,
}

/// The verdict on one regeneration's writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionConfinement"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Confinement {
    /// Declared paths the program changed.
    pub rewrote: Vec<String>,
    /// Repairs, in order: removals deepest first, then restorations parents first.
    pub repairs: Vec<Repair>,
    /// Every write outside the declared paths, with what was done about it.
    pub confined: Vec<ConfinedWrite>,
}

fn same(x: &SnapEntry, y: &SnapEntry) -> bool {
    x.kind == y.kind
        && match x.kind {
            EntryKind::Directory => true,
            EntryKind::Symlink => x.target == y.target,
            EntryKind::File if x.digest.is_some() || y.digest.is_some() => x.digest == y.digest,
            _ => x.stamp == y.stamp,
        }
}

fn parent(path: &str) -> Option<&str> {
    path.rfind('/').map(|i| &path[..i])
}

fn describe(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::File => "file",
        EntryKind::Symlink => "symbolic link",
        EntryKind::Directory => "directory",
        EntryKind::Other => "special file",
        EntryKind::Missing => "nothing",
    }
}

/// A snapshot by path; an entry a Rust caller marked `missing` is nothing there, as if
/// left out (decoding refuses the word: `observe::present_kind`).
fn by_path<'a>(snapshot: &'a [SnapEntry], ignore: &[String]) -> BTreeMap<&'a str, &'a SnapEntry> {
    snapshot
        .iter()
        .filter(|e| e.kind != EntryKind::Missing && !ignore.contains(&e.path))
        .map(|e| (e.path.as_str(), e))
        .collect()
}

/// Decides what one regeneration's writes were and what to put back.
pub fn confine(input: &ConfineInput) -> Confinement {
    let before = by_path(&input.before, &input.ignore);
    let after = by_path(&input.after, &input.ignore);
    let declared: BTreeSet<&str> = input.paths.iter().map(String::as_str).collect();
    let inside = |path: &str| in_dirs(&input.dirs, path);
    let all: BTreeSet<&str> = before.keys().chain(after.keys()).copied().collect();
    let created = |p: &str| !before.contains_key(p) && after.contains_key(p);
    let deleted = |p: &str| before.contains_key(p) && !after.contains_key(p);
    let mut out = Confinement::default();
    let (mut removals, mut restores) = (Vec::new(), Vec::new());
    for path in all {
        let (b, a) = (before.get(path).copied(), after.get(path).copied());
        if let (Some(b), Some(a)) = (b, a) {
            if same(b, a) {
                continue;
            }
        }
        let is_declared = declared.contains(path);
        if is_declared && a.is_none_or(|a| a.kind == EntryKind::File) {
            out.rewrote.push(path.to_string());
            continue;
        }
        let own = inside(path) && !is_declared;
        // A child of a created (or deleted) directory is reported as part of it.
        let shown = !parent(path)
            .is_some_and(|p| (created(p) && created(path)) || (deleted(p) && deleted(path)));
        let where_ = if is_declared {
            " at a declared path (it must stay a regular file)"
        } else if own {
            " inside the region's directories"
        } else {
            " outside the region's directories"
        };
        let mut note = |action, detail: String| {
            if shown {
                out.confined.push(ConfinedWrite {
                    action,
                    path: path.to_string(),
                    detail,
                    violation: !own,
                });
            }
        };
        let repair = |op, e: &SnapEntry| Repair {
            op,
            path: path.to_string(),
            target: e.target.clone(),
        };
        let restore = |b: &SnapEntry| -> Option<Repair> {
            match b.kind {
                EntryKind::File if b.preimage => Some(repair(RepairOp::RestoreFile, b)),
                EntryKind::Symlink if b.target.is_some() => Some(repair(RepairOp::RestoreLink, b)),
                EntryKind::Directory => Some(repair(RepairOp::RestoreDir, b)),
                _ => None,
            }
        };
        let remove = |a: &SnapEntry| Repair {
            op: match a.kind {
                EntryKind::Directory => RepairOp::RemoveDir,
                _ => RepairOp::Remove,
            },
            path: path.to_string(),
            target: None,
        };
        match (b, a) {
            (None, Some(a)) => {
                removals.push(remove(a));
                note(
                    ConfinedAction::Removed,
                    format!("created a {}{where_}", describe(a.kind)),
                );
            }
            (Some(b), None) => match restore(b) {
                Some(r) => {
                    restores.push(r);
                    note(
                        ConfinedAction::Restored,
                        format!("deleted a {}{where_}", describe(b.kind)),
                    );
                }
                None => note(
                    ConfinedAction::Reported,
                    format!(
                        "deleted a {}{where_}, which has no pre-image to put back",
                        describe(b.kind)
                    ),
                ),
            },
            (Some(b), Some(a)) => {
                let swappable = |k| matches!(k, EntryKind::File | EntryKind::Symlink);
                let kinds_ok = b.kind == a.kind || (swappable(b.kind) && swappable(a.kind));
                match restore(b) {
                    Some(r) if kinds_ok && b.kind != EntryKind::Directory => {
                        if b.kind != a.kind || b.kind == EntryKind::Symlink {
                            removals.push(remove(a));
                        }
                        restores.push(r);
                        let what = if b.kind != a.kind {
                            format!(
                                "replaced a {} with a {}",
                                describe(b.kind),
                                describe(a.kind)
                            )
                        } else if b.kind == EntryKind::Symlink {
                            "retargeted a symbolic link".to_string()
                        } else {
                            "modified a file".to_string()
                        };
                        note(ConfinedAction::Restored, format!("{what}{where_}"));
                    }
                    _ if is_declared && a.kind == EntryKind::Symlink => {
                        // No pre-image to put back, but the link goes: never leave one here.
                        removals.push(remove(a));
                        note(
                            ConfinedAction::Removed,
                            format!(
                                "replaced a {} with a symbolic link{where_}",
                                describe(b.kind)
                            ),
                        );
                    }
                    _ if b.kind == a.kind => note(
                        ConfinedAction::Reported,
                        format!(
                            "modified a {}{where_}, which has no pre-image to put back",
                            describe(b.kind)
                        ),
                    ),
                    _ => note(
                        ConfinedAction::Reported,
                        format!(
                            "changed a {} into a {}{where_}, which upkeep cannot safely put back",
                            describe(b.kind),
                            describe(a.kind)
                        ),
                    ),
                }
            }
            (None, None) => {}
        }
    }
    removals.sort_by(|x, y| y.path.cmp(&x.path));
    restores.sort_by(|x, y| x.path.cmp(&y.path));
    out.repairs = removals.into_iter().chain(restores).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ConfinedAction::*;
    use RepairOp::*;

    fn file(path: &str, digest: &str) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            kind: EntryKind::File,
            digest: Some(digest.into()),
            preimage: true,
            ..SnapEntry::default()
        }
    }
    fn link(path: &str, target: &str) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            kind: EntryKind::Symlink,
            target: Some(target.into()),
            ..SnapEntry::default()
        }
    }
    fn dir(path: &str) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            kind: EntryKind::Directory,
            ..SnapEntry::default()
        }
    }
    fn outside(path: &str, stamp: &str) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            stamp: Some(stamp.into()),
            ..SnapEntry::default()
        }
    }

    #[test]
    fn every_kind_of_write() {
        let before = vec![
            dir("gen"),
            file("gen/out.md", "1"),
            file("gen/keep.md", "1"),
            file("gen/mod.md", "1"),
            file("gen/del.md", "1"),
            link("gen/link", "keep.md"),
            link("gen/swapped", "keep.md"),
            SnapEntry {
                preimage: false,
                ..file("gen/big.bin", "1")
            },
            dir("gen/olddir"),
            file("gen/olddir/x", "1"),
            outside("src/app.js", "a"),
            outside("src/gone.js", "a"),
        ];
        let after = vec![
            dir("gen"),
            file("gen/out.md", "2"),
            file("gen/keep.md", "1"),
            file("gen/mod.md", "2"),
            link("gen/link", "/etc/passwd"),
            file("gen/swapped", "9"),
            file("gen/big.bin", "2"),
            file("gen/new.txt", "3"),
            link("gen/newlink", "out.md"),
            dir("gen/newdir"),
            file("gen/newdir/y", "1"),
            outside("src/app.js", "b"),
            outside("src/new.js", "c"),
            SnapEntry {
                kind: EntryKind::Directory,
                ..outside("cache", "")
            },
            outside("cache/z", "d"),
        ];
        let c = confine(&ConfineInput {
            ignore: vec![],
            paths: vec!["gen/out.md".into()],
            dirs: vec!["gen".into()],
            before,
            after,
        });
        assert_eq!(c.rewrote, ["gen/out.md"]);
        let repairs: Vec<_> = c
            .repairs
            .iter()
            .map(|r| (r.op, r.path.as_str(), r.target.as_deref()))
            .collect();
        assert_eq!(
            repairs,
            [
                (Remove, "src/new.js", None),
                (Remove, "gen/swapped", None),
                (Remove, "gen/newlink", None),
                (Remove, "gen/newdir/y", None),
                (RemoveDir, "gen/newdir", None),
                (Remove, "gen/new.txt", None),
                (Remove, "gen/link", None),
                (Remove, "cache/z", None),
                (RemoveDir, "cache", None),
                (RestoreFile, "gen/del.md", None),
                (RestoreLink, "gen/link", Some("keep.md")),
                (RestoreFile, "gen/mod.md", None),
                (RestoreDir, "gen/olddir", None),
                (RestoreFile, "gen/olddir/x", None),
                (RestoreLink, "gen/swapped", Some("keep.md")),
            ]
        );
        let confined: Vec<_> = c
            .confined
            .iter()
            .map(|w| (w.action, w.path.as_str(), w.violation))
            .collect();
        assert_eq!(
            confined,
            [
                (Removed, "cache", true),
                (Reported, "gen/big.bin", false),
                (Restored, "gen/del.md", false),
                (Restored, "gen/link", false),
                (Restored, "gen/mod.md", false),
                (Removed, "gen/new.txt", false),
                (Removed, "gen/newdir", false),
                (Removed, "gen/newlink", false),
                (Restored, "gen/olddir", false),
                (Restored, "gen/swapped", false),
                (Reported, "src/app.js", true),
                (Reported, "src/gone.js", true),
                (Removed, "src/new.js", true),
            ]
        );
        assert_eq!(
            c.confined[10].detail,
            "modified a file outside the region's directories, which has no pre-image to put back"
        );
    }

    #[test]
    fn a_link_at_a_declared_path_is_a_violation_and_goes() {
        let c = confine(&ConfineInput {
            ignore: vec![],
            paths: vec!["gen/out.md".into(), "gen/new.md".into()],
            dirs: vec!["gen".into()],
            before: vec![dir("gen"), file("gen/out.md", "1")],
            after: vec![
                dir("gen"),
                link("gen/out.md", "/etc/passwd"),
                link("gen/new.md", "../../secret"),
            ],
        });
        assert!(c.rewrote.is_empty());
        let repairs: Vec<_> = c.repairs.iter().map(|r| (r.op, r.path.as_str())).collect();
        assert_eq!(
            repairs,
            [
                (Remove, "gen/out.md"),
                (Remove, "gen/new.md"),
                (RestoreFile, "gen/out.md")
            ]
        );
        assert!(c.confined.iter().all(|w| w.violation));
        assert_eq!(
            c.confined[1].detail,
            "replaced a file with a symbolic link at a declared path (it must stay a regular file)"
        );
        // An outside write that has a pre-image (the shim held every file) is put back.
        let mut held = file("src/app.js", "1");
        held.preimage = true;
        let c = confine(&ConfineInput {
            ignore: vec![],
            paths: vec!["gen/out.md".into()],
            dirs: vec!["gen".into()],
            before: vec![held],
            after: vec![file("src/app.js", "2")],
        });
        assert_eq!(c.repairs[0].op, RestoreFile);
        assert_eq!(
            (c.confined[0].action, c.confined[0].violation),
            (Restored, true)
        );
    }

    #[test]
    fn root_region_and_nothing_changed() {
        let snap = vec![file("a.md", "1"), file("b.md", "1")];
        let c = confine(&ConfineInput {
            ignore: vec![],
            paths: vec!["a.md".into()],
            dirs: vec!["".into()],
            before: snap.clone(),
            after: snap,
        });
        assert_eq!(c, Confinement::default());
        let c = confine(&ConfineInput {
            ignore: vec![],
            paths: vec!["a.md".into()],
            dirs: vec!["".into()],
            before: vec![file("a.md", "1"), file("b.md", "1")],
            after: vec![file("b.md", "2")],
        });
        assert_eq!(c.rewrote, ["a.md"], "a declared path may be deleted");
        assert_eq!(
            c.repairs,
            [Repair {
                op: RestoreFile,
                path: "b.md".into(),
                target: None
            }]
        );
    }

    #[test]
    fn an_entry_marked_missing_is_nothing_there() {
        let missing = SnapEntry {
            kind: EntryKind::Missing,
            ..file("gen/new.txt", "")
        };
        let input = |before: Vec<SnapEntry>| ConfineInput {
            ignore: vec![],
            paths: vec!["gen/out.md".into()],
            dirs: vec!["gen".into()],
            before,
            after: vec![file("gen/new.txt", "3")],
        };
        assert_eq!(confine(&input(vec![missing])), confine(&input(Vec::new())));
    }
}
