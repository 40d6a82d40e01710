//! The names a backup may take. A backup never replaces another: when its path already
//! holds a different backup (an earlier run's, under the same run id), the copy takes the
//! next free `<path>.~N~`, as GNU `cp --backup=numbered` names them, so both are kept.
//!
//! ```
//! use upkeep_core::writes::{backup_name, BackupName};
//!
//! let name = |n| match backup_name(".upkeep-backups/r1/a.js", n) {
//!     BackupName::Name { path } => path,
//!     BackupName::Exhausted { message } => message,
//!     _ => unreachable!(),
//! };
//! assert_eq!(name(0), ".upkeep-backups/r1/a.js");
//! assert_eq!(name(2), ".upkeep-backups/r1/a.js.~2~");
//! assert_eq!(name(1000), "too many backups named '.upkeep-backups/r1/a.js'");
//! ```

/// How many names a backup tries at its path: its own, then `.~1~` to `.~999~`.
pub const BACKUP_NAME_TRIES: u32 = 1000;

/// The `n`th name a backup of `path` may take, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum BackupName {
    /// Try this path.
    Name {
        /// The backup's path, from the project root.
        path: String,
    },
    /// Every name is taken by another backup: the step fails with these words.
    Exhausted {
        /// Why it failed.
        message: String,
    },
}

/// The path a backup saved: `backup` without the `.~N~` a collision gave it (see
/// [`backup_name`]), so a listing compares it with the project's file it came from.
///
/// ```
/// use upkeep_core::writes::backup_saved_path;
///
/// assert_eq!(backup_saved_path("src/a.js.~2~"), "src/a.js");
/// assert_eq!(backup_saved_path("src/a.js"), "src/a.js");
/// assert_eq!(backup_saved_path("src/a.js.~0~"), "src/a.js.~0~");
/// ```
pub fn backup_saved_path(backup: &str) -> &str {
    let Some(stem) = backup.strip_suffix('~') else {
        return backup;
    };
    let Some((saved, n)) = stem.rsplit_once(".~") else {
        return backup;
    };
    let numbered = !saved.is_empty()
        && !n.starts_with('0')
        && n.bytes().all(|b| b.is_ascii_digit())
        && n.parse::<u32>()
            .is_ok_and(|n| (1..BACKUP_NAME_TRIES).contains(&n));
    if numbered {
        saved
    } else {
        backup
    }
}

/// The `n`th name (from 0) a backup of `path` tries.
pub fn backup_name(path: &str, n: u32) -> BackupName {
    match n {
        0 => BackupName::Name { path: path.into() },
        n if n < BACKUP_NAME_TRIES => BackupName::Name {
            path: format!("{path}.~{n}~"),
        },
        _ => BackupName::Exhausted {
            message: format!("too many backups named '{path}'"),
        },
    }
}
