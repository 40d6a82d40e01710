//! The update plan: every managed file walked through the decision table, the deletion
//! sweep, claims, the `--conflicts` choice, and the report — everything the shim needs to
//! execute an update, and nothing it has to decide.
//!
//! The walk is per file ([`plan_file`]): later capabilities (structured merges of config
//! files, generated regions) plug in there as strategies chosen by the manifest, before the
//! whole-file table.
//!
//! ```
//! use upkeep_core::update::{plan_update, Action, FileInput, SideInput, UpdateInput};
//!
//! let file = |bytes: &[u8]| Some(SideInput::file(bytes));
//! let manifest = r#"{"schema":1,"files":{"a.txt":"owned"}}"#;
//! let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
//! input.files.push(FileInput { path: "a.txt".into(), current: file(b"v1"), baseline: file(b"v1"), latest: file(b"v2") });
//! input.options.run_id = "run1".into();
//! let plan = plan_update(input).unwrap();
//! assert_eq!(plan.report.overwrite, ["a.txt"]);
//! assert!(matches!(&plan.actions[0], Action::Copy { backup_path: Some(b), .. } if b == ".upkeep-backups/run1/a.txt"));
//! ```

use std::collections::{BTreeMap, HashSet};

use super::bytes::Bytes;
use super::changelog::{adopter_actions, changelog_range, ChangelogSection, ProjectFacts};
use super::dirty::GitStatus;
use super::layout::DEFAULT_STATE_DIR;
use super::manifest::{parse_manifest, FileClass, Manifest};
use super::report::UpdateReport;
use super::summary::render_summary;
use super::table::{classify, Bucket, Row, Side};
use super::versions::check_run_id;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;
use crate::paths::byte_order;
use crate::structured::{parse_merges, MergeSpec, NotesContext, LOCKFILES};

#[path = "structured_file.rs"]
mod structured_file;

#[path = "conflict.rs"]
pub(super) mod conflict;

/// What to do with a file both sides changed (`--conflicts`; see [`ConflictRoute`](super::ConflictRoute)
/// for the routes each takes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum ConflictMode {
    /// Leave the file untouched; write upstream's change (baseline → latest) as a patch
    /// and the project's edits against latest beside it.
    Patch,
    /// The default: three-way merge; a clean merge is written, a conflicting one is
    /// written with diff3 conflict markers.
    #[default]
    Merge,
    /// Like `Merge`, with git's default two-part conflict markers (no baseline section).
    Markers,
}

/// One side of a file as the shim hands it over: a regular file's bytes and/or digest, or
/// the kind of non-file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SideInput {
    /// What is at the path (never `missing`: a side with nothing there is left out).
    #[cfg_attr(
        feature = "serde",
        serde(default, deserialize_with = "crate::observe::present_kind")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: EntryKind,
    /// A regular file's content.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub bytes: Option<Bytes>,
    /// A regular file's SHA-256 (64 hex digits), when its bytes are not supplied.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub digest: Option<String>,
    /// With `digest`, the file's size: the side is then compared as its bytes would be
    /// (with `binary` and `digestLf`, line-ending options included), and the planner asks
    /// for its bytes only if it needs them ([`UpdateSession`]).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub size: Option<u64>,
    /// With `size`: a NUL among the first 8,000 bytes ([`crate::content::ContentDigest`]).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub binary: bool,
    /// With `size`: the SHA-256 with CRLF read as LF, for a text file holding CRLF.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub digest_lf: Option<String>,
    /// The path was not looked at: a folder on the way is a link or not a folder. The
    /// side then counts as a link (behind a link) or as nothing there (behind a
    /// non-folder), whatever else it carries.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub blocked_by: Option<crate::observe::BlockedBy>,
}

impl SideInput {
    /// A regular file with these bytes.
    pub fn file(bytes: &[u8]) -> SideInput {
        SideInput {
            kind: EntryKind::File,
            bytes: Some(Bytes(bytes.to_vec())),
            ..SideInput::default()
        }
    }

