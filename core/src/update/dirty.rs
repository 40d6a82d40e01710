//! The dirty guard: in a git repository, an update refuses to write while a managed file
//! has uncommitted changes, so everything it changes can be reviewed and undone with git.
//! The shim runs `git status --porcelain -z -- .` in the project root (and asks git for
//! the root's prefix inside the repository); this module reads that output and decides.
//! Outside git there is no status, and nothing is refused (backups are the safety net).
//!
//! ```
//! use upkeep_core::update::{dirty_managed_paths, GitStatus};
//!
//! let status = GitStatus { prefix: "app/".into(), porcelain: b" M app/README.md\0?? app/new/\0 M other/x\0".to_vec().into() };
//! let managed = ["README.md", "new/a.txt", "src/b.js"];
//! assert_eq!(dirty_managed_paths(&status, managed.iter().copied()), ["README.md", "new/a.txt"]);
//! ```

use std::collections::BTreeSet;

use super::bytes::Bytes;
use super::manifest::{parse_manifest, Manifest};
use super::plan::UpdateOptions;
use crate::error::{Error, ErrorKind, Result};

/// What git says about the project's working tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct GitStatus {
    /// The project root's path inside the repository (`git rev-parse --show-prefix`:
    /// empty at the top, else ending in `/`).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub prefix: String,
    /// The output of `git status --porcelain -z -- .` run in the project root: entries
    /// `XY <path>` (paths from the repository's top), NUL-terminated, a rename or copy
    /// followed by its original path.
    pub porcelain: Bytes,
}

/// The paths of git's status entries, relative to the project root (entries outside it,
/// and paths that are not UTF-8 — never a manifest's — left out). An untracked folder is
/// its path with a trailing `/`.
fn entries(status: &GitStatus) -> Vec<String> {
    let mut out = Vec::new();
    let mut fields = status.porcelain.as_slice().split(|&b| b == 0);
    while let Some(field) = fields.next() {
        if field.len() < 4 {
            continue;
        }
        let (xy, path) = (&field[..2], &field[3..]);
        let mut paths = vec![path];
        if xy.iter().any(|c| matches!(c, b'R' | b'C')) {
            // The original path of a rename or copy comes next; it changed too.
            paths.extend(fields.next());
        }
        if xy == b"!!" {
            continue;
        }
        for path in paths {
            let Ok(path) = std::str::from_utf8(path) else {
                continue;
            };
            if let Some(inside) = path.strip_prefix(status.prefix.as_str()) {
                out.push(inside.to_string());
            }
        }
    }
    out
}

/// The managed paths (in byte order, each once) that git lists as changed, staged,
/// deleted or untracked, or that lie in an untracked folder.
pub fn dirty_managed_paths<'p>(
    status: &GitStatus,
    managed: impl IntoIterator<Item = &'p str>,
) -> Vec<String> {
    let listed = entries(status);
    let exact: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
    let folders: Vec<&str> = listed
        .iter()
        .filter(|p| p.ends_with('/'))
        .map(String::as_str)
        .collect();
    let mut out: BTreeSet<String> = BTreeSet::new();
    for path in managed {
        if exact.contains(path) || folders.iter().any(|f| path.starts_with(f)) {
            out.insert(path.to_string());
        }
    }
    out.into_iter().collect()
}

/// The dirty guard on its own: what a shim checks before it asks the user to confirm an
/// update ([`plan_update`](super::plan_update) applies the same check again under the
/// lock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CleanCheck {
    /// The baseline release's manifest text.
    pub baseline_manifest: String,
    /// The latest release's manifest text.
    pub latest_manifest: String,
    /// What git says about the project's tree; `None` outside git.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub git: Option<GitStatus>,
    /// The update's options (`dryRun`, `allowDirty`, `resumed` decide whether it applies).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub options: UpdateOptions,
}

/// Refuses, naming them, when managed files (of either manifest) have uncommitted changes
/// and the run writes, is not allowed dirty and resumes nothing.
pub fn check_clean(input: &CleanCheck) -> Result<()> {
    let baseline = parse_manifest(&input.baseline_manifest, "baseline release manifest")?;
    let latest = parse_manifest(&input.latest_manifest, "latest release manifest")?;
    guard(&baseline, &latest, input.git.as_ref(), &input.options)
}

