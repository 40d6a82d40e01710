//! What `upkeep loop` decides around the engine's answers: which failures are the input's
//! or the loop state's refusal (printed as `{"error": …}` and exit 2) rather than a bug,
//! the refusals of a work tree that is not in a state for the command ([`loop_refusal`]),
//! and the subject and message of the commit that closes a unit.
//!
//! ```
//! use upkeep_core::looping::{commit_message, commit_subject, loop_refusal_exit};
//!
//! assert_eq!(loop_refusal_exit("loop-refused"), Some(2));
//! assert_eq!(loop_refusal_exit("corrupt-journal"), None);
//! assert_eq!(commit_subject(Some("Fix the redirect"), 3), "Fix the redirect");
//! assert_eq!(commit_subject(Some(""), 3), "loop iteration 3");
//! assert_eq!(commit_message(None, 3, "Loop-Unit: u1"), "loop iteration 3\n\nLoop-Unit: u1\n");
//! ```

/// The codes that refuse a loop command: the command's own usage and input mistakes
/// (`bad-input`, a failed `git-failed` step), and the engine's refusals of the graph, the
/// `LOOP.md`, the loop's state, the declared actions, the preset, an argument or a numstat.
const REFUSALS: [&str; 9] = [
    "bad-input",
    "git-failed",
    "loop-refused",
    "invalid-loop-graph",
    "invalid-loop-file",
    "unknown-action",
    "unknown-preset",
    "invalid-argument",
    "invalid-numstat",
];

/// The exit code of a loop command that failed with `code`: 2 for a refusal; `None` for
/// anything else, which is a bug and is not caught.
pub fn loop_refusal_exit(code: &str) -> Option<u8> {
    REFUSALS.contains(&code).then_some(2)
}

/// The subject of the commit that closes a unit: its intent, or `loop iteration <n>` when
/// the unit stated none.
pub fn commit_subject(intent: Option<&str>, iteration: u64) -> String {
    match intent {
        Some(intent) if !intent.is_empty() => intent.to_string(),
        _ => format!("loop iteration {iteration}"),
    }
}

/// The whole message of the commit that closes a unit: its subject ([`commit_subject`]),
/// a blank line, and the unit's trailers (the engine's `trailers` answer).
pub fn commit_message(intent: Option<&str>, iteration: u64, trailers: &str) -> String {
    format!("{}\n\n{trailers}\n", commit_subject(intent, iteration))
}

/// Why a work tree is not in a state for a loop command.
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
pub enum LoopProblem {
    /// The current folder is not inside a git work tree.
    NotAWorkTree,
    /// The work tree has no loop file yet.
    NoLoopFile {
        /// The loop file's name (`LOOP.md`).
        file: String,
        /// The work tree's root.
        root: String,
    },
    /// `init` in a work tree that already has a loop file.
    LoopExists {
        /// The loop file's path.
        file: String,
    },
}

/// The refusal (`bad-input`, exit 2) for `problem`.
pub fn loop_refusal(problem: &LoopProblem) -> crate::refusal::Refusal {
    let message = match problem {
        LoopProblem::NotAWorkTree => "upkeep loop runs inside a git work tree".to_string(),
        LoopProblem::NoLoopFile { file, root } => {
            format!("no {file} in {root}: run `upkeep loop init` first")
        }
        LoopProblem::LoopExists { file } => {
            format!("{file} already exists: this work tree has a loop")
        }
    };
    crate::refusal::Refusal::new(REFUSALS[0], message)
}