    /// A regular file known by its digests only.
    pub fn digests(digest: &crate::content::ContentDigest) -> SideInput {
        SideInput {
            kind: EntryKind::File,
            digest: Some(digest.sha256.clone()),
            size: Some(digest.size),
            binary: digest.binary,
            digest_lf: digest.sha256_lf.clone(),
            ..SideInput::default()
        }
    }
}

/// The three sides of one path; `None` is "no file there".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FileInput {
    /// The manifest path.
    pub path: String,
    /// The project's copy (A).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<SideInput>,
    /// The baseline release's copy (B).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<SideInput>,
    /// The latest release's copy (L).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest: Option<SideInput>,
}

/// A project file a claim reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ClaimFile {
    /// Its path.
    pub path: String,
    /// Its bytes; `None` when absent.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub bytes: Option<Bytes>,
}

/// How to run the update.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct UpdateOptions {
    /// `--conflicts` (none given: [`ConflictMode::Merge`]).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub conflicts: ConflictMode,
    /// Compare with CRLF read as LF, so an autocrlf checkout is not all local edits.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub ignore_eol: bool,
    /// The state folder (`.upkeep`); backups go to `.upkeep-backups/<runId>/`, patches
    /// to `<stateDir>-merge/`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub state_dir: String,
    /// Names this run's backup folder (a timestamp, from the shim's clock).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub run_id: String,
    /// Whether the summary should say nothing was written.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
    /// Region awareness off for this run, asked by the caller.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub no_regions: bool,
    /// The value of `UPKEEP_NO_REGIONS` as the shim found it in the environment: `1`
    /// turns region awareness off for this run too ([`UpdateOptions::regions_off`]).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub no_regions_env: Option<String>,
    /// `--allow-dirty`: write even when managed files have uncommitted changes in git.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub allow_dirty: bool,
    /// This run resumes an interrupted one ([`start_update`](super::start_update) said
    /// so): files it already wrote are uncommitted by then, so the dirty guard stands aside.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub resumed: bool,
}

impl UpdateOptions {
    /// Whether region awareness is off for this run: asked (`noRegions`), or
    /// `UPKEEP_NO_REGIONS=1` in the environment (any other value leaves it on).
    pub fn regions_off(&self) -> bool {
        self.no_regions || self.no_regions_env.as_deref() == Some("1")
    }
}

impl Default for UpdateOptions {
    fn default() -> Self {
        UpdateOptions {
            conflicts: ConflictMode::Merge,
            ignore_eol: false,
            state_dir: DEFAULT_STATE_DIR.into(),
            run_id: String::new(),
            dry_run: false,
            no_regions: false,
            no_regions_env: None,
            allow_dirty: false,
            resumed: false,
        }
    }
}

/// Everything the planner needs, read by the shim.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct UpdateInput {
    /// The installed (baseline) version.
    pub from: String,
    /// The latest release's version.
    pub to: String,
    /// The baseline release's manifest text (left out for [`UpdateInputs::session`], which
    /// has it parsed).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub baseline_manifest: String,
    /// The latest release's manifest text (left out for [`UpdateInputs::session`]).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub latest_manifest: String,
    /// The sides of every path either manifest lists (see [`read_list`]).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub files: Vec<FileInput>,
    /// The project files claims read.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub claim_files: Vec<ClaimFile>,
    /// The latest release's CHANGELOG.md, when it has one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub changelog: Option<String>,
    /// The project's package.json, when it has one (adopter actions read it).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub package_json: Option<String>,
    /// The files a prior run left in the merge folder, relative to it (`a/b.md.patch`).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub leftover_patches: Vec<String>,
    /// Which of [`ReadList::lockfiles`] exist at the project root (the package manager
    /// named in notes and hints is decided from them).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub lockfiles: Vec<String>,
    /// What git says about the project's tree; `None` outside a git repository (or for a
    /// dry run, which writes nothing to guard).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub git: Option<GitStatus>,
    /// How to run.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub options: UpdateOptions,
}

impl UpdateInput {
    /// An input with no files yet and default options.
    pub fn new(from: &str, to: &str, baseline_manifest: &str, latest_manifest: &str) -> Self {
        UpdateInput {
            from: from.into(),
            to: to.into(),
            baseline_manifest: baseline_manifest.into(),
            latest_manifest: latest_manifest.into(),
            ..Default::default()
        }
    }
}

