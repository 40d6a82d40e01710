//! What is at a path: the one kind every command's observations use (refresh's sources
//! and hosts, update's sides, region snapshots, release listings), and a path's
//! observation with its digests.
//!
//! The words on the wire are the kind's name in lowercase (`file`, `missing`, `symlink`,
//! `directory`, `other`). Only refresh says `missing` out loud; everywhere else nothing at
//! a path is said by leaving the path (or the side) out, and a `missing` there is refused
//! when it is decoded (`present_kind`, with the `serde` feature) rather than read as some
//! other kind.
//!
//! ```
//! use upkeep_core::observe::{EntryKind, Observed};
//!
//! let file = Observed::file("a".repeat(64));
//! assert!(file.present() && file.check("a.txt").is_ok());
//! assert!(!Observed::missing().present());
//! let unhashed = Observed { kind: EntryKind::File, sha256: None, sha256_lf: None };
//! assert!(unhashed.check("a.txt").is_err());
//! ```

use crate::error::{Error, ErrorKind, Result};

/// What the shim found at a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum EntryKind {
    /// A regular file.
    #[default]
    File,
    /// Nothing at that path.
    Missing,
    /// A symbolic link (never followed).
    Symlink,
    /// A directory.
    Directory,
    /// A socket, FIFO, device or anything else.
    Other,
}

impl EntryKind {
    /// The kind's word on the wire.
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::File => "file",
            EntryKind::Missing => "missing",
            EntryKind::Symlink => "symlink",
            EntryKind::Directory => "directory",
            EntryKind::Other => "other",
        }
    }
}

/// Why a path was not looked at: a folder on the way to it is a link or not a folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum BlockedBy {
    /// A folder on the way is a symbolic link.
    Symlink,
    /// A folder on the way is a file or anything else but a folder.
    NotADirectory,
}

impl BlockedBy {
    /// What a path counts as when a folder on its way is blocked: under a link it counts
    /// as a link (it is never read, or written, through one); under a non-folder nothing
    /// can be there.
    pub const fn seen_as(self) -> EntryKind {
        match self {
            BlockedBy::Symlink => EntryKind::Symlink,
            BlockedBy::NotADirectory => EntryKind::Missing,
        }
    }
}

/// The one-byte codes a batch of observations crosses the boundary with (the column routes
/// of refresh, update and a release listing): what is at a path, or what blocks the way to
/// it. The shim codes with these (generated into `defaults.js`); the decoders' tables
/// are checked against them.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct KindCodes {
    /// Nothing at the path.
    pub missing: u8,
    /// A regular file.
    pub file: u8,
    /// A symbolic link.
    pub symlink: u8,
    /// A directory.
    pub directory: u8,
    /// Anything else.
    pub other: u8,
    /// A folder on the way is a link ([`BlockedBy::Symlink`]).
    pub blocked_by_symlink: u8,
    /// A folder on the way is not a folder ([`BlockedBy::NotADirectory`]).
    pub blocked_by_not_a_directory: u8,
}

/// Every code of [`KindCodes`].
pub const KIND_CODES: KindCodes = KindCodes {
    missing: 0,
    file: 1,
    symlink: 2,
    directory: 3,
    other: 4,
    blocked_by_symlink: 5,
    blocked_by_not_a_directory: 6,
};

/// Decodes an [`EntryKind`] where something is at the path by construction (an update
/// side, a snapshot entry, a release listing, a probed project file): `missing` there is
/// refused, since leaving the entry out is how those inputs say nothing is there.
#[cfg(feature = "serde")]
pub fn present_kind<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<EntryKind, D::Error> {
    use serde::Deserialize;
    match EntryKind::deserialize(deserializer)? {
        EntryKind::Missing => Err(serde::de::Error::custom(
            "kind \"missing\" is not accepted here: leave the entry out where nothing is at the path",
        )),
        kind => Ok(kind),
    }
}

/// The refusal of an observation of `path` whose hashes do not fit its kind.
pub(crate) fn unfit(path: &str) -> Error {
    Error::new(
        ErrorKind::InvalidArgument,
        path,
        "an observation has a sha256 exactly when its kind is \"file\"",
    )
}

/// One side's observation of a path: its kind and, for a file, its hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Observed {
    /// What is at the path.
    pub kind: EntryKind,
    /// SHA-256 of the raw bytes (files only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub sha256: Option<String>,
    /// SHA-256 with CRLF turned into LF, for a text file holding CRLF
    /// ([`crate::refresh::eol_normalized_sha256`]).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub sha256_lf: Option<String>,
}

impl Observed {
    /// A regular file with this raw hash.
    pub fn file(sha256: String) -> Self {
        Observed {
            kind: EntryKind::File,
            sha256: Some(sha256),
            sha256_lf: None,
        }
    }

    /// Nothing there.
    pub fn missing() -> Self {
        Observed {
            kind: EntryKind::Missing,
            sha256: None,
            sha256_lf: None,
        }
    }

    /// Refuses an observation of `path` whose hashes do not fit its kind: a file carries
    /// its `sha256`, nothing else does (a plan made from it would compare nothing).
    pub fn check(&self, path: &str) -> Result<()> {
        if !self.fits() {
            return Err(unfit(path));
        }
        Ok(())
    }

    /// Whether the hashes fit the kind ([`Observed::check`] without the error).
    pub fn fits(&self) -> bool {
        (self.kind == EntryKind::File) == self.sha256.is_some()
    }

    /// Whether anything at all is at the path.
    pub fn present(&self) -> bool {
        self.kind != EntryKind::Missing
    }

    fn lf(&self) -> Option<&str> {
        self.sha256_lf.as_deref().or(self.sha256.as_deref())
    }

    /// Same content as `other` (byte for byte, or up to CRLF conversion); never for a
    /// symlink or directory.
    pub fn same_as(&self, other: &Observed) -> bool {
        self.kind == EntryKind::File
            && other.kind == EntryKind::File
            && (self.sha256 == other.sha256 || self.lf() == other.lf())
    }

    /// Same content as the recorded hash (upkeep wrote those bytes; LF-normalized match
    /// too, for an autocrlf checkout of an LF file).
    pub fn matches_recorded(&self, recorded: Option<&str>) -> bool {
        self.kind == EntryKind::File
            && recorded.is_some()
            && (self.sha256.as_deref() == recorded || self.lf() == recorded)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Present {
        #[serde(deserialize_with = "present_kind")]
        kind: EntryKind,
    }

    fn present(json: &str) -> std::result::Result<EntryKind, String> {
        serde_json::from_str::<Present>(json)
            .map(|p| p.kind)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn present_contexts_refuse_missing() {
        assert_eq!(present(r#"{"kind":"symlink"}"#), Ok(EntryKind::Symlink));
        let refused = present(r#"{"kind":"missing"}"#).unwrap_err();
        assert!(
            refused.contains("\"missing\" is not accepted here"),
            "{refused}"
        );
    }

    #[test]
    fn words_are_the_names() {
        for kind in [
            EntryKind::File,
            EntryKind::Missing,
            EntryKind::Symlink,
            EntryKind::Directory,
            EntryKind::Other,
        ] {
            let word = serde_json::to_string(&kind).unwrap();
            assert_eq!(word, format!("\"{}\"", kind.name()));
        }
    }
}
