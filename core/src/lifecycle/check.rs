//! `upkeep manifest check`: everything wrong with a release's manifest, named, for a
//! template's own CI. Every listed path exists and is a regular file (after renames),
//! classes are valid, merge declarations parse and name listed files, region declarations
//! parse, name listed files and their markers are present in them, renames start at a
//! shipped file and collide with nothing, claims name listed paths.
//!
//! The shim reads the manifest and lists the release, then hands over the text of the
//! files regions name ([`manifest_check_reads`] says which).
//!
//! ```
//! use upkeep_core::lifecycle::{check_manifest, ManifestCheckInput, ShippedEntry};
//!
//! let input = ManifestCheckInput {
//!     label: "tpl".into(),
//!     manifest: Some(r#"{"schema":1,"files":{"a.md":"shared","b.md":"owned"}}"#.into()),
//!     entries: vec![ShippedEntry::file("a.md"), ShippedEntry::file(".upkeep/manifest.json")],
//!     texts: vec![],
//!     state_dir: ".upkeep".into(),
//! };
//! let check = check_manifest(&input);
//! assert_eq!(check.problems.len(), 1);
//! assert_eq!(check.problems[0].path.as_deref(), Some("b.md"));
//! ```

use std::collections::{BTreeMap, HashSet};

use super::layout::{install_renames, ShippedEntry};
use crate::json;
use crate::observe::EntryKind;
use crate::paths::{check_collisions, validate_canonical_path};
use crate::regions::{parse_declarations, scan, MarkerScan};
use crate::structured::parse_merges;
use crate::update::{parse_manifest, Bytes};

/// A file's text, for the region-marker check.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CheckedText {
    /// The shipped path.
    pub path: String,
    /// Its bytes.
    pub bytes: Bytes,
}

/// What the shim found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ManifestCheckInput {
    /// The release folder, for messages.
    pub label: String,
    /// `<stateDir>/manifest.json`, when there is one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest: Option<String>,
    /// Every non-directory entry of the release.
    pub entries: Vec<ShippedEntry>,
    /// The texts [`manifest_check_reads`] asked for.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub texts: Vec<CheckedText>,
    /// The state folder.
    pub state_dir: String,
}

/// One problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestProblem {
    /// The path it is about, when one.
    pub path: Option<String>,
    /// What is wrong.
    pub problem: String,
}

/// The verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestCheck {
    /// `valid` (no problem) or `problems`.
    pub status: &'static str,
    /// Every problem found, in the order checked.
    pub problems: Vec<ManifestProblem>,
    /// How many files the manifest lists.
    pub files: usize,
    /// The summary the CLI prints.
    pub summary: String,
}

