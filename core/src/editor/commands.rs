//! The messages of the language server's commands (`workspace/executeCommand`): the
//! workspace's status, the update's dry run and the risk of the working tree. Each command
//! runs the same engine call as the command line; these are the lines it answers with.
//!
//! ```
//! use upkeep_core::editor::{dry_run_summary, workspace_status, DryRunFacts, WorkspaceProject};
//!
//! assert_eq!(workspace_status(&[]), "upkeep: no upkeep project in the workspace");
//! let scanned = WorkspaceProject::Project { message: "upkeep: 3 managed files".into(), scan: Some("upkeep: 3 managed files; scanning (1 of 3)".into()) };
//! assert_eq!(workspace_status(&[scanned]), "upkeep: 3 managed files; scanning (1 of 3)");
//! let facts = DryRunFacts { status: "up-to-date".into(), installed: "1.3.0".into(), latest: "1.3.0".into(), summary: None };
//! assert_eq!(dry_run_summary(&facts), "upkeep update: 1.3.0 is up-to-date (latest 1.3.0); nothing to plan\n");
//! ```

use super::notices::EditorNotice;
use super::states::{notice_status, EditorState, EditorStatusLine};
use super::status::ProjectKind;
use crate::score::{js_number_to_string, Decision};

/// A command of the server's that acts on one project.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub enum ProjectCommand {
    /// `upkeep.updateDryRun`: a template project's.
    #[cfg_attr(feature = "serde", serde(rename = "upkeep.updateDryRun"))]
    UpdateDryRun,
    /// `upkeep.scoreWorkingTree`: any project's working tree, else the first folder's.
    #[cfg_attr(feature = "serde", serde(rename = "upkeep.scoreWorkingTree"))]
    ScoreWorkingTree,
}

/// A project the server serves, as a command's target.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ServedProject {
    /// Its folder.
    pub root: String,
    /// What it is.
    pub kind: ProjectKind,
}

/// Which project a command runs on, from what its caller named.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CommandScope {
    /// The command.
    pub command: ProjectCommand,
    /// The root the caller named (its first argument), when a string.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub asked: Option<String>,
    /// The projects served, in the server's order.
    pub projects: Vec<ServedProject>,
    /// The workspace folders, in the client's order.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub folders: Vec<String>,
}

/// Where a command runs: a served project (its index), or for a score with no project a
/// workspace folder; neither when there is nothing to run on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CommandTarget {
    /// The index of the project in [`CommandScope::projects`].
    pub project: Option<usize>,
    /// The folder it runs in.
    pub root: Option<String>,
    /// With nothing to run on, the command's answer: why (no template project, no folder).
    pub refusal: Option<EditorStatusLine>,
}

/// The project the caller named among those the command can run on, else the first of
/// them; a score without any project scores the first workspace folder.
pub fn command_target(scope: &CommandScope) -> CommandTarget {
    let fits = |p: &ServedProject| {
        scope.command == ProjectCommand::ScoreWorkingTree || p.kind == ProjectKind::Update
    };
    let candidates: Vec<usize> = (0..scope.projects.len())
        .filter(|&i| fits(&scope.projects[i]))
        .collect();
    let named = candidates
        .iter()
        .copied()
        .find(|&i| Some(&scope.projects[i].root) == scope.asked.as_ref());
    match named.or(candidates.first().copied()) {
        Some(i) => CommandTarget {
            project: Some(i),
            root: Some(scope.projects[i].root.clone()),
            refusal: None,
        },
        None if scope.command == ProjectCommand::ScoreWorkingTree => match scope.folders.first() {
            Some(folder) => CommandTarget {
                project: None,
                root: Some(folder.clone()),
                refusal: None,
            },
            None => CommandTarget {
                refusal: Some(notice_status(&EditorNotice::NoFolderToScore)),
                ..CommandTarget::default()
            },
        },
        None => CommandTarget {
            refusal: Some(notice_status(&EditorNotice::NoTemplateProject)),
            ..CommandTarget::default()
        },
    }
}

/// A project in `upkeep.status`: its status line and its scan's, or one line as chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize), serde(untagged))]
pub enum WorkspaceProject {
    /// The line to show, as given.
    Line(String),
    /// The project's status line and, once a scan ran or runs, the scan's line.
    Project {
        /// The project's status line.
        message: String,
        /// The scan's line.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        scan: Option<String>,
    },
}

