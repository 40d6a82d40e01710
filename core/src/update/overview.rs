//! What a view of an update plan shows (the web demo draws the plan of three trees with
//! it): a headline, what needs the person (the conflicts, counted by the route each took;
//! the files dropped upstream but edited here; the release notes' adopter actions), and
//! each file the update would write with what it is and how to show it, and each managed
//! file's row (the buckets that list it, whether it is a conflict). `upkeep update
//! --dry-run` prints the plan's own summary; this is the same plan in a page's pieces.
//!
//! ```
//! use upkeep_core::update::{nothing_to_plan, plan_overview, OverviewInput, PlannedWrite, UpdateReport};
//!
//! let input = OverviewInput {
//!     report: UpdateReport::default(),
//!     files: vec!["README.md".into(), "src/index.js".into()],
//!     actions: vec![PlannedWrite { op: "copy".into(), path: "README.md".into(), ..PlannedWrite::default() }],
//!     changelog: vec![],
//! };
//! let overview = plan_overview(&input);
//! assert_eq!(overview.headline, "2 managed files · 1 action planned · dry run, nothing written");
//! assert_eq!(overview.needs[0].text, " conflicts to resolve");
//! assert!(overview.files[0].buckets.is_empty());
//! assert_eq!(overview.changelog_none.as_deref(), Some("No changelog entries."));
//! assert_eq!(nothing_to_plan("up-to-date", "1.3.0", "1.3.0"),
//!     "Nothing to plan: the project is up-to-date (installed 1.3.0, latest 1.3.0).");
//! ```

use std::collections::HashMap;

use super::changelog::ChangelogSection;
use super::plan::conflict::{update_merge_options, ConflictRoute};
use super::plan::ConflictMode;
use super::report::UpdateReport;
use crate::render::{counted, noun};
use crate::text::MergeOptions;

/// The report's buckets in the order a view shows them, each with what it means (a
/// legend, a tooltip).
pub const REPORT_BUCKETS: [(&str, &str); 7] = [
    ("overwrite", "replaced by the latest release (no local edits)"),
    ("merge", "merged: upstream changes applied, any local edits kept"),
    ("add", "new in the latest release"),
    ("removed", "dropped by the latest release, unedited here"),
    ("skip", "left alone"),
    ("delete", "dropped upstream but edited here: yours to delete"),
    (
        "conflicts",
        "edited on both sides and not merged cleanly: conflict markers in the file, or a patch to apply",
    ),
];

/// Each `--conflicts` mode (the default first) with what it does to a file both sides
/// changed, in a few words (a view's chooser).
pub const CONFLICT_MODES: [(&str, &str); 3] = [
    (
        "merge",
        "three-way merge, diff3 markers where both changed the same lines",
    ),
    ("markers", "three-way merge, two-part markers"),
    (
        "patch",
        "leave the file, write upstream's change as a patch",
    ),
];

/// One action of the plan, without its bytes: what it does, to which path, and how many
/// bytes it writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct PlannedWrite {
    /// The action's `op`: `copy`, `write-merged`, `write-patch`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub op: String,
    /// The project path it is about.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub path: String,
    /// Where a `write-patch` writes.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub patch_path: Option<String>,
    /// How many bytes it writes (`bytes.length`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub size: usize,
}

/// A plan, for [`plan_overview`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct OverviewInput {
    /// The plan's report.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub report: UpdateReport,
    /// The plan's managed paths (its `files`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub files: Vec<String>,
    /// The plan's actions, in order.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub actions: Vec<PlannedWrite>,
    /// The plan's CHANGELOG range.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub changelog: Vec<ChangelogSection>,
}

/// A CHANGELOG section, as a view lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ChangelogView {
    /// Its heading without the `#` marks (`[1.3.0] - 2026-02-01`).
    pub title: String,
    /// Its lines, without surrounding blank lines.
    pub body: String,
}

