//! The refusals of a release that cannot be opened as named: a location that does not
//! exist, a version the location no longer holds and the cache has no copy of, a git ref
//! the remote does not have, a sub-path that is not one of the release's folders. The shim
//! looks and says which it met; the codes and words are decided here.
//!
//! ```
//! use upkeep_core::lifecycle::{release_refusal, ReleaseProblem};
//!
//! let refusal = release_refusal(&ReleaseProblem::NoSubfolder {
//!     name: "the latest release '../tpl'".into(),
//!     subpath: "web".into(),
//!     folders: vec!["api".into(), "docs".into()],
//! });
//! assert_eq!(refusal.message, "the latest release '../tpl': the release has no folder 'web' (its top-level folders: api, docs)");
//! ```

use crate::refusal::Refusal;

/// How many of a release's folders a refusal lists before it says there are more.
const FOLDERS_SHOWN: usize = 12;

/// What the shim met.
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
pub enum ReleaseProblem {
    /// Nothing at a local location (`any_kind`: the spec named no kind, so any of a
    /// directory, a tarball or a git repository would have done).
    NotFound {
        /// The release's words ([`super::release_words`]).
        name: String,
        /// The location, as resolved.
        location: String,
        /// Whether any kind of local release would have done.
        any_kind: bool,
    },
    /// The location holds another version, and the cache has no copy of the one asked for.
    VersionGone {
        /// The release's words.
        name: String,
        /// The location.
        location: String,
        /// The version it holds now.
        holds: String,
        /// The version asked for.
        wanted: String,
        /// The cache's folder.
        cache: String,
        /// The flag that names a release of this side.
        flag: String,
        /// Whether the hint lists the kinds of release the flag takes.
        kinds_hint: bool,
    },
    /// The remote has no tag or branch by that name.
    NoRef {
        /// The release's words.
        name: String,
        /// The remote.
        location: String,
        /// The ref asked for.
        reference: String,
    },
    /// The release has no folder at the spec's sub-path.
    NoSubfolder {
        /// The release's words.
        name: String,
        /// The sub-path asked for.
        subpath: String,
        /// The release's top-level folders, in any order: the refusal lists them in
        /// byte order, `.git` left out.
        folders: Vec<String>,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn release_refusal(problem: &ReleaseProblem) -> Refusal {
    let (code, message) = match problem {
        ReleaseProblem::NotFound {
            name,
            location,
            any_kind,
        } => {
            let kinds = if *any_kind {
                "a directory, a .tar.gz or a git repository"
            } else {
                "a directory"
            };
            ("bad-release", format!("{name} does not exist: {location} is not {kinds}"))
        }
        ReleaseProblem::VersionGone {
            name,
            location,
            holds,
            wanted,
            cache,
            flag,
            kinds_hint,
        } => {
            let hint = if *kinds_hint {
                " (a directory, a .tar.gz or a git ref)"
            } else {
                ""
            };
            (
                "no-such-version",
                format!("{name}: {location} now holds {holds}, and upkeep's cache ({cache}) has no copy of {wanted}; give that release with {flag}{hint}"),
            )
        }
        ReleaseProblem::NoRef {
            name,
            location,
            reference,
        } => (
            "bad-release",
            format!("cannot read {name}: git ls-remote {location} found no tag or branch named {reference}"),
        ),
        ReleaseProblem::NoSubfolder {
            name,
            subpath,
            folders,
        } => {
            // A repository's own folder is never part of a release, so never offered.
            let mut sorted: Vec<&String> = folders.iter().filter(|f| *f != ".git").collect();
            sorted.sort();
            let more = sorted.len() > FOLDERS_SHOWN;
            let mut shown = sorted
                .into_iter()
                .take(FOLDERS_SHOWN)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            if more {
                shown.push_str(", …");
            }
            if shown.is_empty() {
                shown.push_str("none");
            }
            (
                "bad-release",
                format!("{name}: the release has no folder '{subpath}' (its top-level folders: {shown})"),
            )
        }
    };
    Refusal::new(code, message)
}