/// The shipped paths whose text the check needs: every file a region declaration names.
pub fn manifest_check_reads(manifest: &str) -> Vec<String> {
    let Ok(doc) = json::parse(manifest.as_bytes()) else {
        return Vec::new();
    };
    let renames = install_renames(doc.get("install"), "manifest").unwrap_or_default();
    let mut out: Vec<String> = parse_declarations(doc.get("regions"), "manifest")
        .regions
        .iter()
        .flat_map(|d| d.paths.iter())
        .flat_map(|p| {
            // The file as shipped (a rename's source) and under its own name, if shipped so.
            let from = renames
                .iter()
                .find(|(_, to)| to == p)
                .map(|(from, _)| from.clone());
            std::iter::once(p.clone()).chain(from)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Checks a release's manifest against the release.
pub fn check_manifest(input: &ManifestCheckInput) -> ManifestCheck {
    let mut problems = Vec::new();
    let mut problem = |path: Option<&str>, text: String| {
        problems.push(ManifestProblem {
            path: path.map(str::to_string),
            problem: text,
        });
    };
    let state = &input.state_dir;
    let Some(text) = &input.manifest else {
        problem(
            None,
            format!("there is no {state}/manifest.json (write one with `upkeep manifest init`)"),
        );
        return finish(problems, 0, &input.label);
    };
    let label = format!("{state}/manifest.json");
    let manifest = match parse_manifest(text, label.as_str()) {
        Ok(m) => m,
        Err(e) => {
            problem(None, e.to_string());
            return finish(problems, 0, &input.label);
        }
    };
    let shipped: BTreeMap<&str, EntryKind> = input
        .entries
        .iter()
        .map(|e| (e.path.as_str(), e.kind))
        .collect();
    // Renames: from a shipped file, to a name nothing else takes.
    let renames = match install_renames(manifest.install.as_ref(), &label) {
        Ok(r) => r,
        Err(e) => {
            problem(None, e.to_string());
            Vec::new()
        }
    };
    for (from, to) in &renames {
        if shipped.get(from.as_str()) != Some(&EntryKind::File) {
            problem(
                Some(from),
                format!("install renames {from} → {to}, but the release ships no file {from}"),
            );
        }
    }
    let installed: BTreeMap<String, (&str, EntryKind)> = shipped
        .iter()
        .filter(|(p, _)| !p.starts_with(&format!("{state}/")))
        .map(|(p, k)| {
            let name = renames
                .iter()
                .find(|(f, _)| f == p)
                .map_or(p.to_string(), |(_, t)| t.clone());
            (name, (*p, *k))
        })
        .collect();
    let renamed_from: HashSet<&str> = renames.iter().map(|(f, _)| f.as_str()).collect();
    for (from, to) in &renames {
        let clash = shipped.contains_key(to.as_str()) && !renamed_from.contains(to.as_str());
        if clash {
            problem(
                Some(to),
                format!("install renames {from} → {to}, but the release also ships {to}"),
            );
        }
    }
    let names: Vec<&str> = installed.keys().map(String::as_str).collect();
    if let Err(e) = check_collisions(&names) {
        problem(None, format!("after the renames, {e}"));
    }
    // Files.
    let listed: HashSet<&str> = manifest.files.iter().map(|e| e.path.as_str()).collect();
    for entry in &manifest.files {
        let path = entry.path.as_str();
        if path.starts_with(&format!("{state}/")) {
            problem(
                Some(path),
                format!("{path} is upkeep's state, never a managed file"),
            );
            continue;
        }
        match installed.get(path) {
            None => problem(
                Some(path),
                format!(
                    "{path} is listed ({}) but the release does not ship it",
                    entry.class.as_str()
                ),
            ),
            Some((_, EntryKind::File)) => {}
            Some((from, kind)) => problem(
                Some(path),
                format!(
                    "{path} is listed but {from} is {} in the release, not a regular file",
                    kind_phrase(*kind)
                ),
            ),
        }
    }
    // Merges.
    if let Some(node) = &manifest.merges {
        match parse_merges(node, &label) {
            Err(e) => problem(None, e.to_string()),
            Ok(merges) => {
                for (path, _) in merges {
                    if !listed.contains(path.as_str()) {
                        problem(
                            Some(&path),
                            format!("merges declares {path}, which \"files\" does not list"),
                        );
                    }
                }
            }
        }
    }
    // Regions.
    let decls = parse_declarations(manifest.regions.as_ref(), &label);
    if let Some(refusal) = &decls.refusal {
        problem(None, refusal.clone());
    }
    for bad in &decls.malformed {
        problem(
            None,
            format!(
                "regions[{}]{}: {}",
                bad.index,
                bad.id
                    .as_deref()
                    .map_or(String::new(), |id| format!(" ({id})")),
                bad.reason
            ),
        );
    }
    let texts: BTreeMap<&str, &[u8]> = input
        .texts
        .iter()
        .map(|t| (t.path.as_str(), t.bytes.as_slice()))
        .collect();
    for decl in &decls.regions {
        if !listed.contains(decl.regenerate.operand.as_str()) {
            problem(
                Some(&decl.regenerate.operand),
                format!(
                    "region {} runs {}, which \"files\" does not list",
                    decl.id, decl.regenerate.operand
                ),
            );
        }
        for path in &decl.paths {
            if !listed.contains(path.as_str()) {
                problem(
                    Some(path),
                    format!(
                        "region {} is in {path}, which \"files\" does not list",
                        decl.id
                    ),
                );
                continue;
            }
            let Some((from, EntryKind::File)) = installed.get(path.as_str()) else {
                continue;
            };
            let Some(bytes) = texts.get(from) else {
                problem(
                    Some(path),
                    format!("region {}: {path} was not read", decl.id),
                );
                continue;
            };
            match scan(bytes, &decl.start_marker, &decl.end_marker) {
                MarkerScan::Present { .. } => {}
                MarkerScan::Absent => problem(
                    Some(path),
                    format!(
                        "region {}: {path} has neither {:?} nor {:?}",
                        decl.id, decl.start_marker, decl.end_marker
                    ),
                ),
                MarkerScan::Malformed(anomaly) => problem(
                    Some(path),
                    format!(
                        "region {}: the markers in {path} cannot delimit one region ({})",
                        decl.id,
                        anomaly_phrase(anomaly)
                    ),
                ),
            }
        }
    }
    // Claims.
    for claim in &manifest.claims {
        for path in &claim.paths {
            if validate_canonical_path(path).is_ok() && !listed.contains(path.as_str()) {
                problem(
                    Some(path),
                    format!(
                        "the claim in {} names {path}, which \"files\" does not list",
                        claim.file
                    ),
                );
            }
        }
    }
    finish(problems, manifest.files.len(), &input.label)
}

/// A kind that is not a regular file, as the messages name it.
pub(super) fn kind_phrase(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Symlink => "a symbolic link",
        EntryKind::Directory => "a directory",
        _ => "a special file",
    }
}

fn anomaly_phrase(anomaly: crate::regions::MarkerAnomaly) -> &'static str {
    use crate::regions::MarkerAnomaly::*;
    match anomaly {
        Duplicated => "a marker appears twice",
        Unbalanced => "one marker without the other",
        OutOfOrder => "the end marker comes first",
    }
}

fn finish(problems: Vec<ManifestProblem>, files: usize, label: &str) -> ManifestCheck {
    let summary = if problems.is_empty() {
        format!("{label}: the manifest is valid ({files} files listed)\n")
    } else {
        let mut out = format!(
            "{label}: {} problem{} in the manifest:\n",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        );
        for p in &problems {
            out.push_str(&format!("  {}\n", p.problem));
        }
        out
    };
    ManifestCheck {
        status: if problems.is_empty() {
            "valid"
        } else {
            "problems"
        },
        problems,
        files,
        summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_named() {
        let manifest = r#"{"schema":1,
          "files":{"a.md":"shared","gone.md":"owned","dir":"owned",".upkeep/VERSION":"owned",".npmrc":"shared","doc.md":"shared"},
          "install":{"_npmrc":".npmrc","x":"a.md"},
          "merges":{"other.json":{"format":"json","maps":["a"]}},
          "regions":[{"id":"r","startMarker":"<!-- s -->","endMarker":"<!-- e -->","paths":["doc.md","a.md"],
                      "regenerate":{"interpreter":"sh","operand":"gen.sh","args":[]}}, {"id":1}]}"#;
        let entries = vec![
            ShippedEntry::file("a.md"),
            ShippedEntry {
                path: "dir".into(),
                kind: EntryKind::Symlink,
            },
            ShippedEntry::file("_npmrc"),
            ShippedEntry::file("doc.md"),
        ];
        let reads = manifest_check_reads(manifest);
        assert_eq!(reads, ["a.md", "doc.md", "x"]);
        let input = ManifestCheckInput {
            label: "tpl".into(),
            manifest: Some(manifest.into()),
            entries,
            texts: vec![
                CheckedText {
                    path: "doc.md".into(),
                    bytes: Bytes(b"x\n<!-- s -->\n<!-- s -->\n".to_vec()),
                },
                CheckedText {
                    path: "a.md".into(),
                    bytes: Bytes(b"plain\n".to_vec()),
                },
            ],
            state_dir: ".upkeep".into(),
        };
        let check = check_manifest(&input);
        let all: Vec<&str> = check.problems.iter().map(|p| p.problem.as_str()).collect();
        for want in [
            "install renames x → a.md, but the release ships no file x",
            "install renames x → a.md, but the release also ships a.md",
            "gone.md is listed (owned) but the release does not ship it",
            "dir is listed but dir is a symbolic link in the release",
            ".upkeep/VERSION is upkeep's state",
            "merges declares other.json, which \"files\" does not list",
            "regions[1]",
            "region r runs gen.sh, which \"files\" does not list",
            "region r: the markers in doc.md cannot delimit one region (a marker appears twice)",
            "region r: a.md has neither",
        ] {
            assert!(
                all.iter().any(|p| p.contains(want)),
                "missing {want:?} in {all:#?}"
            );
        }
        assert!(
            check.summary.starts_with("tpl: 10 problems"),
            "{}",
            check.summary
        );
    }

    #[test]
    fn missing_or_unreadable_manifests() {
        let mut input = ManifestCheckInput {
            label: "t".into(),
            manifest: None,
            entries: vec![],
            texts: vec![],
            state_dir: ".upkeep".into(),
        };
        assert!(check_manifest(&input).problems[0]
            .problem
            .contains("upkeep manifest init"));
        input.manifest = Some("{\"schema\":1,\"files\":{\"a\":\"mine\"}}".into());
        assert!(check_manifest(&input).problems[0]
            .problem
            .contains("the class of \"a\" is \"mine\""));
        input.manifest = Some("{\"schema\":1,\"files\":{}}".into());
        assert_eq!(
            check_manifest(&input).summary,
            "t: the manifest is valid (0 files listed)\n"
        );
    }
}
