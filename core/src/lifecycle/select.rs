//! Choosing a release: which tag of a git repository or which published version of an npm
//! package a spec (or `--to`) means. "Latest" is the highest stable version; a range picks
//! its highest match; `--pre` lets pre-releases in.
//!
//! ```
//! use upkeep_core::lifecycle::{parse_git_tags, select_version, Available, SourceKind, VersionQuery};
//!
//! let tags = parse_git_tags("aaaa\trefs/tags/v1.0.0\nbbbb\trefs/tags/v1.1.0\ncccc\trefs/tags/v1.1.0^{}\ndddd\trefs/tags/v2.0.0-rc.1\neeee\trefs/tags/nightly\n");
//! assert_eq!(tags[1].commit, "cccc"); // an annotated tag's commit is its peeled id
//! let available: Vec<Available> = tags.iter().map(Available::from).collect();
//! let pick = |wanted: Option<&str>, pre| {
//!     let query = VersionQuery { label: "../tpl.git".into(), kind: SourceKind::Git, available: available.clone(),
//!         wanted: wanted.map(Into::into), pre, dist_tags: vec![] };
//!     select_version(&query).map(|s| s.name)
//! };
//! assert_eq!(pick(None, false).unwrap(), "v1.1.0");
//! assert_eq!(pick(None, true).unwrap(), "v2.0.0-rc.1");
//! assert_eq!(pick(Some("1.0.0"), false).unwrap(), "v1.0.0");
//! assert_eq!(pick(Some("^3"), false).unwrap_err().code(), "no-such-version");
//! ```

use super::range::VersionReq;
use super::spec::SourceKind;
use crate::error::{Error, ErrorKind, Result};
use crate::update::Version;

/// One tag of a git repository, from `git ls-remote --tags`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct GitTag {
    /// The tag name (`v1.2.0`).
    pub name: String,
    /// The commit it points to (an annotated tag's peeled commit).
    pub commit: String,
    /// Its semantic version, when the name is one (`v1.2.0` or `1.2.0`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version: Option<String>,
}

/// Reads `git ls-remote --tags` output: `<id>\trefs/tags/<name>` lines, with `^{}` lines
/// giving an annotated tag's commit. Tags in the order git listed them.
pub fn parse_git_tags(text: &str) -> Vec<GitTag> {
    let mut tags: Vec<GitTag> = Vec::new();
    for line in text.lines() {
        let Some((id, reference)) = line.split_once('\t') else {
            continue;
        };
        let Some(name) = reference.strip_prefix("refs/tags/") else {
            continue;
        };
        let (name, peeled) = match name.strip_suffix("^{}") {
            Some(name) => (name, true),
            None => (name, false),
        };
        match tags.iter_mut().find(|t| t.name == name) {
            Some(tag) if peeled => tag.commit = id.to_string(),
            Some(_) => {}
            None => tags.push(GitTag {
                name: name.to_string(),
                commit: id.to_string(),
                version: version_of_tag(name).map(|v| v.to_string()),
            }),
        }
    }
    tags
}

/// `v1.2.0` and `1.2.0` are versions; `release-1`, `v1.2`, ` 1.2.0` are not.
fn version_of_tag(name: &str) -> Option<Version> {
    if name.trim() != name {
        return None;
    }
    name.parse().ok()
}

/// A release a source offers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Available {
    /// The tag or published version string.
    pub name: String,
    /// Its semantic version (`None`: not a version, never chosen).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version: Option<String>,
    /// A git tag's commit.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub commit: Option<String>,
}

impl From<&GitTag> for Available {
    fn from(tag: &GitTag) -> Self {
        Available {
            name: tag.name.clone(),
            version: tag.version.clone(),
            commit: Some(tag.commit.clone()),
        }
    }
}

/// What to choose from, and what was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct VersionQuery {
    /// The source, for messages.
    pub label: String,
    /// Git (tags) or npm (published versions).
    pub kind: SourceKind,
    /// Everything the source offers.
    pub available: Vec<Available>,
    /// An exact version, a range or (npm) a dist-tag; `None`: the latest.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub wanted: Option<String>,
    /// Whether pre-releases may be chosen.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub pre: bool,
    /// npm's dist-tags, `[tag, version]`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dist_tags: Vec<(String, String)>,
}

