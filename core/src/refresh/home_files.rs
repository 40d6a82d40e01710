//! upkeep's own files in a host repository's `home` folder: the record, the journal of a
//! run in progress, the lock that keeps two runs apart and the folder of each run's
//! backups. Install, refresh and `backups prune` all name them from here.
//!
//! ```
//! use upkeep_core::refresh::home_files;
//!
//! let files = home_files("svc").unwrap();
//! assert_eq!(files.journal, "svc/.upkeep-source.refresh.log");
//! assert_eq!(home_files(".").unwrap().backups, ".upkeep-backups");
//! assert!(home_files("../up").is_err());
//! ```

use super::manifest::RECORD_NAME;
use crate::error::Result;
use crate::paths::validate_canonical_path;

/// The journal's file name inside `home`.
const JOURNAL_NAME: &str = ".upkeep-source.refresh.log";
/// The lock's file name inside `home`.
const LOCK_NAME: &str = ".upkeep-source.refresh.lock";
/// The backups folder's name inside `home`.
const BACKUPS_NAME: &str = ".upkeep-backups";

/// upkeep's own files for one `home`, relative to the host repository's root.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct HomeFiles {
    /// The home folder (`.` is the root).
    pub home: String,
    /// The source record.
    pub record: String,
    /// The journal of a run in progress.
    pub journal: String,
    /// The lock a writing run holds.
    pub lock: String,
    /// The folder holding one folder of backups per run.
    pub backups: String,
}

/// The files for `home` (`.` or a relative path inside the repository).
pub fn home_files(home: &str) -> Result<HomeFiles> {
    if home != "." {
        validate_canonical_path(home)?;
    }
    Ok(files_in(home))
}

/// `name` inside `home` (`.` is the repository's root), as a path from the root.
pub(crate) fn in_home(home: &str, name: &str) -> String {
    if home == "." {
        name.to_string()
    } else {
        format!("{home}/{name}")
    }
}

/// The files for a `home` already checked (a parsed manifest's).
pub(crate) fn files_in(home: &str) -> HomeFiles {
    let at = |name: &str| in_home(home, name);
    HomeFiles {
        home: home.into(),
        record: at(RECORD_NAME),
        journal: at(JOURNAL_NAME),
        lock: at(LOCK_NAME),
        backups: at(BACKUPS_NAME),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_reserved_prefixes() {
        let files = home_files(".").unwrap();
        for name in [&files.record, &files.journal, &files.lock, &files.backups] {
            assert!(
                super::super::manifest::RESERVED_PREFIXES
                    .iter()
                    .any(|p| name.starts_with(p)),
                "{name}"
            );
        }
        assert_eq!(home_files("a/b").unwrap().record, "a/b/.upkeep-source.json");
        assert!(home_files("/abs").is_err());
    }
}
