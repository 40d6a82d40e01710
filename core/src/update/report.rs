//! The update report: the buckets of issue §7 as data (the `--json` document); the
//! summary the CLI prints is rendered from it by [`render_summary`](super::render_summary).
//!
//! ```
//! use upkeep_core::update::{render_summary, UpdateReport, Version};
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let mut report = UpdateReport::new(&v("1.2.0"), &v("1.3.0"));
//! report.add.push("src/new.js".into());
//! let text = render_summary(&report, ".upkeep", false);
//! assert!(text.starts_with("upkeep update: 1.2.0 → 1.3.0\n"));
//! assert!(text.contains("Added        1  (new in the latest release)\n"));
//! ```

use foldhash::{HashMap, HashMapExt};
use std::collections::BTreeMap;

use super::changelog::AdopterAction;
use super::manifest::FileClass;
use super::plan::conflict::ConflictRoute;
use super::semver::Version;
use crate::regions::RegionsReport;
use crate::structured::{FieldVerdict, PackageManager};

/// A file left for the project to resolve, and how ([`ConflictRoute`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "UpdateConflict"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Conflict {
    /// The path.
    pub path: String,
    /// Its manifest class.
    pub class: FileClass,
    /// How it was left: markers in the file, a patch, upstream's copy, or by hand.
    #[cfg_attr(feature = "serde", serde(default))]
    pub route: ConflictRoute,
    /// Upstream's change (baseline → latest) as a patch to apply from the project root
    /// (route `patch`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub patch_path: Option<String>,
    /// The project's edits against the latest release, for reading (route `patch`; `None`
    /// when there are none outside generated regions).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub yours_diff_path: Option<String>,
    /// Upstream's copy of a binary file (route `latest-copy`).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest_copy_path: Option<String>,
    /// Why the file was not merged (route `patch` or `latest-copy`): `--conflicts patch`,
    /// a binary file, no baseline, markers already in the file, or a limit (a file too
    /// large to load, a file that changed while upkeep read it).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub reason: Option<String>,
}

impl Conflict {
    /// A conflict on `path` left by `route`, with nothing written beside it yet.
    pub fn new(path: &str, class: FileClass, route: ConflictRoute) -> Self {
        Conflict {
            path: path.into(),
            class,
            route,
            patch_path: None,
            yours_diff_path: None,
            latest_copy_path: None,
            reason: None,
        }
    }
}

/// A path merged field by field (the manifest's `merges`): its verdicts, its notes, or
/// why it fell back to a whole-file conflict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "StructuredFileReport"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StructuredFile {
    /// Entries written into the project's file.
    pub applied: Vec<FieldVerdict>,
    /// Entries both sides changed; the project's values stayed.
    pub conflicts: Vec<FieldVerdict>,
    /// Entries offered, not written.
    pub suggestions: Vec<FieldVerdict>,
    /// The notes file (`<stateDir>-merge/<path>.notes`), when there are conflicts or
    /// suggestions.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub notes_path: Option<String>,
    /// Why the path fell back to a whole-file conflict patch (no baseline, a side that
    /// does not parse, ...); `None` when the field merge ran.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub fallback: Option<String>,
}

