//! The writes that guard a regeneration, as executor steps, and what their outcomes say:
//! the copies of its declared files made before its program runs, and the repairs made
//! after it (a file, link or directory the program created outside its paths removed; one
//! it changed or deleted put back). The shim reads what is at each path, carries the steps out through the one
//! executor and hands the outcomes back; which steps, which outcome is a failure and its
//! words are decided here.
//!
//! ```
//! use upkeep_core::observe::Observed;
//! use upkeep_core::regions::{file_repair, FileRepair, FileRepairFacts, Repair, RepairOp};
//! use upkeep_core::writes::FileMode;
//!
//! let facts = FileRepairFacts {
//!     repair: Repair { op: RepairOp::RestoreFile, path: "docs/x.md".into(), target: None },
//!     now: Observed::missing(),
//!     target: None,
//!     preimage_mode: Some(0o755),
//!     save_dir: ".upkeep-backups/r1-regen".into(),
//! };
//! let FileRepair::Step { step } = file_repair(&facts) else { panic!() };
//! // Put back as it was, with its own bits.
//! assert_eq!(step.mode, FileMode::ReplacedOr { mode: 0o755 });
//! assert!(step.backup.is_none());
//! ```

use super::confine::{Repair, RepairOp};
use super::regen::RegionBackup;
use super::regen_finish::BackupFailure;
use super::repair_words::{repair_words, RepairFact};
use crate::error::{Error, ErrorKind, Result};
use crate::observe::{EntryKind, Observed};
use crate::writes::{
    Expect, FileMode, OutcomeKind, StepContent, StepOutcome, WriteStep, DEFAULT_FILE_MODE,
};

/// A region's declared backups with what the shim found at each path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct BackupsFound {
    /// The job's backups, in its order.
    pub backups: Vec<RegionBackup>,
    /// What is at each backup's path now, in the same order.
    pub found: Vec<Observed>,
}

/// The copies to make before the program runs: one per declared path that is a regular
/// file, never over a copy already there (a resumed run's first copy is the true
/// pre-image).
pub fn region_backup_steps(input: &BackupsFound) -> Result<Vec<WriteStep>> {
    if input.found.len() != input.backups.len() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "found",
            format!(
                "one observation per backup: {} backups, {} observations",
                input.backups.len(),
                input.found.len()
            ),
        ));
    }
    let mut steps = Vec::new();
    for (backup, found) in input.backups.iter().zip(&input.found) {
        found.check(&backup.path)?;
        let Some(sha256) = found.sha256.clone() else {
            continue;
        };
        steps.push(WriteStep::new(
            &backup.backup_path,
            Expect::Missing,
            StepContent::Copy {
                from: backup.path.clone(),
                sha256,
                crlf: false,
            },
            None,
            None,
        ));
    }
    Ok(steps)
}

/// A region's backups and the executor's outcomes of their steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct BackupsDone {
    /// The job's backups.
    pub backups: Vec<RegionBackup>,
    /// The outcomes of [`region_backup_steps`], in step order.
    pub outcomes: Vec<StepOutcome>,
}

/// What the backups before a region's program came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionBackupsDone {
    /// The declared paths copied by this run.
    pub backed_up: Vec<String>,
    /// The first declared file that has no copy: its program must not run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub backup_failure: Option<BackupFailure>,
}

/// Reads the backups' outcomes: a copy made is backed up, a copy already there (the path
/// held something: a resumed run's) counts as kept, anything else is the failure that
/// stops the program from running (with the file system's words when it refused).
pub fn region_backups_done(input: &BackupsDone) -> RegionBackupsDone {
    let declared = |backup_path: &str| {
        input
            .backups
            .iter()
            .find(|b| b.backup_path == backup_path)
            .map_or_else(|| backup_path.to_string(), |b| b.path.clone())
    };
    let copied = |backup_path: &str| {
        input
            .outcomes
            .iter()
            .any(|o| o.path == backup_path && o.outcome == OutcomeKind::Done)
    };
    let backup_failure = input
        .outcomes
        .iter()
        .find(|o| !matches!(o.outcome, OutcomeKind::Done | OutcomeKind::Changed))
        .map(|o| {
            let error = o.refusal();
            BackupFailure {
                path: declared(&o.path),
                message: error.map(|e| e.message.clone()),
                code: error.map(|e| e.code.clone()),
            }
        });
    RegionBackupsDone {
        backed_up: input
            .backups
            .iter()
            .filter(|b| copied(&b.backup_path))
            .map(|b| b.path.clone())
            .collect(),
        backup_failure,
    }
}

