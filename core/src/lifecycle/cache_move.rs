//! Whether a release being opened comes from upkeep's cache, and from which entry: the
//! rules the shim used to keep beside its fetching. The shim says where the opening stands
//! (a [`CacheMoment`]); the engine answers with the entries to look up, in the order they
//! are tried; the shim looks them up (a damaged entry is reported and counts as absent) and
//! asks again with what it found; the engine then says which entry to use, or to fetch, to
//! read the folder where it is, to store a new entry, or refuses.
//!
//! The rules:
//! - An exact version kept in the cache needs no git, npm or release at all: it is used
//!   before anything is listed, and when a local location is gone or an archive cannot be
//!   read (a gone local spec may have been a git repository or a folder: both are tried,
//!   git first).
//! - A directory or archive that holds another version than the one asked for can only
//!   give that version from the cache; without it the opening is refused.
//! - A directory read where it is needs no entry; a copy of one is reused only while the
//!   folder's fingerprint is unchanged, and replaced otherwise.
//! - A git tag's entry is reused only while the tag names the same commit; an npm
//!   version's entry is reused as it is (a published version never changes).
//! - When another run stored an entry at the same key first, it is kept when it pins the
//!   same content (its `resolved`), unless the entry is a directory's copy, which has
//!   nothing that pins it.
//!
//! ```
//! use upkeep_core::lifecycle::{release_cache_move, CacheMoment, CacheMove, CacheQuestion, SourceKind};
//!
//! let mut question = CacheQuestion::new(SourceKind::Npm, "create-vite", Some("6.5.0"), CacheMoment::BeforeListing);
//! let CacheMove::LookUp { keys, .. } = release_cache_move(&question).unwrap() else { panic!() };
//! // The kept entry is whole: no npm at all.
//! question.found = Some(vec![Some(Default::default())]);
//! assert_eq!(release_cache_move(&question).unwrap(), CacheMove::Use { key: keys[0].clone() });
//! ```

use crate::error::Result;
use crate::refusal::Refusal;
use crate::update::Version;

use super::cache::{cache_key, CacheKeyInput};
use super::fetch_refusal::{fetch_refusal, FetchProblem};
use super::release_refusal::{release_refusal, ReleaseProblem};
use super::release_words::{resolved_identity, ResolvedFacts};
use super::spec::SourceKind;

/// Where the opening of a release stands.
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
pub enum CacheMoment {
    /// A local spec's location is not on this machine any more.
    LocalGone,
    /// An archive could not be read (`error`: the system's words).
    Unreadable {
        /// The system's words.
        error: String,
    },
    /// A directory holds version `holds`; `in_place`: its own manifest and VERSION apply,
    /// so it can be read where it is.
    FolderHolds {
        /// The version it holds.
        holds: String,
        /// Whether it can be read where it is (the layout's `inPlace`).
        in_place: bool,
    },
    /// An archive, extracted, holds version `holds`.
    ArchiveHolds {
        /// The version it holds.
        holds: String,
    },
    /// A git repository (no `#ref`) or an npm package, before its versions are listed.
    BeforeListing,
    /// The version chosen from a git repository's tags (`tag` at `commit`) or an npm
    /// package's versions (no tag or commit).
    Selected {
        /// The version chosen.
        version: String,
        /// The git tag that names it.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        tag: Option<String>,
        /// The commit the tag names now.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        commit: Option<String>,
    },
    /// A git repository's or npm package's release was fetched; it holds `holds`.
    Fetched {
        /// The version it holds.
        holds: String,
    },
    /// A new entry for version `version` pinned by `resolved` was built, and another run
    /// placed one at its key first.
    Placed {
        /// The version its key names (the `holds` of the moment that stored it).
        version: String,
        /// What pins the new entry's content.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        resolved: Option<String>,
    },
}

/// What a cache entry that was looked up and found whole says about itself (its index).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FoundEntry {
    /// What pins its content (the index's `resolved`).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub resolved: Option<String>,
    /// The fingerprint of the folder it was copied from (a directory's entry).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub origin: Option<String>,
}

