//! The five states of a managed file, from three hashes.
//!
//! For each file: the source's hash now, the host's hash now and the hash recorded when
//! upkeep last wrote it. The rules are the reference's, checked in this order:
//!
//! | state | when |
//! |---|---|
//! | `both-deleted` | gone on both sides (only the record still names it) |
//! | `source-deleted` | absent in the source, present on the host |
//! | `new-upstream` | present in the source, absent on the host, never recorded |
//! | `host-deleted` | present in the source, absent on the host, recorded |
//! | `unchanged-identical` | host = source |
//! | `unchanged-stale` | host = recorded ≠ source |
//! | `locally-modified` | host ≠ recorded, host ≠ source |
//!
//! A missing record entry is *unknown*, never "clean": a host file that differs from the
//! source and was never recorded is `locally-modified`. A symlink or a directory where a
//! file should be is present but never equal to anything. Equality ignores a checkout's
//! own CRLF conversion when the shim supplies the LF-normalized hash of a text file.
//!
//! ```
//! use upkeep_core::observe::Observed;
//! use upkeep_core::refresh::{classify, FileState};
//!
//! let file = |sha: &str| Observed::file(sha.to_string());
//! assert_eq!(classify(&file("new"), &file("old"), Some("old")), FileState::UnchangedStale);
//! assert_eq!(classify(&file("new"), &file("mine"), Some("old")), FileState::LocallyModified);
//! assert_eq!(classify(&file("new"), &Observed::missing(), None), FileState::NewUpstream);
//! assert_eq!(classify(&file("new"), &Observed::missing(), Some("old")), FileState::HostDeleted);
//! ```

use crate::observe::{EntryKind, Observed};

/// The state of one managed file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum FileState {
    /// The host has exactly what the source ships.
    UnchangedIdentical,
    /// The host still has what upkeep recorded; the source moved on.
    UnchangedStale,
    /// The host's file differs from both the record and the source (or was never recorded).
    LocallyModified,
    /// The source ships it; the host has nothing there, and upkeep recorded it before:
    /// the host deleted it.
    HostDeleted,
    /// The host has it; the source no longer ships it.
    SourceDeleted,
    /// Neither side has it any more; only the record remembers it.
    BothDeleted,
    /// The source ships it, the host has nothing there, and it was never recorded: a
    /// file upstream added since the last run (installed, no one's decision).
    NewUpstream,
}

/// Classifies one file from the source's and host's observations and the recorded hash.
pub fn classify(source: &Observed, host: &Observed, recorded: Option<&str>) -> FileState {
    classify_by(source, host, recorded)
}

/// What [`classify`] reads of an observation, whatever its digests are written as: hex
/// text ([`Observed`]) or the bytes a refresh keeps ([`super::seen::Seen`]).
pub(crate) trait Hashes {
    /// A digest as this observation holds it.
    type Digest: PartialEq + ?Sized;

    /// What is at the path.
    fn kind(&self) -> EntryKind;
    /// The raw bytes' digest (files only).
    fn sha256(&self) -> Option<&Self::Digest>;
    /// The digest with CRLF read as LF, for a text file holding CRLF.
    fn sha256_lf(&self) -> Option<&Self::Digest>;

    /// Whether anything at all is at the path.
    fn present(&self) -> bool {
        self.kind() != EntryKind::Missing
    }

    /// The digest line endings aside.
    fn lf(&self) -> Option<&Self::Digest> {
        self.sha256_lf().or(self.sha256())
    }

    /// Same content as `other` (byte for byte, or up to CRLF conversion); never for a
    /// symlink or directory ([`Observed::same_as`]).
    fn same_as(&self, other: &Self) -> bool {
        self.kind() == EntryKind::File
            && other.kind() == EntryKind::File
            && (self.sha256() == other.sha256() || self.lf() == other.lf())
    }

    /// Same content as the recorded digest, LF-normalized match too
    /// ([`Observed::matches_recorded`]).
    fn matches_recorded(&self, recorded: Option<&Self::Digest>) -> bool {
        self.kind() == EntryKind::File
            && recorded.is_some()
            && (self.sha256() == recorded || self.lf() == recorded)
    }
}

impl Hashes for Observed {
    type Digest = str;

    fn kind(&self) -> EntryKind {
        self.kind
    }

    fn sha256(&self) -> Option<&str> {
        self.sha256.as_deref()
    }