/// Something that needs the person: how many, and the words after the count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Need {
    /// `conflicts`, `delete` or `adopter-actions`.
    pub kind: String,
    /// How many.
    pub count: usize,
    /// The words after the count (` conflicts to resolve (2 with markers)`).
    pub text: String,
}

/// A file the update would write, as a view shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct WriteView {
    /// The action's index in the plan (its bytes are that action's).
    pub index: usize,
    /// The project path the write is about.
    pub path: String,
    /// The path written.
    pub at: String,
    /// What it is, after the path (` — merged in place (backup first)`).
    pub what: String,
    /// How its bytes are shown: `diff` (a patch), `text`, or `size` (a binary copy).
    pub show: String,
    /// The line shown instead of the bytes (`show` = `size`).
    pub size_line: Option<String>,
    /// What a one-file view lists it as: the file itself, or the path of its patch.
    pub short: String,
}

/// One managed file, as a view's row shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FileOverview {
    /// The project path.
    pub path: String,
    /// The report's buckets that list it, in [`REPORT_BUCKETS`] order.
    pub buckets: Vec<String>,
    /// Whether it is among the conflicts (its outcome is a `conflict (...)`).
    pub conflict: bool,
}

/// The view of a plan (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct PlanOverview {
    /// `12 managed files · 5 actions planned · dry run, nothing written`.
    pub headline: String,
    /// Conflicts, deletes and adopter actions, in that order.
    pub needs: Vec<Need>,
    /// The files written (merged files and patches), in the plan's order.
    pub writes: Vec<WriteView>,
    /// Each managed path, in the order given, with the buckets that list it.
    pub files: Vec<FileOverview>,
    /// The line shown instead of the writes when there are none.
    #[cfg_attr(feature = "serde", serde(default))]
    pub writes_none: Option<String>,
    /// The CHANGELOG range, section by section.
    #[cfg_attr(feature = "serde", serde(default))]
    pub changelog: Vec<ChangelogView>,
    /// The line shown instead of the range when it has no section.
    #[cfg_attr(feature = "serde", serde(default))]
    pub changelog_none: Option<String>,
}

/// The paths a bucket of the report lists (a conflict by its path).
fn listed<'r>(report: &'r UpdateReport, bucket: &str) -> Vec<&'r str> {
    let names = |list: &'r [String]| list.iter().map(String::as_str).collect();
    match bucket {
        "overwrite" => names(&report.overwrite),
        "merge" => names(&report.merge),
        "add" => names(&report.add),
        "removed" => names(&report.removed),
        "skip" => names(&report.skip),
        "delete" => names(&report.delete),
        "conflicts" => report.conflicts.iter().map(|c| c.path.as_str()).collect(),
        _ => Vec::new(),
    }
}

/// Each path's row: the buckets are looked up once per bucket, not once per path.
fn file_rows(report: &UpdateReport, paths: &[String]) -> Vec<FileOverview> {
    let mut buckets: HashMap<&str, Vec<String>> = HashMap::new();
    for (bucket, _) in REPORT_BUCKETS {
        for path in listed(report, bucket) {
            let of_path = buckets.entry(path).or_default();
            if of_path.last().map(String::as_str) != Some(bucket) {
                of_path.push(bucket.into());
            }
        }
    }
    paths
        .iter()
        .map(|path| {
            let buckets = buckets.get(path.as_str()).cloned().unwrap_or_default();
            FileOverview {
                path: path.clone(),
                conflict: buckets.iter().any(|b| b == "conflicts"),
                buckets,
            }
        })
        .collect()
}

