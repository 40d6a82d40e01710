//! How `upkeep fleet plan` reads a local repository's recorded source without a clone,
//! step by step: the shim asks [`fleet_record_step`] what to do next (read the file in the
//! working tree; when it is not there, look whether the repository is a folder; then ask
//! git for the file at `HEAD`, as in a bare repository), does it, hands back what it
//! found, and asks again until the answer is [`RecordStep::Done`] with the record the plan
//! takes ([`super::FleetRecord`]): its text, or why it could not be read in the tool's
//! own words.
//!
//! ```
//! use upkeep_core::fleet::{fleet_record_step, parse_fleet_list, RecordRan, RecordReadInput, RecordStep};
//!
//! let repo = parse_fleet_list("../svc\n", "repos.txt").unwrap().remove(0);
//! let input = RecordReadInput { base: "/fleet".into(), repo };
//! let RecordStep::ReadFile { path } = fleet_record_step(&input, &[]).unwrap() else { panic!() };
//! assert_eq!(path, "/svc/.upkeep/source.json");
//! let read = RecordRan::Read { text: "{}".into() };
//! let RecordStep::Done { record } = fleet_record_step(&input, &[read]).unwrap() else { panic!() };
//! assert_eq!(record.text.as_deref(), Some("{}"));
//! ```

use super::list::FleetRepo;
use super::plan::FleetRecord;
use crate::error::{Error, ErrorKind, Result};
use crate::input_refusal::{input_refusal, InputProblem};
use crate::lifecycle::file_url_path;

/// A local repository whose record is to be read, and the folder its list is in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct RecordReadInput {
    /// The absolute folder of the list: a relative repository path is taken from it.
    pub base: String,
    /// The repository, as the list gave it ([`super::parse_fleet_list`]).
    pub repo: FleetRepo,
}

/// What one step found, as the shim saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
#[non_exhaustive]
pub enum RecordRan {
    /// The file was read (as UTF-8).
    Read {
        /// Its text.
        text: String,
    },
    /// Reading the file failed.
    ReadFailed {
        /// The error code (`ENOENT`, `EACCES`, ...), when there was one.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        code: Option<String>,
        /// The file system's words.
        message: String,
    },
    /// What is at the repository's path.
    Stat {
        /// Whether it is a folder.
        folder: bool,
    },
    /// Looking at the repository's path failed.
    StatFailed {
        /// The file system's words.
        message: String,
    },
    /// git ran.
    Git {
        /// Its exit status (none: a signal ended it).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        status: Option<i32>,
        /// What it printed on standard output (the file, when it succeeded).
        stdout: String,
        /// What it printed on standard error.
        stderr: String,
    },
}

/// What the shim does next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "action", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RecordStep {
    /// Read the file at `path` as UTF-8 text; hand back `read` or `read-failed`.
    ReadFile {
        /// The record in the repository's working tree.
        path: String,
    },
    /// Look at `path` (following a link); hand back `stat` or `stat-failed`.
    StatFolder {
        /// The repository.
        path: String,
    },
    /// Run `git <args>` in `root`; hand back `git`.
    Git {
        /// The repository.
        root: String,
        /// The arguments of `git`.
        args: Vec<String>,
    },
    /// Nothing more to do: the record for the plan.
    Done {
        /// Its text, or why it could not be read.
        record: FleetRecord,
    },
}

/// `rel` taken from the folder `base` as `path.join` would: `.` dropped, `..` going up.
fn join(base: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = if rel.starts_with('/') {
        Vec::new()
    } else {
        base.split('/').filter(|p| !p.is_empty()).collect()
    };
    for part in rel.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    format!("/{}", parts.join("/"))
}

/// The repository's folder on this machine, or why it has none.
fn folder(input: &RecordReadInput) -> Result<String, String> {
    let repo = &input.repo.repo;
    let path = if repo.starts_with("file:") {
        file_url_path(repo)?
    } else {
        repo.clone()
    };
    Ok(join(&input.base, &path))
}

