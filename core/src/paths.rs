//! Validation of the paths a manifest or a release names, before anything is read or
//! written: one validator for every capability (refresh's install manifests, update's
//! template manifests and claims).
//!
//! A manifest comes from upstream, and upstream may be hostile or simply wrong. Every
//! path goes through [`validate_path`] (or [`validate_canonical_path`] where a path is a
//! key that must already be spelled with `/`), and the full set through
//! [`check_collisions`], before the shim touches the disk. The rules are
//! git's (`verify_path`), made stricter: relative paths only, `/` or `\` as the
//! separator, no empty, `.` or `..` segment, no drive letters or UNC names, no control
//! characters, and no `.git` under any spelling a file system might treat as `.git`.
//! A release archive's entries are checked before extraction ([`archive_entry_problem`]).
//!
//! ```
//! use upkeep_core::paths::{check_collisions, validate_canonical_path, validate_path};
//!
//! assert_eq!(validate_path("src\\index.js").unwrap(), "src/index.js");
//! assert_eq!(validate_canonical_path("src\\index.js").unwrap_err().code(), "unsafe-path");
//! assert_eq!(validate_path("../x").unwrap_err().code(), "unsafe-path");
//! assert_eq!(validate_path("a/.GIT./config").unwrap_err().code(), "unsafe-path");
//! assert_eq!(check_collisions(&["README.md", "readme.md"]).unwrap_err().code(), "path-collision");
//! ```

use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;

mod archive;
mod order;
mod strict_text;
mod tree_refusal;
pub use archive::archive_entry_problem;
pub use order::byte_order;
pub use strict_text::{strict_text, StrictText};
pub use tree_refusal::{tree_refusal, StrictFile, TreeProblem};

use crate::error::{Error, ErrorKind, Result};

/// Checks one manifest path and returns it with `/` as the only separator.
pub fn validate_path(path: &str) -> Result<String> {
    let normalized = path.replace('\\', "/");
    check_path(path, &normalized)?;
    Ok(normalized)
}

/// The checks of [`validate_path`] on `path` once its separators are `normalized`.
fn check_path(path: &str, normalized: &str) -> Result<()> {
    let unsafe_path = |detail: &str| Err(Error::new(ErrorKind::UnsafePath, path, detail));
    if path.is_empty() {
        return unsafe_path("the path is empty");
    }
    if let Some(c) = path.chars().find(|c| c.is_control()) {
        return unsafe_path(&format!(
            "contains the control character U+{:04X}",
            c as u32
        ));
    }
    if normalized.starts_with('/') {
        return unsafe_path("is absolute (starts with a separator)");
    }
    let bytes = normalized.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        return unsafe_path("starts with a drive letter");
    }
    for segment in normalized.split('/') {
        if let Some(problem) = segment_problem(segment) {
            return unsafe_path(problem);
        }
        if is_git_alias(segment) {
            return unsafe_path("names '.git' (under some spelling); upkeep never writes there");
        }
    }
    Ok(())
}

/// What makes one segment leave or blur the tree: empty, `.` or `..`.
fn segment_problem(segment: &str) -> Option<&'static str> {
    match segment {
        "" => Some("has an empty segment ('//' or a trailing separator)"),
        "." => Some("has a '.' segment"),
        ".." => Some("has a '..' segment (it would leave the tree)"),
        _ => None,
    }
}

/// Checks a path upkeep itself listed from a project (a snapshot's, any name the file
/// system allows) before it acts on it again: relative, `/`-separated, and never leaving
/// the tree. Looser than [`validate_canonical_path`], which is for paths a manifest names.
pub fn validate_listed_path(path: &str) -> Result<()> {
    let unsafe_path = |detail: &str| Err(Error::new(ErrorKind::UnsafePath, path, detail));
    if path.starts_with('/') {
        return unsafe_path("is absolute (starts with a separator)");
    }
    if path.contains('\0') {
        return unsafe_path("contains the control character U+0000");
    }
    match path.split('/').find_map(segment_problem) {
        Some(problem) => unsafe_path(problem),
        None => Ok(()),
    }
}

/// Checks a path that must already be in canonical form: everything [`validate_path`]
/// checks, and `/` as the only separator (a backslash is refused rather than rewritten,
/// so one file never has two spellings as a key).
pub fn validate_canonical_path(path: &str) -> Result<()> {
    // Asked of every path of a manifest and a listing: no copy when there is nothing to rewrite.
    if !path.contains('\\') {
        return check_path(path, path);
    }
    if validate_path(path)? != path {
        return Err(Error::new(
            ErrorKind::UnsafePath,
            path,
            "uses '\\' as a separator; write paths with '/'",
        ));
    }
    Ok(())
}

/// Characters HFS+ ignores in names, so `.g\u{200c}it` is `.git` there (git's list).
fn is_ignorable(c: char) -> bool {
    matches!(c as u32, 0x200C..=0x200F | 0x202A..=0x202E | 0x206A..=0x206F | 0xFEFF)
}

