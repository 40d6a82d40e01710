//! The refusals of a release that could not be fetched or read: git or npm failed at a
//! step (their own words quoted through [`crate::render::tool_message`]) or could not be
//! run, npm answered with nothing usable, an archive could not be read or holds entries
//! that could escape it, or the run was stopped meanwhile. The shim runs the tools and
//! reads the files; the codes and words are decided here.
//!
//! ```
//! use upkeep_core::lifecycle::{fetch_refusal, FetchProblem, FetchStep};
//!
//! let refusal = fetch_refusal(&FetchProblem::ToolFailed {
//!     name: "the release '../tpl.git'".into(),
//!     step: FetchStep::ListTags { location: "../tpl.git".into() },
//!     stderr: "fatal: '../tpl.git' does not appear to be a git repository\n".into(),
//! });
//! assert_eq!(refusal.code, "bad-release");
//! assert_eq!(
//!     refusal.message,
//!     "cannot list the tags of ../tpl.git for the release '../tpl.git': fatal: '../tpl.git' does not appear to be a git repository"
//! );
//! ```

use crate::refusal::Refusal;
use crate::render::tool_message;

/// What git or npm was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "step",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum FetchStep {
    /// `git ls-remote --tags`.
    ListTags {
        /// The remote.
        location: String,
    },
    /// `git ls-remote` of one ref.
    LookUp {
        /// The ref.
        reference: String,
        /// The remote.
        location: String,
    },
    /// `git init --bare` of the scratch repository a fetch goes into.
    CreateScratch,
    /// `git fetch --depth 1`.
    Fetch {
        /// What is fetched.
        refspec: String,
        /// The remote.
        location: String,
    },
    /// `git rev-parse FETCH_HEAD`.
    ReadFetched,
    /// `git archive` of the fetched tree.
    Archive,
    /// `npm view <package> versions dist-tags`.
    ListVersions {
        /// The package.
        package: String,
    },
    /// `npm pack <package>@<version>`.
    Download {
        /// The package.
        package: String,
        /// The version.
        version: String,
    },
}

impl FetchStep {
    /// The tool that runs the step.
    fn tool(&self) -> &'static str {
        match self {
            FetchStep::ListVersions { .. } | FetchStep::Download { .. } => "npm",
            _ => "git",
        }
    }

    /// What was tried, after "cannot ".
    fn doing(&self) -> String {
        match self {
            FetchStep::ListTags { location } => format!("list the tags of {location}"),
            FetchStep::LookUp {
                reference,
                location,
            } => format!("look up {reference} in {location}"),
            FetchStep::CreateScratch => "create a scratch repository".into(),
            FetchStep::Fetch { refspec, location } => format!("fetch {refspec} from {location}"),
            FetchStep::ReadFetched => "read the fetched commit".into(),
            FetchStep::Archive => "read".into(),
            FetchStep::ListVersions { package } => format!("list the versions of {package}"),
            FetchStep::Download { package, version } => format!("download {package}@{version}"),
        }
    }
}

/// One archive entry refused before extraction, and why ([`crate::paths::archive_entry_problem`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RefusedEntry {
    /// The entry's path, as the archive names it.
    pub path: String,
    /// Why it is refused.
    pub problem: String,
}

/// What the shim met.
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
pub enum FetchProblem {
    /// The tool ran and failed.
    ToolFailed {
        /// The release's words ([`super::release_words`]).
        name: String,
        /// What it was asked to do.
        step: FetchStep,
        /// What it printed on stderr.
        stderr: String,
    },
    /// The tool could not be started.
    ToolNotRun {
        /// The release's words.
        name: String,
        /// What it was to do.
        step: FetchStep,
        /// The system's words.
        error: String,
    },
    /// `npm view` printed no JSON.
    NoVersionList {
        /// The release's words.
        name: String,
        /// The package.
        package: String,
    },
    /// `npm pack` wrote no tarball.
    NoTarball {
        /// The release's words.
        name: String,
        /// The package.
        package: String,
        /// The version.
        version: String,
    },
    /// A release file (a `.tar.gz`) could not be read.
    Unreadable {
        /// The release's words.
        name: String,
        /// The system's words.
        error: String,
    },
    /// An archive could not be extracted.
    BadArchive {
        /// The release's words.
        name: String,
        /// The archive reader's words.
        error: String,
    },
    /// An archive holds entries that could escape its folder.
    EscapingEntries {
        /// The release's words.
        name: String,
        /// The entries refused.
        entries: Vec<RefusedEntry>,
    },
    /// The run was asked to stop while it fetched or copied the release.
    Stopped {
        /// The release's words.
        name: String,
        /// It was copying the release into upkeep's cache (else fetching it).
        copying: bool,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn fetch_refusal(problem: &FetchProblem) -> Refusal {
    let bad = |message: String| Refusal::new("bad-release", message);
    match problem {
        FetchProblem::ToolFailed {
            name,
            step: FetchStep::Archive,
            stderr,
        } => bad(format!(
            "cannot read {name}: git archive failed: {}",
            tool_message(stderr)
        )),
        FetchProblem::ToolFailed { name, step, stderr } => bad(format!(
            "cannot {} for {name}: {}",
            step.doing(),
            tool_message(stderr)
        )),
        FetchProblem::ToolNotRun { name, step, error } => bad(format!(
            "cannot {} for {name}: {} could not be run ({error})",
            step.doing(),
            step.tool()
        )),
        FetchProblem::NoVersionList { name, package } => bad(format!(
            "cannot list the versions of {package} for {name}: npm view printed no JSON"
        )),
        FetchProblem::NoTarball {
            name,
            package,
            version,
        } => bad(format!(
            "cannot download {package}@{version} for {name}: npm pack wrote no tarball"
        )),
        FetchProblem::Unreadable { name, error } => bad(format!("{name} cannot be read: {error}")),
        FetchProblem::BadArchive { name, error } => bad(format!("cannot read {name}: {error}")),
        FetchProblem::EscapingEntries { name, entries } => {
            let listed: Vec<String> = entries
                .iter()
                .map(|e| format!("'{}': {}", e.path, e.problem))
                .collect();
            Refusal::new(
                "unsafe-path",
                format!(
                    "{name} holds entries that could escape it, refused: {}",
                    listed.join("; ")
                ),
            )
        }
        FetchProblem::Stopped { name, copying } => Refusal::new(
            "interrupted",
            format!(
                "stopped while {} {name}; nothing was written",
                if *copying { "copying" } else { "fetching" }
            ),
        ),
    }
}