/// A repair and what the shim found at its path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FileRepairFacts {
    /// The repair, of any op: a file, a link or a directory.
    pub repair: Repair,
    /// What is at its path now (a file's `sha256`).
    pub now: Observed,
    /// The target of the link the snapshot after the program saw at the path, if it saw
    /// one: a link there now is removed only while it still points there (else it is left
    /// alone), and a link to be put back that is already there is settled.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub target: Option<String>,
    /// The permission bits of the file as it was before the program ran, when the shim
    /// holds its bytes; none when it holds none.
    pub preimage_mode: Option<u32>,
    /// Where a file is saved before a repair touches it.
    pub save_dir: String,
}

/// What to do for a repair.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
pub enum FileRepair {
    /// Nothing to write: already as it should be (no failure), or it cannot be repaired
    /// (the failure's words).
    Settled {
        /// Why it failed, when it did.
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        failure: Option<String>,
    },
    /// Carry out this step (its bytes, if any, are the pre-image).
    Step {
        /// The step, checked against what is there now and saving a file first. A deleted
        /// file comes back with its pre-image's permission bits.
        step: WriteStep,
    },
}

/// The step for a repair, or why none is needed or possible: a file is checked against
/// its digest and saved first; a link is removed only while it holds the target the
/// snapshot saw, a directory only when empty; a link or directory is made again only
/// where nothing is.
pub fn file_repair(facts: &FileRepairFacts) -> FileRepair {
    let settled = |fact: Option<RepairFact>| FileRepair::Settled {
        failure: fact.as_ref().map(repair_words),
    };
    let occupied = |kind: EntryKind| {
        settled(Some(RepairFact::Occupied {
            kind: kind.name().into(),
        }))
    };
    let path = &facts.repair.path;
    // A link or directory: nothing is written with bits of upkeep's choosing, nothing saved.
    let step = |expect, content| FileRepair::Step {
        step: WriteStep {
            mode: FileMode::System,
            ..WriteStep::new(path, expect, content, None, None)
        },
    };
    let now = facts.now.kind;
    match facts.repair.op {
        RepairOp::Remove => match now {
            EntryKind::Missing => settled(None), // already gone
            EntryKind::File => file_step(facts),
            EntryKind::Symlink => match &facts.target {
                Some(target) => step(
                    Expect::Symlink {
                        target: target.clone(),
                    },
                    StepContent::Remove,
                ),
                None => occupied(now),
            },
            EntryKind::Other => step(Expect::Other, StepContent::Remove),
            EntryKind::Directory => occupied(now),
        },
        RepairOp::RestoreFile => file_step(facts),
        RepairOp::RemoveDir => match now {
            EntryKind::Missing => settled(None),
            EntryKind::Directory => step(Expect::Directory, StepContent::Remove),
            other => occupied(other),
        },
        RepairOp::RestoreDir => match now {
            EntryKind::Directory => settled(None),
            EntryKind::Missing => step(Expect::Missing, StepContent::Directory),
            other => occupied(other),
        },
        RepairOp::RestoreLink => {
            let Some(target) = facts.repair.target.clone() else {
                return settled(Some(RepairFact::NoPreimage));
            };
            match now {
                EntryKind::Missing => step(Expect::Missing, StepContent::Symlink { target }),
                EntryKind::Symlink if facts.target.as_ref() == Some(&target) => settled(None),
                other => occupied(other),
            }
        }
    }
}