/// What an update did (or, in a dry run, would do).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateReport {
    /// The version updated from.
    pub from: String,
    /// The version updated to.
    pub to: String,
    /// Owned files replaced with the latest content.
    pub overwrite: Vec<String>,
    /// Shared and wiki-owned files updated cleanly, and clean three-way merges.
    pub merge: Vec<String>,
    /// Files new in the latest release, copied in.
    pub add: Vec<String>,
    /// Files the project deleted (left absent), and dropped files already gone.
    pub removed: Vec<String>,
    /// Files needing nothing.
    pub skip: Vec<String>,
    /// Files the latest release dropped that the project still has: for it to delete.
    pub delete: Vec<String>,
    /// Files left for the project to resolve.
    pub conflicts: Vec<Conflict>,
    /// This run's backup folder, when anything was backed up.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup_dir: Option<String>,
    /// Follow-ups the CHANGELOG documents that still apply.
    pub adopter_actions: Vec<AdopterAction>,
    /// Generated regions: declarations, verdicts, fallbacks, regeneration. Left out of
    /// the serialized report when no manifest mentions regions and awareness is on.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "RegionsReport::is_quiet")
    )]
    pub regions: RegionsReport,
    /// Paths merged field by field, by path (left out of the JSON when there are none).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "BTreeMap::is_empty")
    )]
    pub structured: BTreeMap<String, StructuredFile>,
    /// Whether a `package.json` is written, so the project should run its package
    /// manager's install (left out of the JSON when not).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub install_needed: bool,
    /// The package manager the project's lockfile (or `packageManager`) shows, when one
    /// does (left out of the JSON when not).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub package_manager: Option<PackageManager>,
    /// What the run did (every file replaced with its backup, files that changed
    /// meanwhile, where it stopped); left out of plans and dry runs.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub run: Option<super::finish::RunRecord>,
}

impl UpdateReport {
    /// An empty report for an update from `from` to `to`.
    pub fn new(from: &Version, to: &Version) -> Self {
        UpdateReport {
            from: from.to_string(),
            to: to.to_string(),
            ..Default::default()
        }
    }

    /// Puts every bucket in byte order of its paths.
    pub(crate) fn sort(&mut self) {
        for list in [
            &mut self.overwrite,
            &mut self.merge,
            &mut self.add,
            &mut self.removed,
            &mut self.skip,
            &mut self.delete,
        ] {
            list.sort();
        }
        self.conflicts.sort_by(|a, b| a.path.cmp(&b.path));
    }

    /// Whether this run writes a `package.json` (copied, merged, or field-merged).
    pub(crate) fn package_json_changed(&self) -> bool {
        let named = |p: &String| p == "package.json" || p.ends_with("/package.json");
        self.overwrite
            .iter()
            .chain(&self.merge)
            .chain(&self.add)
            .any(named)
    }

    /// The report's words for what happens to `path`: its bucket (`overwritten`,
    /// `merged`, `added`, `removed`, `skipped`, `dropped upstream`), or for a conflict
    /// its route (`conflict (markers)`, `conflict (patch)`, `conflict (upstream's copy)`,
    /// `conflict (not a file)`); `None` for a path the report does not list.
    pub fn outcome_of(&self, path: &str) -> Option<String> {
        self.outcomes().get(path).cloned()
    }

    /// [`Self::outcome_of`] for every path the report lists, built once: the plan words
    /// each of its files this way (a lookup per file in the lists was quadratic at
    /// 100,000 files). A conflict's words win, then the lists in the order below.
    pub(crate) fn outcomes(&self) -> HashMap<&str, String> {
        let mut words: HashMap<&str, String> = HashMap::new();
        for c in &self.conflicts {
            let how = match c.route {
                ConflictRoute::Markers => "markers",
                ConflictRoute::Patch => "patch",
                ConflictRoute::LatestCopy => "upstream's copy",
                ConflictRoute::NotAFile => "not a file",
            };
            words
                .entry(c.path.as_str())
                .or_insert_with(|| format!("conflict ({how})"));
        }
        for (list, word) in [
            (&self.overwrite, "overwritten"),
            (&self.merge, "merged"),
            (&self.add, "added"),
            (&self.removed, "removed"),
            (&self.skip, "skipped"),
            (&self.delete, "dropped upstream"),
        ] {
            for path in list {
                words.entry(path.as_str()).or_insert_with(|| word.into());
            }
        }
        words
    }

    /// Whether the project has something to look at: conflicts or pending deletes.
    pub fn needs_attention(&self) -> bool {
        !self.conflicts.is_empty() || !self.delete.is_empty()
    }
}
