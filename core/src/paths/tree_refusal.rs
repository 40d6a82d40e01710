//! The refusals the shim raises while it walks a path inside a tree without following
//! links: a link or a file where a folder must be, a folder swapped while upkeep wrote in
//! it, something other than a regular file where one is read or written, a file that is
//! not the UTF-8 it must be, a file that changed while it was read. The shim meets them
//! (only it sees the file system); the words and the code are decided here.
//!
//! ```
//! use upkeep_core::paths::{tree_refusal, TreeProblem};
//!
//! let refusal = tree_refusal(&TreeProblem::Link { path: "a/b/c.txt".into(), at: "a/b".into() });
//! assert_eq!(refusal.code, "unsafe-path");
//! assert_eq!(
//!     refusal.message,
//!     "unsafe path 'a/b/c.txt': 'a/b' is a symbolic link; upkeep never follows links inside the tree"
//! );
//! ```

use crate::refusal::Refusal;

/// What the shim met on the way to `path` (a path inside the tree, or as shown).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum TreeProblem {
    /// `at`, a folder on the way, is a symbolic link.
    Link {
        /// The path walked.
        path: String,
        /// The component that is a link, from the tree's root.
        at: String,
    },
    /// `at`, a folder on the way, is a file or a special file.
    NotAFolder {
        /// The path walked.
        path: String,
        /// The component that is no folder.
        at: String,
    },
    /// `at` was to be made a folder, and something else is there.
    NotARealFolder {
        /// The path walked.
        path: String,
        /// The component that is no real folder.
        at: String,
    },
    /// The path has no component.
    Empty {
        /// The path given.
        path: String,
    },
    /// A file upkeep writes is a link, a folder or a special file.
    WritesThrough {
        /// The file's path.
        path: String,
        /// What is there: `symlink`, `directory`, `other`.
        found: String,
    },
    /// A file upkeep reads is not a regular file.
    ReadsThrough {
        /// The file's path.
        path: String,
        /// What is there: `symlink`, `directory`, `other`.
        found: String,
    },
    /// The folder of a file being written moved or was swapped meanwhile.
    FolderSwapped {
        /// The file's path, as shown.
        path: String,
        /// Its folder, from the tree's root (`.` for the root).
        folder: String,
    },
    /// A state file upkeep reads (a version marker, a record) is not a regular file.
    StateNotAFile {
        /// The file, as shown (`.upkeep/VERSION in /work/app`).
        path: String,
        /// What is there: `symlink` (or reached through one), `directory`, `other`.
        found: String,
    },
    /// A refresh journal is not a regular file.
    JournalNotAFile {
        /// The journal's path.
        path: String,
        /// It is a symbolic link (else a folder or a special file).
        link: bool,
    },
    /// A file read strictly is not valid UTF-8.
    NotUtf8 {
        /// The file, as shown.
        path: String,
        /// The byte offset of the first invalid sequence.
        #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "number")))]
        offset: u64,
        /// Whose file it is: a release's manifest, another release file, or the project's.
        file: StrictFile,
    },
    /// A file vanished or was replaced while it was read for a plan.
    ChangedWhileRead {
        /// The file's path.
        path: String,
        /// Which copy (`project`, `baseline`, `latest`).
        side: String,
        /// The file system's words when it refused the read; none when the path opened and
        /// holds something else than a regular file now.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        error: Option<String>,
    },
}

/// A text file read strictly, by whose it is: its refusal's code follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum StrictFile {
    /// A release's manifest (`invalid-manifest`).
    ReleaseManifest,
    /// Another file of a release's state folder, its `VERSION` (`bad-release`).
    Release,
    /// A file of the project's state (`bad-state`).
    State,
}

/// What the shim found, as the other refusals say it: a `symlink` is a "symbolic link".
fn spelled(found: &str) -> &str {
    if found == "symlink" {
        "symbolic link"
    } else {
        found
    }
}

/// The `unsafe-path` refusal for `problem`.
pub fn tree_refusal(problem: &TreeProblem) -> Refusal {
    let (path, why) = match problem {
        TreeProblem::Link { path, at } => (
            path,
            format!("'{at}' is a symbolic link; upkeep never follows links inside the tree"),
        ),
        TreeProblem::NotAFolder { path, at } => (path, format!("'{at}' is not a directory")),
        TreeProblem::NotARealFolder { path, at } => {
            (path, format!("'{at}' is not a real directory"))
        }
        TreeProblem::Empty { path } => (path, "the path is empty".to_string()),
        TreeProblem::WritesThrough { path, found } => (
            path,
            format!(
                "it is a {}, not a regular file; upkeep never writes through one",
                spelled(found)
            ),
        ),
        TreeProblem::ReadsThrough { path, found } => {
            return Refusal::new(
                "unsafe-path",
                format!("'{path}' is a {}, not a regular file", spelled(found)),
            )
        }
        TreeProblem::StateNotAFile { path, found } => {
            let found = if found == "symlink" {
                "symbolic link (or is reached through one)"
            } else {
                found
            };
            return Refusal::new(
                "unsafe-path",
                format!("{path} is a {found}, not a regular file: upkeep never reads or writes through one"),
            );
        }
        TreeProblem::JournalNotAFile { path, link } => {
            let kind = if *link {
                "symbolic link"
            } else {
                "directory or special file"
            };
            return Refusal::new(
                "unsafe-path",
                format!("refusing to use the journal '{path}': it is a {kind}, not a regular file"),
            );
        }
        TreeProblem::NotUtf8 { path, offset, file } => {
            let code = match file {
                StrictFile::ReleaseManifest => "invalid-manifest",
                StrictFile::Release => "bad-release",
                StrictFile::State => "bad-state",
            };
            return Refusal::new(
                code,
                format!("{path} is not valid UTF-8 (byte offset {offset}); upkeep reads it strictly rather than guessing"),
            )
        }
        TreeProblem::ChangedWhileRead { path, side, error } => {
            let what = error.as_deref().unwrap_or("it is no longer a regular file");
            return Refusal::new(
                "changed-during-run",
                format!("'{path}' (the {side} copy) changed while upkeep was reading it: {what}; nothing was written, run the update again"),
            )
        }
        TreeProblem::FolderSwapped { path, folder } => (
            path,
            format!(
                "its folder '{folder}' moved or was swapped while upkeep wrote in it; nothing was left there"
            ),
        ),
    };
    Refusal::new("unsafe-path", format!("unsafe path '{path}': {why}"))
}
