//! The state each of the server's status lines reports (the `upkeep/status`
//! notification's `state`, which an editor shows as a spinner, a check or a warning):
//! decided here for every notice and for a project's own line, so the server never pairs
//! a state with a line itself.
//!
//! ```
//! use upkeep_core::editor::{notice_status, EditorNotice, EditorState};
//!
//! let status = notice_status(&EditorNotice::Scanned { done: 3, total: 10 });
//! assert_eq!(status.state, EditorState::Scanning);
//! assert_eq!(status.message, "upkeep: scanned 3 of 10 managed files");
//! ```

use super::notices::{editor_notice, EditorNotice};
use super::status::{project_status, ProjectFacts};

/// What the server is in, for a project, a document or the workspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EditorState {
    /// No project to serve.
    Idle,
    /// Reading a project or its releases.
    Loading,
    /// Serving: the line says what.
    Ready,
    /// Scanning a project's managed files in the background.
    Scanning,
    /// Something could not be done: the line says what and why.
    Error,
    /// A document outside every project.
    Outside,
}

/// A status line and its state.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct EditorStatusLine {
    /// The state.
    pub state: EditorState,
    /// The line.
    pub message: String,
}

impl EditorNotice {
    /// The state the server is in when it says this notice.
    pub fn state(&self) -> EditorState {
        match self {
            EditorNotice::Reading { .. }
            | EditorNotice::ReadingReleases { .. }
            | EditorNotice::Reloading { .. } => EditorState::Loading,
            EditorNotice::NoProject { .. } => EditorState::Idle,
            EditorNotice::Scanning { .. } | EditorNotice::Scanned { .. } => EditorState::Scanning,
            EditorNotice::Outside { .. } => EditorState::Outside,
            // An answer, and the origins, which are only ever worded into other lines.
            EditorNotice::CommandDone { .. }
            | EditorNotice::NamedOrigin { .. }
            | EditorNotice::DirectoriesOrigin { .. }
            | EditorNotice::RecordedOrigin { .. } => EditorState::Ready,
            EditorNotice::Failed { .. }
            | EditorNotice::Unreachable { .. }
            | EditorNotice::NoVersion { .. }
            | EditorNotice::ReleaseWithoutVersion { .. }
            | EditorNotice::ReleaseWithoutManifest { .. }
            | EditorNotice::NamedReleasesUnopened { .. }
            | EditorNotice::RecordedSourceUnopened { .. }
            | EditorNotice::NoReleaseNamed
            | EditorNotice::NoSourceNamed { .. }
            | EditorNotice::InstallManifestUnreadable { .. }
            | EditorNotice::NoInstallRecord { .. }
            | EditorNotice::CannotShow { .. }
            | EditorNotice::UnknownCommand { .. }
            | EditorNotice::CommandFailed { .. }
            | EditorNotice::NoTemplateProject
            | EditorNotice::BaselineNotAmong { .. }
            | EditorNotice::NoFolderToScore
            | EditorNotice::GitDiffFailed { .. } => EditorState::Error,
        }
    }
}

/// The notice's line and the state it reports.
pub fn notice_status(notice: &EditorNotice) -> EditorStatusLine {
    EditorStatusLine {
        state: notice.state(),
        message: editor_notice(notice),
    }
}

/// A project served: its status line ([`project_status`]), ready.
pub fn ready_status(facts: &ProjectFacts) -> EditorStatusLine {
    EditorStatusLine {
        state: EditorState::Ready,
        message: project_status(facts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reload_keeps_its_line_and_is_loading() {
        let status = notice_status(&EditorNotice::Reloading {
            status: "upkeep: 3 managed files".into(),
        });
        assert_eq!(status.state, EditorState::Loading);
        assert_eq!(status.message, "upkeep: 3 managed files");
    }

    #[test]
    fn a_failed_command_is_an_error_and_a_done_one_ready() {
        let failed = EditorNotice::CommandFailed {
            name: "upkeep.status".into(),
            error: "boom".into(),
        };
        assert_eq!(notice_status(&failed).state, EditorState::Error);
        let done = EditorNotice::CommandDone {
            line: "upkeep: fine".into(),
        };
        assert_eq!(
            notice_status(&done),
            EditorStatusLine {
                state: EditorState::Ready,
                message: "upkeep: fine".into()
            }
        );
    }
}
