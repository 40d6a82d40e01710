//! `upkeep manifest init`: a manifest for a template folder from a few rules, listing every
//! file, so a template author never writes the file list by hand.
//!
//! Rules come as flags (`--owned 'src/**' --shared '**' --exclude '**/*.snap'`) or a rules
//! file of one rule per line (`owned src/**`, `install _npmrc .npmrc`, `# comments`). Globs
//! are `upkeep score`'s dialect and match the names files get in the project (`.gitignore`
//! for a shipped `_gitignore`). An `exclude` always wins; otherwise the first class rule
//! that matches decides; a file no rule matches is left out (the project's own). With no
//! class rule at all, every file is `shared`, as for a release without a manifest.
//!
//! ```
//! use upkeep_core::lifecycle::{manifest_init, parse_manifest_rules, ManifestInitInput, ShippedEntry};
//!
//! let rules = parse_manifest_rules("# ours\nowned src/**\nshared **\nexclude **/*.snap\n", None).unwrap();
//! let out = manifest_init(&ManifestInitInput {
//!     label: "tpl".into(),
//!     entries: ["src/a.ts", "src/a.snap", "README.md", "_gitignore"].map(ShippedEntry::file).to_vec(),
//!     rules, flag_rules: Default::default(), state_dir: ".upkeep".into(),
//! }).unwrap();
//! assert_eq!((out.owned, out.shared, out.excluded), (1, 2, 1));
//! assert!(out.manifest.contains("\".gitignore\": \"shared\"") && out.manifest.contains("\"_gitignore\": \".gitignore\""));
//! ```

use super::check::kind_phrase;
use super::conventions::{default_renames, managed_by_default, render_manifest};
use super::layout::ShippedEntry;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;
use crate::paths::{check_collisions, validate_canonical_path};
use crate::score::GlobSet;

/// What a rule does with the files it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RuleClass {
    /// Upstream controls the files.
    Owned,
    /// Upstream seeds them; the project customizes them.
    Shared,
    /// Documentation pages the project grows.
    WikiOwned,
    /// Never listed.
    Exclude,
}

/// One rule: a class and a glob.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ManifestRule {
    /// What the rule does.
    pub class: RuleClass,
    /// The glob (`upkeep score`'s dialect).
    pub glob: String,
}

/// The rules, in the order given, and explicit renames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ManifestRules {
    /// Class and exclude rules.
    #[cfg_attr(feature = "serde", serde(default))]
    pub rules: Vec<ManifestRule>,
    /// `[shipped, installed]` renames, on top of the default `_gitignore → .gitignore`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub install: Vec<(String, String)>,
}

impl ManifestRules {
    /// These rules, then `later`'s: the first class rule a file matches picks its class,
    /// and the last rename of a file wins.
    pub fn followed_by(&self, later: &ManifestRules) -> ManifestRules {
        ManifestRules {
            rules: self.rules.iter().chain(&later.rules).cloned().collect(),
            install: self.install.iter().chain(&later.install).cloned().collect(),
        }
    }
}

/// Parses a rules file; `label` names it in errors, with the line number (none: `rules`).
pub fn parse_manifest_rules(text: &str, label: Option<&str>) -> Result<ManifestRules> {
    let label = label.unwrap_or("rules");
    let mut out = ManifestRules::default();
    for (i, line) in text.lines().enumerate() {
        let fail = |detail: String| {
            Error::new(
                ErrorKind::InvalidRules,
                label,
                format!("line {}: {detail}", i + 1),
            )
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let class = match words[0] {
            "owned" => RuleClass::Owned,
            "shared" => RuleClass::Shared,
            "wiki-owned" => RuleClass::WikiOwned,
            "exclude" => RuleClass::Exclude,
            "install" if words.len() == 3 => {
                out.install
                    .push((words[1].to_string(), words[2].to_string()));
                continue;
            }
            "install" => {
                return Err(fail(
                    "write `install <shipped name> <installed name>`".into(),
                ))
            }
            other => {
                return Err(fail(format!(
                    "{other:?} is not a rule (owned, shared, wiki-owned, exclude, install)"
                )))
            }
        };
        if words.len() != 2 {
            return Err(fail(format!(
                "write `{} <glob>` (one glob per line, no spaces)",
                words[0]
            )));
        }
        out.rules.push(ManifestRule {
            class,
            glob: words[1].to_string(),
        });
    }
    Ok(out)
}

/// What `manifest init` is given: the folder's files and the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ManifestInitInput {
    /// The template folder, for messages.
    pub label: String,
    /// Every non-directory entry in it (shipped names, `/`-separated): links and special
    /// files are named in the summary, never listed.
    pub entries: Vec<ShippedEntry>,
    /// The rules (a rules file's).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub rules: ManifestRules,
    /// The rules given as flags (`--owned`, `--install`, ...): tried after `rules`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub flag_rules: ManifestRules,
    /// The state folder (never listed).
    pub state_dir: String,
}

