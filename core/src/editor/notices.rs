//! The language server's own sentences: what it is doing (reading, scanning), why a
//! project could not be served (no release named or reachable, a release or record
//! missing), and why a command or a file could not be answered. The server says which it
//! met; the words are decided here, beside the status line ([`super::project_status`]).
//!
//! ```
//! use upkeep_core::editor::{editor_notice, EditorNotice};
//!
//! let notice = EditorNotice::Scanned { done: 3, total: 10 };
//! assert_eq!(editor_notice(&notice), "upkeep: scanned 3 of 10 managed files");
//! ```

/// What the server met.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum EditorNotice {
    /// A project found, not read yet.
    Reading {
        /// The project's folder.
        root: String,
    },
    /// A project read again (its state changed): its last line, as it was.
    Reloading {
        /// The project's status line.
        status: String,
    },
    /// A project's releases being read.
    ReadingReleases {
        /// The project's folder.
        root: String,
    },
    /// Loading a project failed.
    Failed {
        /// The failure's words.
        error: String,
    },
    /// No release could be reached for a project.
    Unreachable {
        /// The project's folder.
        root: String,
        /// Why (another notice's words, or a refusal's).
        why: String,
    },
    /// A project has no `VERSION` in its state folder.
    NoVersion {
        /// The state folder (`.upkeep`).
        state_dir: String,
        /// The project's folder.
        root: String,
    },
    /// The latest release named has no `VERSION`.
    ReleaseWithoutVersion {
        /// The release, as named.
        release: String,
        /// The state folder.
        state_dir: String,
    },
    /// The latest release has no manifest.
    ReleaseWithoutManifest {
        /// Where the releases came from ([`EditorNotice::NamedOrigin`], ...).
        origin: String,
        /// The state folder.
        state_dir: String,
    },
    /// The releases named by the initialization options could not be opened.
    NamedReleasesUnopened {
        /// The failure's words.
        error: String,
    },
    /// The releases of the recorded source could not be opened.
    RecordedSourceUnopened {
        /// The failure's words.
        error: String,
    },
    /// Nothing names a release.
    NoReleaseNamed,
    /// Where the releases named by the initialization options came from.
    NamedOrigin {
        /// The baseline, when one is named.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        baseline: Option<String>,
        /// The latest.
        latest: String,
    },
    /// Where the releases came from when the options named release folders.
    DirectoriesOrigin {
        /// The folders named, as absolute paths.
        named: Vec<String>,
    },
    /// Where the releases of the recorded source came from.
    RecordedOrigin {
        /// The baseline's spec.
        baseline: String,
        /// The latest's spec.
        latest: String,
        /// The state folder.
        state_dir: String,
    },
    /// A host repository's record names no source.
    NoSourceNamed {
        /// The repository's folder.
        root: String,
    },
    /// The install manifest could not be read.
    InstallManifestUnreadable {
        /// Its path.
        path: String,
        /// The file system's words.
        error: String,
    },
    /// The install record is missing.
    NoInstallRecord {
        /// The record's path inside the repository.
        record: String,
        /// The repository's folder.
        root: String,
        /// The source named.
        source: String,
    },
    /// No workspace folder holds a project.
    NoProject {
        /// The workspace folders.
        folders: Vec<String>,
    },
    /// The background scan's status line, while it runs.
    Scanning {
        /// The project's status line.
        status: String,
        /// Files scanned.
        done: usize,
        /// Files to scan.
        total: usize,
    },
    /// The background scan's progress notice.
    Scanned {
        /// Files scanned.
        done: usize,
        /// Files to scan.
        total: usize,
    },
    /// A document outside every project.
    Outside {
        /// The document.
        uri: String,
    },
    /// A file whose view could not be computed.
    CannotShow {
        /// The file, inside its project.
        path: String,
        /// The failure's words.
        error: String,
    },
    /// A command the server does not have.
    UnknownCommand {
        /// The command asked for.
        name: String,
        /// The commands it has.
        known: Vec<String>,
    },
    /// A command's answer, worded by its own call (`workspaceStatus`, `dryRunSummary`,
    /// `scoreMessage`).
    CommandDone {
        /// The answer's line.
        line: String,
    },
    /// A command that failed.
    CommandFailed {
        /// The command.
        name: String,
        /// The failure's words.
        error: String,
    },
    /// The update's dry run, with no template project in the workspace.
    NoTemplateProject,
    /// The update's dry run, with the installed release not among the releases found.
    BaselineNotAmong {
        /// The installed version.
        installed: String,
        /// Where the releases came from.
        origin: String,
    },
    /// The working tree's score, with no workspace folder.
    NoFolderToScore,
    /// `git diff HEAD` failed for the working tree's score.
    GitDiffFailed {
        /// The folder.
        root: String,
        /// What git printed on stderr.
        stderr: String,
        /// The failure's words when git printed nothing (it did not start, it was killed).
        error: String,
    },
}

