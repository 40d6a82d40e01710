//! The release cache (`$XDG_CACHE_HOME/upkeep`): one entry per source, version and
//! sub-path, holding the release as a project sees it (installed names, the manifest and
//! VERSION that apply) and an index of what was written, so a damaged or half-written
//! entry is recognised and fetched again.
//!
//! An entry is `<key>/tree/…` plus `<key>/entry.json`; the shim builds it in a temp
//! folder and renames it into place, so an entry without an index is never used. On every
//! use the shim lists the tree with a stamp per file (size, times, inode, mode, from
//! lstat) and [`verify_cache_entry`] compares that with the index.
//!
//! ```
//! use upkeep_core::lifecycle::{cache_key, CacheKeyInput, SourceKind};
//!
//! let key = cache_key(&CacheKeyInput { kind: SourceKind::Npm, identity: "@vitejs/create".into(),
//!     revision: "6.5.0".into(), subpath: Some("template-react-ts".into()), state_dir: ".upkeep".into() }).unwrap();
//! assert!(key.starts_with("npm/vitejs+create-"));
//! assert!(key.contains("/6.5.0/template-react-ts-"));
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::hash::sha256_hex;
use crate::json::{self, Json, Node};
use crate::paths::validate_canonical_path;

use super::spec::SourceKind;

/// What names a cache entry.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CacheKeyInput {
    /// The kind of source.
    pub kind: SourceKind,
    /// What identifies the source: an absolute path, a git URL, an npm package name.
    pub identity: String,
    /// The version, or a commit id for a git ref that is not a version.
    pub revision: String,
    /// The sub-path, when any.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub subpath: Option<String>,
    /// The state folder the entry's manifest and VERSION sit in.
    pub state_dir: String,
}

/// The entry's folder under the cache root: `<kind>/<name>-<hash>/<revision>/<sub-path>-<hash>`,
/// readable and free of separators a path could escape through.
pub fn cache_key(input: &CacheKeyInput) -> Result<String> {
    let invalid = |detail: &str| Error::new(ErrorKind::InvalidArgument, &input.revision, detail);
    let revision_ok = !input.revision.is_empty()
        && input.revision.len() <= 128
        && !input.revision.starts_with('.')
        && input
            .revision
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._+-".contains(c));
    if !revision_ok {
        return Err(invalid("a cache revision is a version or a commit id"));
    }
    validate_canonical_path(&input.state_dir)?;
    let kind = match input.kind {
        SourceKind::Directory | SourceKind::Local => "dir",
        SourceKind::Tarball => "tar",
        SourceKind::Git => "git",
        SourceKind::Npm => "npm",
    };
    let name = slug(last_name(&input.identity));
    let short = |text: &str| sha256_hex(text.as_bytes())[..12].to_string();
    let mut sub = match &input.subpath {
        Some(s) => {
            validate_canonical_path(s)?;
            format!("{}-{}", slug(s), short(s))
        }
        None => "root".to_string(),
    };
    if input.state_dir != ".upkeep" {
        sub.push('~');
        sub.push_str(&slug(&input.state_dir));
    }
    Ok(format!(
        "{kind}/{name}-{}/{}/{sub}",
        short(&input.identity),
        input.revision
    ))
}

/// The part of a source worth reading in a folder name: a package name with its scope, a
/// repository's or a folder's last segment.
fn last_name(identity: &str) -> &str {
    if identity.starts_with('@') {
        return identity;
    }
    let trimmed = identity.trim_end_matches(['/', '\\']);
    let last = trimmed.rsplit(['/', '\\', ':']).next().unwrap_or(trimmed);
    last.strip_suffix(".git").unwrap_or(last)
}

fn slug(text: &str) -> String {
    let mut out: String = text
        .trim_start_matches('@')
        .chars()
        .map(|c| match c {
            c if c.is_ascii_alphanumeric() || "._-".contains(c) => c,
            '/' => '+',
            _ => '_',
        })
        .take(40)
        .collect();
    if out.is_empty() || out.starts_with('.') {
        out.insert(0, '_');
    }
    out
}

/// One file as the shim found it in an entry's tree.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CachedFile {
    /// Its path in the tree.
    pub path: String,
    /// What lstat said (size, times, inode, mode), or `symlink`/`other` for a non-file.
    pub stamp: String,
}

/// An entry's index, `entry.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CacheIndex {
    /// The release spec the entry holds (`npm:create-vite@6.5.0//template-react-ts`).
    pub spec: String,
    /// Its version.
    pub version: String,
    /// What was fetched exactly (see `.upkeep/source.json`'s `resolved`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub resolved: Option<String>,
    /// For a folder's copy: the [`folder_fingerprint`] of the folder it was copied from, so a
    /// folder that has not changed since is not copied again.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub origin: Option<String>,
    /// Every file of the tree, sorted by path.
    pub files: Vec<CachedFile>,
}

