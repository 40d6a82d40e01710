//! Globs that can never match under the scorer's rules, found before a diff is scored, so
//! a write set of `**` or `*.md` is reported instead of silently putting every file
//! "outside the write set".
//!
//! The rules: a write-set entry is an exact path, or a glob only when it has a literal
//! segment (a segment with no `*` or `?`: `docs/*.md`, `src/**`); a wildcard-only entry
//! (`**`, `*.md`, `**/*.js`) is compared as an exact path, so it matches no file a glob
//! would. And no glob matches a path git never prints: an empty one, one ending in `/`,
//! one with an empty, `.` or `..` segment.
//!
//! ```
//! use upkeep_core::score::{glob_warnings, RiskOptions};
//!
//! let options = RiskOptions { write_set: vec!["src/**".into(), "*.md".into()], ..Default::default() };
//! let warnings = glob_warnings(&options);
//! assert_eq!(warnings.len(), 1);
//! assert_eq!(warnings[0].pattern, "*.md");
//! ```

use crate::score::glob::{glob_path, has_literal_segment};
use crate::score::risk::RiskOptions;

/// A glob that can never match, and the rule that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct GlobWarning {
    /// Which list it is in: `writeSet`, `contracts` or `ignoreDeletions`.
    pub option: String,
    /// The pattern as given.
    pub pattern: String,
    /// Why it never matches, and what to write instead.
    pub rule: String,
}

/// Every pattern of `options` that can never match a path of a diff, in the order write
/// set, contracts, ignored deletions.
pub fn glob_warnings(options: &RiskOptions) -> Vec<GlobWarning> {
    let mut warnings = Vec::new();
    let lists = [
        ("writeSet", &options.write_set),
        ("contracts", &options.contracts),
        ("ignoreDeletions", &options.ignore_deletions),
    ];
    for (option, patterns) in lists {
        for pattern in patterns {
            let rule = unmatchable(pattern).or_else(|| {
                (option == "writeSet" && wildcard_only(pattern)).then(|| {
                    "a write-set glob needs a literal segment (one without * or ?, as in \
                     'src/**' or 'docs/*.md'); without one it is compared as an exact path \
                     and matches no file"
                        .to_string()
                })
            });
            if let Some(rule) = rule {
                warnings.push(GlobWarning {
                    option: option.into(),
                    pattern: pattern.clone(),
                    rule,
                });
            }
        }
    }
    warnings
}

/// A pattern with a wildcard and no literal segment.
fn wildcard_only(pattern: &str) -> bool {
    pattern.contains(['*', '?']) && !has_literal_segment(pattern)
}

/// Why no path git prints can match `pattern`, if none can.
fn unmatchable(pattern: &str) -> Option<String> {
    let path = glob_path(pattern);
    if path.is_empty() {
        return Some("an empty pattern matches no path".into());
    }
    if path.ends_with('/') {
        return Some(format!(
            "a path never ends with '/'; write '{path}**' for everything under it"
        ));
    }
    let segments: Vec<&str> = path.split('/').collect();
    if segments.contains(&"") {
        return Some("git never prints an empty path segment ('//')".into());
    }
    if segments.iter().any(|s| *s == "." || *s == "..") {
        return Some("git never prints a '.' or '..' path segment".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_never_matching_pattern_is_named_with_its_rule() {
        let options = RiskOptions {
            write_set: vec![
                "src/**".into(),
                "**".into(),
                "*.md".into(),
                "**/*.js".into(),
                "README.md".into(),
                "docs/*.md".into(),
                "./**/x?".into(),
            ],
            contracts: vec!["api/".into(), "a//b".into(), "**".into(), "../x".into()],
            ignore_deletions: vec![String::new(), "gen/**".into()],
            ..RiskOptions::default()
        };
        let got: Vec<(String, String)> = glob_warnings(&options)
            .into_iter()
            .map(|w| (w.option, w.pattern))
            .collect();
        let want = [
            ("writeSet", "**"),
            ("writeSet", "*.md"),
            ("writeSet", "**/*.js"),
            ("writeSet", "./**/x?"),
            ("contracts", "api/"),
            ("contracts", "a//b"),
            ("contracts", "../x"),
            ("ignoreDeletions", ""),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(o, p)| (o.to_string(), p.to_string()))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_trailing_slash_suggests_the_glob_meant() {
        let options = RiskOptions {
            contracts: vec!["api/".into()],
            ..RiskOptions::default()
        };
        assert!(glob_warnings(&options)[0].rule.contains("'api/**'"));
    }
}
