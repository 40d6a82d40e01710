//! How messages name a release being opened, and what pins what was fetched.
//!
//! A release is opened for a side of an update (`baseline`, `latest`) or on its own
//! (`release`: `upkeep new`, `upkeep adopt`). Messages name it with that side ("the latest
//! release '../tpl@1.3.0'"), and a version only upkeep's cache could supply is asked for
//! with the flag of its side (`--latest`; `--baseline` otherwise, the release a project was
//! installed from).
//!
//! `resolved` (recorded in `.upkeep/source.json` and in a cache entry's index) pins what was
//! fetched exactly: a git release by its tag and commit (a moved tag shows), an archive or
//! an npm package by its integrity (`sha512-…`). A directory has nothing to pin: what it
//! holds is read again each time, and its cache entry is checked by the folder's
//! fingerprint instead.
//!
//! ```
//! use upkeep_core::lifecycle::{release_words, resolved_identity, ResolvedFacts, SourceKind};
//!
//! let words = release_words("latest", "../tpl@1.3.0").unwrap();
//! assert_eq!((words.name.as_str(), words.flag.as_str()), ("the latest release '../tpl@1.3.0'", "--latest"));
//! let git = ResolvedFacts { kind: SourceKind::Git, tag: Some("v1.3.0".into()), commit: Some("abc".into()), integrity: None };
//! assert_eq!(resolved_identity(&git).as_deref(), Some("v1.3.0@abc"));
//! ```

use super::spec::SourceKind;
use crate::error::{Error, ErrorKind, Result};

/// How a release is named in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ReleaseWords {
    /// The release with its side and spec: `the baseline release '<spec>'`, or
    /// `the release '<spec>'` for one opened on its own.
    pub name: String,
    /// The flag that names a release of its side: `--latest`, else `--baseline`.
    pub flag: String,
}

/// The words for a release of side `label` (`baseline`, `latest` or `release`) named by
/// `text`; another label is an `invalid-argument` error.
pub fn release_words(label: &str, text: &str) -> Result<ReleaseWords> {
    let (name, flag) = match label {
        "release" => (format!("{} '{text}'", release_side(label)), "--baseline"),
        "baseline" | "latest" => (
            format!("{} '{text}'", release_side(label)),
            if label == "latest" {
                "--latest"
            } else {
                "--baseline"
            },
        ),
        other => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "label",
                format!("{other:?} is not a side: give baseline, latest or release"),
            ))
        }
    };
    Ok(ReleaseWords {
        name,
        flag: flag.into(),
    })
}

/// A release by its side: `the release` for one opened on its own, else `the <side>
/// release` (`the latest release`). Shared by [`release_words`] and the names of a
/// release's files (`input_name`).
pub(crate) fn release_side(label: &str) -> String {
    if label == "release" {
        "the release".into()
    } else {
        format!("the {label} release")
    }
}

/// What was fetched, for [`resolved_identity`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ResolvedFacts {
    /// The source's kind (a `local` spec resolved to `directory` or `git` first).
    pub kind: SourceKind,
    /// The archive's or package's integrity (`sha512-<base64>`), when one was read.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub integrity: Option<String>,
    /// The git tag (or ref) fetched.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub tag: Option<String>,
    /// The git commit fetched.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub commit: Option<String>,
}

/// What pins the release fetched (see the module docs); `None` for a directory, or when
/// what pins it is unknown (npm gave no integrity).
pub fn resolved_identity(facts: &ResolvedFacts) -> Option<String> {
    match facts.kind {
        SourceKind::Git => match (&facts.tag, &facts.commit) {
            (Some(tag), Some(commit)) => Some(format!("{tag}@{commit}")),
            _ => None,
        },
        SourceKind::Tarball | SourceKind::Npm => facts.integrity.clone(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_is_named_and_asked_for_with_its_flag() {
        let w = release_words("baseline", "t.tar.gz@1.0.0").unwrap();
        assert_eq!(w.name, "the baseline release 't.tar.gz@1.0.0'");
        assert_eq!(w.flag, "--baseline");
        let w = release_words("release", "../tpl").unwrap();
        assert_eq!(
            (w.name.as_str(), w.flag.as_str()),
            ("the release '../tpl'", "--baseline")
        );
        assert_eq!(
            release_words("other", "x").unwrap_err().code(),
            "invalid-argument"
        );
    }

    #[test]
    fn only_what_was_fetched_is_pinned() {
        let facts = |kind| ResolvedFacts {
            kind,
            integrity: Some("sha512-x".into()),
            tag: Some("v1".into()),
            commit: Some("c".into()),
        };
        assert_eq!(resolved_identity(&facts(SourceKind::Directory)), None);
        assert_eq!(
            resolved_identity(&facts(SourceKind::Tarball)).as_deref(),
            Some("sha512-x")
        );
        assert_eq!(
            resolved_identity(&facts(SourceKind::Npm)).as_deref(),
            Some("sha512-x")
        );
        assert_eq!(
            resolved_identity(&facts(SourceKind::Git)).as_deref(),
            Some("v1@c")
        );
    }
}
