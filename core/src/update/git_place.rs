//! Where a folder is, as git says: the shim runs `git rev-parse` (`--show-prefix` for the
//! update's dirty guard, `--show-toplevel` for the loop) in it and reports how it went.
//! Only git's own "not a git repository" means there is no repository. Any other failure
//! (a repository git refuses as unsafe, a damaged `.git`) must not pass for that: an
//! update would skip its dirty guard, so the run stops in git's words instead.
//!
//! ```
//! use upkeep_core::lifecycle::GitRan;
//! use upkeep_core::update::{git_place, GitPlace};
//!
//! let ran = |status: i32, stdout: &str, stderr: &str| GitRan { status: Some(status), stdout: stdout.into(), stderr: stderr.into() };
//! assert_eq!(git_place(&ran(0, "app/\n", "")), GitPlace::Inside { answer: "app/".into() });
//! assert_eq!(git_place(&ran(128, "", "fatal: not a git repository (or any of the parent directories): .git\n")), GitPlace::Outside);
//! assert_eq!(git_place(&ran(128, "", "fatal: detected dubious ownership in repository at '/w'\n")), GitPlace::Failed);
//! ```

use crate::lifecycle::GitRan;

/// Where a folder is, as `git rev-parse` answered.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum GitPlace {
    /// In a work tree.
    Inside {
        /// What git printed, trimmed: the folder's path inside the repository for
        /// `--show-prefix` (empty at the top, else ending in `/`), the work tree's top for
        /// `--show-toplevel`.
        answer: String,
    },
    /// Not in a repository (git said so): there is no status, and nothing is refused.
    Outside,
    /// git failed for another reason: the run stops with git's words.
    Failed,
}

/// git's words when the folder is in no repository (the C locale the shim runs git in).
const NOT_A_REPOSITORY: &str = "not a git repository";

/// Where a folder is, from how `git rev-parse` ran in it.
pub fn git_place(ran: &GitRan) -> GitPlace {
    if ran.status == Some(0) {
        return GitPlace::Inside {
            answer: ran.stdout.trim().to_string(),
        };
    }
    if ran.status == Some(128) && ran.stderr.contains(NOT_A_REPOSITORY) {
        return GitPlace::Outside;
    }
    GitPlace::Failed
}
