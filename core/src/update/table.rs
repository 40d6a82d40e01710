//! The per-file decision table: three sides of one managed file — the
//! project's current copy A, the baseline release's B, the latest release's L — and the
//! first matching row.
//!
//! | class | condition | row |
//! |---|---|---|
//! | any | A missing, B missing | [`Row::Add`] |
//! | any | A missing, B present | [`Row::UserDeleted`] |
//! | owned | B missing (A present) | [`Row::Adopt`] |
//! | any | B ≅ L | [`Row::NoUpstreamChange`] |
//! | any | A ≅ B | [`Row::NoLocalChange`] |
//! | any | A ≅ L | [`Row::AlreadyLatest`] |
//! | any | otherwise | [`Row::Conflict`] |
//!
//! ≅ is byte equality, or with the line-ending option equality once CRLF reads as LF.
//! A current path that is a symlink, a directory or another non-file is never written
//! through: it is [`Row::NotAFile`] unless upstream left the file alone.
//!
//! ```
//! use upkeep_core::update::{classify, FileClass, Row, Side};
//!
//! let (a, b, l) = (Side::bytes(b"mine"), Side::bytes(b"v1"), Side::bytes(b"v2"));
//! assert_eq!(classify(FileClass::Shared, &a, &b, &l, false), Row::Conflict);
//! assert_eq!(classify(FileClass::Owned, &Side::Missing, &Side::Missing, &l, false), Row::Add);
//! ```

use std::cell::Cell;

use super::manifest::FileClass;
use crate::content::digest_parts;
use crate::hash::Digest;
use crate::text::{is_binary, same_text, DiffOptions};

/// One side of a managed file, as the shim found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// No file at the path.
    Missing,
    /// A regular file: its bytes when the shim read them, and its digest.
    File {
        /// The content, when supplied (needed for line-ending-insensitive comparison,
        /// patches and merges).
        bytes: Option<Vec<u8>>,
        /// The SHA-256 of the content, when the shim knows it; computed from the bytes
        /// when needed.
        digest: Option<Digest>,
        /// What the shim measured while hashing, when it sent the digest instead of the
        /// bytes (the digest route): size, binary, the CRLF-as-LF digest.
        facts: Option<DigestFacts>,
    },
    /// Something that is not a regular file (a symlink, a directory, a device).
    NotAFile,
}

/// What a side sent as a digest tells besides the digest ([`crate::content`]): enough for
/// every comparison of the table, with or without the line-ending option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestFacts {
    /// The file's size in bytes.
    pub size: u64,
    /// A NUL among its first 8,000 bytes.
    pub binary: bool,
    /// SHA-256 with CRLF read as LF, for a text file that holds CRLF.
    pub digest_lf: Option<Digest>,
    /// Set when the planner asked for this side's bytes and only the digest was there:
    /// the digest route learns which files' bytes a plan needs from the very code that
    /// uses them ([`Side::content`]).
    wanted: Cell<bool>,
}

impl DigestFacts {
    /// The facts of a file of `size` bytes.
    pub fn new(size: u64, binary: bool, digest_lf: Option<Digest>) -> Self {
        DigestFacts {
            size,
            binary,
            digest_lf,
            wanted: Cell::new(false),
        }
    }

    /// Whether the planner asked for the bytes since the last call; clears the mark.
    pub(crate) fn take_wanted(&self) -> bool {
        self.wanted.replace(false)
    }
}

impl Side {
    /// A regular file with these bytes.
    pub fn bytes(bytes: &[u8]) -> Side {
        Side::File {
            bytes: Some(bytes.to_vec()),
            digest: None,
            facts: None,
        }
    }

    /// Whether anything is at the path.
    pub fn is_present(&self) -> bool {
        !matches!(self, Side::Missing)
    }

    /// The bytes of a regular file, when supplied. Asking for the bytes of a side that
    /// came as a digest marks it wanted ([`DigestFacts`]).
    pub fn content(&self) -> Option<&[u8]> {
        match self {
            Side::File {
                bytes: Some(bytes), ..
            } => Some(bytes),
            Side::File {
                facts: Some(facts), ..
            } => {
                facts.wanted.set(true);
                None
            }
            _ => None,
        }
    }

    /// A regular file's size, when known (from its bytes or its facts).
    pub fn size(&self) -> Option<u64> {
        match self {
            Side::File {
                bytes: Some(bytes), ..
            } => Some(bytes.len() as u64),
            Side::File {
                facts: Some(facts), ..
            } => Some(facts.size),
            _ => None,
        }
    }

