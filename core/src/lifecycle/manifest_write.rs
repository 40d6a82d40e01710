//! Whether `upkeep manifest init` writes the manifest it built, and what it says: an
//! existing manifest is replaced only with `--force`, never through a link or over a
//! folder; `--dry-run` writes nothing and shows the text instead.
//!
//! ```
//! use upkeep_core::lifecycle::{manifest_write, ManifestWriteFacts};
//! use upkeep_core::observe::EntryKind;
//!
//! let facts = |existing, force| ManifestWriteFacts {
//!     path: "tpl/.upkeep/manifest.json".into(),
//!     existing,
//!     force,
//!     dry_run: false,
//! };
//! assert_eq!(manifest_write(&facts(EntryKind::Missing, false)).unwrap().heading, "Wrote tpl/.upkeep/manifest.json");
//! assert_eq!(manifest_write(&facts(EntryKind::File, false)).unwrap_err().code(), "manifest-exists");
//! assert!(manifest_write(&facts(EntryKind::File, true)).unwrap().write);
//! assert_eq!(manifest_write(&facts(EntryKind::Symlink, true)).unwrap_err().code(), "unsafe-path");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;

/// What is where the manifest goes, and how the command was run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestWriteFacts {
    /// The manifest's path, as messages show it.
    pub path: String,
    /// What is at that path now.
    pub existing: EntryKind,
    /// `--force`: replace an existing manifest.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub force: bool,
    /// `--dry-run`: write nothing.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
}

/// The decision.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestWrite {
    /// Whether the manifest is written.
    pub write: bool,
    /// `written` or `dry-run`.
    pub status: String,
    /// The line the command prints first (`Wrote …` / `Would write …`).
    pub heading: String,
    /// Whether the manifest's text is shown (a dry run's).
    pub show_manifest: bool,
}

/// Decides (see the module docs).
pub fn manifest_write(facts: &ManifestWriteFacts) -> Result<ManifestWrite> {
    let path = facts.path.as_str();
    if facts.existing != EntryKind::Missing && !facts.force && !facts.dry_run {
        return Err(Error::new(
            ErrorKind::ManifestExists,
            path,
            "add --force to replace it (or check it with upkeep manifest check)",
        ));
    }
    let not_a_file = match facts.existing {
        EntryKind::File | EntryKind::Missing => None,
        EntryKind::Symlink => Some("a symbolic link"),
        EntryKind::Directory => Some("a directory"),
        _ => Some("a socket, FIFO or device"),
    };
    if let Some(what) = not_a_file {
        return Err(Error::new(
            ErrorKind::UnsafePath,
            path,
            format!("it is {what}, not a regular file; upkeep writes only regular files"),
        ));
    }
    let (status, verb) = if facts.dry_run {
        ("dry-run", "Would write")
    } else {
        ("written", "Wrote")
    };
    Ok(ManifestWrite {
        write: !facts.dry_run,
        status: status.into(),
        heading: format!("{verb} {path}"),
        show_manifest: facts.dry_run,
    })
}
