//! Where a project is, for the dirty guard: the shim runs `git rev-parse --show-prefix` in
//! its root and reports how it went. Only git's own "not a git repository" means there is
//! no status to check. Any other failure (a repository git refuses as unsafe, a damaged
//! `.git`) must not let an update skip the guard: it stops the run in git's words.
//!
//! ```
//! use upkeep_core::lifecycle::GitRan;
//! use upkeep_core::update::{git_place, GitPlace};
//!
//! let ran = |status: i32, stdout: &str, stderr: &str| GitRan { status: Some(status), stdout: stdout.into(), stderr: stderr.into() };
//! assert_eq!(git_place(&ran(0, "app/\n", "")), GitPlace::Inside { prefix: "app/".into() });
//! assert_eq!(git_place(&ran(128, "", "fatal: not a git repository (or any of the parent directories): .git\n")), GitPlace::Outside);
//! assert_eq!(git_place(&ran(128, "", "fatal: detected dubious ownership in repository at '/w'\n")), GitPlace::Failed);
//! ```

use crate::lifecycle::GitRan;

/// Where the project is, as `git rev-parse --show-prefix` answered.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum GitPlace {
    /// In a work tree: the root's path inside it (empty at the top, else ending in `/`).
    Inside {
        /// The root's prefix.
        prefix: String,
    },
    /// Not in a repository (git said so): there is no status, and nothing is refused.
    Outside,
    /// git failed for another reason: the run stops with git's words.
    Failed,
}

/// git's words when the folder is in no repository (the C locale the shim runs git in).
const NOT_A_REPOSITORY: &str = "not a git repository";

/// Where the project is, from how `git rev-parse --show-prefix` ran in its root.
pub fn git_place(ran: &GitRan) -> GitPlace {
    if ran.status == Some(0) {
        return GitPlace::Inside {
            prefix: ran.stdout.trim().to_string(),
        };
    }
    if ran.status == Some(128) && ran.stderr.contains(NOT_A_REPOSITORY) {
        return GitPlace::Outside;
    }
    GitPlace::Failed
}