/// A fingerprint of a folder from what lstat says of each of its entries (path, size,
/// times, inode, mode): equal fingerprints mean nothing in it was written since.
pub fn folder_fingerprint(entries: &[CachedFile]) -> String {
    let mut sorted: Vec<&CachedFile> = entries.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let mut text = String::new();
    for entry in sorted {
        text.push_str(&entry.path);
        text.push('\0');
        text.push_str(&entry.stamp);
        text.push('\n');
    }
    format!("stat-sha256:{}", sha256_hex(text.as_bytes()))
}

/// Writes an entry's index (compact JSON, one line), files sorted by path.
pub fn render_cache_index(index: &CacheIndex) -> String {
    let string = |s: &str| json::node(Json::String(s.to_string()));
    let mut sorted: Vec<&CachedFile> = index.files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let files = sorted
        .into_iter()
        .map(|f| {
            json::node(Json::Object(vec![
                ("path".into(), string(&f.path)),
                ("stamp".into(), string(&f.stamp)),
            ]))
        })
        .collect();
    let doc = Json::Object(vec![
        ("schema".into(), json::node(Json::Number("1".into()))),
        ("spec".into(), string(&index.spec)),
        ("version".into(), string(&index.version)),
        (
            "resolved".into(),
            index
                .resolved
                .as_deref()
                .map_or(json::node(Json::Null), string),
        ),
        (
            "origin".into(),
            index
                .origin
                .as_deref()
                .map_or(json::node(Json::Null), string),
        ),
        ("files".into(), json::node(Json::Array(files))),
    ]);
    let mut out = String::new();
    json::write(&mut out, &doc, None, 0);
    out.push('\n');
    out
}

/// Why an entry cannot be used, or its index when it can.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CacheVerdict {
    /// The entry's index, when the entry is whole.
    pub index: Option<CacheIndex>,
    /// What is wrong with it otherwise (the first problem found).
    pub damage: Option<String>,
}

/// The notice of a damaged entry, which the shim drops and fetches again: `release` names
/// the release as given, `damage` is the verdict's (or why the entry's tree could not be
/// read).
///
/// ```
/// use upkeep_core::lifecycle::cache_damaged_notice;
///
/// assert_eq!(
///     cache_damaged_notice("../tpl@1.3.0", "it has no entry.json (a fetch that did not finish)"),
///     "upkeep's cached copy of ../tpl@1.3.0 was damaged (it has no entry.json (a fetch that did not finish)); it was fetched again"
/// );
/// ```
pub fn cache_damaged_notice(release: &str, damage: &str) -> String {
    format!("upkeep's cached copy of {release} was damaged ({damage}); it was fetched again")
}

/// Checks an entry: its index parses and lists exactly the files found, each with the
/// stamp it had when the entry was written. `unlisted` is the file system's words when the
/// entry's tree could not be listed at all: such an entry is damaged.
pub fn verify_cache_entry(
    index_text: Option<&str>,
    found: &[CachedFile],
    unlisted: Option<&str>,
) -> CacheVerdict {
    let damaged = |why: String| CacheVerdict {
        index: None,
        damage: Some(why),
    };
    if let Some(why) = unlisted {
        return damaged(format!("its tree cannot be read ({why})"));
    }
    let Some(text) = index_text else {
        return damaged("it has no entry.json (a fetch that did not finish)".into());
    };
    let index = match parse_index(text) {
        Ok(index) => index,
        Err(why) => return damaged(format!("its entry.json is unreadable: {why}")),
    };
    let mut found: Vec<&CachedFile> = found.iter().collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    let mut want = index.files.iter().peekable();
    let mut have = found.into_iter().peekable();
    loop {
        match (want.peek(), have.peek()) {
            (None, None) => break,
            (Some(w), Some(h)) if w.path == h.path => {
                if w.stamp != h.stamp {
                    return damaged(format!("'{}' changed after it was cached", w.path));
                }
                want.next();
                have.next();
            }
            (Some(w), Some(h)) if w.path < h.path => {
                return damaged(format!("'{}' is missing", w.path))
            }
            (Some(w), None) => return damaged(format!("'{}' is missing", w.path)),
            (_, Some(h)) => {
                return damaged(format!("'{}' was added after the entry was cached", h.path))
            }
        }
    }
    CacheVerdict {
        index: Some(index),
        damage: None,
    }
}

