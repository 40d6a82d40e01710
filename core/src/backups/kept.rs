//! What an update's summary says the project keeps in its backups folder: how many runs
//! and how many bytes. The shim lists the folder (each entry, its kind and the bytes of
//! the files under it); a run's regeneration folder (`<run>-regen`) is part of that run.
//!
//! ```
//! use upkeep_core::backups::{backups_kept, BackupsSeen, SeenBackup};
//! use upkeep_core::observe::EntryKind;
//!
//! let seen = |name: &str, bytes: u64| SeenBackup { name: name.into(), kind: EntryKind::Directory, bytes };
//! let kept = backups_kept(&BackupsSeen {
//!     folder: ".upkeep-backups".into(),
//!     entries: vec![seen("20260101-120000-123", 800), seen("20260101-120000-123-regen", 73)],
//! });
//! assert_eq!((kept.runs, kept.bytes), (1, 873));
//! ```

use std::collections::BTreeSet;

use crate::observe::EntryKind;
use crate::regions::REGEN_SUFFIX;
use crate::update::BackupsKept;

/// One entry of the backups folder.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SeenBackup {
    /// Its name in the folder.
    pub name: String,
    /// What it is: a run's folder is a directory.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::observe::present_kind")
    )]
    pub kind: EntryKind,
    /// The bytes of the files under it.
    pub bytes: u64,
}

/// The backups folder, listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct BackupsSeen {
    /// The folder, relative to the project root.
    pub folder: String,
    /// Its entries.
    pub entries: Vec<SeenBackup>,
}

/// The runs and bytes the folder keeps: each directory is a run's folder, and a run's
/// regeneration folder counts with its run.
pub fn backups_kept(seen: &BackupsSeen) -> BackupsKept {
    let folders = seen
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Directory);
    let runs: BTreeSet<&str> = folders
        .clone()
        .map(|e| e.name.strip_suffix(REGEN_SUFFIX).unwrap_or(&e.name))
        .collect();
    BackupsKept {
        folder: seen.folder.clone(),
        runs: runs.len() as u64,
        bytes: folders.map(|e| e.bytes).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_beside_the_runs_are_not_runs_and_a_lone_regeneration_folder_is_one() {
        let entry = |name: &str, kind, bytes| SeenBackup {
            name: name.into(),
            kind,
            bytes,
        };
        let kept = backups_kept(&BackupsSeen {
            folder: "b".into(),
            entries: vec![
                entry(".gitignore", EntryKind::File, 2),
                entry("r1", EntryKind::Directory, 10),
                entry("r2-regen", EntryKind::Directory, 5),
            ],
        });
        assert_eq!((kept.runs, kept.bytes), (2, 15));
    }
}
