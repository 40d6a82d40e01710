//! `upkeep fleet plan`: the fleet's repositories in batches a CI matrix accepts (GitHub
//! Actions runs at most 256 jobs from one matrix, GitLab's `parallel:matrix` 200), in the
//! list's order, skipping a repository whose recorded version (read without a clone, so
//! only for a local path) is already the target or newer. A repository whose record could
//! not be read runs: its job reports why. Nothing here changes a repository.
//!
//! ```
//! use upkeep_core::fleet::{plan_fleet, FleetInput, FleetRecord};
//!
//! let mut input = FleetInput::new("../a\n../b\n../c\n", "repos.txt");
//! input.to = Some("1.3.0".into());
//! input.batch_size = Some(2);
//! input.records.push(FleetRecord { key: "b".into(), text: Some(
//!     r#"{"schema":1,"source":"../tpl.git","version":"1.3.0"}"#.into()), error: None });
//! let plan = plan_fleet(&input).unwrap();
//! assert_eq!(plan.skipped[0].key, "b");
//! assert_eq!(plan.batches.len(), 1);
//! assert_eq!(plan.summary, "fleet plan: 3 repositories, 1 skipped (already at 1.3.0 or newer), 2 to run in 1 batch of at most 2 jobs (github)");
//! ```

use super::list::{parse_fleet_list, FleetRepo};
use crate::error::{Error, ErrorKind, Result};
use crate::lifecycle::parse_project_source;
use crate::render::counted;
use crate::update::{compare_versions, Version};

/// The most jobs one GitHub Actions matrix runs.
pub const GITHUB_MATRIX_LIMIT: usize = 256;
/// The most jobs one GitLab `parallel:matrix` (or child pipeline here) runs.
pub const GITLAB_MATRIX_LIMIT: usize = 200;

/// The CI engine the batches are for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Platform {
    /// GitHub Actions: 256 jobs a matrix.
    #[default]
    Github,
    /// GitLab CI: 200 jobs a matrix.
    Gitlab,
}

impl Platform {
    /// Every platform, in the order messages name them.
    pub const ALL: [Platform; 2] = [Platform::Github, Platform::Gitlab];

    /// The platform's matrix limit.
    pub fn limit(self) -> usize {
        match self {
            Platform::Github => GITHUB_MATRIX_LIMIT,
            Platform::Gitlab => GITLAB_MATRIX_LIMIT,
        }
    }

    /// Its name, as `--platform` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Platform::Github => "github",
            Platform::Gitlab => "gitlab",
        }
    }
}

/// What the shim read for a local repository's `record`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct FleetRecord {
    /// The repository's key.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub key: String,
    /// The record's text, when it was read.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub text: Option<String>,
    /// Why it could not be read (the tool's own message).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub error: Option<String>,
}

/// The plan's input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct FleetInput {
    /// The list's text.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub list: String,
    /// The list's file name (chooses the format, names it in errors).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub label: String,
    /// `--to`: the target version; without it nothing is skipped (each job finds out).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub to: Option<String>,
    /// The CI engine (default GitHub).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub platform: Option<Platform>,
    /// Jobs per batch (default and maximum: the platform's limit).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub batch_size: Option<usize>,
    /// What was read for the local repositories.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub records: Vec<FleetRecord>,
}

impl FleetInput {
    /// An input with the list only.
    pub fn new(list: &str, label: &str) -> Self {
        FleetInput {
            list: list.into(),
            label: label.into(),
            ..Default::default()
        }
    }
}

/// A repository left out of the batches.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FleetSkip {
    /// The repository's key.
    pub key: String,
    /// The repository.
    pub repo: String,
    /// Its folder, when not the root.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub dir: Option<String>,
    /// The version it records.
    pub version: String,
    /// Why it is skipped.
    pub reason: String,
}

/// One CI matrix: `{"include": [...]}` is what a GitHub `strategy.matrix` takes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FleetBatch {
    /// 0-based.
    pub index: usize,
    /// The jobs, in the list's order.
    pub include: Vec<FleetRepo>,
}

/// The plan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FleetPlan {
    /// The CI engine.
    pub platform: Platform,
    /// Jobs per batch.
    pub batch_size: usize,
    /// The target version, when given.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub target: Option<String>,
    /// Repositories in the list.
    pub total: usize,
    /// Repositories to run.
    pub run: usize,
    /// Repositories left out, with why.
    pub skipped: Vec<FleetSkip>,
    /// Local repositories whose record could not be read or parsed (they run), with why.
    pub unread: Vec<FleetRecord>,
    /// The batches.
    pub batches: Vec<FleetBatch>,
    /// One line for the terminal.
    pub summary: String,
}