fn parse_index(text: &str) -> std::result::Result<CacheIndex, String> {
    let doc = json::parse(text.as_bytes()).map_err(|e| e.to_string())?;
    let string = |node: Option<&Node>, key: &str| match node.map(|n| &n.value) {
        Some(Json::String(s)) => Ok(s.clone()),
        _ => Err(format!("\"{key}\" is not a string")),
    };
    if doc.get("schema").map(|n| &n.value) != Some(&Json::Number("1".into())) {
        return Err("schema is not 1".into());
    }
    let resolved = match doc.get("resolved").map(|n| &n.value) {
        Some(Json::Null) | None => None,
        Some(Json::String(s)) => Some(s.clone()),
        Some(_) => return Err("\"resolved\" is not a string".into()),
    };
    let origin = match doc.get("origin").map(|n| &n.value) {
        Some(Json::Null) | None => None,
        Some(Json::String(s)) => Some(s.clone()),
        Some(_) => return Err("\"origin\" is not a string".into()),
    };
    let Some(Json::Array(items)) = doc.get("files").map(|n| &n.value) else {
        return Err("\"files\" is not an array".into());
    };
    let files = items
        .iter()
        .map(|item| {
            Ok(CachedFile {
                path: string(item.get("path"), "path")?,
                stamp: string(item.get("stamp"), "stamp")?,
            })
        })
        .collect::<std::result::Result<Vec<_>, String>>()?;
    if files.windows(2).any(|w| w[0].path >= w[1].path) {
        return Err("\"files\" is not sorted by path".into());
    }
    Ok(CacheIndex {
        spec: string(doc.get("spec"), "spec")?,
        version: string(doc.get("version"), "version")?,
        resolved,
        origin,
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(path: &str, stamp: &str) -> CachedFile {
        CachedFile {
            path: path.into(),
            stamp: stamp.into(),
        }
    }

    #[test]
    fn keys_are_readable_and_distinct() {
        let key = |kind, identity: &str, sub: Option<&str>, state: &str| {
            cache_key(&CacheKeyInput {
                kind,
                identity: identity.into(),
                revision: "1.2.0".into(),
                subpath: sub.map(Into::into),
                state_dir: state.into(),
            })
            .unwrap()
        };
        let a = key(
            SourceKind::Git,
            "https://h.example/o/tpl.git",
            None,
            ".upkeep",
        );
        assert!(
            a.starts_with("git/tpl-") && a.ends_with("/1.2.0/root"),
            "{a}"
        );
        assert_ne!(
            a,
            key(
                SourceKind::Git,
                "https://other.example/o/tpl.git",
                None,
                ".upkeep"
            )
        );
        assert_ne!(
            key(SourceKind::Npm, "x", Some("a/b"), ".upkeep"),
            key(SourceKind::Npm, "x", Some("a+b"), ".upkeep")
        );
        assert!(key(SourceKind::Directory, "/srv/t", None, ".tpl").ends_with("/root~_.tpl"));
        let bad = cache_key(&CacheKeyInput {
            kind: SourceKind::Npm,
            identity: "x".into(),
            revision: "../x".into(),
            subpath: None,
            state_dir: ".upkeep".into(),
        });
        assert_eq!(bad.unwrap_err().code(), "invalid-argument");
    }

    #[test]
    fn fingerprints_ignore_order_and_see_every_stamp() {
        let a = folder_fingerprint(&[f("a", "1"), f("b", "2")]);
        assert_eq!(a, folder_fingerprint(&[f("b", "2"), f("a", "1")]));
        assert_ne!(a, folder_fingerprint(&[f("a", "1"), f("b", "3")]));
        assert!(a.starts_with("stat-sha256:"));
    }

    #[test]
    fn entries_verify_or_say_why_not() {
        let index = CacheIndex {
            spec: "npm:x@1.0.0".into(),
            version: "1.0.0".into(),
            resolved: Some("sha512-x".into()),
            origin: None,
            files: vec![f("a", "1"), f("b/c", "2")],
        };
        let text = render_cache_index(&index);
        assert_eq!(
            verify_cache_entry(Some(&text), &[f("b/c", "2"), f("a", "1")], None).index,
            Some(index)
        );
        for (found, damage) in [
            (vec![f("a", "1")], "'b/c' is missing"),
            (vec![f("a", "1"), f("b/c", "3")], "'b/c' changed"),
            (
                vec![f("a", "1"), f("b/c", "2"), f("z", "1")],
                "'z' was added",
            ),
            (
                vec![f("0", "1"), f("a", "1"), f("b/c", "2")],
                "'0' was added",
            ),
        ] {
            let verdict = verify_cache_entry(Some(&text), &found, None);
            assert!(verdict.damage.unwrap().contains(damage), "{damage}");
        }
        assert!(verify_cache_entry(None, &[], None)
            .damage
            .unwrap()
            .contains("no entry.json"));
        assert!(verify_cache_entry(Some("{"), &[], None)
            .damage
            .unwrap()
            .contains("unreadable"));
    }
}
