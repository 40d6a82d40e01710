//! The `--conflicts` modes by name, and the refusal of a value that names none: the
//! command line and the JS API take the mode as text, and a mistake there is a usage error
//! in these words, not a decoding error of the options.
//!
//! ```
//! use upkeep_core::update::conflicts_refusal;
//!
//! assert!(conflicts_refusal("markers").is_none());
//! let refusal = conflicts_refusal("theirs").unwrap();
//! assert_eq!(refusal.message, "--conflicts must be patch, merge or markers, not 'theirs'");
//! ```

use super::ConflictMode;
use crate::refusal::Refusal;
use crate::render::listed;

impl ConflictMode {
    /// Every mode, in the order the refusal names them.
    pub const ALL: [ConflictMode; 3] = [
        ConflictMode::Patch,
        ConflictMode::Merge,
        ConflictMode::Markers,
    ];

    /// The mode's name, as `--conflicts` takes it.
    pub fn name(self) -> &'static str {
        match self {
            ConflictMode::Patch => "patch",
            ConflictMode::Merge => "merge",
            ConflictMode::Markers => "markers",
        }
    }
}

/// Refuses a `--conflicts` value that names no mode (a `usage` refusal, naming them all);
/// none for a mode's name.
pub fn conflicts_refusal(text: &str) -> Option<Refusal> {
    if ConflictMode::ALL.iter().any(|mode| mode.name() == text) {
        return None;
    }
    let names: Vec<&str> = ConflictMode::ALL.iter().map(|mode| mode.name()).collect();
    Some(Refusal::usage(format!(
        "--conflicts must be {}, not '{text}'",
        listed(&names, "or")
    )))
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    /// The names are the words serde reads, so a mode the refusal lets through decodes.
    #[test]
    fn names_are_the_serde_words() {
        for mode in ConflictMode::ALL {
            assert_eq!(
                serde_json::to_string(&mode).unwrap(),
                format!("\"{}\"", mode.name())
            );
            assert!(conflicts_refusal(mode.name()).is_none());
        }
        assert_eq!(conflicts_refusal("").unwrap().code, "usage");
    }
}
