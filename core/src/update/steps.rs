//! The write steps of an update plan: each action with what must be at its path right
//! before the swap (the project's file as the plan read it, by SHA-256, or nothing), the
//! digest the release's file must still have when it is copied, and its backup; the
//! self-ignoring `.gitignore` of the merge and backups folders; and the preflight that
//! no two write targets collide.

use super::{Action, SideMap, Sides, UpdateOptions};
use crate::error::{Error, ErrorKind, Result};
use crate::hash::Digest;
use crate::regions::{JobStatus, RegenJob};
use crate::update::layout::{backup_dir, update_paths, BACKUPS_DIR};
use crate::update::table::Side;
use crate::update::versions::check_run_id;
use crate::writes::{check_write_targets, ignore_step, Expect, StepContent, WriteStep};
use foldhash::HashSet;

/// The steps for `actions`, in order, after the folders' ignore files.
pub(super) fn build(
    actions: &[Action],
    sides: &SideMap,
    jobs: &[RegenJob],
    leftover_patches: &[String],
    options: &UpdateOptions,
) -> Result<Vec<WriteStep>> {
    let layout = update_paths(options.state_dir.as_str())?;
    let merge_prefix = format!("{}/", layout.merge_dir);
    let leftover: HashSet<&str> = leftover_patches.iter().map(String::as_str).collect();
    let mut steps = Vec::with_capacity(actions.len() + 2);
    for (index, action) in actions.iter().enumerate() {
        let step = match action {
            Action::Copy { path, backup_path } => {
                let s = sides_of(sides, path)?;
                WriteStep::new(
                    path,
                    expect_current(&s.a, path)?,
                    StepContent::Copy {
                        from: path.clone(),
                        sha256: digest(&s.l, path, "latest")?,
                        crlf: false,
                    },
                    backup_path.clone(),
                    Some(index),
                )
            }
            Action::WriteMerged {
                path, backup_path, ..
            } => WriteStep::new(
                path,
                expect_current(&sides_of(sides, path)?.a, path)?,
                StepContent::Planned,
                Some(backup_path.clone()),
                Some(index),
            ),
            Action::WritePatch { patch_path, .. } => {
                // A patch or notes file a prior run left is backed up before it is replaced.
                let left = patch_path
                    .strip_prefix(&merge_prefix)
                    .is_some_and(|rel| leftover.contains(rel));
                WriteStep::new(
                    patch_path,
                    Expect::Any,
                    StepContent::Planned,
                    (left && check_run_id(&options.run_id).is_ok())
                        .then(|| format!("{}/{patch_path}", backup_dir(&options.run_id))),
                    Some(index),
                )
            }
        };
        steps.push(step);
    }
    let mut ignores = Vec::new();
    // A regeneration that runs may back up its paths, and its repairs save what they
    // remove or overwrite in the backups folder too.
    let backs_up =
        steps.iter().any(|s| s.backup.is_some()) || jobs.iter().any(|j| j.status == JobStatus::Run);
    if backs_up {
        ignores.push(ignore_step(BACKUPS_DIR));
    }
    if steps.iter().any(|s| s.path.starts_with(&merge_prefix)) {
        ignores.push(ignore_step(&layout.merge_dir));
    }
    let steps: Vec<WriteStep> = ignores.into_iter().chain(steps).collect();
    check_write_targets(
        &steps,
        &[
            layout.version,
            layout.manifest,
            layout.progress,
            layout.lock,
        ],
    )?;
    Ok(steps)
}

fn sides_of<'s>(sides: &'s SideMap, path: &str) -> Result<&'s Sides> {
    sides.get(path).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            "an action names a path whose sides were not supplied",
        )
    })
}

/// The SHA-256 of a regular file's side: the supplied digest, else that of its bytes.
fn digest(side: &Side, path: &str, which: &str) -> Result<String> {
    match side {
        Side::File {
            digest: Some(d), ..
        } => Ok(d.to_hex()),
        Side::File {
            bytes: Some(b),
            digest: None,
            ..
        } => Ok(Digest::of(b).to_hex()),
        _ => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!("a write needs the {which} side as a regular file"),
        )),
    }
}

/// What the project's path must hold right before it is replaced.
fn expect_current(a: &Side, path: &str) -> Result<Expect> {
    match a {
        Side::Missing => Ok(Expect::Missing),
        _ => Ok(Expect::File {
            sha256: digest(a, path, "current")?,
        }),
    }
}

#[cfg(test)]
mod tests {
    use crate::sha256_hex;
    use crate::update::{plan_update, ConflictMode, FileInput, SideInput, UpdateInput};
    use crate::writes::{Expect, StepContent};

    #[test]
    fn every_action_gets_its_compare_and_swap_facts() {
        let manifest =
            r#"{"schema":1,"files":{"a.txt":"owned","b.txt":"shared","new.txt":"owned"}}"#;
        let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
        input.options.run_id = "run1".into();
        input.options.conflicts = ConflictMode::Patch;
        let file = |b: &[u8]| Some(SideInput::file(b));
        input.files = vec![
            FileInput {
                path: "a.txt".into(),
                current: file(b"v1"),
                baseline: file(b"v1"),
                latest: file(b"v2"),
            },
            FileInput {
                path: "b.txt".into(),
                current: file(b"mine\n"),
                baseline: file(b"v1\n"),
                latest: file(b"v2\n"),
            },
            FileInput {
                path: "new.txt".into(),
                current: None,
                baseline: None,
                latest: file(b"n"),
            },
        ];
        input.leftover_patches = vec!["b.txt.patch".into()];
        let plan = plan_update(input).unwrap();
        let paths: Vec<&str> = plan.steps.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                ".upkeep-backups/.gitignore",
                ".upkeep-merge/.gitignore",
                "a.txt",
                ".upkeep-merge/b.txt.patch",
                ".upkeep-merge/b.txt.yours.diff",
                "new.txt"
            ]
        );
        let a = &plan.steps[2];
        assert_eq!(
            a.expect,
            Expect::File {
                sha256: sha256_hex(b"v1")
            }
        );
        assert_eq!(
            a.content,
            StepContent::Copy {
                from: "a.txt".into(),
                sha256: sha256_hex(b"v2"),
                crlf: false
            }
        );
        assert_eq!(a.backup.as_deref(), Some(".upkeep-backups/run1/a.txt"));
        let patch = &plan.steps[3];
        assert_eq!(
            (patch.expect.clone(), patch.backup.as_deref()),
            (
                Expect::Any,
                Some(".upkeep-backups/run1/.upkeep-merge/b.txt.patch")
            )
        );
        assert_eq!(plan.steps[5].expect, Expect::Missing);
        assert_eq!(plan.steps[0].expect, Expect::IfMissing);
    }

    #[test]
    fn colliding_patch_paths_are_refused_before_anything_is_written() {
        let manifest = r#"{"schema":1,"files":{"d":"shared","d.patch/e":"shared"}}"#;
        let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
        input.options.run_id = "run1".into();
        input.options.conflicts = ConflictMode::Patch;
        for path in ["d", "d.patch/e"] {
            input.files.push(FileInput {
                path: path.into(),
                current: Some(SideInput::file(b"mine\n")),
                baseline: Some(SideInput::file(b"v1\n")),
                latest: Some(SideInput::file(b"v2\n")),
            });
        }
        let err = plan_update(input).unwrap_err();
        assert_eq!(err.code(), "path-collision");
        assert!(err.to_string().contains(".upkeep-merge/d.patch"), "{err}");
    }
}