/// The next step of reading the record of `input`'s repository, given what the steps so
/// far found, in order; a finding that does not answer the step asked is an
/// `invalid-argument` error.
pub fn fleet_record_step(input: &RecordReadInput, ran: &[RecordRan]) -> Result<RecordStep> {
    let key = input.repo.key.clone();
    let done = |text: Option<String>, problem: Option<InputProblem>| RecordStep::Done {
        record: FleetRecord {
            key: key.clone(),
            text,
            error: problem.map(|p| input_refusal(&p).message),
        },
    };
    let record = input.repo.record.clone().unwrap_or_default();
    let at = match folder(input) {
        Ok(at) => at,
        Err(why) => {
            return Ok(done(
                None,
                Some(InputProblem::FleetRepoUnreadable {
                    path: input.repo.repo.clone(),
                    error: why,
                }),
            ))
        }
    };
    let file = join(&at, &record);
    let mut found = ran.iter();
    match found.next() {
        None => return Ok(RecordStep::ReadFile { path: file }),
        Some(RecordRan::Read { text }) => return Ok(done(Some(text.clone()), None)),
        // Not in the working tree (or no working tree): asked of HEAD below.
        Some(RecordRan::ReadFailed { code, .. })
            if matches!(code.as_deref(), Some("ENOENT" | "ENOTDIR")) => {}
        Some(RecordRan::ReadFailed { message, .. }) => {
            return Ok(done(
                None,
                Some(InputProblem::FleetRepoUnreadable {
                    path: file,
                    error: message.clone(),
                }),
            ))
        }
        Some(other) => return Err(out_of_order(other)),
    }
    match found.next() {
        None => return Ok(RecordStep::StatFolder { path: at }),
        Some(RecordRan::Stat { folder: true }) => {}
        Some(RecordRan::Stat { folder: false }) => {
            return Ok(done(None, Some(InputProblem::NotAFolder { dir: at })))
        }
        Some(RecordRan::StatFailed { message }) => {
            return Ok(done(
                None,
                Some(InputProblem::FleetRepoUnreadable {
                    path: at,
                    error: message.clone(),
                }),
            ))
        }
        Some(other) => return Err(out_of_order(other)),
    }
    Ok(match found.next() {
        None => RecordStep::Git {
            root: at,
            args: vec!["show".into(), format!("HEAD:{record}")],
        },
        Some(RecordRan::Git {
            status: Some(0),
            stdout,
            ..
        }) => done(Some(stdout.clone()), None),
        Some(RecordRan::Git { status, stderr, .. }) => done(
            None,
            Some(InputProblem::FleetRecordNotInTree {
                root: at,
                record,
                stderr: stderr.clone(),
                status: *status,
            }),
        ),
        Some(other) => return Err(out_of_order(other)),
    })
}

/// The error for a finding that does not answer the step asked.
fn out_of_order(found: &RecordRan) -> Error {
    Error::new(
        ErrorKind::InvalidArgument,
        "ran",
        format!("{found:?} does not answer the step asked"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::parse_fleet_list;

    fn input(line: &str) -> RecordReadInput {
        RecordReadInput {
            base: "/fleet/lists".into(),
            repo: parse_fleet_list(&format!("{line}\n"), "repos.txt")
                .unwrap()
                .remove(0),
        }
    }

    fn missing() -> RecordRan {
        RecordRan::ReadFailed {
            code: Some("ENOENT".into()),
            message: "no such file".into(),
        }
    }

    #[test]
    fn paths_are_taken_from_the_lists_folder_or_a_file_url() {
        let step = |line: &str| fleet_record_step(&input(line), &[]).unwrap();
        assert_eq!(
            step("../svc"),
            RecordStep::ReadFile {
                path: "/fleet/svc/.upkeep/source.json".into()
            }
        );
        assert_eq!(
            step("file:///srv/my%20repo"),
            RecordStep::ReadFile {
                path: "/srv/my repo/.upkeep/source.json".into()
            }
        );
        let RecordStep::Done { record } = step("file://elsewhere/srv/x") else {
            panic!()
        };
        assert!(record.error.unwrap().contains("names another host"));
    }

    #[test]
    fn not_in_the_tree_it_is_asked_of_head() {
        let i = input("/srv/bare.git");
        assert_eq!(
            fleet_record_step(&i, &[missing()]).unwrap(),
            RecordStep::StatFolder {
                path: "/srv/bare.git".into()
            }
        );
        let folder = RecordRan::Stat { folder: true };
        assert_eq!(
            fleet_record_step(&i, &[missing(), folder.clone()]).unwrap(),
            RecordStep::Git {
                root: "/srv/bare.git".into(),
                args: vec!["show".into(), "HEAD:.upkeep/source.json".into()]
            }
        );
        let shown = RecordRan::Git {
            status: Some(0),
            stdout: "{}".into(),
            stderr: String::new(),
        };
        let RecordStep::Done { record } =
            fleet_record_step(&i, &[missing(), folder.clone(), shown]).unwrap()
        else {
            panic!()
        };
        assert_eq!(record.text.as_deref(), Some("{}"));
        let failed = RecordRan::Git {
            status: Some(128),
            stdout: String::new(),
            stderr: "fatal: not a git repository\n".into(),
        };
        let RecordStep::Done { record } =
            fleet_record_step(&i, &[missing(), folder, failed]).unwrap()
        else {
            panic!()
        };
        assert!(record
            .error
            .unwrap()
            .contains("no .upkeep/source.json in its tree"));
        let file = RecordRan::Stat { folder: false };
        let RecordStep::Done { record } = fleet_record_step(&i, &[missing(), file]).unwrap() else {
            panic!()
        };
        assert_eq!(
            record.error.as_deref(),
            Some("/srv/bare.git is not a folder")
        );
        assert!(fleet_record_step(&i, &[RecordRan::Stat { folder: true }]).is_err());
    }
}
