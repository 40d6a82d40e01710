//! The folders a region's program writes into, made before it runs (so its confinement
//! can open them writable) as executor steps, and what their outcomes say. A folder
//! already there is left as it is; anything else at its path, or a folder the file system
//! refuses to make, keeps the program from running, in words naming the folder.
//!
//! ```
//! use upkeep_core::observe::Observed;
//! use upkeep_core::regions::{region_folder_steps, FoldersFound};
//!
//! let input = FoldersFound { dirs: vec!["gen".into()], found: vec![Observed::missing()] };
//! let planned = region_folder_steps(&input).unwrap();
//! assert_eq!(planned.steps.len(), 1);
//! assert!(planned.failure.is_none());
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::observe::{EntryKind, Observed};
use crate::writes::{Expect, OutcomeKind, StepContent, StepOutcome, WriteStep};

/// A region's folders with what the shim found at each path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FoldersFound {
    /// The job's folders (`RegenJob.dirs`), in its order.
    pub dirs: Vec<String>,
    /// What is at each folder's path now, in the same order.
    pub found: Vec<Observed>,
}

/// The folders to make, or why the program must not run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionFolders {
    /// One make-a-folder step per folder not there yet (its parents are made with it).
    pub steps: Vec<WriteStep>,
    /// The first folder path that holds something else: nothing is made, the program
    /// does not run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub failure: Option<FolderFailure>,
}

/// A folder of a region that is not there for its program, and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FolderFailure {
    /// The folder's path.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub path: String,
    /// What holds its path instead (`file`, `symlink`, `other`), when something does.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub found: Option<EntryKind>,
    /// The file system's own words, when it refused to make the folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub message: Option<String>,
    /// The error code (`EACCES`, `EROFS`, ...), when there was one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub code: Option<String>,
}

impl FolderFailure {
    /// Why the region's program was not run, in the report's words.
    pub(super) fn reason(&self) -> String {
        let path = &self.path;
        let what = match self.found {
            Some(EntryKind::File) => Some("a file"),
            Some(EntryKind::Symlink) => Some("a symbolic link"),
            Some(EntryKind::Other) => Some("a special file"),
            _ => None,
        };
        if let Some(what) = what {
            return format!("it was not run: its folder {path} is {what}, not a folder");
        }
        match (&self.message, &self.code) {
            (Some(m), Some(c)) => {
                format!("it was not run: its folder {path} could not be made ({m}, {c})")
            }
            (Some(m), None) => format!("it was not run: its folder {path} could not be made ({m})"),
            // The executor found its path, or a folder on the way, taken when it came to make it.
            _ => format!(
                "it was not run: its folder {path} could not be made: something is in its way (a file or a link on its path)"
            ),
        }
    }
}

/// The folders to make before the program runs: one step per folder not there (the
/// innermost: its missing parents are made with it), made only where nothing is, in path
/// order; refused as a whole when a folder's path holds anything else.
pub fn region_folder_steps(input: &FoldersFound) -> Result<RegionFolders> {
    if input.found.len() != input.dirs.len() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "found",
            format!(
                "one observation per folder: {} folders, {} observations",
                input.dirs.len(),
                input.found.len()
            ),
        ));
    }
    let mut missing: Vec<&String> = Vec::new();
    for (dir, found) in input.dirs.iter().zip(&input.found) {
        found.check(dir)?;
        match found.kind {
            EntryKind::Directory => {}
            EntryKind::Missing => missing.push(dir),
            kind => {
                return Ok(RegionFolders {
                    steps: Vec::new(),
                    failure: Some(FolderFailure {
                        path: dir.clone(),
                        found: Some(kind),
                        ..FolderFailure::default()
                    }),
                })
            }
        }
    }
    // A folder made inside another that is missing makes that one too (the executor makes
    // a step's parents): a step of its own would then find it there and refuse.
    let inside = |dir: &str, other: &str| {
        other.len() > dir.len() && other.starts_with(dir) && other.as_bytes()[dir.len()] == b'/'
    };
    let mut leaves: Vec<&String> = missing
        .iter()
        .copied()
        .filter(|dir| !missing.iter().any(|other| inside(dir, other)))
        .collect();
    leaves.sort();
    leaves.dedup();
    let steps = leaves
        .into_iter()
        .map(|dir| WriteStep::new(dir, Expect::Missing, StepContent::Directory, None, None))
        .collect();
    Ok(RegionFolders {
        steps,
        failure: None,
    })
}