/// The release being opened and where its opening stands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CacheQuestion {
    /// The spec's kind (`local` only for [`CacheMoment::LocalGone`]).
    pub kind: SourceKind,
    /// What identifies the source: its absolute path, git URL or npm package name.
    pub identity: String,
    /// The spec's `@version`, as written.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version: Option<String>,
    /// The spec's sub-path.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub subpath: Option<String>,
    /// The state folder (`.upkeep` by default).
    pub state_dir: String,
    /// The release's words, for a refusal ([`super::release_words`]).
    pub name: String,
    /// The flag that names a release of this side, for a refusal.
    pub flag: String,
    /// The cache's folder, for a refusal.
    pub cache: String,
    /// Whether a directory read where it is must still be kept in the cache (a release a
    /// project installs, which a later update needs as its baseline).
    #[cfg_attr(feature = "serde", serde(default))]
    pub retain: bool,
    /// Where the opening stands.
    pub moment: CacheMoment,
    /// What the entries of the engine's [`CacheMove::LookUp`] held, in its order (`None`:
    /// absent or damaged); absent before they are looked up.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub found: Option<Vec<Option<FoundEntry>>>,
    /// The directory's fingerprint ([`super::folder_fingerprint`]), when the look-up asked
    /// for it.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub origin: Option<String>,
}

impl CacheQuestion {
    /// A question about `identity` of `kind`, asked for `version`, at `moment`, with
    /// nothing found yet and the defaults elsewhere (`.upkeep`, no sub-path).
    pub fn new(
        kind: SourceKind,
        identity: &str,
        version: Option<&str>,
        moment: CacheMoment,
    ) -> Self {
        CacheQuestion {
            kind,
            identity: identity.into(),
            version: version.map(Into::into),
            subpath: None,
            state_dir: crate::update::DEFAULT_STATE_DIR.into(),
            name: format!("the release '{identity}'"),
            flag: "--latest".into(),
            cache: "~/.cache/upkeep".into(),
            retain: false,
            moment,
            found: None,
            origin: None,
        }
    }
}

/// The engine's next move.
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
pub enum CacheMove {
    /// Look these entries up and ask again with what they held (`fingerprint`: with the
    /// directory's fingerprint too).
    LookUp {
        /// The entries' keys, in the order they are tried.
        keys: Vec<String>,
        /// Whether the next question must carry the directory's fingerprint.
        fingerprint: bool,
    },
    /// Open the release from this entry.
    Use {
        /// Its key.
        key: String,
    },
    /// Nothing kept will do: list the versions, or fetch the one chosen.
    Fetch,
    /// Read the directory where it is; no entry is made.
    ReadInPlace,
    /// Build a new entry at `key` (`replace`: over whatever is there, else another run's
    /// entry placed first may be kept).
    Store {
        /// Its key.
        key: String,
        /// Whether it replaces an entry already there whatever it pins.
        replace: bool,
    },
    /// Replace the entry another run placed first with the new one.
    Replace,
    /// The release cannot be opened as named.
    Refuse {
        /// Why, worded for a person.
        refusal: Refusal,
    },
}