    /// Whether a regular file is binary, when known.
    pub fn is_binary(&self) -> Option<bool> {
        match self {
            Side::File {
                bytes: Some(bytes), ..
            } => Some(is_binary(bytes)),
            Side::File {
                facts: Some(facts), ..
            } => Some(facts.binary),
            _ => None,
        }
    }

    /// The facts a digest-only side came with.
    pub(crate) fn facts(&self) -> Option<&DigestFacts> {
        match self {
            Side::File { facts, .. } => facts.as_ref(),
            _ => None,
        }
    }

    /// The SHA-256 of a regular file's content: given, or computed from its bytes.
    pub fn digest(&self) -> Option<Digest> {
        match self {
            Side::File { bytes, digest, .. } => digest.or_else(|| bytes.as_deref().map(Digest::of)),
            _ => None,
        }
    }

    /// What two text files compare by once CRLF reads as LF: the digest of the text with
    /// LF endings; `None` for a binary file (compared byte for byte), or a digest-only
    /// side without facts.
    fn lf_key(&self) -> Option<Digest> {
        let Side::File { bytes, facts, .. } = self else {
            return None;
        };
        if let Some(bytes) = bytes {
            let d = digest_parts(bytes, true);
            return (!d.binary).then(|| d.sha256_lf.unwrap_or(d.sha256));
        }
        let facts = facts.as_ref().filter(|f| !f.binary)?;
        facts.digest_lf.or_else(|| self.digest())
    }
}

/// The row of the decision table a file takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "TableRow"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Row {
    /// New in the latest release: copy L.
    Add,
    /// The project deleted a file its baseline shipped: leave it absent.
    UserDeleted,
    /// An owned path the release newly manages while the project has a file there: back
    /// up A, copy L.
    Adopt,
    /// Upstream did not change the file: nothing to do.
    NoUpstreamChange,
    /// The project did not change the file: back up A, copy L.
    NoLocalChange,
    /// The project already has the latest content: nothing to do.
    AlreadyLatest,
    /// Both changed the file differently: the project resolves it.
    Conflict,
    /// The project has a symlink, directory or other non-file where upstream changed a
    /// file: never written through, resolved by hand.
    NotAFile,
}

impl Row {
    /// The report bucket of this row for a file of `class`.
    pub fn bucket(&self, class: FileClass) -> Bucket {
        match self {
            Row::Add => Bucket::Add,
            Row::UserDeleted => Bucket::Removed,
            Row::Adopt => Bucket::Overwrite,
            Row::NoUpstreamChange | Row::AlreadyLatest => Bucket::Skip,
            Row::NoLocalChange if class == FileClass::Owned => Bucket::Overwrite,
            Row::NoLocalChange => Bucket::Merge,
            Row::Conflict | Row::NotAFile => Bucket::Conflicts,
        }
    }
}

/// The report buckets of issue §7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Bucket {
    /// Replaced with the latest content (owned files).
    Overwrite,
    /// Updated cleanly (shared and wiki-owned files, and clean three-way merges).
    Merge,
    /// Copied in, new.
    Add,
    /// Deleted by the project; left absent.
    Removed,
    /// Nothing to do.
    Skip,
    /// Dropped upstream but still present: for the project to delete.
    Delete,
    /// Left for the project to resolve.
    Conflicts,
}

/// Equality of two present sides (≅).
fn same(x: &Side, y: &Side, ignore_eol: bool) -> bool {
    match (x, y) {
        (Side::File { bytes: Some(a), .. }, Side::File { bytes: Some(b), .. }) => {
            let options = DiffOptions {
                ignore_eol,
                ..DiffOptions::default()
            };
            same_text(a, b, &options)
        }
        // A side sent as a digest: equal digests, or (ignoring line endings) two text
        // files whose CRLF-as-LF digests agree — exactly when `same_text` would say so.
        (Side::File { .. }, Side::File { .. }) => {
            let raw = x.digest();
            if raw.is_some() && raw == y.digest() {
                return true;
            }
            let lf = if ignore_eol { x.lf_key() } else { None };
            lf.is_some() && lf == y.lf_key()
        }
        _ => false,
    }
}