/// The release chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "SelectedVersion"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Selected {
    /// Its version, normalized (`1.2.0`).
    pub version: String,
    /// The tag or published version as the source names it (`v1.2.0`).
    pub name: String,
    /// A git tag's commit.
    pub commit: Option<String>,
}

/// Chooses the release `query` asks for; errors (`no-such-version`) name the source,
/// what was asked for and what it offers.
pub fn select_version(query: &VersionQuery) -> Result<Selected> {
    let fail = |detail: String| Error::new(ErrorKind::NoSuchVersion, &query.label, detail);
    let what = if query.kind == SourceKind::Npm {
        "published versions"
    } else {
        "tags"
    };
    let mut offered: Vec<(Version, &Available)> = query
        .available
        .iter()
        .filter_map(|a| Some((a.version.as_deref()?.parse::<Version>().ok()?, a)))
        .collect();
    offered.sort_by(|a, b| b.0.cmp(&a.0));
    if offered.is_empty() {
        let mut seen: Vec<&str> = query.available.iter().map(|a| a.name.as_str()).collect();
        seen.truncate(8);
        return Err(fail(if seen.is_empty() {
            format!("it has no {what}")
        } else {
            format!(
                "none of its {what} is a semantic version (v1.2.0 or 1.2.0); seen: {}",
                seen.join(", ")
            )
        }));
    }
    let newest = |pre: bool| offered.iter().find(|(v, _)| pre || !v.is_prerelease());
    let summary = || {
        let stable = newest(false).map_or("none".to_string(), |(v, _)| v.to_string());
        format!(
            "{} {what}, newest stable {stable}, newest overall {}",
            offered.len(),
            offered[0].0
        )
    };
    let wanted = query.wanted.as_deref();
    // A dist-tag names one version (npm only: a git tag name is asked for with #).
    let dist_version;
    let wanted = match wanted {
        Some(tag) if query.kind == SourceKind::Npm && VersionReq::parse(tag).is_err() => {
            match query.dist_tags.iter().find(|(t, _)| t == tag) {
                Some((_, v)) => {
                    dist_version = v.clone();
                    Some(dist_version.as_str())
                }
                None => {
                    let tags: Vec<&str> = query.dist_tags.iter().map(|(t, _)| t.as_str()).collect();
                    return Err(fail(format!(
                        "it has no dist-tag '{tag}' (dist-tags: {})",
                        if tags.is_empty() {
                            "none".into()
                        } else {
                            tags.join(", ")
                        }
                    )));
                }
            }
        }
        other => other,
    };
    let chosen = match wanted {
        None => match newest(query.pre) {
            Some(found) => found,
            None => {
                return Err(fail(format!(
                    "it has only pre-releases ({}); add --pre to use one",
                    summary()
                )))
            }
        },
        Some(text) => {
            let req = VersionReq::parse(text)
                .map_err(|_| fail(format!("'{text}' is not a version or a range")))?;
            if let Some(exact) = req.exact() {
                match offered.iter().find(|(v, _)| *v == exact) {
                    Some(found) => found,
                    None => return Err(fail(format!("it has no version {exact} ({})", summary()))),
                }
            } else {
                match offered.iter().find(|(v, _)| req.matches(v, query.pre)) {
                    Some(found) => found,
                    None if offered.iter().any(|(v, _)| req.matches(v, true)) => {
                        return Err(fail(format!(
                            "only pre-releases match '{text}' ({}); add --pre to use one",
                            summary()
                        )))
                    }
                    None => {
                        return Err(fail(format!("no version matches '{text}' ({})", summary())))
                    }
                }
            }
        }
    };
    // Two tags may spell one version (v1.2.0 and 1.2.0): fine on one commit, refused on two.
    let twins: Vec<&Available> = offered
        .iter()
        .filter(|(v, _)| *v == chosen.0)
        .map(|(_, a)| *a)
        .collect();
    if let Some(other) = twins.iter().find(|a| a.commit != chosen.1.commit) {
        return Err(fail(format!(
            "the tags {} and {} both name version {} but point to different commits; delete one",
            chosen.1.name, other.name, chosen.0
        )));
    }
    let pick = twins
        .iter()
        .find(|a| a.name.starts_with('v'))
        .unwrap_or(&chosen.1);
    Ok(Selected {
        version: chosen.0.to_string(),
        name: pick.name.clone(),
        commit: pick.commit.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npm(versions: &[&str], wanted: Option<&str>, pre: bool) -> Result<String> {
        let query = VersionQuery {
            label: "npm:create-x".into(),
            kind: SourceKind::Npm,
            available: versions
                .iter()
                .map(|v| Available {
                    name: v.to_string(),
                    version: Some(v.to_string()),
                    commit: None,
                })
                .collect(),
            wanted: wanted.map(Into::into),
            pre,
            dist_tags: vec![
                ("latest".into(), "1.0.0".into()),
                ("next".into(), "2.0.0-beta.1".into()),
            ],
        };
        select_version(&query).map(|s| s.version)
    }

    #[test]
    fn chooses_like_npm() {
        let versions = ["0.9.0", "1.0.0", "1.1.0", "1.2.0-rc.1", "2.0.0-beta.1"];
        for (wanted, pre, want) in [
            (None, false, "1.1.0"),
            (None, true, "2.0.0-beta.1"),
            (Some("1.0.0"), false, "1.0.0"),
            (Some("v1.0.0"), false, "1.0.0"),
            (Some("^1"), false, "1.1.0"),
            (Some("^1"), true, "1.2.0-rc.1"),
            (Some("~0.9"), false, "0.9.0"),
            (Some("latest"), false, "1.0.0"),
            (Some("next"), false, "2.0.0-beta.1"),
            (Some("2.0.0-beta.1"), false, "2.0.0-beta.1"),
        ] {
            assert_eq!(
                npm(&versions, wanted, pre).unwrap(),
                want,
                "{wanted:?} {pre}"
            );
        }
    }

    #[test]
    fn refusals_say_what_there_is() {
        let versions = ["1.0.0", "1.1.0", "1.2.0-rc.1", "2.0.0-beta.1"];
        for (wanted, detail) in [
            (Some("3.0.0"), "has no version 3.0.0 (4 published versions, newest stable 1.1.0, newest overall 2.0.0-beta.1)"),
            (Some("^3"), "no version matches '^3'"),
            (Some("^1.1.1"), "only pre-releases match '^1.1.1'"),
            (Some("canary"), "no dist-tag 'canary' (dist-tags: latest, next)"),
        ] {
            let err = npm(&versions, wanted, false).unwrap_err();
            assert_eq!(err.code(), "no-such-version");
            assert!(err.to_string().contains(detail), "{err}");
        }
        assert!(npm(&["1.0.0-rc.1"], None, false)
            .unwrap_err()
            .to_string()
            .contains("add --pre"));
        assert!(npm(&[], None, false)
            .unwrap_err()
            .to_string()
            .contains("has no published versions"));
    }

    #[test]
    fn git_tags_and_twins() {
        let tags = parse_git_tags(
            "a\trefs/tags/1.0.0\nb\trefs/tags/v1.0.0\nc\trefs/tags/v1.1.0\nd\trefs/tags/1.1.0\n",
        );
        let mut query = VersionQuery {
            label: "repo".into(),
            kind: SourceKind::Git,
            available: tags.iter().map(Available::from).collect(),
            wanted: Some("1.0.0".into()),
            pre: false,
            dist_tags: vec![],
        };
        let err = select_version(&query).unwrap_err();
        assert!(
            err.to_string().contains("point to different commits"),
            "{err}"
        );
        query.available[1].commit = Some("a".into());
        assert_eq!(select_version(&query).unwrap().name, "v1.0.0");
        let none = parse_git_tags("a\trefs/tags/release-1\nb\trefs/heads/main\n");
        query.available = none.iter().map(Available::from).collect();
        let err = select_version(&query).unwrap_err();
        assert!(
            err.to_string().contains(
                "none of its tags is a semantic version (v1.2.0 or 1.2.0); seen: release-1"
            ),
            "{err}"
        );
    }
}