/// The step that removes a regular file or puts its pre-image back, saving what is there
/// first.
fn file_step(facts: &FileRepairFacts) -> FileRepair {
    let settled = |fact: Option<RepairFact>| FileRepair::Settled {
        failure: fact.as_ref().map(repair_words),
    };
    let restore = facts.repair.op == RepairOp::RestoreFile;
    let preimage_mode = match facts.preimage_mode {
        Some(mode) => mode,
        None if restore => return settled(Some(RepairFact::NoPreimage)),
        None => DEFAULT_FILE_MODE,
    };
    let sha256 = match facts.now.kind {
        EntryKind::Missing => None,
        EntryKind::File => facts.now.sha256.clone(),
        other => {
            return settled(Some(RepairFact::Occupied {
                kind: other.name().into(),
            }))
        }
    };
    let path = &facts.repair.path;
    let expect = match &sha256 {
        Some(sha256) => Expect::File {
            sha256: sha256.clone(),
        },
        None => Expect::Missing,
    };
    let content = if restore {
        StepContent::Planned
    } else {
        StepContent::Remove
    };
    let backup = sha256.map(|_| format!("{}/{path}", facts.save_dir));
    FileRepair::Step {
        step: WriteStep {
            mode: FileMode::ReplacedOr {
                mode: preimage_mode,
            },
            ..WriteStep::new(path, expect, content, backup, None)
        },
    }
}