/// The first row of the table that matches the three sides of a file of `class`.
pub fn classify(class: FileClass, a: &Side, b: &Side, l: &Side, ignore_eol: bool) -> Row {
    match (a, b) {
        (Side::Missing, Side::Missing) => return Row::Add,
        (Side::Missing, _) => return Row::UserDeleted,
        _ => {}
    }
    if matches!(a, Side::NotAFile) {
        return if same(b, l, ignore_eol) {
            Row::NoUpstreamChange
        } else {
            Row::NotAFile
        };
    }
    if class == FileClass::Owned && !b.is_present() {
        return Row::Adopt;
    }
    if same(b, l, ignore_eol) {
        Row::NoUpstreamChange
    } else if same(a, b, ignore_eol) {
        Row::NoLocalChange
    } else if same(a, l, ignore_eol) {
        Row::AlreadyLatest
    } else {
        Row::Conflict
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use FileClass::{Owned, Shared, WikiOwned};

    #[test]
    fn every_row_first_match_wins() {
        let m = Side::Missing;
        let (v1, v2, mine, odd) = (
            Side::bytes(b"v1\n"),
            Side::bytes(b"v2\n"),
            Side::bytes(b"mine\n"),
            Side::NotAFile,
        );
        #[rustfmt::skip]
        let table: &[(FileClass, &Side, &Side, &Side, Row, Bucket)] = &[
            // A missing, B missing: new upstream.
            (Owned, &m, &m, &v2, Row::Add, Bucket::Add),
            (Shared, &m, &m, &v2, Row::Add, Bucket::Add),
            // A missing, B present: the user deleted it, even if upstream changed it.
            (Owned, &m, &v1, &v2, Row::UserDeleted, Bucket::Removed),
            (WikiOwned, &m, &v1, &v1, Row::UserDeleted, Bucket::Removed),
            // Owned, B missing, A present: adopt (even when A already equals L).
            (Owned, &mine, &m, &v2, Row::Adopt, Bucket::Overwrite),
            (Owned, &v2, &m, &v2, Row::Adopt, Bucket::Overwrite),
            // Shared, B missing: falls through to A ≅ L or a conflict (unknown baseline).
            (Shared, &v2, &m, &v2, Row::AlreadyLatest, Bucket::Skip),
            (Shared, &mine, &m, &v2, Row::Conflict, Bucket::Conflicts),
            // B ≅ L: upstream did not change it; local edits stay.
            (Owned, &mine, &v1, &v1, Row::NoUpstreamChange, Bucket::Skip),
            (Shared, &v1, &v1, &v1, Row::NoUpstreamChange, Bucket::Skip),
            // A ≅ B: clean update; the class picks the bucket.
            (Owned, &v1, &v1, &v2, Row::NoLocalChange, Bucket::Overwrite),
            (Shared, &v1, &v1, &v2, Row::NoLocalChange, Bucket::Merge),
            (WikiOwned, &v1, &v1, &v2, Row::NoLocalChange, Bucket::Merge),
            // A ≅ L: already at latest.
            (Shared, &v2, &v1, &v2, Row::AlreadyLatest, Bucket::Skip),
            // Otherwise: conflict.
            (Owned, &mine, &v1, &v2, Row::Conflict, Bucket::Conflicts),
            (WikiOwned, &mine, &v1, &v2, Row::Conflict, Bucket::Conflicts),
            // Not a regular file: never written through.
            (Owned, &odd, &v1, &v2, Row::NotAFile, Bucket::Conflicts),
            (Owned, &odd, &m, &v2, Row::NotAFile, Bucket::Conflicts),
            (Shared, &odd, &v1, &v1, Row::NoUpstreamChange, Bucket::Skip),
        ];
        for (i, &(class, a, b, l, row, bucket)) in table.iter().enumerate() {
            let got = classify(class, a, b, l, false);
            assert_eq!((got, got.bucket(class)), (row, bucket), "table row {i}");
        }
    }

    #[test]
    fn line_endings_option_and_digests() {
        let (crlf, lf, new) = (
            Side::bytes(b"a\r\n"),
            Side::bytes(b"a\n"),
            Side::bytes(b"b\n"),
        );
        assert_eq!(classify(Shared, &crlf, &lf, &new, false), Row::Conflict);
        assert_eq!(classify(Shared, &crlf, &lf, &new, true), Row::NoLocalChange);
        let digest_only = |s: &Side| match s {
            Side::File { bytes, .. } => Side::File {
                bytes: None,
                digest: bytes.as_deref().map(crate::hash::Digest::of),
                facts: None,
            },
            other => other.clone(),
        };
        assert_eq!(
            classify(Shared, &digest_only(&lf), &lf, &new, false),
            Row::NoLocalChange
        );
        assert_eq!(
            classify(Shared, &digest_only(&crlf), &lf, &new, true),
            Row::Conflict,
            "digests compare raw bytes"
        );
    }
}
