//! What `upkeep new --git` says about the scaffold's first commit, and the code it exits
//! with: a scaffold whose commit could not be made is still scaffolded (exit 1, with git's
//! words), so a script can tell the two apart.
//!
//! ```
//! use upkeep_core::lifecycle::{first_commit_words, FirstCommit};
//!
//! let made = FirstCommit { committed: true, commit: Some("3f2c1e9".into()), error: None };
//! let words = first_commit_words(Some(&made));
//! assert_eq!(words.line.as_deref(), Some("Committed 3f2c1e9 (the scaffold's first commit)"));
//! assert_eq!(words.exit, 0);
//! assert_eq!(first_commit_words(None).exit, 0);
//! ```

/// The first commit's outcome, as the flow's git steps found it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FirstCommit {
    /// Whether the commit was made.
    pub committed: bool,
    /// Its id, when it was.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub commit: Option<String>,
    /// Which git step failed and git's words, when it was not.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<String>,
}

/// What the command prints about the first commit, and its exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FirstCommitWords {
    /// The line printed after the summary when the commit was made.
    pub line: Option<String>,
    /// The error printed (on standard error) when it was not.
    pub error: Option<String>,
    /// 1 when `--git` could not commit, else 0.
    pub exit: u8,
}

/// The first commit's message: where the scaffold came from.
pub fn first_commit_subject(spec: &str) -> String {
    format!("Scaffold from {spec}")
}

/// The words and exit code for the first commit (`None`: `--git` was not given).
pub fn first_commit_words(git: Option<&FirstCommit>) -> FirstCommitWords {
    match git {
        None => FirstCommitWords {
            line: None,
            error: None,
            exit: 0,
        },
        Some(git) if git.committed => FirstCommitWords {
            line: Some(format!(
                "Committed {} (the scaffold's first commit)",
                git.commit.as_deref().unwrap_or_default()
            )),
            error: None,
            exit: 0,
        },
        Some(git) => FirstCommitWords {
            line: None,
            error: Some(format!(
                "the project is scaffolded, but the first commit was not made: {}",
                git.error.as_deref().unwrap_or("git gave no reason")
            )),
            exit: 1,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_commit_is_told_with_gits_words_and_exits_1() {
        let failed = FirstCommit {
            committed: false,
            commit: None,
            error: Some("git commit failed: fatal: no email was given".into()),
        };
        let words = first_commit_words(Some(&failed));
        assert_eq!(words.line, None);
        assert_eq!(
            words.error.as_deref(),
            Some("the project is scaffolded, but the first commit was not made: git commit failed: fatal: no email was given")
        );
        assert_eq!(words.exit, 1);
    }
}
