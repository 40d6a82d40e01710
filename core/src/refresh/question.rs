//! The question a person is asked about a file refresh cannot decide alone (changed on
//! both sides, deleted here, dropped by the source): the same words on the command line's
//! prompt and in the API's `decide` callback.
//!
//! ```
//! use upkeep_core::refresh::{refresh_question, FileState};
//!
//! let q = refresh_question("src/app.js", FileState::HostDeleted);
//! assert_eq!(q.message, "src/app.js (deleted here, still in the source):");
//! assert_eq!(q.choices[0].value.name(), "restore");
//! assert!(refresh_question("a", FileState::UnchangedStale).choices.is_empty());
//! ```

use super::classify::FileState;
use super::plan::Decision;
use super::render::state_phrase;

/// One answer a question offers, in the words a prompt shows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RefreshChoice {
    /// What the prompt shows.
    pub name: String,
    /// The decision it stands for.
    pub value: Decision,
}

/// The question about one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RefreshQuestion {
    /// Always `refresh`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "'refresh'")))]
    pub kind: String,
    /// The file's path in the host repository (a `decide` map's key).
    pub id: String,
    /// The prompt's line.
    pub message: String,
    /// The file's path in the host repository.
    pub target: String,
    /// Its state.
    pub state: FileState,
    /// The answers, in the order offered; empty for a state that needs no decision.
    pub choices: Vec<RefreshChoice>,
}

/// The question about `target` in `state`.
pub fn refresh_question(target: &str, state: FileState) -> RefreshQuestion {
    let choice = |name: &str, value| RefreshChoice {
        name: name.into(),
        value,
    };
    let choices = match state {
        FileState::LocallyModified => vec![
            choice(
                "keep mine (record my version as the baseline)",
                Decision::KeepMine,
            ),
            choice(
                "take theirs (back mine up, replace it)",
                Decision::TakeTheirs,
            ),
            choice(
                "merge by hand (show the diff, write nothing)",
                Decision::Merge,
            ),
        ],
        FileState::HostDeleted => vec![
            choice("restore it", Decision::Restore),
            choice("forget it (drop it from the record)", Decision::Forget),
        ],
        FileState::SourceDeleted => vec![
            choice("remove it (backed up)", Decision::Remove),
            choice("keep it as mine (drop it from the record)", Decision::Keep),
        ],
        _ => Vec::new(),
    };
    RefreshQuestion {
        kind: "refresh".into(),
        id: target.into(),
        message: format!("{target} ({}):", state_phrase(Some(state))),
        target: target.into(),
        state,
        choices,
    }
}