/// Why a file repair's step failed, in the report's words; none when it did its work.
pub fn file_repair_failure(outcome: &StepOutcome) -> Option<String> {
    let fact = match outcome.outcome {
        OutcomeKind::Done | OutcomeKind::Unchanged => return None,
        OutcomeKind::Blocked => {
            let error = outcome.error.clone().unwrap_or_default();
            RepairFact::Blocked {
                message: error.message,
                code: error.code,
            }
        }
        _ => RepairFact::ChangedAgain,
    };
    Some(repair_words(&fact))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writes::OsError;

    fn backup(path: &str) -> RegionBackup {
        RegionBackup {
            path: path.into(),
            backup_path: format!(".upkeep-backups/r1/{path}"),
        }
    }

    fn outcome(path: &str, outcome: OutcomeKind) -> StepOutcome {
        StepOutcome {
            path: format!(".upkeep-backups/r1/{path}"),
            outcome,
            ..StepOutcome::default()
        }
    }

    #[test]
    fn only_regular_files_are_copied() {
        let input = BackupsFound {
            backups: vec![backup("a"), backup("b"), backup("c")],
            found: vec![
                Observed::file("1".repeat(64)),
                Observed::missing(),
                Observed {
                    kind: EntryKind::Symlink,
                    sha256: None,
                    sha256_lf: None,
                },
            ],
        };
        let steps = region_backup_steps(&input).unwrap();
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].path, ".upkeep-backups/r1/a");
        assert_eq!(steps[0].expect, Expect::Missing);
        let short = BackupsFound {
            found: vec![],
            ..input
        };
        assert!(region_backup_steps(&short).is_err());
    }

    #[test]
    fn a_copy_already_there_is_kept_and_the_first_refusal_stops_the_program() {
        let mut blocked = outcome("c", OutcomeKind::Blocked);
        blocked.error = Some(OsError {
            code: "ENOSPC".into(),
            message: "no space left on device".into(),
            ..OsError::default()
        });
        let done = region_backups_done(&BackupsDone {
            backups: vec![backup("a"), backup("b"), backup("c"), backup("d")],
            outcomes: vec![
                outcome("a", OutcomeKind::Done),
                outcome("b", OutcomeKind::Changed),
                blocked,
                outcome("d", OutcomeKind::NotReached),
            ],
        });
        assert_eq!(done.backed_up, ["a"]);
        let failure = done.backup_failure.unwrap();
        assert_eq!(failure.path, "c");
        assert_eq!(failure.code.as_deref(), Some("ENOSPC"));
        let changed = region_backups_done(&BackupsDone {
            backups: vec![backup("a")],
            outcomes: vec![outcome("a", OutcomeKind::SourceChanged)],
        });
        let failure = changed.backup_failure.unwrap();
        assert_eq!((failure.path.as_str(), failure.message), ("a", None));
    }

    fn repair(op: RepairOp, now: Observed, preimage: bool) -> FileRepair {
        let preimage_mode = preimage.then_some(0o600);
        file_repair(&FileRepairFacts {
            repair: Repair {
                op,
                path: "x".into(),
                target: None,
            },
            now,
            target: None,
            preimage_mode,
            save_dir: "s".into(),
        })
    }

    #[test]
    fn file_repairs_check_what_is_there_and_save_it_first() {
        let words = |r: FileRepair| match r {
            FileRepair::Settled { failure } => failure,
            FileRepair::Step { .. } => panic!("a step"),
        };
        assert_eq!(
            words(repair(RepairOp::RestoreFile, Observed::missing(), false)).unwrap(),
            "no pre-image held"
        );
        assert_eq!(
            words(repair(RepairOp::Remove, Observed::missing(), false)),
            None
        );
        let dir = Observed {
            kind: EntryKind::Directory,
            sha256: None,
            sha256_lf: None,
        };
        assert_eq!(
            words(repair(RepairOp::Remove, dir, true)).unwrap(),
            "a directory is there now"
        );
        let FileRepair::Step { step } =
            repair(RepairOp::Remove, Observed::file("2".repeat(64)), false)
        else {
            panic!("no step")
        };
        assert_eq!(step.content, StepContent::Remove);
        assert_eq!(step.backup.as_deref(), Some("s/x"));
        let FileRepair::Step { step } =
            repair(RepairOp::RestoreFile, Observed::file("2".repeat(64)), true)
        else {
            panic!("no step")
        };
        // The file it replaces keeps its bits; the pre-image's are for one that is gone.
        assert_eq!(step.content, StepContent::Planned);
        assert_eq!(step.mode, FileMode::ReplacedOr { mode: 0o600 });
    }

    #[test]
    fn links_and_directories_are_steps_checked_against_what_is_there() {
        let kind = |kind| Observed {
            kind,
            sha256: None,
            sha256_lf: None,
        };
        let facts = |op, now: EntryKind, target: Option<&str>| FileRepairFacts {
            repair: Repair {
                op,
                path: "g/x".into(),
                target: (op == RepairOp::RestoreLink).then(|| "keep.md".into()),
            },
            now: kind(now),
            target: target.map(str::to_string),
            preimage_mode: None,
            save_dir: "s".into(),
        };
        let step = |f: FileRepairFacts| match file_repair(&f) {
            FileRepair::Step { step } => Some((step.expect, step.content, step.backup, step.mode)),
            FileRepair::Settled { failure } => {
                assert_eq!(failure, None, "{f:?}");
                None
            }
        };
        let failure = |f: FileRepairFacts| match file_repair(&f) {
            FileRepair::Settled { failure } => failure.unwrap(),
            FileRepair::Step { .. } => panic!("a step for {f:?}"),
        };
        use EntryKind::*;
        // A link the program made goes only while it still holds what the snapshot saw.
        let link = Expect::Symlink {
            target: "/etc/passwd".into(),
        };
        assert_eq!(
            step(facts(RepairOp::Remove, Symlink, Some("/etc/passwd"))),
            Some((link, StepContent::Remove, None, FileMode::System))
        );
        assert_eq!(
            failure(facts(RepairOp::Remove, Symlink, None)),
            "a symlink is there now"
        );
        assert_eq!(
            step(facts(RepairOp::Remove, Other, None)).unwrap().0,
            Expect::Other
        );
        // A directory goes only as a directory (the executor's rmdir: only when empty).
        assert_eq!(
            step(facts(RepairOp::RemoveDir, Directory, None)).unwrap().0,
            Expect::Directory
        );
        assert_eq!(step(facts(RepairOp::RemoveDir, Missing, None)), None);
        assert_eq!(
            failure(facts(RepairOp::RemoveDir, File, None)),
            "a file is there now"
        );
        // Made again only where nothing is; already there is no failure.
        assert_eq!(
            step(facts(RepairOp::RestoreDir, Missing, None)),
            Some((
                Expect::Missing,
                StepContent::Directory,
                None,
                FileMode::System
            ))
        );
        assert_eq!(step(facts(RepairOp::RestoreDir, Directory, None)), None);
        assert_eq!(
            step(facts(RepairOp::RestoreLink, Missing, None)).unwrap().1,
            StepContent::Symlink {
                target: "keep.md".into()
            }
        );
        assert_eq!(
            step(facts(RepairOp::RestoreLink, Symlink, Some("keep.md"))),
            None
        );
        assert_eq!(
            failure(facts(RepairOp::RestoreLink, Symlink, Some("elsewhere"))),
            "a symlink is there now"
        );
    }

    #[test]
    fn a_failed_step_is_told_in_the_reports_words() {
        assert_eq!(
            file_repair_failure(&outcome("x", OutcomeKind::Unchanged)),
            None
        );
        assert_eq!(
            file_repair_failure(&outcome("x", OutcomeKind::Changed)).unwrap(),
            "it changed again while upkeep put it back; left as it is now"
        );
    }
}
