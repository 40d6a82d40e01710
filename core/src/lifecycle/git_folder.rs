//! Whether a local path is a git repository, read from the names at its top (no git
//! process): a repository's top level holds `.git` (a folder, or a worktree's file); a
//! bare repository holds `HEAD` and the folders `objects` and `refs`.
//!
//! ```
//! use upkeep_core::lifecycle::{is_git_repository, LocalFolder};
//!
//! let bare = LocalFolder { directory: true, head: true, objects_dir: true, refs_dir: true, ..LocalFolder::default() };
//! assert!(is_git_repository(&bare));
//! assert!(!is_git_repository(&LocalFolder { directory: true, ..LocalFolder::default() }));
//! ```

/// What the shim finds at a local path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct LocalFolder {
    /// The path is a folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub directory: bool,
    /// It holds `.git` (of any kind).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dot_git: bool,
    /// It holds `HEAD` (of any kind).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub head: bool,
    /// It holds a folder `objects`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub objects_dir: bool,
    /// It holds a folder `refs`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub refs_dir: bool,
}

/// Whether the folder is a git repository (read at its tags) rather than a release folder.
pub fn is_git_repository(folder: &LocalFolder) -> bool {
    folder.directory && (folder.dot_git || (folder.head && folder.objects_dir && folder.refs_dir))
}