/// The manifest written, with its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestInit {
    /// The manifest text.
    pub manifest: String,
    /// Files listed `owned`.
    pub owned: usize,
    /// Files listed `shared`.
    pub shared: usize,
    /// Files listed `wiki-owned`.
    pub wiki_owned: usize,
    /// Files an `exclude` rule left out.
    pub excluded: usize,
    /// Files no rule matched (the project's own).
    pub unlisted: usize,
    /// The renames, `[shipped, installed]`.
    pub renames: Vec<(String, String)>,
    /// Entries that are not regular files (links, special files): a manifest lists files
    /// only, so these are left out, and named.
    pub not_files: Vec<String>,
    /// The summary the CLI prints.
    pub summary: String,
}

/// Builds the manifest of a template folder from the rules.
pub fn manifest_init(input: &ManifestInitInput) -> Result<ManifestInit> {
    let fail = |detail: String| Error::new(ErrorKind::InvalidRules, &input.label, detail);
    validate_canonical_path(&input.state_dir)?;
    let all = input.rules.followed_by(&input.flag_rules);
    for rule in &all.rules {
        if rule.glob.is_empty() {
            return Err(fail("a rule has an empty glob".into()));
        }
    }
    let state = format!("{}/", input.state_dir);
    let ours: Vec<&ShippedEntry> = input
        .entries
        .iter()
        .filter(|e| !e.path.starts_with(&state))
        .collect();
    let mut shipped: Vec<&str> = ours
        .iter()
        .filter(|e| e.kind == EntryKind::File)
        .map(|e| e.path.as_str())
        .collect();
    let mut not_files: Vec<&ShippedEntry> = ours
        .into_iter()
        .filter(|e| e.kind != EntryKind::File)
        .collect();
    not_files.sort_unstable_by(|a, b| a.path.cmp(&b.path));
    shipped.sort_unstable();
    for path in shipped
        .iter()
        .copied()
        .chain(not_files.iter().map(|e| e.path.as_str()))
    {
        validate_canonical_path(path)?;
    }
    let mut renames = default_renames(&shipped);
    for (from, to) in &all.install {
        validate_canonical_path(from)?;
        validate_canonical_path(to)?;
        if shipped.binary_search(&from.as_str()).is_err() {
            return Err(fail(format!(
                "the rename {from} → {to} names a file the folder does not have"
            )));
        }
        renames.retain(|(f, _)| f != from);
        renames.push((from.clone(), to.clone()));
    }
    renames.sort();
    let installed: Vec<String> = shipped
        .iter()
        .map(|p| {
            renames
                .iter()
                .find(|(f, _)| f == p)
                .map_or(p.to_string(), |(_, t)| t.clone())
        })
        .collect();
    check_collisions(&installed.iter().map(String::as_str).collect::<Vec<_>>())?;
    let classes: Vec<&super::rules::ManifestRule> = all
        .rules
        .iter()
        .filter(|r| r.class != RuleClass::Exclude)
        .collect();
    let excludes = GlobSet::new(
        all.rules
            .iter()
            .filter(|r| r.class == RuleClass::Exclude)
            .map(|r| r.glob.as_str()),
    );
    let set = GlobSet::new(classes.iter().map(|r| r.glob.as_str()));
    let (mut owned, mut shared, mut wiki_owned, mut excluded, mut unlisted) = (0, 0, 0, 0, 0);
    let mut files: Vec<(String, &str)> = Vec::new();
    for path in installed {
        let class = if excludes.is_match(&path) {
            excluded += 1;
            continue;
        } else if classes.is_empty() {
            managed_by_default(&path).then_some(RuleClass::Shared)
        } else {
            set.matches(&path)
                .into_iter()
                .min()
                .map(|i| classes[i].class)
        };
        let name = match class {
            Some(RuleClass::Owned) => {
                owned += 1;
                "owned"
            }
            Some(RuleClass::Shared) => {
                shared += 1;
                "shared"
            }
            Some(RuleClass::WikiOwned) => {
                wiki_owned += 1;
                "wiki-owned"
            }
            _ => {
                unlisted += 1;
                continue;
            }
        };
        files.push((path, name));
    }
    files.sort();
    let manifest = render_manifest(&files, &renames);
    let mut summary = format!(
        "{} files listed: {owned} owned, {shared} shared, {wiki_owned} wiki-owned; {excluded} excluded, {unlisted} left to the project (no rule matched)\n",
        files.len()
    );
    for (from, to) in &renames {
        summary.push_str(&format!("Installed as: {from} → {to}\n"));
    }
    for entry in &not_files {
        summary.push_str(&format!(
            "Not listed: {} is {}; a manifest lists regular files only\n",
            entry.path,
            kind_phrase(entry.kind)
        ));
    }
    Ok(ManifestInit {
        manifest,
        owned,
        shared,
        wiki_owned,
        excluded,
        unlisted,
        renames,
        not_files: not_files.iter().map(|e| e.path.clone()).collect(),
        summary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_files_parse_or_name_the_line() {
        let rules =
            parse_manifest_rules("owned  a/**\ninstall _npmrc .npmrc\n\n# x\n", Some("r")).unwrap();
        assert_eq!(
            rules.rules[0],
            ManifestRule {
                class: RuleClass::Owned,
                glob: "a/**".into()
            }
        );
        assert_eq!(
            rules.install,
            [("_npmrc".to_string(), ".npmrc".to_string())]
        );
        for (text, detail) in [
            ("mine **", "line 1: \"mine\" is not a rule"),
            ("owned a b", "one glob per line"),
            ("\ninstall x", "line 2: write `install"),
        ] {
            let err = parse_manifest_rules(text, Some("rules.txt")).unwrap_err();
            assert_eq!(err.code(), "invalid-rules");
            assert!(err.to_string().contains(detail), "{err}");
        }
    }

    #[test]
    fn first_matching_rule_wins_and_defaults_apply() {
        let input = |rules: &str| ManifestInitInput {
            label: "t".into(),
            entries: [
                "src/x.js",
                "docs/a.md",
                "package.json",
                "CHANGELOG.md",
                ".upkeep/VERSION",
            ]
            .map(ShippedEntry::file)
            .to_vec(),
            rules: parse_manifest_rules(rules, Some("r")).unwrap(),
            flag_rules: ManifestRules::default(),
            state_dir: ".upkeep".into(),
        };
        let all = manifest_init(&input("")).unwrap();
        assert_eq!((all.shared, all.unlisted), (3, 1));
        assert!(all.manifest.contains("\"merges\""));
        let some = manifest_init(&input("wiki-owned docs/**\nowned **/*.js\n")).unwrap();
        assert_eq!((some.owned, some.wiki_owned, some.unlisted), (1, 1, 2));
        let err = manifest_init(&input("install nope x")).unwrap_err();
        assert!(err
            .to_string()
            .contains("names a file the folder does not have"));
    }

    #[test]
    fn a_rules_files_rules_come_before_the_flags() {
        let input = ManifestInitInput {
            label: "t".into(),
            entries: vec![
                ShippedEntry::file("src/x.js"),
                ShippedEntry::file("README.md"),
            ],
            rules: parse_manifest_rules("owned src/**\ninstall README.md DOC.md\n", None).unwrap(),
            flag_rules: parse_manifest_rules("shared **\ninstall README.md README.txt\n", None)
                .unwrap(),
            state_dir: ".upkeep".into(),
        };
        let out = manifest_init(&input).unwrap();
        assert_eq!(
            (out.owned, out.shared),
            (1, 1),
            "the file's owned rule wins for src/x.js"
        );
        assert_eq!(
            out.renames,
            [("README.md".to_string(), "README.txt".to_string())],
            "the flag's rename is the last"
        );
    }
}