    fn sha256_lf(&self) -> Option<&str> {
        self.sha256_lf.as_deref()
    }
}

/// [`classify`] over any [`Hashes`].
pub(crate) fn classify_by<H: Hashes>(
    source: &H,
    host: &H,
    recorded: Option<&H::Digest>,
) -> FileState {
    match (source.present(), host.present()) {
        (false, false) => FileState::BothDeleted,
        (false, true) => FileState::SourceDeleted,
        (true, false) if recorded.is_none() => FileState::NewUpstream,
        (true, false) => FileState::HostDeleted,
        (true, true) if Hashes::same_as(host, source) => FileState::UnchangedIdentical,
        (true, true) if Hashes::matches_recorded(host, recorded) => FileState::UnchangedStale,
        (true, true) => FileState::LocallyModified,
    }
}

/// The SHA-256 of `bytes` with every CRLF turned into LF, for a text file that holds at
/// least one CRLF; `None` for a binary file or one without CRLF (its raw hash serves).
pub fn eol_normalized_sha256(bytes: &[u8]) -> Option<String> {
    crate::content::digest_content(bytes, true).sha256_lf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::EntryKind;
    use crate::sha256_hex;
    use FileState::*;

    fn obs(kind: &str) -> Observed {
        let with = |kind, sha: Option<&str>| Observed {
            kind,
            sha256: sha.map(str::to_string),
            sha256_lf: None,
        };
        match kind {
            "missing" => Observed::missing(),
            "symlink" => with(EntryKind::Symlink, None),
            "directory" => with(EntryKind::Directory, None),
            sha => with(EntryKind::File, Some(sha)),
        }
    }

    /// The classification matrix (ARCHITECTURE.md, Safety rules): current ∈ {= baseline,
    /// = latest, other, missing, symlink, directory} × upstream changed or not × recorded
    /// or never recorded.
    #[test]
    fn matrix() {
        // (current, latest, recorded, expected); the baseline is "B".
        let rows: &[(&str, &str, Option<&str>, FileState)] = &[
            ("B", "B", Some("B"), UnchangedIdentical),
            ("B", "L", Some("B"), UnchangedStale),
            ("L", "L", Some("B"), UnchangedIdentical),
            ("X", "B", Some("B"), LocallyModified),
            ("X", "L", Some("B"), LocallyModified),
            ("missing", "B", Some("B"), HostDeleted),
            ("missing", "L", Some("B"), HostDeleted),
            ("symlink", "B", Some("B"), LocallyModified),
            ("symlink", "L", Some("B"), LocallyModified),
            ("directory", "L", Some("B"), LocallyModified),
            ("B", "missing", Some("B"), SourceDeleted),
            ("X", "missing", Some("B"), SourceDeleted),
            ("missing", "missing", Some("B"), BothDeleted),
            ("symlink", "missing", Some("B"), SourceDeleted),
            // never recorded: unknown baseline, so any difference is a conflict
            ("B", "B", None, UnchangedIdentical),
            ("X", "L", None, LocallyModified),
            ("missing", "L", None, NewUpstream),
            ("symlink", "L", None, LocallyModified),
            ("directory", "L", None, LocallyModified),
            ("X", "missing", None, SourceDeleted),
        ];
        for (current, latest, recorded, expected) in rows {
            assert_eq!(
                classify(&obs(latest), &obs(current), *recorded),
                *expected,
                "current {current}, latest {latest}, recorded {recorded:?}"
            );
        }
    }

    #[test]
    fn crlf_checkout_is_not_a_local_edit() {
        let lf = b"a\nb\n";
        let crlf = b"a\r\nb\r\n";
        let host = Observed {
            kind: EntryKind::File,
            sha256: Some(sha256_hex(crlf)),
            sha256_lf: eol_normalized_sha256(crlf),
        };
        let source = Observed::file(sha256_hex(lf));
        assert_eq!(
            classify(&source, &host, Some(&sha256_hex(lf))),
            UnchangedIdentical
        );
        let newer = Observed::file(sha256_hex(b"a\nc\n"));
        assert_eq!(
            classify(&newer, &host, Some(&sha256_hex(lf))),
            UnchangedStale
        );
        assert_eq!(eol_normalized_sha256(b"a\0\r\n"), None);
        assert_eq!(eol_normalized_sha256(lf), None);
        assert_eq!(
            eol_normalized_sha256(b"a\r\r\n").unwrap(),
            sha256_hex(b"a\r\n")
        );
    }
}