/// How the conflicts were left, counted by route in the order they first appear:
/// ` (2 with markers, 1 as a patch)`, or nothing.
fn routes(report: &UpdateReport) -> String {
    let mut counts: Vec<(ConflictRoute, usize)> = Vec::new();
    for conflict in &report.conflicts {
        match counts
            .iter_mut()
            .find(|(route, _)| *route == conflict.route)
        {
            Some((_, n)) => *n += 1,
            None => counts.push((conflict.route, 1)),
        }
    }
    let words = |route: ConflictRoute| match route {
        ConflictRoute::Markers => "with markers",
        ConflictRoute::Patch => "as a patch",
        ConflictRoute::LatestCopy => "with upstream's copy",
        _ => "not a file",
    };
    let parts: Vec<String> = counts
        .iter()
        .map(|(route, n)| format!("{n} {}", words(*route)))
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

/// What one merged file or patch is.
fn write_view(report: &UpdateReport, index: usize, action: &PlannedWrite) -> Option<WriteView> {
    let patch = match action.op.as_str() {
        "write-patch" => true,
        "write-merged" => false,
        _ => return None,
    };
    let path = &action.path;
    let conflict = report.conflicts.iter().find(|c| &c.path == path);
    let at = if patch {
        action.patch_path.clone().unwrap_or_default()
    } else {
        path.clone()
    };
    let is = |field: Option<&Option<String>>| field.is_some_and(|p| p.as_deref() == Some(&at));
    let notes = report
        .structured
        .get(path)
        .is_some_and(|s| s.notes_path.as_deref() == Some(&at));
    let what = if !patch {
        if conflict.is_some_and(|c| c.route == ConflictRoute::Markers) {
            " — written with conflict markers (backup first)".to_string()
        } else {
            " — merged in place (backup first)".to_string()
        }
    } else if notes {
        format!(" — conflicts and suggestions of the field merge of {path}")
    } else if is(conflict.map(|c| &c.patch_path)) {
        format!(
            " — upstream's change to {path} (baseline → latest), to apply from the project root"
        )
    } else if is(conflict.map(|c| &c.yours_diff_path)) {
        format!(" — your edits to {path} against the latest release, for reading")
    } else {
        format!(" — upstream's copy of {path}")
    };
    let diff =
        patch && (is(conflict.map(|c| &c.patch_path)) || is(conflict.map(|c| &c.yours_diff_path)));
    let size = patch && is(conflict.map(|c| &c.latest_copy_path));
    Some(WriteView {
        index,
        path: path.clone(),
        short: if patch {
            at.clone()
        } else {
            "the file itself (after a backup)".into()
        },
        at,
        what,
        show: if diff {
            "diff"
        } else if size {
            "size"
        } else {
            "text"
        }
        .into(),
        size_line: size.then(|| format!("({} bytes)", action.size)),
    })
}

/// The view of a plan (see the module docs).
pub fn plan_overview(input: &OverviewInput) -> PlanOverview {
    let report = &input.report;
    let need = |kind: &str, count: usize, text: String| Need {
        kind: kind.into(),
        count,
        text,
    };
    let writes: Vec<WriteView> = input
        .actions
        .iter()
        .enumerate()
        .filter_map(|(index, action)| write_view(report, index, action))
        .collect();
    PlanOverview {
        headline: format!(
            "{} · {} planned · dry run, nothing written",
            counted(input.files.len(), "managed file", "managed files"),
            counted(input.actions.len(), "action", "actions")
        ),
        needs: vec![
            need(
                "conflicts",
                report.conflicts.len(),
                format!(
                    " {} to resolve{}",
                    noun(report.conflicts.len(), "conflict", "conflicts"),
                    routes(report)
                ),
            ),
            need(
                "delete",
                report.delete.len(),
                format!(
                    " {} dropped upstream but edited here: yours to delete",
                    noun(report.delete.len(), "file", "files")
                ),
            ),
            need(
                "adopter-actions",
                report.adopter_actions.len(),
                format!(
                    " {} from the release notes",
                    noun(
                        report.adopter_actions.len(),
                        "adopter action",
                        "adopter actions"
                    )
                ),
            ),
        ],
        writes_none: writes
            .is_empty()
            .then(|| "None: this update merges no file and writes no patch.".into()),
        writes,
        files: file_rows(report, &input.files),
        changelog: input
            .changelog
            .iter()
            .map(|s| ChangelogView {
                title: s.title().into(),
                body: s.body.trim().into(),
            })
            .collect(),
        changelog_none: input
            .changelog
            .is_empty()
            .then(|| "No changelog entries.".into()),
    }
}

/// The update a view previews a three-way merge for: its versions and its `--conflicts`
/// mode.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct MergePreview {
    /// The installed version (the baseline's).
    pub from: String,
    /// The version updated to (the latest's).
    pub to: String,
    /// The `--conflicts` mode; none: the default.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub conflicts: Option<ConflictMode>,
}