/// The next move of the opening `question` describes (see the module docs). Errors
/// (`invalid-argument`) when a key cannot be made of what it names.
pub fn release_cache_move(question: &CacheQuestion) -> Result<CacheMove> {
    let q = question;
    let key_of = |kind: SourceKind, revision: &str| {
        cache_key(&CacheKeyInput {
            kind,
            identity: q.identity.clone(),
            revision: revision.into(),
            subpath: q.subpath.clone(),
            state_dir: q.state_dir.clone(),
        })
    };
    // The version asked for, when it is one exact version, as the engine writes it.
    let exact = q
        .version
        .as_deref()
        .and_then(|v| v.parse::<Version>().ok())
        .map(|v| v.to_string());
    let look_up = |keys: Vec<String>| CacheMove::LookUp {
        keys,
        fingerprint: false,
    };
    // The first whole entry of those looked up, in order.
    let first_found = |keys: &[String]| -> Option<CacheMove> {
        let found = q.found.as_ref()?;
        keys.iter()
            .zip(found)
            .find(|(_, entry)| entry.is_some())
            .map(|(key, _)| CacheMove::Use { key: key.clone() })
    };
    let looked = q.found.is_some();
    Ok(match &q.moment {
        CacheMoment::LocalGone => {
            let keys = match &exact {
                Some(v) => vec![
                    key_of(SourceKind::Git, v)?,
                    key_of(SourceKind::Directory, v)?,
                ],
                None => vec![],
            };
            if !looked && !keys.is_empty() {
                return Ok(look_up(keys));
            }
            first_found(&keys).unwrap_or_else(|| {
                refuse_release(ReleaseProblem::NotFound {
                    name: q.name.clone(),
                    location: q.identity.clone(),
                    any_kind: true,
                })
            })
        }
        CacheMoment::Unreadable { error } => {
            let keys = match &exact {
                Some(v) => vec![key_of(q.kind, v)?],
                None => vec![],
            };
            if !looked && !keys.is_empty() {
                return Ok(look_up(keys));
            }
            first_found(&keys).unwrap_or_else(|| CacheMove::Refuse {
                refusal: fetch_refusal(&FetchProblem::Unreadable {
                    name: q.name.clone(),
                    error: error.clone(),
                }),
            })
        }
        CacheMoment::FolderHolds { holds, in_place } => {
            if let Some(gone) = other_version(q, holds, true)? {
                return Ok(gone);
            }
            let key = key_of(q.kind, holds)?;
            if *in_place && !q.retain {
                CacheMove::ReadInPlace
            } else if !looked {
                CacheMove::LookUp {
                    keys: vec![key],
                    fingerprint: true,
                }
            } else {
                let kept = q.found.iter().flatten().next().and_then(Option::as_ref);
                match kept {
                    Some(entry) if entry.origin.is_some() && entry.origin == q.origin => {
                        CacheMove::Use { key }
                    }
                    _ => CacheMove::Store { key, replace: true },
                }
            }
        }
        CacheMoment::ArchiveHolds { holds } => match other_version(q, holds, false)? {
            Some(gone) => gone,
            None => CacheMove::Store {
                key: key_of(q.kind, holds)?,
                replace: false,
            },
        },
        CacheMoment::BeforeListing => {
            let keys = match &exact {
                Some(v) => vec![key_of(q.kind, v)?],
                None => vec![],
            };
            if !looked && !keys.is_empty() {
                return Ok(look_up(keys));
            }
            first_found(&keys).unwrap_or(CacheMove::Fetch)
        }
        CacheMoment::Selected {
            version,
            tag,
            commit,
        } => {
            let key = key_of(q.kind, version)?;
            if !looked {
                return Ok(look_up(vec![key]));
            }
            let kept = q.found.iter().flatten().next().and_then(Option::as_ref);
            // A moved tag is fetched again: a git entry must pin the commit the tag names now.
            let pinned = resolved_identity(&ResolvedFacts {
                kind: q.kind,
                integrity: None,
                tag: tag.clone(),
                commit: commit.clone(),
            });
            match kept {
                Some(entry)
                    if q.kind != SourceKind::Git
                        || (pinned.is_some() && entry.resolved == pinned) =>
                {
                    CacheMove::Use { key }
                }
                _ => CacheMove::Fetch,
            }
        }
        CacheMoment::Fetched { holds } => CacheMove::Store {
            key: key_of(q.kind, holds)?,
            replace: false,
        },
        CacheMoment::Placed { version, resolved } => {
            let key = key_of(q.kind, version)?;
            if !looked {
                return Ok(look_up(vec![key]));
            }
            let kept = q.found.iter().flatten().next().and_then(Option::as_ref);
            // A directory's copy has nothing that pins it: the one just built replaces it.
            let pins = !matches!(q.kind, SourceKind::Directory | SourceKind::Local);
            match kept {
                Some(entry) if pins && entry.resolved == *resolved => CacheMove::Use { key },
                _ => CacheMove::Replace,
            }
        }
    })
}

