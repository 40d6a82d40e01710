//! Ending a kept regeneration ([`super::regen_pending`]) once its repairs ran: the copies of
//! the pre-images go, except the copy of a file whose repair failed (the disk filled, the
//! file changed again, a folder is there now), which stays in the run's backup folder and
//! is named in the report, so the content the program replaced is never dropped with it.

use super::confine::SnapEntry;
use super::pending::copy_path;
use super::regen_finish::RepairFailure;
use crate::writes::{Expect, WriteStep};

/// A regeneration's repairs done, and the writes that would end it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PendingEnd {
    /// The save folder the copies are in.
    pub save_dir: String,
    /// The snapshot taken before the program ran (which copy holds which path's content).
    pub before: Vec<SnapEntry>,
    /// The clean-up [`super::regen_pending`] (or [`super::read_regen_pending`]) gave.
    pub cleanup: Vec<WriteStep>,
    /// The repairs that failed.
    pub failures: Vec<RepairFailure>,
}

/// What ends the regeneration, and its failed repairs with where their content is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PendingEnding {
    /// The clean-up to carry out: every copy but the kept ones, and their folder only
    /// when none is kept.
    pub cleanup: Vec<WriteStep>,
    /// The failed repairs, each with the copy that keeps its earlier content, when one does.
    pub failures: Vec<RepairFailure>,
}

/// The clean-up of `input`, keeping the copy of each path whose repair failed.
pub fn regen_pending_end(input: &PendingEnd) -> PendingEnding {
    let copy_of = |path: &str| {
        input
            .before
            .iter()
            .find(|e| e.path == path && e.preimage)
            .and_then(|e| e.digest.as_deref())
            .map(|digest| copy_path(&input.save_dir, digest))
            .filter(|copy| input.cleanup.iter().any(|s| s.path == *copy))
    };
    let failures: Vec<RepairFailure> = input
        .failures
        .iter()
        .map(|f| RepairFailure {
            kept: copy_of(&f.path),
            ..f.clone()
        })
        .collect();
    let kept: Vec<&str> = failures.iter().filter_map(|f| f.kept.as_deref()).collect();
    let cleanup = input
        .cleanup
        .iter()
        .filter(|s| !kept.contains(&s.path.as_str()))
        .filter(|s| kept.is_empty() || s.expect != Expect::Directory)
        .cloned()
        .collect();
    PendingEnding { cleanup, failures }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::EntryKind;
    use crate::regions::{regen_pending, PendingInput, PendingRegion, PreimageMode};

    fn file(path: &str, digest: char) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            kind: EntryKind::File,
            digest: Some(digest.to_string().repeat(64)),
            preimage: true,
            ..SnapEntry::default()
        }
    }

    fn ending(failed: &[&str]) -> PendingEnding {
        let before = vec![
            file("docs/a.md", 'a'),
            file("docs/b.md", 'b'),
            file("docs/c.md", 'a'),
        ];
        let pending = regen_pending(&PendingInput {
            state_dir: ".upkeep".into(),
            region: PendingRegion {
                save_dir: "bk/r-regen".into(),
                paths: vec!["gen/x".into()],
                dirs: vec!["gen".into()],
                before: before.clone(),
                ..PendingRegion::default()
            },
            modes: ["docs/a.md", "docs/b.md", "docs/c.md"]
                .iter()
                .map(|p| PreimageMode {
                    path: (*p).into(),
                    mode: 0o644,
                })
                .collect(),
        });
        regen_pending_end(&PendingEnd {
            save_dir: "bk/r-regen".into(),
            before,
            cleanup: pending.cleanup,
            failures: failed
                .iter()
                .map(|p| RepairFailure {
                    path: (*p).into(),
                    message: "no space left on device (ENOSPC)".into(),
                    kept: None,
                })
                .collect(),
        })
    }

    #[test]
    fn every_copy_goes_when_every_repair_worked() {
        let end = ending(&[]);
        assert_eq!(
            end.cleanup.len(),
            3,
            "two copies (a and c share one) and their folder"
        );
        assert!(end.failures.is_empty());
    }

    #[test]
    fn the_copy_of_a_failed_repair_stays_and_is_named_and_so_does_its_folder() {
        let end = ending(&["docs/b.md"]);
        let kept = format!("bk/r-regen/pending/{}", "b".repeat(64));
        assert_eq!(end.failures[0].kept.as_deref(), Some(kept.as_str()));
        let paths: Vec<&str> = end.cleanup.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(paths, [format!("bk/r-regen/pending/{}", "a".repeat(64))]);
        // A path that shares its content with another keeps the one copy they share.
        let end = ending(&["docs/c.md"]);
        assert!(end.failures[0]
            .kept
            .as_deref()
            .is_some_and(|k| k.ends_with(&"a".repeat(64))));
        // A failed repair of something with no copy (a link, a folder) keeps nothing.
        let end = ending(&["gen/made-dir"]);
        assert_eq!(end.failures[0].kept, None);
        assert_eq!(end.cleanup.len(), 3);
    }
}
