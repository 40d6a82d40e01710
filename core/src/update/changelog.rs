//! Release notes: the CHANGELOG range between two versions, and the adopter actions it
//! documents.
//!
//! The CHANGELOG follows [Keep a Changelog](https://keepachangelog.com): one `## [x.y.z]`
//! section per release, newest first. The range from `from` to `to` is every section whose
//! version is newer than `from` and not newer than `to`; the `[Unreleased]` block and the
//! link-reference list at the bottom are never part of it.
//!
//! ```
//! use upkeep_core::update::changelog_range;
//!
//! let log = "# Changelog\n\n## [Unreleased]\n- wip\n\n## [1.3.0] - 2026-02-01\n### Added\n- b\n\n## [1.2.0]\n- a\n\n[1.3.0]: https://example.invalid\n";
//! let range = changelog_range(log, "1.2.0", "1.3.0").unwrap();
//! assert_eq!(range.len(), 1);
//! assert_eq!((range[0].version.as_str(), range[0].body.as_str()), ("1.3.0", "### Added\n- b"));
//! ```

use std::collections::HashSet;

use super::semver::Version;
use crate::error::Result;

/// One release's section of the CHANGELOG.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ChangelogSection {
    /// The release, as written in the heading.
    pub version: String,
    /// The heading line, e.g. `## [1.3.0] - 2026-02-01`.
    pub heading: String,
    /// The lines under the heading, without trailing blank lines.
    pub body: String,
}

impl ChangelogSection {
    /// The heading without its `#` marks (`[1.3.0] - 2026-02-01`), as a view or a change
    /// request titles the section.
    pub fn title(&self) -> &str {
        self.heading.trim_start_matches('#').trim()
    }
}

/// Every section newer than `from`, up to and including `to`, in file order.
pub fn changelog_range(text: &str, from: &str, to: &str) -> Result<Vec<ChangelogSection>> {
    let (from, to): (Version, Version) = (from.parse()?, to.parse()?);
    let mut sections = Vec::new();
    let mut current: Option<ChangelogSection> = None;
    let mut close = |current: &mut Option<ChangelogSection>| {
        if let Some(mut section) = current.take() {
            section.body = section.body.trim_end().to_string();
            sections.push(section);
        }
    };
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix("## ") {
            close(&mut current);
            let label = rest
                .trim()
                .strip_prefix('[')
                .and_then(|r| r.split_once(']'))
                .map(|(v, _)| v);
            if let Some(version) = label.and_then(|v| v.parse::<Version>().ok()) {
                if version > from && version <= to {
                    current = Some(ChangelogSection {
                        version: label.unwrap_or_default().to_string(),
                        heading: line.to_string(),
                        body: String::new(),
                    });
                }
            }
        } else if is_link_reference(line) {
            close(&mut current);
        } else if let Some(section) = current.as_mut() {
            if !section.body.is_empty() || !line.trim().is_empty() {
                section.body.push_str(line);
                section.body.push('\n');
            }
        }
    }
    close(&mut current);
    Ok(sections)
}

/// `[1.2.0]: https://...`, the link-reference list at the bottom of the file.
fn is_link_reference(line: &str) -> bool {
    line.starts_with('[')
        && line
            .split_once("]:")
            .is_some_and(|(label, url)| !label.contains(']') && !url.trim().is_empty())
}

/// A follow-up the CHANGELOG asks of projects, which the update leaves to them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct AdopterAction {
    /// The release whose notes document it.
    pub version: String,
    /// What it concerns: the packages a remove command names, or the file it names.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub subject: Option<String>,
    /// The command in backticks, when the entry carries one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub command: Option<String>,
    /// The CHANGELOG entry, as one line.
    pub changelog: String,
}