/// When the location holds another version than the one asked for: look its entry up, use
/// it when kept, else refuse (`kinds_hint`: the refusal lists the kinds a flag takes).
fn other_version(q: &CacheQuestion, holds: &str, kinds_hint: bool) -> Result<Option<CacheMove>> {
    let Some(wanted) = &q.version else {
        return Ok(None);
    };
    let holds_version: Version = holds.parse()?;
    let wanted_version: Version = wanted.parse()?;
    if holds_version == wanted_version {
        return Ok(None);
    }
    let key = cache_key(&CacheKeyInput {
        kind: q.kind,
        identity: q.identity.clone(),
        revision: wanted_version.to_string(),
        subpath: q.subpath.clone(),
        state_dir: q.state_dir.clone(),
    })?;
    let Some(found) = &q.found else {
        return Ok(Some(CacheMove::LookUp {
            keys: vec![key],
            fingerprint: false,
        }));
    };
    if found.first().is_some_and(Option::is_some) {
        return Ok(Some(CacheMove::Use { key }));
    }
    Ok(Some(refuse_release(ReleaseProblem::VersionGone {
        name: q.name.clone(),
        location: q.identity.clone(),
        holds: holds.into(),
        wanted: wanted_version.to_string(),
        cache: q.cache.clone(),
        flag: q.flag.clone(),
        kinds_hint,
    })))
}

