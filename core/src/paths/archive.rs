//! The entries of a release archive (a `.tar.gz`, an npm package, `git archive`'s output)
//! upkeep extracts into a folder of its own: only plain files and folders, each at a
//! relative POSIX path that stays inside. One hostile entry refuses the whole release, so
//! nothing of it is ever laid out. (The release's paths are then validated again, as any
//! release's are, by [`super::validate_path`] when its layout is planned.)
//!
//! ```
//! use upkeep_core::paths::archive_entry_problem;
//!
//! assert_eq!(archive_entry_problem("package/index.js", "File"), None);
//! assert_eq!(archive_entry_problem("../etc/passwd", "File").as_deref(), Some("a '..' segment"));
//! assert_eq!(
//!     archive_entry_problem("link", "SymbolicLink").as_deref(),
//!     Some("a SymbolicLink entry (links and devices are refused)")
//! );
//! ```

/// The entry types extracted, as tar readers name them: regular files (old-style and
/// contiguous ones are regular files too) and folders.
const PLAIN: [&str; 4] = ["File", "OldFile", "ContiguousFile", "Directory"];

/// Why an archive entry at `path` of type `kind` is refused, or `None` when it may be
/// extracted.
pub fn archive_entry_problem(path: &str, kind: &str) -> Option<String> {
    if !PLAIN.contains(&kind) {
        return Some(format!("a {kind} entry (links and devices are refused)"));
    }
    let bytes = path.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if path.starts_with('/') || drive || path.contains('\\') {
        return Some("an absolute or non-POSIX path".into());
    }
    if path.split('/').any(|part| part == "..") {
        return Some("a '..' segment".into());
    }
    if path.contains('\0') {
        return Some("a NUL byte".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_entries_inside_the_folder_are_extracted() {
        for ok in ["a", "a/b/", "package/.upkeep/VERSION", "a..b/c"] {
            assert_eq!(archive_entry_problem(ok, "File"), None, "{ok}");
        }
        let refused = [
            ("/etc/passwd", "File", "an absolute or non-POSIX path"),
            ("C:x", "File", "an absolute or non-POSIX path"),
            ("a\\b", "File", "an absolute or non-POSIX path"),
            ("a/../b", "Directory", "a '..' segment"),
            ("a\0b", "File", "a NUL byte"),
            (
                "dev",
                "CharacterDevice",
                "a CharacterDevice entry (links and devices are refused)",
            ),
            ("l", "Link", "a Link entry (links and devices are refused)"),
        ];
        for (path, kind, why) in refused {
            assert_eq!(
                archive_entry_problem(path, kind).as_deref(),
                Some(why),
                "{path}"
            );
        }
    }
}
