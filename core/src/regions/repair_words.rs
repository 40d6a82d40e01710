//! Why a repair after a regeneration failed, in the report's words: the shim says what it
//! met when it tried to put a path back (no copy of the file from before the program ran,
//! something else there now, the file changed again meanwhile, the file system's refusal),
//! and the report names the path with these words.
//!
//! ```
//! use upkeep_core::regions::{repair_words, RepairFact};
//!
//! assert_eq!(repair_words(&RepairFact::NoPreimage), "no pre-image held");
//! assert_eq!(repair_words(&RepairFact::Occupied { kind: "symlink".into() }), "a symlink is there now");
//! ```

/// What the shim met when a repair failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RepairFact {
    /// The file's content from before the program ran was not kept (too large for the
    /// snapshot's budget), so it cannot be put back.
    NoPreimage,
    /// Something that is not a regular file is at the path now.
    Occupied {
        /// What is there (`symlink`, `directory`, `other`).
        #[cfg_attr(feature = "serde", serde(rename = "entry"))]
        kind: String,
    },
    /// The file changed again while upkeep put it back; it was left as it is.
    ChangedAgain,
    /// The file system refused the write: its words and its code.
    Blocked {
        /// The file system's words.
        message: String,
        /// Its error code (`EACCES`, `ENOSPC`, ...).
        code: String,
    },
}

/// The words for a failed repair (see the module docs).
pub fn repair_words(fact: &RepairFact) -> String {
    match fact {
        RepairFact::NoPreimage => "no pre-image held".into(),
        RepairFact::Occupied { kind } => format!("a {kind} is there now"),
        RepairFact::ChangedAgain => {
            "it changed again while upkeep put it back; left as it is now".into()
        }
        RepairFact::Blocked { message, code } => format!("{message} ({code})"),
    }
}