/// The options the update `preview` names merges a file both sides changed with (labels
/// `yours`, `<from> (baseline)`, `<to> (latest)`; the markers its mode writes), so that a
/// view shows the very merge the update would write.
///
/// ```
/// use upkeep_core::update::{preview_merge_options, MergePreview};
///
/// let options = preview_merge_options(&MergePreview { from: "1.0.0".into(), to: "1.1.0".into(), conflicts: None });
/// assert_eq!(options.theirs_label.as_deref(), Some("1.1.0 (latest)"));
/// ```
pub fn preview_merge_options(preview: &MergePreview) -> MergeOptions {
    update_merge_options(
        &preview.from,
        &preview.to,
        preview.conflicts.unwrap_or_default(),
    )
}

/// The line for a project with nothing to plan (up to date, ahead).
pub fn nothing_to_plan(status: &str, installed: &str, latest: &str) -> String {
    format!("Nothing to plan: the project is {status} (installed {installed}, latest {latest}).")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::update::{Conflict, FileClass};

    #[test]
    fn conflicts_are_counted_by_route_and_each_write_is_named() {
        let mut report = UpdateReport::default();
        let mut patch = Conflict::new("b.md", FileClass::Shared, ConflictRoute::Patch);
        patch.patch_path = Some(".upkeep-merge/b.md.patch".into());
        report.conflicts = vec![
            Conflict::new("a.md", FileClass::Shared, ConflictRoute::Markers),
            patch,
            Conflict::new("c.md", FileClass::Shared, ConflictRoute::Markers),
        ];
        let write = |op: &str, path: &str, at: Option<&str>| PlannedWrite {
            op: op.into(),
            path: path.into(),
            patch_path: at.map(str::to_string),
            size: 7,
        };
        let overview = plan_overview(&OverviewInput {
            report,
            files: vec![],
            actions: vec![
                write("write-merged", "a.md", None),
                write("copy", "x", None),
                write("write-patch", "b.md", Some(".upkeep-merge/b.md.patch")),
            ],
            changelog: vec![],
        });
        assert_eq!(
            overview.needs[0].text,
            " conflicts to resolve (2 with markers, 1 as a patch)"
        );
        assert_eq!(overview.writes.len(), 2);
        assert_eq!(
            overview.writes[0].what,
            " — written with conflict markers (backup first)"
        );
        assert_eq!(overview.writes[0].short, "the file itself (after a backup)");
        assert_eq!(overview.writes[1].show, "diff");
        assert_eq!(overview.writes[1].short, ".upkeep-merge/b.md.patch");
    }

    #[test]
    fn each_file_lists_its_buckets_in_the_views_order() {
        let report = UpdateReport {
            merge: vec!["a.md".into()],
            conflicts: vec![Conflict::new(
                "a.md",
                FileClass::Shared,
                ConflictRoute::Markers,
            )],
            add: vec!["b.md".into()],
            ..UpdateReport::default()
        };
        let overview = plan_overview(&OverviewInput {
            report,
            files: vec!["b.md".into(), "a.md".into(), "c.md".into()],
            actions: vec![],
            changelog: vec![],
        });
        let rows: Vec<(&str, Vec<&str>, bool)> = overview
            .files
            .iter()
            .map(|f| {
                let buckets = f.buckets.iter().map(String::as_str).collect();
                (f.path.as_str(), buckets, f.conflict)
            })
            .collect();
        assert_eq!(
            rows,
            vec![
                ("b.md", vec!["add"], false),
                ("a.md", vec!["merge", "conflicts"], true),
                ("c.md", vec![], false),
            ]
        );
    }
}