impl WorkspaceProject {
    /// The line shown: the scan's when there is one (it says more), else the status line.
    fn line(&self) -> &str {
        match self {
            WorkspaceProject::Line(line) => line,
            WorkspaceProject::Project { message, scan } => scan.as_deref().unwrap_or(message),
        }
    }
}

impl<T: Into<String>> From<T> for WorkspaceProject {
    fn from(line: T) -> Self {
        WorkspaceProject::Line(line.into())
    }
}

/// `upkeep.status`: each project's line (its scan's when it has one), or that there is no
/// project.
pub fn workspace_status(projects: &[WorkspaceProject]) -> String {
    if projects.is_empty() {
        "upkeep: no upkeep project in the workspace".into()
    } else {
        projects
            .iter()
            .map(WorkspaceProject::line)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Where `upkeep.updateDryRun` stands before it runs, on the project [`command_target`]
/// chose: whether its releases were read, and whether the installed one is among them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct DryRunStart {
    /// Its releases were read.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub releases: bool,
    /// Its status line (why its releases were not read, when they were not).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<String>,
    /// The installed release is among them.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub baseline_found: bool,
    /// The installed version.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub installed: Option<String>,
    /// Where the releases came from.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub origin: Option<String>,
}

/// Why `upkeep.updateDryRun` cannot run on its project, or none: the plan needs the
/// project's releases, and the installed release among them.
pub fn dry_run_refusal(start: &DryRunStart) -> Option<EditorStatusLine> {
    if !start.releases {
        return Some(EditorStatusLine {
            state: EditorState::Error,
            message: start.status.clone().unwrap_or_default(),
        });
    }
    (!start.baseline_found).then(|| {
        notice_status(&EditorNotice::BaselineNotAmong {
            installed: start.installed.clone().unwrap_or_default(),
            origin: start.origin.clone().unwrap_or_default(),
        })
    })
}

/// What `upkeep.updateDryRun` knows once the update's dry run returned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct DryRunFacts {
    /// The run's status (`dry-run`, `up-to-date`, ...).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub status: String,
    /// The installed version.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub installed: String,
    /// The latest version.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub latest: String,
    /// The plan's summary, when a plan was made.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub summary: Option<String>,
}

/// The dry run's summary: the plan's, or why nothing was planned.
pub fn dry_run_summary(facts: &DryRunFacts) -> String {
    match &facts.summary {
        Some(summary) => summary.clone(),
        None => format!(
            "upkeep update: {} is {} (latest {}); nothing to plan\n",
            facts.installed, facts.status, facts.latest
        ),
    }
}

/// What `upkeep.scoreWorkingTree` says of a verdict (`assess`'s answer).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ScoreFacts {
    /// The actual score.
    pub score: f64,
    /// Its decision.
    pub decision: Decision,
    /// How many files the diff had.
    pub files: usize,
    /// Why the score is above the declared one.
    pub reasons: Vec<String>,
}

/// The working tree's risk as one line: score, decision, file count and reasons.
pub fn score_message(facts: &ScoreFacts) -> String {
    let reasons = if facts.reasons.is_empty() {
        String::new()
    } else {
        format!(": {}", facts.reasons.join("; "))
    };
    format!(
        "upkeep score of the working tree against HEAD: {} ({}, {}){reasons}",
        js_number_to_string(facts.score),
        facts.decision.as_str(),
        crate::render::counted(facts.files, "file", "files")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_says_what_it_found() {
        assert_eq!(workspace_status(&["a".into(), "b".into()]), "a\nb");
        let planned = DryRunFacts {
            summary: Some("upkeep update: plan\n".into()),
            ..DryRunFacts::default()
        };
        assert_eq!(dry_run_summary(&planned), "upkeep update: plan\n");
        let facts = ScoreFacts {
            score: 0.35,
            decision: Decision::Soft,
            files: 2,
            reasons: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            score_message(&facts),
            "upkeep score of the working tree against HEAD: 0.35 (soft, 2 files): a; b"
        );
    }
}
