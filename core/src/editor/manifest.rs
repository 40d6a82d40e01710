//! What an editor needs from a project's manifests, read once per release: every managed
//! path with its class, the generated regions that carry it and its field-merge
//! declaration, as the update's walk reads them (the latest manifest decides; a path only
//! the baseline lists is one the latest release dropped).
//!
//! ```
//! use upkeep_core::editor::editor_manifest;
//! use upkeep_core::update::FileClass;
//!
//! let latest = r#"{"schema":1,"files":{"a.md":"owned","package.json":"shared"},
//!   "merges":{"package.json":{"format":"json","maps":["scripts"]}}}"#;
//! let m = editor_manifest(latest, Some(r#"{"schema":1,"files":{"old.md":"shared"}}"#), None).unwrap();
//! assert_eq!((m.files[0].path.as_str(), m.files[0].class), ("a.md", FileClass::Owned));
//! assert!(m.files[1].dropped);
//! assert!(m.files[2].merge.is_some());
//! assert_eq!(m.shipped, ["a.md", "package.json"]);
//! ```

use std::collections::{BTreeMap, HashSet};

use crate::error::Result;
use crate::regions::{parse_declarations, RegionDecl};
use crate::structured::{parse_merges, MergeSpec};
use crate::update::{parse_manifest, FileClass};

/// One managed path as the editor sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ManagedPath {
    /// The path, relative to the project root.
    pub path: String,
    /// Its class (the baseline's, for a dropped path).
    pub class: FileClass,
    /// Whether the latest release dropped it (only the baseline lists it).
    pub dropped: bool,
    /// The generated regions that carry it.
    pub regions: Vec<RegionDecl>,
    /// Its field-merge declaration.
    pub merge: Option<MergeSpec>,
}

/// The managed paths of a project, sorted, and what the manifests' regions could not say.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct EditorManifest {
    /// Every managed path, sorted.
    pub files: Vec<ManagedPath>,
    /// Region declarations that were refused or skipped, worded for a status line.
    pub notes: Vec<String>,
    /// The paths the latest release ships, sorted: what the project's status line counts
    /// and its background scan reads (a dropped path is leaving the project: neither).
    pub shipped: Vec<String>,
}

/// Reads the latest release's manifest and, for dropped paths, the baseline release's;
/// without one, the project's own copy of the installed manifest (`installed`) stands in
/// for it, as it is that release's manifest. A manifest that does not parse is the
/// update's own error, naming it.
pub fn editor_manifest(
    latest: &str,
    baseline: Option<&str>,
    installed: Option<&str>,
) -> Result<EditorManifest> {
    let label = "latest release manifest";
    let latest = parse_manifest(latest, label)?;
    let baseline = match (baseline, installed) {
        (Some(text), _) => Some(parse_manifest(text, "baseline release manifest")?),
        (None, Some(text)) => Some(parse_manifest(text, "project's installed manifest")?),
        (None, None) => None,
    };
    let decls = parse_declarations(latest.regions.as_ref(), label);
    let merges: BTreeMap<String, MergeSpec> = match &latest.merges {
        Some(node) => parse_merges(node, label)?.into_iter().collect(),
        None => BTreeMap::new(),
    };
    let mut files: Vec<ManagedPath> = latest
        .files
        .iter()
        .map(|e| ManagedPath {
            path: e.path.clone(),
            class: e.class,
            dropped: false,
            regions: decls.for_path(&e.path).cloned().collect(),
            merge: merges.get(&e.path).cloned(),
        })
        .collect();
    if let Some(baseline) = &baseline {
        let listed: HashSet<&str> = latest.files.iter().map(|e| e.path.as_str()).collect();
        for e in &baseline.files {
            if !listed.contains(e.path.as_str()) {
                files.push(ManagedPath {
                    path: e.path.clone(),
                    class: e.class,
                    dropped: true,
                    regions: Vec::new(),
                    merge: None,
                });
            }
        }
    }
    files.sort_by(|x, y| x.path.cmp(&y.path));
    let mut notes: Vec<String> = decls.refusal.into_iter().collect();
    notes.extend(decls.malformed.iter().map(|m| {
        format!(
            "region declaration {} of the {label} is skipped: {}",
            m.id.as_deref()
                .map_or(format!("#{}", m.index), |id| format!("'{id}'")),
            m.reason
        )
    }));
    let shipped = files
        .iter()
        .filter(|f| !f.dropped)
        .map(|f| f.path.clone())
        .collect();
    Ok(EditorManifest {
        files,
        notes,
        shipped,
    })
}

/// The project's own copy of the installed manifest (`path`, such as
/// `.upkeep/manifest.json`), read for its errors alone: a damaged copy is named as the
/// project's file, before any release is read.
pub fn check_installed_manifest(text: &str, path: &str) -> Result<()> {
    parse_manifest(text, format!("the project's {path}").as_str()).map(|_| ())
}
