//! Which regions regenerate after the walk, which are skipped (and why) and which are
//! refused, from the plan's facts; and the operand check.
//!
//! A region is skipped when one of its paths was left in conflict, was deleted by the
//! project, or when one of its paths or inputs was not reconciled this run (left in
//! conflict or in a whole-file fallback of a structured merge): regenerating would
//! discard what the project is about to choose, resurrect what it deleted, or derive the
//! body from an unmerged file. Suppression is region-granular. A region whose operand is
//! absolute, has a `..` segment, is not a file the same manifest manages, or is reached
//! through a symlink (or is not a regular file) in the project is refused.
//!
//! ```
//! use upkeep_core::regions::check_operand;
//! use std::collections::HashSet;
//!
//! let managed: HashSet<&str> = ["scripts/gen.sh"].into();
//! assert!(check_operand("scripts/gen.sh", &managed, false).is_ok());
//! assert!(check_operand("../gen.sh", &managed, false).unwrap_err().contains("'..'"));
//! assert!(check_operand("other.sh", &managed, false).unwrap_err().contains("not a file"));
//! ```

use std::collections::{BTreeSet, HashSet};

use super::decl::RegionDecl;
use crate::paths::validate_canonical_path;

/// What a regeneration's repairs save a file to before touching it: the run's backup
/// folder with this suffix (`.upkeep-backups/<run>-regen/`), a run folder of its own.
pub(crate) const REGEN_SUFFIX: &str = "-regen";

/// The folder a run's regeneration repairs are saved in, beside its backups.
pub(crate) fn regen_save_dir(backup_dir: &str) -> String {
    format!("{backup_dir}{REGEN_SUFFIX}")
}

/// What the flow does with a region after the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum JobStatus {
    /// Run its program.
    Run,
    /// Not this run; the report gives the reason and the command.
    Skipped,
    /// Never: the declaration cannot be run as it stands.
    Refused,
}

/// Why a regeneration was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionRefusalKind"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum RefusalKind {
    /// The declaration is malformed.
    Declaration,
    /// The manifest's `regions` could not be read.
    Manifest,
    /// The operand failed the check.
    Operand,
}

/// A declared path to copy into the backup folder before the program runs (when it
/// exists: the walk did not back it up).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionBackup {
    /// The project path.
    pub path: String,
    /// Where its copy goes.
    pub backup_path: String,
}

/// One region's regeneration, as planned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenJob {
    /// The region.
    pub region_id: String,
    /// What to run, in the project root, with no shell.
    pub argv: Vec<String>,
    /// The paths it may rewrite.
    pub paths: Vec<String>,
    /// Its own directories (the parents of its paths; `""` is the root): writes inside
    /// them outside its paths are put back.
    pub dirs: Vec<String>,
    /// Run, skipped or refused.
    pub status: JobStatus,
    /// Why it is skipped or refused.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub reason: Option<String>,
    /// The kind of refusal.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub refusal: Option<RefusalKind>,
    /// Copies to take first.
    pub backups: Vec<RegionBackup>,
    /// Top-level folders the snapshots leave out (`.git`, upkeep's backup and merge
    /// folders).
    pub snapshot_skip: Vec<String>,
    /// Top-level folders kept read-only even inside its directories (`.git`, the state,
    /// merge and backup folders), where the machine confines programs.
    #[cfg_attr(feature = "serde", serde(default))]
    pub protected: Vec<String>,
    /// Where a repair saves a regular file before removing or overwriting it, so putting
    /// back never loses a byte another process may have written.
    #[cfg_attr(feature = "serde", serde(default))]
    pub save_dir: String,
}

/// The plan's facts the decisions read.
#[derive(Clone, Debug, Default)]
pub struct JobFacts<'a> {
    /// The paths the latest manifest manages.
    pub managed: HashSet<&'a str>,
    /// Paths left in conflict.
    pub conflicted: HashSet<&'a str>,
    /// Declared paths the project deleted (the deletion is respected).
    pub deleted: HashSet<&'a str>,
    /// Paths not reconciled this run: conflicts, and whole-file fallbacks of structured
    /// merges (the hook issue 7 feeds).
    pub not_reconciled: HashSet<&'a str>,
    /// Paths whose project side is not a regular file (a symlink, or under one).
    pub not_a_file: HashSet<&'a str>,
    /// Paths the walk already backed up.
    pub backed_up: HashSet<&'a str>,
    /// Paths a claim handed over to the project: never rewritten by an update.
    pub claimed: HashSet<&'a str>,
    /// This run's backup folder.
    pub backup_dir: String,
    /// The state folder (`.upkeep`).
    pub state_dir: String,
}