/// One step the shim executes, in order. Files are written atomically; a backup is
/// written and synced before its file is replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "UpdateAction"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "op", rename_all = "kebab-case", rename_all_fields = "camelCase")
)]
#[non_exhaustive]
pub enum Action {
    /// Copy the latest release's file to `path`, backing up the current one first when
    /// `backup_path` is set.
    Copy {
        /// The project path.
        path: String,
        /// Where the current file is backed up first.
        backup_path: Option<String>,
    },
    /// Back up the current file, then write `bytes` (a merge result) to `path`.
    WriteMerged {
        /// The project path.
        path: String,
        /// Where the current file is backed up first.
        backup_path: String,
        /// The new content.
        bytes: Bytes,
    },
    /// Write a conflict patch for `path` into the merge folder (or a field-aware merge's
    /// notes: `patch_path` then ends in `.notes`).
    WritePatch {
        /// The project path the patch is about.
        path: String,
        /// Where the patch goes.
        patch_path: String,
        /// `diff -u` of current against latest.
        bytes: Bytes,
    },
}

/// The verdict on one managed path, for `upkeep status` and for tools.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct FileOutcome {
    /// The path.
    pub path: String,
    /// Its class in the manifest that decided it (latest, or baseline for swept paths).
    pub class: FileClass,
    /// The table row it took; `None` for swept and claimed paths, and for paths merged
    /// field by field (or falling back from it: see the report's `structured`).
    pub row: Option<Row>,
    /// Whether the project changed it since the baseline (A present and A ≇ B).
    pub local_change: bool,
    /// Whether the latest release changes it (B ≇ L, including added and dropped files).
    pub upstream_change: bool,
    /// What the update does with it, in the report's words
    /// ([`UpdateReport::outcome_of`](super::UpdateReport::outcome_of)): `merged`,
    /// `conflict (markers)`, ...
    pub outcome: String,
}

/// The whole plan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdatePlan {
    /// The steps to execute, in order; empty when nothing needs writing.
    pub actions: Vec<Action>,
    /// The report of issue §7.
    pub report: UpdateReport,
    /// Per-path verdicts, in path order.
    pub files: Vec<FileOutcome>,
    /// The CHANGELOG sections between the two versions.
    pub changelog: Vec<ChangelogSection>,
    /// Whether an update is pending: the versions differ or something would be written.
    pub pending: bool,
    /// The human summary table, as the CLI prints it.
    pub summary: String,
    /// The writes that carry out `actions`, each with what must be at its path right
    /// before the swap (see [`crate::writes`]), after the folders' ignore files.
    pub steps: Vec<crate::writes::WriteStep>,
    /// The generated regions to regenerate, skip or refuse after the walk's writes (left
    /// out when there are none).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub region_jobs: Vec<crate::regions::RegenJob>,
}

/// The paths the shim must read for a plan: every path of either manifest (A, B and L
/// for the latest manifest's paths; A for paths only the baseline lists), and the files
/// claims read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ReadList {
    /// Every managed path, sorted.
    pub paths: Vec<String>,
    /// The project files the latest manifest's claims read.
    pub claim_files: Vec<String>,
    /// The lockfiles to look for at the project root (which package manager it uses).
    pub lockfiles: Vec<String>,
}

/// What [`plan_update`] needs read, from the two manifests' texts; `state_dir` is the
/// state folder, `None` (a binding's left-out argument) for `.upkeep`.
pub fn read_list<'a>(
    baseline_manifest: &str,
    latest_manifest: &str,
    state_dir: impl Into<Option<&'a str>>,
) -> Result<ReadList> {
    let state_dir = state_dir.into().unwrap_or(DEFAULT_STATE_DIR);
    let (baseline, latest) = manifests(baseline_manifest, latest_manifest, state_dir)?;
    Ok(read_list_of(&baseline, &latest))
}