fn refuse_release(problem: ReleaseProblem) -> CacheMove {
    CacheMove::Refuse {
        refusal: release_refusal(&problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(q: &CacheQuestion) -> CacheMove {
        release_cache_move(q).unwrap()
    }

    fn keys(m: &CacheMove) -> Vec<String> {
        match m {
            CacheMove::LookUp { keys, .. } => keys.clone(),
            other => panic!("not a look-up: {other:?}"),
        }
    }

    #[test]
    fn a_gone_local_spec_tries_git_then_the_folder_for_an_exact_version_only() {
        let mut q = CacheQuestion::new(
            SourceKind::Local,
            "/gone/tpl",
            Some("v1.2.0"),
            CacheMoment::LocalGone,
        );
        let tried = keys(&ask(&q));
        assert_eq!(tried.len(), 2);
        assert!(
            tried[0].starts_with("git/") && tried[1].starts_with("dir/"),
            "{tried:?}"
        );
        assert!(tried[0].contains("/1.2.0/"));
        q.found = Some(vec![None, Some(FoundEntry::default())]);
        assert_eq!(
            ask(&q),
            CacheMove::Use {
                key: tried[1].clone()
            }
        );
        q.found = Some(vec![None, None]);
        let CacheMove::Refuse { refusal } = ask(&q) else {
            panic!()
        };
        assert_eq!(refusal.code, "bad-release");
        // A range names no one entry: refused at once.
        let q = CacheQuestion::new(
            SourceKind::Local,
            "/gone/tpl",
            Some("^1"),
            CacheMoment::LocalGone,
        );
        assert!(matches!(ask(&q), CacheMove::Refuse { .. }));
    }

    #[test]
    fn a_folder_read_in_place_needs_no_entry_and_a_kept_copy_only_while_unchanged() {
        let holds = || CacheMoment::FolderHolds {
            holds: "1.0.0".into(),
            in_place: true,
        };
        let q = CacheQuestion::new(SourceKind::Directory, "/tpl", None, holds());
        assert_eq!(ask(&q), CacheMove::ReadInPlace);
        let mut q = CacheQuestion { retain: true, ..q };
        let CacheMove::LookUp { keys, fingerprint } = ask(&q) else {
            panic!()
        };
        assert!(fingerprint);
        q.origin = Some("abc".into());
        q.found = Some(vec![Some(FoundEntry {
            resolved: None,
            origin: Some("abc".into()),
        })]);
        assert_eq!(
            ask(&q),
            CacheMove::Use {
                key: keys[0].clone()
            }
        );
        q.origin = Some("changed".into());
        assert_eq!(
            ask(&q),
            CacheMove::Store {
                key: keys[0].clone(),
                replace: true
            }
        );
    }

    #[test]
    fn another_version_than_the_folder_holds_comes_from_the_cache_or_is_refused() {
        let mut q = CacheQuestion::new(
            SourceKind::Directory,
            "/tpl",
            Some("v1.0.0"),
            CacheMoment::FolderHolds {
                holds: "1.1.0".into(),
                in_place: true,
            },
        );
        let tried = keys(&ask(&q));
        assert!(tried[0].contains("/1.0.0/"));
        q.found = Some(vec![None]);
        let CacheMove::Refuse { refusal } = ask(&q) else {
            panic!()
        };
        assert_eq!(refusal.code, "no-such-version");
        assert!(
            refusal
                .message
                .contains("(a directory, a .tar.gz or a git ref)"),
            "{}",
            refusal.message
        );
        // The same version written another way is the one it holds.
        q.version = Some("1.1.0".into());
        q.found = None;
        assert_eq!(ask(&q), CacheMove::ReadInPlace);
    }

    #[test]
    fn a_git_entry_is_reused_only_while_its_tag_names_the_same_commit() {
        let selected = |commit: &str| CacheMoment::Selected {
            version: "1.2.0".into(),
            tag: Some("v1.2.0".into()),
            commit: Some(commit.into()),
        };
        let mut q = CacheQuestion::new(SourceKind::Git, "https://x/t.git", None, selected("c1"));
        let tried = keys(&ask(&q));
        q.found = Some(vec![Some(FoundEntry {
            resolved: Some("v1.2.0@c1".into()),
            origin: None,
        })]);
        assert_eq!(
            ask(&q),
            CacheMove::Use {
                key: tried[0].clone()
            }
        );
        q.moment = selected("c2");
        assert_eq!(ask(&q), CacheMove::Fetch);
        // An npm version's entry is reused as it is.
        let mut q = CacheQuestion::new(
            SourceKind::Npm,
            "pkg",
            Some("^1"),
            CacheMoment::Selected {
                version: "1.2.0".into(),
                tag: None,
                commit: None,
            },
        );
        q.found = Some(vec![Some(FoundEntry::default())]);
        assert!(matches!(ask(&q), CacheMove::Use { .. }));
        // Before listing, a range is never answered from the cache.
        let q = CacheQuestion::new(
            SourceKind::Npm,
            "pkg",
            Some("^1"),
            CacheMoment::BeforeListing,
        );
        assert_eq!(ask(&q), CacheMove::Fetch);
    }

    #[test]
    fn an_entry_placed_first_is_kept_only_when_it_pins_the_same_content() {
        let placed = CacheMoment::Placed {
            version: "1.0.0".into(),
            resolved: Some("sha512-a".into()),
        };
        let mut q = CacheQuestion::new(SourceKind::Tarball, "/t.tgz", None, placed);
        let tried = keys(&ask(&q));
        q.found = Some(vec![Some(FoundEntry {
            resolved: Some("sha512-a".into()),
            origin: None,
        })]);
        assert_eq!(
            ask(&q),
            CacheMove::Use {
                key: tried[0].clone()
            }
        );
        q.found = Some(vec![Some(FoundEntry {
            resolved: Some("sha512-b".into()),
            origin: None,
        })]);
        assert_eq!(ask(&q), CacheMove::Replace);
        let mut q = CacheQuestion::new(
            SourceKind::Directory,
            "/tpl",
            None,
            CacheMoment::Placed {
                version: "1.0.0".into(),
                resolved: None,
            },
        );
        q.found = Some(vec![Some(FoundEntry::default())]);
        assert_eq!(ask(&q), CacheMove::Replace);
    }

    #[test]
    fn an_unreadable_archive_opens_from_a_kept_exact_version_or_is_refused_in_the_system_words() {
        let moment = CacheMoment::Unreadable {
            error: "EACCES: permission denied".into(),
        };
        let q = CacheQuestion::new(SourceKind::Tarball, "/t.tgz", None, moment.clone());
        let CacheMove::Refuse { refusal } = ask(&q) else {
            panic!()
        };
        assert!(refusal.message.contains("permission denied"));
        let mut q = CacheQuestion::new(SourceKind::Tarball, "/t.tgz", Some("2.0.0"), moment);
        let tried = keys(&ask(&q));
        q.found = Some(vec![Some(FoundEntry::default())]);
        assert_eq!(
            ask(&q),
            CacheMove::Use {
                key: tried[0].clone()
            }
        );
    }
}
