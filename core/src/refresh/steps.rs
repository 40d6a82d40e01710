//! The write steps of an install or refresh plan, for the executor update uses too: each
//! `write` or `remove` with what must be at the host path right before the swap (the file
//! the plan hashed, or nothing), the digest the source's file must still have when it is
//! copied, and its backup in the run's folder, after the backups folder's ignore file.
//!
//! ```
//! use upkeep_core::observe::Observed;
//! use upkeep_core::refresh::{plan_install, refresh_steps, Observations, PathObservation};
//! use upkeep_core::writes::Expect;
//! use upkeep_core::sha256_hex;
//!
//! let manifest = br#"{"schema": 1, "files": [{"src": "a.js", "target": "lib/a.js"}]}"#;
//! let observations = Observations {
//!     sources: vec![PathObservation::file("a.js", sha256_hex(b"x"))],
//!     hosts: vec![PathObservation::new("lib/a.js", Observed::missing())],
//! };
//! let plan = plan_install(manifest, "install/manifest.json", &observations, false).unwrap();
//! let steps = refresh_steps(&plan, ".upkeep-backups/r1").unwrap();
//! assert_eq!((steps[0].path.as_str(), &steps[0].expect), ("lib/a.js", &Expect::Missing));
//! ```

use super::plan::{Action, Plan};
use super::planner::{facts_of, FileFacts};
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;
use crate::writes::{check_write_targets, ignore_step, Expect, StepContent, WriteStep};

/// The steps that carry out `plan`; backups go to `backup_dir` (`<home>.upkeep-backups/<run>`).
pub fn refresh_steps(plan: &Plan, backup_dir: &str) -> Result<Vec<WriteStep>> {
    steps_of(facts_of(plan), backup_dir)
}

/// [`refresh_steps`] over a plan's files as [`FileFacts`] (a whole [`Plan`] or a session's).
pub(crate) fn steps_of<'p>(
    files: impl Iterator<Item = FileFacts<'p>>,
    backup_dir: &str,
) -> Result<Vec<WriteStep>> {
    let mut steps = Vec::new();
    for f in files {
        if !matches!(f.action, Action::Write | Action::Remove) {
            continue;
        }
        let (source_sha256, host_sha256) = f.digests();
        let expect = match (f.host_kind, host_sha256) {
            (EntryKind::Missing, _) => Expect::Missing,
            (EntryKind::File, Some(sha256)) => Expect::File {
                sha256: sha256.into_owned(),
            },
            _ => {
                return Err(inconsistent(
                    f.target,
                    "the host side is not a file with a hash",
                ))
            }
        };
        let content = match (f.action, source_sha256) {
            (Action::Remove, _) => StepContent::Remove,
            (_, Some(sha256)) => StepContent::Copy {
                from: f.src.to_string(),
                sha256: sha256.into_owned(),
                crlf: f.crlf,
            },
            _ => return Err(inconsistent(f.target, "a write has no source hash")),
        };
        let backed_up = f.backup && matches!(expect, Expect::File { .. });
        steps.push(WriteStep::new(
            f.target,
            expect,
            content,
            backed_up.then(|| format!("{backup_dir}/{}", f.target)),
            Some(f.index),
        ));
    }
    if steps.iter().any(|s| s.backup.is_some()) {
        let folder = backup_dir.rsplit_once('/').map_or("", |(parent, _)| parent);
        if !folder.is_empty() {
            steps.insert(0, ignore_step(folder));
        }
    }
    check_write_targets(&steps, &[])?;
    Ok(steps)
}

fn inconsistent(target: &str, why: &str) -> Error {
    Error::new(
        ErrorKind::InvalidArgument,
        target,
        format!("the plan cannot be carried out: {why}"),
    )
}