/// `.git` in any case, with trailing dots or spaces (Windows drops them), as an NTFS
/// stream (`.git::$INDEX_ALLOCATION`), as its 8.3 short name (`GIT~1`), or with
/// characters HFS+ ignores.
fn is_git_alias(segment: &str) -> bool {
    // Most segments cannot be one: every spelling starts with '.' or 'g' once ignorable
    // characters (all non-ASCII) are dropped. This keeps 100,000-path manifests linear
    // and cheap (no folded copy per segment).
    if segment.is_ascii() && !matches!(segment.as_bytes().first(), Some(b'.' | b'g' | b'G')) {
        return false;
    }
    let folded: String = segment
        .chars()
        .filter(|c| !is_ignorable(*c))
        .flat_map(char::to_lowercase)
        .collect();
    let stem = folded.split(':').next().unwrap_or("");
    let stem = stem.trim_end_matches(['.', ' ']);
    stem == ".git" || stem == "git~1"
}

/// The key two paths share when some file system would see them as the same file:
/// Unicode NFC (macOS stores NFD) and lowercase (case-insensitive volumes). Most paths are
/// lowercase ASCII already, and are their own key.
fn fold(path: &str) -> Cow<'_, str> {
    if path.is_ascii() {
        if !path.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Borrowed(path);
        }
        return Cow::Owned(path.to_ascii_lowercase()); // ASCII is its own NFC
    }
    Cow::Owned(path.nfc().flat_map(char::to_lowercase).collect())
}

/// Refuses two paths that would land on the same file on a case-insensitive or
/// normalizing file system, and a path that another one needs as a directory.
pub fn check_collisions(paths: &[&str]) -> Result<()> {
    let keys: Vec<Cow<'_, str>> = paths.iter().map(|p| fold(p)).collect();
    let mut files: HashMap<&str, &str> = HashMap::with_capacity(paths.len());
    let mut dirs: HashMap<&str, &str> = HashMap::new();
    for (path, key) in paths.iter().zip(&keys) {
        let key: &str = key;
        if let Some(other) = files.get(key).or_else(|| dirs.get(key)) {
            return Err(collision(path, other));
        }
        // A folder met before was checked with every folder above it: none is a file, and
        // a file listed since that takes one of their names was refused on its own turn.
        let folder = key.rfind('/').map_or("", |cut| &key[..cut]);
        if !folder.is_empty() && !dirs.contains_key(folder) {
            for (cut, _) in key.match_indices('/') {
                let prefix = &key[..cut];
                if let Some(other) = files.get(prefix) {
                    return Err(collision(path, other));
                }
                dirs.entry(prefix).or_insert(path);
            }
        }
        files.insert(key, path);
    }
    Ok(())
}

fn collision(path: &str, other: &str) -> Error {
    let detail = if path == other {
        "is listed twice".to_string()
    } else {
        format!("collides with '{other}' on case-insensitive or Unicode-normalizing file systems")
    };
    Error::new(ErrorKind::PathCollision, path, detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_paths_are_refused() {
        let hostile = [
            "",
            "/etc/passwd",
            "\\\\srv\\share\\x",
            "C:\\x",
            "C:x",
            "c:/x",
            "a//b",
            "a/",
            "./a",
            "a/./b",
            "../a",
            "a/../../b",
            "a\\..\\b",
            "a\0b",
            "a\nb",
            "a\u{7f}",
            ".git",
            ".git/config",
            "x/.GIT/hooks",
            ".git.",
            ".git ",
            "x/.Git. . /y",
            "git~1",
            "GIT~1/config",
            ".git::$INDEX_ALLOCATION/x",
            ".g\u{200c}it/config",
        ];
        for path in hostile {
            let err = validate_path(path).unwrap_err();
            assert_eq!(err.code(), "unsafe-path", "{path:?}");
        }
    }

    #[test]
    fn ordinary_paths_pass_normalized() {
        for (path, expected) in [
            ("a.txt", "a.txt"),
            ("src\\lib\\x.rs", "src/lib/x.rs"),
            (".github/workflows/ci.yml", ".github/workflows/ci.yml"),
            (".gitignore", ".gitignore"),
            ("git", "git"),
            ("café.js", "café.js"),
            ("..a/b..", "..a/b.."),
        ] {
            assert_eq!(validate_path(path).unwrap(), expected);
        }
    }

    #[test]
    fn canonical_paths_refuse_backslashes() {
        assert!(validate_canonical_path("a/b").is_ok());
        for path in ["a\\b", "../a", ""] {
            assert_eq!(
                validate_canonical_path(path).unwrap_err().code(),
                "unsafe-path"
            );
        }
    }

    #[test]
    fn collisions() {
        let nfd = "cafe\u{301}.js";
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["a", "b", "c/d"], None),
            (&["README.md", "readme.md"], Some("readme.md")),
            (&["café.js", nfd], Some(nfd)),
            (&["a", "a/b"], Some("a/b")),
            (&["a/b", "A"], Some("A")),
            (&["x", "x"], Some("x")),
            // A folder met before is not checked again, and still refuses a file in its place.
            (&["a/b/c", "a/b/d", "a/B"], Some("a/B")),
            (&["a/b/c", "a/B/d", "a/x"], None),
            (&["a/b/c", "A/b/d", "a/b/C"], Some("a/b/C")),
        ];
        for (paths, refused) in cases {
            match (check_collisions(paths), refused) {
                (Ok(()), None) => {}
                (Err(e), Some(p)) => assert_eq!(e.input(), *p, "{paths:?}"),
                (other, _) => panic!("{paths:?}: {other:?}"),
            }
        }
    }
}
