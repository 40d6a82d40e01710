//! What a git spec's `#ref` names: a full commit id is itself; otherwise a tag of that name
//! (an annotated one's peeled commit), and only when there is no such tag, a branch. Only a
//! tag carries a version (a branch moves, a commit id is not one). The shim asks `git
//! ls-remote` for the refs this lists and hands its output back.
//!
//! ```
//! use upkeep_core::lifecycle::{git_ref_found, git_ref_lookup};
//!
//! let id = "0123456789abcdef0123456789abcdef01234567";
//! assert_eq!(git_ref_lookup(id).found.unwrap().commit, id);
//! let lookup = git_ref_lookup("v1.2.0");
//! assert_eq!(lookup.ask, ["refs/tags/v1.2.0", "refs/tags/v1.2.0^{}", "refs/heads/v1.2.0"]);
//! let listed = "bbbb\trefs/heads/v1.2.0\naaaa\trefs/tags/v1.2.0\ncccc\trefs/tags/v1.2.0^{}\n";
//! let found = git_ref_found("v1.2.0", listed).unwrap();
//! assert_eq!((found.refname.as_str(), found.commit.as_str()), ("refs/tags/v1.2.0", "cccc"));
//! assert_eq!(found.version.as_deref(), Some("1.2.0"));
//! assert_eq!(git_ref_found("main", "dddd\trefs/heads/main\n").unwrap().version, None);
//! ```

use super::select::parse_git_tags;

/// A ref found: what to fetch, its commit and, for a tag, its version.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct GitRefFound {
    /// The ref to fetch: `refs/tags/<ref>`, `refs/heads/<ref>`, or the commit id.
    pub refname: String,
    /// The commit it names (an annotated tag's peeled commit).
    pub commit: String,
    /// The tag's semantic version, when it is a tag named as one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version: Option<String>,
}

/// How to look `#ref` up: found already (a full commit id), or the refs to ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct GitRefLookup {
    /// The ref itself when it is a full commit id: no lookup.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub found: Option<GitRefFound>,
    /// The refs to pass to `git ls-remote <location>` (none when found).
    pub ask: Vec<String>,
}

/// Where `reference` is looked for.
pub fn git_ref_lookup(reference: &str) -> GitRefLookup {
    let commit_id = reference.len() == 40
        && reference
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if commit_id {
        let found = GitRefFound {
            refname: reference.into(),
            commit: reference.into(),
            version: None,
        };
        return GitRefLookup {
            found: Some(found),
            ask: Vec::new(),
        };
    }
    let ask = vec![
        format!("refs/tags/{reference}"),
        format!("refs/tags/{reference}^{{}}"),
        format!("refs/heads/{reference}"),
    ];
    GitRefLookup { found: None, ask }
}

/// What `reference` names in `git ls-remote` output (`<id>\t<refname>` lines): its tag
/// (read as [`parse_git_tags`] reads tags), else its branch, else nothing.
pub fn git_ref_found(reference: &str, ls_remote: &str) -> Option<GitRefFound> {
    if let Some(tag) = parse_git_tags(ls_remote)
        .into_iter()
        .find(|tag| tag.name == reference)
    {
        return Some(GitRefFound {
            refname: format!("refs/tags/{reference}"),
            commit: tag.commit,
            version: tag.version,
        });
    }
    let head = format!("refs/heads/{reference}");
    ls_remote.lines().find_map(|line| {
        let (id, name) = line.split_once('\t')?;
        (name == head).then(|| GitRefFound {
            refname: head.clone(),
            commit: id.into(),
            version: None,
        })
    })
}
