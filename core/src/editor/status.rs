//! The status line of a project the editor serves: how many files upkeep manages, which
//! versions, what the background scan counted. The server sends it as a notification.
//!
//! ```
//! use upkeep_core::editor::{project_status, ProjectFacts, ProjectKind, ScanTotals};
//!
//! let mut facts = ProjectFacts { kind: ProjectKind::Update, files: 3, installed: "1.2.0".into(),
//!     latest: "1.3.0".into(), baseline_found: true, source: String::new(), notes: vec![], scan: None };
//! assert_eq!(project_status(&facts), "upkeep: 3 managed files, 1.2.0 → 1.3.0");
//! facts.scan = Some(ScanTotals { files: 3, upstream_changed: 2, both_changed: 1, ..ScanTotals::default() });
//! assert_eq!(project_status(&facts),
//!     "upkeep: 3 managed files, 1.2.0 → 1.3.0; scanned 3 files: 2 files changed upstream, 1 file changed on both sides");
//! ```

use super::model::FileSummary;
use crate::render::counted;

/// What kind of project it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ProjectKind {
    /// Scaffolded from a template (`.upkeep/`).
    #[default]
    Update,
    /// A host repository with an install record.
    Install,
}

/// What the background scan counted, file by file, from each file's [`FileSummary`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct ScanTotals {
    /// Files read.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub files: usize,
    /// Managed files missing from the project.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub missing: usize,
    /// Files with a change only upstream made.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub upstream_changed: usize,
    /// Files with ranges both sides changed.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub both_changed: usize,
    /// Conflict blocks.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub conflict_blocks: usize,
    /// Field-merge conflicts and suggestions.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub field_notes: usize,
    /// Upstream-owned (or installed) files edited here.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub edited: usize,
}

impl ScanTotals {
    /// Adds one managed file: its summary, or `None` when the project does not have it
    /// (or upkeep has no copy to compare it with).
    pub fn tally(&mut self, file: Option<&FileSummary>) {
        match file {
            Some(file) => self.add(file),
            None => self.missing += 1,
        }
    }

    /// Adds one file's summary.
    pub fn add(&mut self, file: &FileSummary) {
        self.files += 1;
        self.upstream_changed += usize::from(file.upstream_hunks > 0);
        self.both_changed += usize::from(file.both_changed > 0);
        self.conflict_blocks += file.conflicts;
        self.field_notes += file.field_notes;
        self.edited += usize::from(file.edited);
    }
}

/// The facts a status line is made of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct ProjectFacts {
    /// What kind of project.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: ProjectKind,
    /// How many files upkeep manages in it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub files: usize,
    /// The installed version (update projects).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub installed: String,
    /// The latest version (update projects).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub latest: String,
    /// Whether the installed release was found (without it upstream's changes cannot be
    /// told from the project's).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub baseline_found: bool,
    /// The install source (host repositories).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub source: String,
    /// What the manifests' regions could not say.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub notes: Vec<String>,
    /// The background scan's counts, once it finished.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub scan: Option<ScanTotals>,
}

/// The status line of a project.
pub fn project_status(facts: &ProjectFacts) -> String {
    let files = |what: &str| {
        counted(
            facts.files,
            &format!("{what} file"),
            &format!("{what} files"),
        )
    };
    let mut line = match facts.kind {
        ProjectKind::Install => format!("upkeep: {} from {}", files("installed"), facts.source),
        _ if facts.installed == facts.latest => {
            format!(
                "upkeep: {}, {} (up to date)",
                files("managed"),
                facts.installed
            )
        }
        _ => format!(
            "upkeep: {}, {} → {}",
            files("managed"),
            facts.installed,
            facts.latest
        ),
    };
    if facts.kind == ProjectKind::Update && !facts.baseline_found {
        line.push_str(&format!(
            " (the installed release {} was not found, so upstream's changes cannot be told from yours)",
            facts.installed
        ));
    }
    for note in &facts.notes {
        line.push_str("; ");
        line.push_str(note);
    }
    if let Some(t) = &facts.scan {
        let counts = [
            counted(
                t.upstream_changed,
                "file changed upstream",
                "files changed upstream",
            ),
            counted(
                t.both_changed,
                "file changed on both sides",
                "files changed on both sides",
            ),
            counted(t.conflict_blocks, "conflict block", "conflict blocks"),
            counted(t.field_notes, "field note", "field notes"),
            counted(
                t.edited,
                "managed file edited here",
                "managed files edited here",
            ),
            counted(t.missing, "managed file missing", "managed files missing"),
        ];
        let said: Vec<&String> = counts.iter().filter(|c| !c.starts_with("0 ")).collect();
        line.push_str(&format!(
            "; scanned {}: ",
            counted(t.files, "file", "files")
        ));
        line.push_str(&if said.is_empty() {
            "nothing to show".to_string()
        } else {
            said.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        });
    }
    line
}