/// The operand check: `Err` names what is wrong. `not_a_file`: the project's side of
/// the operand is a symlink, is under one, or is not a regular file.
pub fn check_operand(
    operand: &str,
    managed: &HashSet<&str>,
    not_a_file: bool,
) -> Result<(), String> {
    let shown = format!("the operand {operand:?}");
    if operand.starts_with(['/', '\\']) || operand.as_bytes().get(1) == Some(&b':') {
        return Err(format!("{shown} is absolute"));
    }
    if operand.split(['/', '\\']).any(|s| s == "..") {
        return Err(format!("{shown} has a '..' segment"));
    }
    if let Err(e) = validate_canonical_path(operand) {
        return Err(format!("{shown} is not a safe path: {e}"));
    }
    if !managed.contains(operand) {
        return Err(format!("{shown} is not a file the same manifest manages"));
    }
    if not_a_file {
        return Err(format!(
            "{shown} is a symbolic link, is reached through one, or is not a regular file in the project"
        ));
    }
    Ok(())
}

fn parent(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// Plans every well-formed region's regeneration, in declaration order.
pub fn plan_jobs(decls: &[RegionDecl], facts: &JobFacts<'_>) -> Vec<RegenJob> {
    decls
        .iter()
        .map(|decl| {
            let dirs: BTreeSet<&str> = decl.paths.iter().map(|p| parent(p)).collect();
            let mut job = RegenJob {
                region_id: decl.id.clone(),
                argv: decl.regenerate.argv(),
                paths: decl.paths.clone(),
                dirs: dirs.into_iter().map(str::to_string).collect(),
                status: JobStatus::Run,
                reason: None,
                refusal: None,
                backups: Vec::new(),
                snapshot_skip: vec![
                    ".git".into(),
                    crate::update::BACKUPS_DIR.into(),
                    format!("{}-backup", facts.state_dir),
                    format!("{}-merge", facts.state_dir),
                ],
                protected: vec![
                    ".git".into(),
                    facts.state_dir.clone(),
                    crate::update::BACKUPS_DIR.into(),
                    format!("{}-backup", facts.state_dir),
                    format!("{}-merge", facts.state_dir),
                ],
                save_dir: regen_save_dir(&facts.backup_dir),
            };
            let operand = &decl.regenerate.operand;
            if let Err(reason) = check_operand(
                operand,
                &facts.managed,
                facts.not_a_file.contains(operand.as_str()),
            ) {
                job.status = JobStatus::Refused;
                job.refusal = Some(RefusalKind::Operand);
                job.reason = Some(reason);
                return job;
            }
            let hits = |set: &HashSet<&str>, list: &[String]| -> Vec<String> {
                list.iter()
                    .filter(|p| set.contains(p.as_str()))
                    .cloned()
                    .collect()
            };
            let mut reasons = Vec::new();
            let conflicted = hits(&facts.conflicted, &decl.paths);
            if !conflicted.is_empty() {
                reasons.push(format!("left in conflict: {}", conflicted.join(", ")));
            }
            let deleted = hits(&facts.deleted, &decl.paths);
            if !deleted.is_empty() {
                reasons.push(format!("deleted in the project: {}", deleted.join(", ")));
            }
            let claimed = hits(&facts.claimed, &decl.paths);
            if !claimed.is_empty() {
                reasons.push(format!(
                    "taken over by the project (a claim): {}",
                    claimed.join(", ")
                ));
            }
            let unmerged: Vec<String> = hits(&facts.not_reconciled, &decl.inputs)
                .into_iter()
                .chain(hits(&facts.not_reconciled, &decl.paths))
                .filter(|p| !conflicted.contains(p))
                .collect();
            if !unmerged.is_empty() {
                reasons.push(format!(
                    "its inputs were not merged this run: {}",
                    unmerged.join(", ")
                ));
            }
            if !reasons.is_empty() {
                job.status = JobStatus::Skipped;
                job.reason = Some(reasons.join("; "));
                return job;
            }
            job.backups = decl
                .paths
                .iter()
                .filter(|p| !facts.backed_up.contains(p.as_str()))
                .map(|p| RegionBackup {
                    path: p.clone(),
                    backup_path: format!("{}/{p}", facts.backup_dir),
                })
                .collect();
            job
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::decl::Regenerate;

    fn decl(id: &str, paths: &[&str], inputs: &[&str], operand: &str) -> RegionDecl {
        RegionDecl {
            id: id.into(),
            start_marker: "s".into(),
            end_marker: "e".into(),
            paths: paths.iter().map(|p| p.to_string()).collect(),
            inputs: inputs.iter().map(|p| p.to_string()).collect(),
            regenerate: Regenerate {
                interpreter: "sh".into(),
                operand: operand.into(),
                args: vec!["--all".into()],
            },
        }
    }

    #[test]
    fn operand_checks() {
        let managed: HashSet<&str> = ["gen.sh", "tools/gen.sh"].into();
        #[rustfmt::skip]
        let table: &[(&str, bool, Option<&str>)] = &[
            ("gen.sh", false, None),
            ("tools/gen.sh", false, None),
            ("/gen.sh", false, Some("is absolute")),
            ("\\gen.sh", false, Some("is absolute")),
            ("C:gen.sh", false, Some("is absolute")),
            ("tools/../gen.sh", false, Some("'..' segment")),
            ("..\\gen.sh", false, Some("'..' segment")),
            ("./gen.sh", false, Some("not a safe path")),
            ("other.sh", false, Some("not a file the same manifest manages")),
            ("tools/gen.sh", true, Some("symbolic link")),
        ];
        for &(operand, link, want) in table {
            let got = check_operand(operand, &managed, link);
            match want {
                None => assert!(got.is_ok(), "{operand}: {got:?}"),
                Some(w) => assert!(got.as_ref().unwrap_err().contains(w), "{operand}: {got:?}"),
            }
        }
    }

    #[test]
    fn run_skip_refuse() {
        let decls = [
            decl("ok", &["docs/a.md", "b.md"], &["team.yml"], "gen.sh"),
            decl("conflicted", &["c.md", "d.md"], &[], "gen.sh"),
            decl("deleted", &["e.md"], &[], "gen.sh"),
            decl(
                "unmerged",
                &["f.md"],
                &["team.yml", "config.json"],
                "gen.sh",
            ),
            decl("refused", &["c.md"], &[], "missing.sh"),
            decl("claimed", &["g.md"], &[], "gen.sh"),
        ];
        let facts = JobFacts {
            managed: [
                "gen.sh",
                "docs/a.md",
                "b.md",
                "c.md",
                "d.md",
                "e.md",
                "f.md",
            ]
            .into(),
            conflicted: ["c.md"].into(),
            deleted: ["e.md"].into(),
            not_reconciled: ["c.md", "config.json"].into(),
            backed_up: ["b.md"].into(),
            claimed: ["g.md"].into(),
            backup_dir: ".upkeep-backups/r1".into(),
            state_dir: ".upkeep".into(),
            ..JobFacts::default()
        };
        let jobs = plan_jobs(&decls, &facts);
        let summary: Vec<_> = jobs
            .iter()
            .map(|j| (j.region_id.as_str(), j.status, j.reason.as_deref()))
            .collect();
        assert_eq!(
            summary,
            [
                ("ok", JobStatus::Run, None),
                (
                    "conflicted",
                    JobStatus::Skipped,
                    Some("left in conflict: c.md")
                ),
                (
                    "deleted",
                    JobStatus::Skipped,
                    Some("deleted in the project: e.md")
                ),
                (
                    "unmerged",
                    JobStatus::Skipped,
                    Some("its inputs were not merged this run: config.json")
                ),
                (
                    "refused",
                    JobStatus::Refused,
                    Some("the operand \"missing.sh\" is not a file the same manifest manages")
                ),
                (
                    "claimed",
                    JobStatus::Skipped,
                    Some("taken over by the project (a claim): g.md")
                ),
            ]
        );
        assert_eq!(jobs[0].argv, ["sh", "gen.sh", "--all"]);
        assert_eq!(jobs[0].dirs, ["", "docs"]);
        assert_eq!(
            jobs[0].backups,
            [RegionBackup {
                path: "docs/a.md".into(),
                backup_path: ".upkeep-backups/r1/docs/a.md".into()
            }]
        );
        assert_eq!(jobs[4].refusal, Some(RefusalKind::Operand));
        assert_eq!(
            jobs[0].snapshot_skip,
            [".git", ".upkeep-backups", ".upkeep-backup", ".upkeep-merge"]
        );
        assert_eq!(jobs[0].save_dir, ".upkeep-backups/r1-regen");
    }
}