/// The guard itself, on parsed manifests.
pub(super) fn guard(
    baseline: &Manifest,
    latest: &Manifest,
    git: Option<&GitStatus>,
    options: &UpdateOptions,
) -> Result<()> {
    let applies = !options.dry_run && !options.allow_dirty && !options.resumed;
    let Some(git) = git.filter(|_| applies) else {
        return Ok(());
    };
    let managed = latest.files.iter().chain(&baseline.files);
    let dirty = dirty_managed_paths(git, managed.map(|e| e.path.as_str()));
    if dirty.is_empty() {
        Ok(())
    } else {
        Err(refusal(&dirty))
    }
}

/// How many dirty paths the refusal names before it counts the rest.
const NAMED: usize = 10;

/// The refusal for `dirty` (non-empty), naming the files one by one (the input is the
/// first of them, for callers that want one path).
fn refusal(dirty: &[String]) -> Error {
    let mut named = dirty
        .iter()
        .take(NAMED)
        .map(|path| format!("'{path}'"))
        .collect::<Vec<_>>()
        .join(", ");
    if dirty.len() > NAMED {
        named.push_str(&format!(" and {} more", dirty.len() - NAMED));
    }
    let (files, them) = if dirty.len() == 1 {
        ("the managed file".to_string(), "it")
    } else {
        (format!("{} managed files:", dirty.len()), "them")
    };
    Error::new(
        ErrorKind::DirtyWorktree,
        dirty[0].clone(),
        format!(
            "uncommitted changes in git in {files} {named}; commit or stash {them} first, so \
             the update's changes can be reviewed and undone with git, or pass --allow-dirty \
             to update anyway (every file it replaces is still backed up)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(prefix: &str, porcelain: &[u8]) -> GitStatus {
        GitStatus {
            prefix: prefix.into(),
            porcelain: Bytes(porcelain.to_vec()),
        }
    }

    #[test]
    fn every_kind_of_entry() {
        let s = status(
            "",
            b" M mod.txt\0M  staged.txt\0 D gone.txt\0?? new.txt\0R  to.txt\0from.txt\0?? dir/\0!! ignored.txt\0\0",
        );
        let managed = [
            "mod.txt",
            "staged.txt",
            "gone.txt",
            "new.txt",
            "to.txt",
            "from.txt",
            "dir/a/b.txt",
            "ignored.txt",
            "clean.txt",
            "di",
        ];
        assert_eq!(
            dirty_managed_paths(&s, managed),
            [
                "dir/a/b.txt",
                "from.txt",
                "gone.txt",
                "mod.txt",
                "new.txt",
                "staged.txt",
                "to.txt"
            ]
        );
        assert!(dirty_managed_paths(&status("", b""), managed).is_empty());
    }

    #[test]
    fn paths_are_taken_relative_to_the_project_root() {
        let s = status("sub/", b" M sub/a.txt\0 M a.txt\0 M subway/a.txt\0");
        assert_eq!(dirty_managed_paths(&s, ["a.txt"]), ["a.txt"]);
        let s = status("sub/", b" M \xff\0 M a.txt\0");
        assert!(dirty_managed_paths(&s, ["a.txt"]).is_empty());
    }

    #[test]
    fn the_refusal_names_the_files() {
        let one = refusal(&["README.md".into()]);
        assert_eq!(one.code(), "dirty-worktree");
        assert_eq!(
            one.to_string(),
            "uncommitted changes in git in the managed file 'README.md'; commit or stash it \
             first, so the update's changes can be reviewed and undone with git, or pass \
             --allow-dirty to update anyway (every file it replaces is still backed up)"
        );
        let many: Vec<String> = (0..12).map(|i| format!("f{i}")).collect();
        let text = refusal(&many).to_string();
        assert!(
            text.starts_with(
                "uncommitted changes in git in 12 managed files: 'f0', 'f1', 'f2', 'f3', 'f4', \
                 'f5', 'f6', 'f7', 'f8', 'f9' and 2 more; commit or stash them first"
            ),
            "{text}"
        );
    }
}