/// The first folder step that did not make its folder, as the failure that keeps the
/// program from running: with the file system's words when it refused, else something
/// was in its way (the executor found its path, or a folder on the way, taken; a folder
/// on the way that is a file reads as nothing there when observed). None when every
/// folder was made.
pub fn region_folders_done(outcomes: &[StepOutcome]) -> Option<FolderFailure> {
    outcomes
        .iter()
        .find(|o| o.outcome != OutcomeKind::Done)
        .map(|o| {
            let error = o.refusal();
            FolderFailure {
                path: o.path.clone(),
                found: None,
                message: error.map(|e| e.message.clone()),
                code: error.map(|e| e.code.clone()),
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writes::OsError;

    fn found(dirs: &[&str], kinds: &[EntryKind]) -> FoldersFound {
        FoldersFound {
            dirs: dirs.iter().map(|d| d.to_string()).collect(),
            found: kinds
                .iter()
                .map(|&kind| match kind {
                    EntryKind::File => Observed::file("0".repeat(64)),
                    kind => Observed {
                        kind,
                        ..Observed::missing()
                    },
                })
                .collect(),
        }
    }

    #[test]
    fn makes_only_what_is_missing() {
        let planned = region_folder_steps(&found(
            &["a", "b/c"],
            &[EntryKind::Directory, EntryKind::Missing],
        ))
        .unwrap();
        assert_eq!(planned.failure, None);
        assert_eq!(planned.steps.len(), 1);
        assert_eq!(planned.steps[0].path, "b/c");
        assert_eq!(planned.steps[0].content, StepContent::Directory);
        assert_eq!(planned.steps[0].expect, Expect::Missing);
    }

    #[test]
    fn a_missing_folder_inside_another_makes_both() {
        let planned = region_folder_steps(&found(
            &["gen/sub", "gen", "gen-x", "gen/sub"],
            &[
                EntryKind::Missing,
                EntryKind::Missing,
                EntryKind::Missing,
                EntryKind::Missing,
            ],
        ))
        .unwrap();
        let paths: Vec<&str> = planned.steps.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(paths, ["gen-x", "gen/sub"]);
    }

    #[test]
    fn anything_else_there_is_refused_by_name() {
        let planned = region_folder_steps(&found(
            &["a", "gen"],
            &[EntryKind::Missing, EntryKind::File],
        ))
        .unwrap();
        assert!(planned.steps.is_empty());
        let failure = planned.failure.unwrap();
        assert_eq!(
            failure.reason(),
            "it was not run: its folder gen is a file, not a folder"
        );
        assert!(region_folder_steps(&found(&["a"], &[])).is_err());
    }

    #[test]
    fn a_refusal_is_told_in_the_file_systems_words() {
        let blocked = StepOutcome {
            path: "gen".into(),
            outcome: OutcomeKind::Blocked,
            backup: None,
            error: Some(OsError {
                message: "permission denied".into(),
                code: "EACCES".into(),
                ..OsError::default()
            }),
        };
        let failure = region_folders_done(&[blocked]).unwrap();
        assert_eq!(
            failure.reason(),
            "it was not run: its folder gen could not be made (permission denied, EACCES)"
        );
        let changed = StepOutcome {
            path: "gen".into(),
            outcome: OutcomeKind::Changed,
            backup: None,
            error: None,
        };
        assert!(region_folders_done(&[changed])
            .unwrap()
            .reason()
            .ends_with("something is in its way (a file or a link on its path)"));
        assert_eq!(region_folders_done(&[]), None);
    }
}