/// The sentence for `notice`.
pub fn editor_notice(notice: &EditorNotice) -> String {
    match notice {
        EditorNotice::Reading { root } => format!("upkeep: reading {root}"),
        EditorNotice::Reloading { status } => status.clone(),
        EditorNotice::ReadingReleases { root } => format!("upkeep: reading the releases of {root}"),
        EditorNotice::Failed { error } => format!("upkeep: {error}"),
        EditorNotice::Unreachable { root, why } => {
            format!("upkeep: cannot reach a release for {root}: {why}")
        }
        EditorNotice::NoVersion { state_dir, root } => format!("no {state_dir}/VERSION in {root}"),
        EditorNotice::ReleaseWithoutVersion { release, state_dir } => {
            format!("the latest release '{release}' has no {state_dir}/VERSION")
        }
        EditorNotice::ReleaseWithoutManifest { origin, state_dir } => {
            format!("the latest release ({origin}) has no {state_dir}/manifest.json")
        }
        EditorNotice::NamedReleasesUnopened { error } => {
            format!("cannot open the releases named by the initialization options: {error}")
        }
        EditorNotice::RecordedSourceUnopened { error } => {
            format!("cannot open the releases of the recorded source: {error}")
        }
        EditorNotice::NoReleaseNamed => "no release is named: give initializationOptions.latest (and baseline), or initializationOptions.releases (see the README, \"Editors\"), or record the project's source with `upkeep adopt <spec>@<version>`".into(),
        EditorNotice::NamedOrigin { baseline, latest } => match baseline {
            Some(baseline) => format!("{baseline} → {latest}"),
            None => latest.clone(),
        },
        EditorNotice::RecordedOrigin {
            baseline,
            latest,
            state_dir,
        } => format!("{baseline} → {latest} (recorded in {state_dir}/source.json)"),
        EditorNotice::DirectoriesOrigin { named } => named.join(", "),
        EditorNotice::NoSourceNamed { root } => format!(
            "{root} has an install record but no source is named: set initializationOptions.source to the integration's directory"
        ),
        EditorNotice::InstallManifestUnreadable { path, error } => {
            format!("cannot read the install manifest {path}: {error}")
        }
        EditorNotice::NoInstallRecord {
            record,
            root,
            source,
        } => format!(
            "no install record {record} in {root}: run `upkeep install --source {source} --target {root}`"
        ),
        EditorNotice::NoProject { folders } => {
            let folders = if folders.is_empty() {
                "the workspace".to_string()
            } else {
                folders.join(", ")
            };
            format!("upkeep: no upkeep project in {folders} (no .upkeep/VERSION, no install record)")
        }
        EditorNotice::Scanning {
            status,
            done,
            total,
        } => format!("{status}; scanning ({done} of {total})"),
        EditorNotice::Scanned { done, total } => {
            format!("upkeep: scanned {done} of {total} managed files")
        }
        EditorNotice::Outside { uri } => format!(
            "upkeep: {uri} is outside every upkeep project of the workspace; nothing is shown for it"
        ),
        EditorNotice::CannotShow { path, error } => format!("upkeep: cannot show {path}: {error}"),
        EditorNotice::UnknownCommand { name, known } => {
            format!("upkeep: unknown command {name} (known: {})", known.join(", "))
        }
        EditorNotice::CommandDone { line } => line.clone(),
        EditorNotice::CommandFailed { name, error } => format!("upkeep: {name} failed: {error}"),
        EditorNotice::NoTemplateProject => {
            "upkeep: no project scaffolded from a template in the workspace".into()
        }
        EditorNotice::BaselineNotAmong { installed, origin } => format!(
            "upkeep: the installed release {installed} is not among {origin}: the update's plan needs it"
        ),
        EditorNotice::NoFolderToScore => "upkeep: no workspace folder to score".into(),
        EditorNotice::GitDiffFailed {
            root,
            stderr,
            error,
        } => format!(
            "git diff HEAD in {root}: {}",
            crate::render::tool_said(stderr, || error.clone())
        ),
    }
}