/// What the project looks like, to tell whether a documented action still applies.
#[derive(Clone, Debug, Default)]
pub struct ProjectFacts {
    /// The packages the project's `package.json` depends on; `None` when unknown (the
    /// file could not be read as JSON), so package actions are kept.
    pub packages: Option<HashSet<String>>,
    /// Files upstream dropped that the project still has (the `delete` bucket).
    pub still_present: HashSet<String>,
    /// Files upstream dropped that the project no longer has (the sweep's `removed`).
    pub already_gone: HashSet<String>,
}

impl ProjectFacts {
    /// The dependency names of a `package.json` (all four dependency sections); no file
    /// means no packages, an unreadable one means unknown.
    pub fn packages_from(package_json: Option<&str>) -> Option<HashSet<String>> {
        let Some(text) = package_json else {
            return Some(HashSet::new());
        };
        let doc = crate::json::parse(text.as_bytes()).ok()?;
        let mut names = HashSet::new();
        for section in [
            "dependencies",
            "devDependencies",
            "optionalDependencies",
            "peerDependencies",
        ] {
            if let Some(crate::json::Json::Object(members)) = doc.get(section).map(|n| &n.value) {
                names.extend(members.iter().map(|(name, _)| name.clone()));
            }
        }
        Some(names)
    }
}

/// The adopter actions documented in `sections` that still apply to the project: bullets
/// under `### Removed` or `### Changed` that carry `**Action required:**` or a command in
/// backticks. A package removal is kept only while the package is still a dependency; an
/// entry naming a file upstream dropped only while the project still has the file.
pub fn adopter_actions(sections: &[ChangelogSection], facts: &ProjectFacts) -> Vec<AdopterAction> {
    let mut actions = Vec::new();
    for section in sections {
        for (heading, bullet) in bullets(&section.body) {
            if !matches!(heading.to_ascii_lowercase().as_str(), "removed" | "changed") {
                continue;
            }
            let spans = backtick_spans(&bullet);
            let command = spans.iter().find(|s| is_command(s)).map(|s| s.to_string());
            if command.is_none() && !bullet.contains("**Action required:**") {
                continue;
            }
            let removed_packages = command.as_deref().and_then(removed_packages);
            let named_file = spans
                .iter()
                .find(|s| facts.still_present.contains(**s) || facts.already_gone.contains(**s))
                .map(|s| s.to_string());
            let applies = match (&removed_packages, &facts.packages) {
                (Some(names), Some(installed)) => names.iter().any(|n| installed.contains(n)),
                _ => named_file
                    .as_ref()
                    .is_none_or(|f| facts.still_present.contains(f)),
            };
            if applies {
                actions.push(AdopterAction {
                    version: section.version.clone(),
                    subject: removed_packages.map(|n| n.join(" ")).or(named_file),
                    command,
                    changelog: bullet,
                });
            }
        }
    }
    actions
}

/// The top-level bullets of a section body with the `###` heading they sit under; a
/// bullet's indented continuation lines are joined into one line.
fn bullets(body: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut heading = String::new();
    let mut open = false;
    for line in body.lines() {
        if let Some(h) = line.strip_prefix("### ") {
            heading = h.trim().to_string();
            open = false;
        } else if let Some(item) = ["- ", "* ", "+ "].iter().find_map(|p| line.strip_prefix(p)) {
            out.push((heading.clone(), item.trim().to_string()));
            open = true;
        } else if open && line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            if let Some((_, text)) = out.last_mut() {
                text.push(' ');
                text.push_str(line.trim());
            }
        } else {
            open = false;
        }
    }
    out
}

fn backtick_spans(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.is_empty())
        .collect()
}

/// A backticked span that reads as a shell command: a program name then arguments.
fn is_command(span: &str) -> bool {
    let mut words = span.split_whitespace();
    let program = words.next().unwrap_or("");
    words.next().is_some()
        && program.starts_with(|c: char| c.is_ascii_lowercase())
        && program
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c))
}