/// Plans the fleet (see the module docs).
pub fn plan_fleet(input: &FleetInput) -> Result<FleetPlan> {
    let repos = parse_fleet_list(&input.list, &input.label)?;
    let platform = input.platform.unwrap_or_default();
    let batch_size = input.batch_size.unwrap_or(platform.limit());
    if batch_size == 0 || batch_size > platform.limit() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "--batch-size",
            format!(
                "{batch_size} is not between 1 and {} ({}'s matrix limit)",
                platform.limit(),
                platform.name()
            ),
        ));
    }
    let target = match &input.to {
        Some(to) => Some(to.parse::<Version>().map_err(|_| {
            Error::new(
                ErrorKind::InvalidVersion,
                "--to",
                format!("{to:?} is not an exact version: a fleet plan compares exact versions (MAJOR.MINOR.PATCH, as in 1.3.0)"),
            )
        })?),
        None => None,
    };
    let mut skipped = Vec::new();
    let mut unread = Vec::new();
    let mut running = Vec::new();
    for repo in repos.iter() {
        let record = input.records.iter().find(|r| r.key == repo.key);
        let version = match record {
            Some(FleetRecord {
                text: Some(text), ..
            }) => {
                match parse_project_source(
                    text,
                    Some(repo.record.as_deref().unwrap_or("source.json")),
                ) {
                    Ok(source) => Some(source.version),
                    Err(e) => {
                        unread.push(FleetRecord {
                            key: repo.key.clone(),
                            text: None,
                            error: Some(e.to_string()),
                        });
                        None
                    }
                }
            }
            Some(FleetRecord {
                error: Some(error), ..
            }) => {
                unread.push(FleetRecord {
                    key: repo.key.clone(),
                    text: None,
                    error: Some(error.clone()),
                });
                None
            }
            _ => None,
        };
        let at_target = match (&target, &version) {
            (Some(target), Some(version)) => compare_versions(version, &target.to_string())
                .map(|o| o >= 0)
                .unwrap_or(false),
            _ => false,
        };
        match (at_target, version) {
            (true, Some(version)) => skipped.push(FleetSkip {
                key: repo.key.clone(),
                repo: repo.repo.clone(),
                dir: repo.dir.clone(),
                reason: format!(
                    "records {version}, already at {} or newer",
                    target.as_ref().map(ToString::to_string).unwrap_or_default()
                ),
                version,
            }),
            _ => running.push(repo.clone()),
        }
    }
    let run = running.len();
    let batches: Vec<FleetBatch> = running
        .chunks(batch_size)
        .enumerate()
        .map(|(index, chunk)| FleetBatch {
            index,
            include: chunk.to_vec(),
        })
        .collect();
    let mut summary = format!(
        "fleet plan: {}",
        counted(repos.len(), "repository", "repositories")
    );
    if let Some(target) = &target {
        summary.push_str(&format!(
            ", {} skipped (already at {target} or newer)",
            skipped.len()
        ));
    }
    summary.push_str(&format!(
        ", {run} to run in {} of at most {} ({})",
        counted(batches.len(), "batch", "batches"),
        counted(batch_size, "job", "jobs"),
        platform.name()
    ));
    if !unread.is_empty() {
        summary.push_str(&format!(
            "; {} unread (they run)",
            counted(unread.len(), "record", "records")
        ));
    }
    Ok(FleetPlan {
        platform,
        batch_size,
        target: target.map(|t| t.to_string()),
        total: repos.len(),
        run,
        skipped,
        unread,
        batches,
        summary,
    })
}

/// A YAML double-quoted scalar (JSON's escapes, which YAML reads the same), with `$`
/// doubled so GitLab does not expand it as a variable.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' => out.push_str("$$"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The GitLab child pipeline of one batch: one `parallel:matrix` job extending
/// `.upkeep-fleet-step` from the `include` file (the template shipped as
/// `ci/gitlab/upkeep-fleet-step.yml`), one matrix entry per repository.
pub fn gitlab_child_pipeline(plan: &FleetPlan, batch: usize, include: &str) -> Result<String> {
    if plan.platform != Platform::Gitlab {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "--gitlab-child",
            "needs a plan made with --platform gitlab (200 jobs a matrix)",
        ));
    }
    let count = plan.batches.len();
    let mut out = if count == 0 {
        "# A GitLab child pipeline made by `upkeep fleet plan --platform gitlab`: nothing to run.\n"
            .to_string()
    } else {
        format!(
            "# A GitLab child pipeline made by `upkeep fleet plan --platform gitlab --batch {batch}`: batch {} of {count}.\n",
            batch + 1
        )
    };
    let Some(chosen) = plan.batches.get(batch) else {
        if count == 0 {
            out.push_str("upkeep-fleet-nothing-to-do:\n  script:\n    - ");
            // A shell word in single quotes: the summary has parentheses.
            let word = plan.summary.replace('\'', "'\\''");
            out.push_str(&quoted(&format!("echo '{word}'")));
            out.push('\n');
            return Ok(out);
        }
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "--batch",
            format!(
                "{batch} is past the last batch ({}, numbered from 0)",
                counted(count, "batch", "batches")
            ),
        ));
    };
    out.push_str(&format!("include:\n  - local: {}\n", quoted(include)));
    out.push_str("upkeep-fleet:\n  extends: .upkeep-fleet-step\n  parallel:\n    matrix:\n");
    for repo in &chosen.include {
        out.push_str(&format!("      - UPKEEP_REPO: {}\n", quoted(&repo.repo)));
        out.push_str(&format!(
            "        UPKEEP_DIR: {}\n",
            quoted(repo.dir.as_deref().unwrap_or(""))
        ));
        out.push_str(&format!("        UPKEEP_KEY: {}\n", quoted(&repo.key)));
    }
    Ok(out)
}
