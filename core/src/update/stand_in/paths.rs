//! STAND-IN for refresh's path validation: the rules of RELIABILITY.md "Paths from
//! manifests and archives", applied to one manifest path at a time, plus the collision
//! check across a set of paths.
//!
//! ```
//! use upkeep_core::update::check_relative_path;
//!
//! assert!(check_relative_path("src/index.js").is_ok());
//! for bad in ["../x", "/etc/passwd", "C:x", "a//b", "a\\b", ".GIT/config", "git~1/x", "a/./b"] {
//!     assert_eq!(check_relative_path(bad).unwrap_err().code(), "unsafe-path");
//! }
//! ```

use std::collections::HashMap;

use crate::error::{Error, ErrorKind, Result};

/// Checks that `path` is a plain relative path inside the tree: `/`-separated, no `.`,
/// `..` or empty segment, no absolute, drive-letter or UNC form, no backslash, NUL or
/// control character, no `.git` under any spelling Windows or macOS would resolve to it.
pub fn check_relative_path(path: &str) -> Result<()> {
    let unsafe_path = |detail: &str| Err(Error::new(ErrorKind::UnsafePath, path, detail));
    if path.is_empty() {
        return unsafe_path("the path is empty");
    }
    if path.chars().any(char::is_control) {
        return unsafe_path("the path holds a NUL or control character");
    }
    if path.contains('\\') {
        return unsafe_path("backslash is a separator on Windows; write paths with '/'");
    }
    if path.starts_with('/') {
        return unsafe_path("the path is absolute");
    }
    let bytes = path.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        return unsafe_path("the path starts with a drive letter");
    }
    for segment in path.split('/') {
        match segment {
            "" => return unsafe_path("the path has an empty segment"),
            "." | ".." => return unsafe_path("the path has a '.' or '..' segment"),
            _ if is_git_alias(segment) => {
                return unsafe_path("the path goes through .git, which no release may write")
            }
            _ => {}
        }
    }
    Ok(())
}

/// `.git` as Windows and macOS would resolve it: any case, trailing dots or spaces, the
/// 8.3 short name `git~1`, and HFS+'s ignorable zero-width characters.
fn is_git_alias(segment: &str) -> bool {
    let visible: String = segment
        .chars()
        .filter(|c| !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{206a}'..='\u{206f}' | '\u{feff}'))
        .collect();
    let lower = visible.to_lowercase();
    let trimmed = lower.trim_end_matches(['.', ' ']);
    trimmed == ".git" || trimmed == "git~1"
}

/// Refuses two paths that would name the same file on a case-insensitive file system.
/// (Unicode normalization collisions are the real path kit's job; see the module doc.)
pub fn check_no_collisions<'a>(
    paths: impl IntoIterator<Item = &'a str>,
    input: &str,
) -> Result<()> {
    let mut seen: HashMap<String, &str> = HashMap::new();
    for path in paths {
        if let Some(first) = seen.insert(path.to_lowercase(), path) {
            if first != path {
                return Err(Error::new(
                    ErrorKind::UnsafePath,
                    path,
                    format!(
                        "it collides with '{first}' in {input} on case-insensitive file systems"
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_of_paths() {
        for ok in [
            "a",
            "a/b.txt",
            ".github/workflows/ci.yml",
            "a.git",
            ".gitignore",
            "git~2",
            "x/..y",
        ] {
            assert!(check_relative_path(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "/a",
            "a/",
            "a//b",
            "./a",
            "a/..",
            "..",
            "C:\\x",
            "c:x",
            "\\\\srv\\x",
            "a\0b",
            "a\nb",
            ".git",
            ".Git/x",
            "a/.git./b",
            "a/.git /b",
            "GIT~1",
            ".g\u{200c}it",
        ] {
            assert!(check_relative_path(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn collisions() {
        assert!(check_no_collisions(["README.md", "src/a"], "m").is_ok());
        let err = check_no_collisions(["README.md", "readme.md"], "m").unwrap_err();
        assert_eq!(err.input(), "readme.md");
    }
}