/// The packages of `npm|pnpm|yarn|bun remove|uninstall|rm|un <pkg>...`.
fn removed_packages(command: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let manager = matches!(words.first(), Some(&("npm" | "pnpm" | "yarn" | "bun")));
    let verb = matches!(
        words.get(1),
        Some(&("remove" | "uninstall" | "rm" | "un" | "r"))
    );
    let names: Vec<String> = words
        .iter()
        .skip(2)
        .filter(|w| !w.starts_with('-'))
        .map(|w| w.to_string())
        .collect();
    (manager && verb && !names.is_empty()).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "# Changelog\n\n## [Unreleased]\n### Removed\n- `npm remove wip`\n\n## [2.0.0-rc.1]\n- rc\n\n## [1.3.0] - 2026-02-01\n### Removed\n- Dropped left-pad: run `npm remove left-pad`.\n- Dropped is-odd, run\n  `pnpm remove is-odd`\n- `docs/old.md` is gone. **Action required:** delete `docs/old.md`.\n- `docs/gone.md` is gone. **Action required:** delete it.\n### Added\n- `npm install new-thing` (not an action: Added)\n\n## [1.2.1]\n### Changed\n- **Action required:** rename your `.env` file.\n- plain change\n\n## [1.2.0]\n- base\n\n[Unreleased]: https://example.invalid/compare\n[1.3.0]: https://example.invalid/1.3.0\n";

    #[test]
    fn range_is_from_exclusive_to_inclusive() {
        for (from, to, versions) in [
            ("1.2.0", "1.3.0", vec!["1.3.0", "1.2.1"]),
            ("1.2.0", "1.2.1", vec!["1.2.1"]),
            ("1.2.1", "1.2.1", vec![]),
            ("1.2.0", "2.0.0-rc.1", vec!["2.0.0-rc.1", "1.3.0", "1.2.1"]),
            (
                "0.1.0",
                "9.0.0",
                vec!["2.0.0-rc.1", "1.3.0", "1.2.1", "1.2.0"],
            ),
        ] {
            let range = changelog_range(LOG, from, to).unwrap();
            assert_eq!(
                range.iter().map(|s| s.version.as_str()).collect::<Vec<_>>(),
                versions,
                "{from}..{to}"
            );
        }
        let last = changelog_range(LOG, "0.1.0", "1.2.0").unwrap();
        assert_eq!(
            last[0].body, "- base",
            "the link list is not part of the last section"
        );
        assert_eq!(
            changelog_range(LOG, "x", "1.0.0").unwrap_err().code(),
            "invalid-version"
        );
    }

    #[test]
    fn actions_are_kept_only_while_they_apply() {
        let range = changelog_range(LOG, "1.2.0", "1.3.0").unwrap();
        let facts = ProjectFacts {
            packages: Some(["left-pad".to_string()].into()),
            still_present: ["docs/old.md".to_string()].into(),
            already_gone: ["docs/gone.md".to_string()].into(),
        };
        let actions = adopter_actions(&range, &facts);
        let subjects: Vec<_> = actions
            .iter()
            .map(|a| {
                (
                    a.version.as_str(),
                    a.subject.as_deref(),
                    a.command.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            subjects,
            [
                ("1.3.0", Some("left-pad"), Some("npm remove left-pad")),
                ("1.3.0", Some("docs/old.md"), None),
                ("1.2.1", None, None),
            ]
        );
        assert_eq!(
            actions[2].changelog,
            "**Action required:** rename your `.env` file."
        );
        let unknown = ProjectFacts {
            packages: None,
            ..facts
        };
        assert_eq!(
            adopter_actions(&range, &unknown).len(),
            4,
            "unknown packages: kept"
        );
    }

    #[test]
    fn package_facts() {
        let names = ProjectFacts::packages_from(Some(
            r#"{"dependencies":{"a":"1"},"devDependencies":{"b":"1"}}"#,
        ))
        .unwrap();
        assert_eq!(names, ["a".to_string(), "b".to_string()].into());
        assert_eq!(ProjectFacts::packages_from(None), Some(HashSet::new()));
        assert_eq!(ProjectFacts::packages_from(Some("{")), None);
    }
}
