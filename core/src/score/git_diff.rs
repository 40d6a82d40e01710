//! The `git diff` a score reads: numstat, NUL-separated (any path survives), with renames
//! detected (`-M`, so a renamed file scores as a rename rather than a delete and an add),
//! and a range passed after `--end-of-options` so it is never read as an option.
//!
//! ```
//! use upkeep_core::score::{score_diff_args, ScoreDiff};
//!
//! let args = score_diff_args(&ScoreDiff::Git { range: Some("main...HEAD".into()), staged: false });
//! assert_eq!(args, ["diff", "--numstat", "-z", "-M", "--end-of-options", "main...HEAD", "--"]);
//! assert_eq!(score_diff_args(&ScoreDiff::WorkingTree)[4..], ["--end-of-options", "HEAD", "--"]);
//! ```

/// Which change a score reads.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
#[non_exhaustive]
pub enum ScoreDiff {
    /// `upkeep score --git [range] [--staged]`: the range given; without one, the working
    /// tree against the index, or with `--staged` the index against HEAD (as `git diff`).
    Git {
        /// The range or commit (`main...HEAD`), when given.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        range: Option<String>,
        /// `--staged`: what is staged.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
        staged: bool,
    },
    /// The editor's score of the working tree: every uncommitted change, staged or not,
    /// against HEAD.
    WorkingTree,
}

/// The arguments of `git` for the change `diff` names.
pub fn score_diff_args(diff: &ScoreDiff) -> Vec<String> {
    let (range, staged) = match diff {
        ScoreDiff::Git { range, staged } => (range.as_deref(), *staged),
        ScoreDiff::WorkingTree => (Some("HEAD"), false),
    };
    let mut args: Vec<String> = ["diff", "--numstat", "-z", "-M"].map(String::from).to_vec();
    if staged {
        args.push("--cached".into());
    }
    if let Some(range) = range {
        args.push("--end-of-options".into());
        args.push(range.into());
    }
    args.push("--".into());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_and_plain() {
        let staged = score_diff_args(&ScoreDiff::Git {
            range: None,
            staged: true,
        });
        assert_eq!(staged, ["diff", "--numstat", "-z", "-M", "--cached", "--"]);
        let plain = score_diff_args(&ScoreDiff::Git {
            range: None,
            staged: false,
        });
        assert_eq!(plain, ["diff", "--numstat", "-z", "-M", "--"]);
    }
}