/// [`read_list`] of parsed manifests.
fn read_list_of(baseline: &Manifest, latest: &Manifest) -> ReadList {
    // Sorted as borrowed names, copied once (owned names are larger to move).
    let mut names: Vec<&str> = latest
        .files
        .iter()
        .chain(&baseline.files)
        .map(|e| e.path.as_str())
        .collect();
    names.sort_unstable_by(|x, y| byte_order(x, y));
    names.dedup();
    let paths: Vec<String> = names.into_iter().map(str::to_string).collect();
    let mut claim_files: Vec<String> = latest.claims.iter().map(|c| c.file.clone()).collect();
    claim_files.sort();
    claim_files.dedup();
    let lockfiles = LOCKFILES.iter().map(|(name, _)| name.to_string()).collect();
    ReadList {
        paths,
        claim_files,
        lockfiles,
    }
}

fn manifests(baseline: &str, latest: &str, state_dir: &str) -> Result<(Manifest, Manifest)> {
    check_state_dir(state_dir)?;
    let baseline = parse_manifest(baseline, "baseline release manifest")?;
    let latest = parse_manifest(latest, "latest release manifest")?;
    check_manifests(&baseline, &latest, state_dir)?;
    Ok((baseline, latest))
}

/// What an update refuses in two parsed manifests: bad field-merge declarations, and a
/// managed path that is upkeep's own state.
fn check_manifests(baseline: &Manifest, latest: &Manifest, state_dir: &str) -> Result<()> {
    merge_specs(latest)?;
    for (manifest, label) in [
        (baseline, "baseline release manifest"),
        (latest, "latest release manifest"),
    ] {
        for entry in &manifest.files {
            if is_reserved(&entry.path, state_dir) {
                return Err(Error::new(
                    ErrorKind::InvalidManifest,
                    label,
                    format!(
                        "it lists {:?}, which is upkeep's own state, never a managed file",
                        entry.path
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The latest manifest's field-aware merge declarations, by path.
fn merge_specs(latest: &Manifest) -> Result<BTreeMap<String, MergeSpec>> {
    Ok(match &latest.merges {
        Some(node) => parse_merges(node, "latest release manifest")?
            .into_iter()
            .collect(),
        None => BTreeMap::new(),
    })
}

fn check_state_dir(state_dir: &str) -> Result<()> {
    super::layout::check_state_dir(state_dir)
}

/// The state files and upkeep's own folders are never managed.
fn is_reserved(path: &str, state_dir: &str) -> bool {
    super::layout::is_reserved(path, state_dir)
}

pub use super::layout::IN_PROGRESS_FILE;

/// Plans an update: validates the input, walks every path of the latest manifest, sweeps
/// what the latest manifest dropped, and builds the report. The in-memory route: every
/// side's bytes are in `input` ([`UpdateSession`] plans the same from digests).
pub fn plan_update(input: UpdateInput) -> Result<UpdatePlan> {
    let (mut prepared, files, claim_files) = prepare(input)?;
    let mut sides = SideMap::default();
    insert_sides(&mut sides, files, Keep::Bytes)?;
    prepared.claims(claim_files)?;
    plan_walk(&prepared, &sides, &mut BTreeMap::new())
}

/// The walk over every managed path, the deletion sweep and the report. A path with a
/// fragment (planned earlier from bytes supplied for it) takes that fragment; every
/// other path is planned here from its sides.
fn plan_walk(
    prepared: &Prepared,
    sides: &SideMap,
    fragments: &mut BTreeMap<String, session::Fragment>,
) -> Result<UpdatePlan> {
    let Prepared {
        options,
        baseline,
        latest,
        from,
        to,
        ..
    } = prepared;
    let claimed: HashSet<&str> = prepared.claimed.iter().map(String::as_str).collect();
    let mut walk = prepared.walk(false);
    let latest_paths: foldhash::HashSet<&str> =
        latest.files.iter().map(|e| e.path.as_str()).collect();
    let mut entries: Vec<_> = latest.files.iter().collect();
    // A manifest never lists a path twice, so an unstable sort orders it the one way.
    entries.sort_unstable_by(|x, y| byte_order(&x.path, &y.path));
    for entry in entries {
        let Some(s) = sides.get(&entry.path) else {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                &entry.path,
                "the latest manifest lists this path and its sides were not supplied",
            ));
        };
        if !s.l.is_present() {
            return Err(Error::new(
                ErrorKind::InvalidManifest,
                "latest release manifest",
                format!(
                    "it lists {:?}, which the latest release does not contain",
                    entry.path
                ),
            ));
        }
        if claimed.contains(entry.path.as_str()) {
            walk.outcome(&entry.path, entry.class, None, false, false);
            walk.report.skip.push(entry.path.clone());
            continue;
        }
        match fragments.remove(&entry.path) {
            Some(fragment) => walk.absorb(fragment),
            None => plan_file(&mut walk, &entry.path, entry.class, s)?,
        }
    }
    // The deletion sweep: baseline paths the latest manifest dropped.
    let mut dropped: Vec<_> = baseline
        .files
        .iter()
        .filter(|e| !latest_paths.contains(e.path.as_str()))
        .collect();
    dropped.sort_unstable_by(|x, y| byte_order(&x.path, &y.path));
    for entry in dropped {
        let Some(s) = sides.get(&entry.path) else {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                &entry.path,
                "the baseline manifest lists this path and its current side was not supplied",
            ));
        };
        let local =
            s.a.is_present() && s.b.is_present() && !same_side(&s.a, &s.b, options.ignore_eol);
        walk.outcome(&entry.path, entry.class, None, local, true);
        if claimed.contains(entry.path.as_str()) {
            walk.report.skip.push(entry.path.clone());
        } else if s.a.is_present() {
            walk.report.delete.push(entry.path.clone());
        } else {
            walk.report.removed.push(entry.path.clone());
        }
    }

    let changelog = match &prepared.changelog {
        Some(text) => changelog_range(text, &prepared.from_text, &prepared.to_text)?,
        None => Vec::new(),
    };
    let facts = ProjectFacts {
        packages: ProjectFacts::packages_from(prepared.package_json.as_deref()),
        still_present: walk.report.delete.iter().cloned().collect(),
        already_gone: walk.report.removed.iter().cloned().collect(),
    };
    walk.report.adopter_actions = adopter_actions(&changelog, &facts);
    let region_jobs = regions_step::finish_plan(
        &mut walk,
        latest,
        sides,
        &claimed,
        &prepared.leftover_patches,
    );
    // A dry run writes no backup, so its report names none.
    if walk.backups && !options.dry_run {
        walk.report.backup_dir = Some(backup_dir(options));
    }
    walk.report.sort();
    let outcomes = walk.report.outcomes();
    for file in &mut walk.files {
        file.outcome = outcomes
            .get(file.path.as_str())
            .cloned()
            .unwrap_or_default();
    }
    walk.report.install_needed = walk.report.package_json_changed();
    walk.report.package_manager = prepared.notes.package_manager;
    let steps = steps::build(
        &walk.actions,
        sides,
        &region_jobs,
        &prepared.leftover_patches,
        options,
    )?;
    let pending = from != to || !walk.actions.is_empty();
    let summary = render_summary(&walk.report, &options.state_dir, options.dry_run);
    Ok(UpdatePlan {
        actions: walk.actions,
        report: walk.report,
        files: walk.files,
        changelog,
        pending,
        summary,
        steps,
        region_jobs,
    })
}

fn backup_dir(options: &UpdateOptions) -> String {
    super::layout::backup_dir(&options.run_id)
}

fn same_side(x: &Side, y: &Side, ignore_eol: bool) -> bool {
    // Reuse the table's notion of ≅: A ≅ B exactly when the no-upstream-change row would
    // match with L = B.
    matches!(
        classify(FileClass::Shared, x, x, y, ignore_eol),
        Row::NoUpstreamChange
    )
}

/// The state of a walk in progress.
struct Walk<'a> {
    options: &'a UpdateOptions,
    actions: Vec<Action>,
    report: UpdateReport,
    files: Vec<FileOutcome>,
    backups: bool,
    regions: regions_step::RegionWalk<'a>,
    /// The latest manifest's `merges`, by path.
    merges: &'a BTreeMap<String, MergeSpec>,
    /// What field-merge notes say about the project (its version, its package manager).
    notes: &'a NotesContext,
}

impl Walk<'_> {
    fn outcome(
        &mut self,
        path: &str,
        class: FileClass,
        row: Option<Row>,
        local_change: bool,
        upstream_change: bool,
    ) {
        self.files.push(FileOutcome {
            path: path.into(),
            class,
            row,
            local_change,
            upstream_change,
            outcome: String::new(),
        });
    }

    fn backup_path(&mut self, path: &str) -> Result<String> {
        check_run_id(&self.options.run_id)?;
        self.backups = true;
        Ok(format!("{}/{path}", backup_dir(self.options)))
    }

    /// `<stateDir>-merge/<path><suffix>`: where a patch, a notes file or a copy for the
    /// project goes.
    fn merge_path(&self, path: &str, suffix: &str) -> String {
        format!("{}-merge/{path}{suffix}", self.options.state_dir)
    }

    /// Lists `path` in a bucket. Conflicts carry their route, so they are recorded by
    /// [`conflict`]; the one table row that reaches this with the conflicts bucket is a
    /// path that is not a regular file.
    fn bucket(&mut self, bucket: Bucket, path: &str, class: FileClass) {
        let list = match bucket {
            Bucket::Overwrite => &mut self.report.overwrite,
            Bucket::Merge => &mut self.report.merge,
            Bucket::Add => &mut self.report.add,
            Bucket::Removed => &mut self.report.removed,
            Bucket::Skip => &mut self.report.skip,
            Bucket::Delete => &mut self.report.delete,
            Bucket::Conflicts => return conflict::not_a_file(self, path, class),
        };
        list.push(path.into());
    }
}

/// Plans one managed file: the per-file walk. A path the latest manifest declares under
/// `merges` is merged field by field ([`structured_file`]) once presence triage lets it;
/// a path with declared generated regions is compared with their bodies masked
/// ([`regions_step`]); everything else takes the whole-file table.
fn plan_file(walk: &mut Walk<'_>, path: &str, class: FileClass, s: &Sides) -> Result<()> {
    if let Some(spec) = walk.merges.get(path).cloned() {
        if structured_file::plan_structured(walk, path, class, s, &spec)? {
            return Ok(());
        }
    }
    if regions_step::plan_region_file(walk, path, class, s)? {
        return Ok(());
    }
    let ignore_eol = walk.options.ignore_eol;
    let row = classify(class, &s.a, &s.b, &s.l, ignore_eol);
    let local = s.a.is_present() && s.b.is_present() && !same_side(&s.a, &s.b, ignore_eol);
    let upstream = !s.b.is_present() || !same_side(&s.b, &s.l, ignore_eol);
    walk.outcome(path, class, Some(row), local, upstream);
    let bucket = row.bucket(class);
    match row {
        Row::Add => walk.actions.push(Action::Copy {
            path: path.into(),
            backup_path: None,
        }),
        Row::Adopt | Row::NoLocalChange => {
            let backup_path = Some(walk.backup_path(path)?);
            walk.actions.push(Action::Copy {
                path: path.into(),
                backup_path,
            });
        }
        Row::UserDeleted | Row::NoUpstreamChange | Row::AlreadyLatest | Row::NotAFile => {}
        Row::Conflict => {
            if let Some(reason) = too_large::too_large(too_large::named(s)) {
                walk.conflict_because(path, class, reason);
                return Ok(());
            }
            let (a, b, l) = conflict::conflict_bytes(&s.a, &s.b, &s.l, path)?;
            let texts = conflict::ConflictTexts {
                a,
                b,
                l,
                view: None,
            };
            return conflict::plan_conflict(walk, path, class, &texts);
        }
    }
    walk.bucket(bucket, path, class);
    Ok(())
}

#[path = "plan_regions.rs"]
mod regions_step;

#[path = "steps.rs"]
mod steps;

#[path = "prepare.rs"]
mod prepare;
pub use prepare::SideColumns;
use prepare::{insert_sides, prepare, Keep, Prepared, SideMap, Sides};

#[path = "session.rs"]
mod session;

#[path = "inputs.rs"]
mod inputs;
pub use inputs::UpdateInputs;

#[path = "too_large.rs"]
mod too_large;
pub use session::{
    ContentNeed, PlanOutline, PlannedContent, RunEnd, SuppliedContent, UpdateSession,
};
pub use too_large::MAX_CONTENT_BYTES;

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
