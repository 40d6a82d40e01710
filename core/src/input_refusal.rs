//! The refusals of an input a flow could not use as given: a folder that is not there or
//! is a file, a file that cannot be read, a missing handoff, a checkout git does not see,
//! a git command that failed. The shim looks (only it sees the file system and runs git)
//! and says which it met; the codes and words are decided here.
//!
//! ```
//! use upkeep_core::input_refusal::{input_refusal, InputProblem};
//!
//! let refusal = input_refusal(&InputProblem::NoHandoff { path: ".upkeep/handoff.json".into() });
//! assert_eq!(refusal.code, "no-handoff");
//! assert_eq!(refusal.message, "no sealed handoff at '.upkeep/handoff.json': run 'upkeep land --seal' first");
//! ```

use crate::refusal::Refusal;
use crate::render::git_said;

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
pub enum InputProblem {
    /// The project folder named is not there.
    NoProjectFolder {
        /// The folder, resolved.
        root: String,
    },
    /// A folder named is not a folder.
    NotAFolder {
        /// The folder, as given.
        dir: String,
    },
    /// The target of `upkeep new` is a file.
    TargetIsAFile {
        /// The target, as given.
        target: String,
    },
    /// A file named could not be read.
    Unreadable {
        /// What the file is (`the manifest`).
        what: String,
        /// Its path.
        path: String,
        /// The file system's words.
        error: String,
    },
    /// A path land hashes is neither a regular file nor a link.
    NotFileOrLink {
        /// The path.
        path: String,
    },
    /// `upkeep land` found no sealed handoff.
    NoHandoff {
        /// Where it looked.
        path: String,
    },
    /// The fleet list could not be read.
    FleetListUnreadable {
        /// The list's path.
        list: String,
        /// The file system's code (`ENOENT`), raised as the error's code; `EIO` when the
        /// read failed without one.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        code: Option<String>,
        /// The file system's words.
        error: String,
    },
    /// A fleet repository's folder or record could not be read.
    FleetRepoUnreadable {
        /// The folder or the record's path.
        path: String,
        /// The file system's words.
        error: String,
    },
    /// A fleet repository's record is neither in its folder nor in its HEAD.
    FleetRecordNotInTree {
        /// The repository's folder.
        root: String,
        /// The record's path inside it.
        record: String,
        /// What `git show` printed on stderr.
        stderr: String,
        /// Its exit status (none: a signal ended it).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        status: Option<i32>,
    },
    /// A fleet step runs outside a git checkout.
    NotACheckout {
        /// The folder.
        root: String,
        /// What git said.
        said: String,
    },
    /// A fleet step's checkout is not in a state to step from.
    StepRefused {
        /// The checkout's top folder.
        top: String,
        /// The engine's reason (`fleetStepStart`).
        reason: String,
    },
    /// A git command failed.
    GitFailed {
        /// The command after `git` (`diff`, `ls-remote origin`).
        command: String,
        /// What git printed on stderr (quoted as [`crate::render::tool_message`] quotes it).
        stderr: String,
        /// Its exit status (none: a signal ended it).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        status: Option<i32>,
    },
    /// git named a path that is not UTF-8.
    GitPathNotUtf8 {
        /// The path's bytes, each as the character of that code point (Latin-1).
        latin1: String,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn input_refusal(problem: &InputProblem) -> Refusal {
    let bad_path = |message: String| Refusal::new("bad-path", message);
    match problem {
        InputProblem::NoProjectFolder { root } => {
            bad_path(format!("the project folder {root} does not exist"))
        }
        InputProblem::NotAFolder { dir } => bad_path(format!("{dir} is not a folder")),
        InputProblem::TargetIsAFile { target } => {
            bad_path(format!("the target {target} is a file, not a folder"))
        }
        InputProblem::Unreadable { what, path, error } => {
            bad_path(format!("cannot read {what} {path}: {error}"))
        }
        InputProblem::NotFileOrLink { path } => {
            bad_path(format!("'{path}' is not a regular file or a symlink"))
        }
        InputProblem::NoHandoff { path } => Refusal::new(
            "no-handoff",
            format!("no sealed handoff at '{path}': run 'upkeep land --seal' first"),
        ),
        InputProblem::FleetListUnreadable { list, code, error } => Refusal::new(
            code.as_deref().unwrap_or("EIO"),
            format!("cannot read the fleet list {list}: {error}"),
        ),
        InputProblem::FleetRepoUnreadable { path, error } => {
            bad_path(format!("{path}: {error}"))
        }
        InputProblem::FleetRecordNotInTree {
            root,
            record,
            stderr,
            status,
        } => bad_path(format!(
            "{root}: no {record} in its tree, and git show HEAD:{record} failed: {}",
            git_said(stderr, *status)
        )),
        InputProblem::NotACheckout { root, said } => Refusal::new(
            "git",
            format!("{root} is not in a git checkout (a fleet step runs in a clone of the repository): {said}"),
        ),
        InputProblem::StepRefused { top, reason } => {
            Refusal::new("dirty-checkout", format!("{top}: {reason}"))
        }
        InputProblem::GitFailed {
            command,
            stderr,
            status,
        } => {
            Refusal::new(
                "git",
                format!("git {command} failed: {}", git_said(stderr, *status)),
            )
        }
        InputProblem::GitPathNotUtf8 { latin1 } => {
            let mut quoted = String::new();
            crate::json::write_string(&mut quoted, latin1);
            bad_path(format!("git path is not UTF-8: {quoted}"))
        }
    }
}
