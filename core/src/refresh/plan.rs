//! Per-file plans for `upkeep install` and `upkeep refresh`: what to do with each file,
//! and the record that results once every action is done.
//!
//! The shim observes (kind and hash of each source and host path), calls
//! [`plan_refresh`] or [`plan_install`], and executes the actions in order; it never
//! decides one. Per state:
//!
//! | state | decision | action | recorded afterwards |
//! |---|---|---|---|
//! | unchanged-identical | – | `none` | source hash |
//! | unchanged-stale | – | `write` (backed up) | source hash |
//! | locally-modified | keep-mine | `record` | host hash |
//! | locally-modified | take-theirs | `write` (backed up) | source hash |
//! | locally-modified | merge | `diff` (nothing written) | unchanged |
//! | locally-modified | confirmed (`--confirm`) | `record` (the hand merge) | host hash |
//! | locally-modified | none | `pending` | unchanged |
//! | new-upstream (never recorded) | – | `write` | source hash |
//! | host-deleted | restore / forget / none | `write` / `record` / `pending` | source / dropped / unchanged |
//! | source-deleted | remove / keep / none | `remove` (backed up) / `record` / `pending` | dropped / dropped / unchanged |
//! | both-deleted | – | `record` | dropped |
//!
//! Confirming a hand merge: after a `merge` decision the user edits the file, then re-runs
//! with the file in [`RefreshOptions::confirm`] (`--confirm <target>`). The merged bytes
//! become the new baseline exactly as keep-mine records them (against this source
//! version, so a later upstream change asks again). Confirming a file that is not
//! locally modified is refused: there is no merge to confirm.
//!
//! A symlink, directory or other non-file at a managed path is a `conflict` whatever the
//! decision: upkeep never writes through it or replaces it.
//!
//! ```
//! use upkeep_core::refresh::{plan_refresh, Action, Observations, PathObservation, RefreshOptions};
//! use upkeep_core::sha256_hex;
//!
//! let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"}]}"#;
//! let old = sha256_hex(b"old");
//! let record = format!(r#"{{"schema":1,"files":[{{"src":"a","target":"a","sha256":"{old}"}}]}}"#);
//! let observations = Observations {
//!     sources: vec![PathObservation::file("a", sha256_hex(b"new"))],
//!     hosts: vec![PathObservation::file("a", old)],
//! };
//! let plan = plan_refresh(manifest, Some(record.as_bytes()), &observations, &RefreshOptions::default()).unwrap();
//! assert_eq!(plan.files[0].action, Action::Write);
//! assert!(plan.record_text.contains(&sha256_hex(b"new")));
//! ```

use super::classify::{classify, FileState, Hashes};
use super::journal::InterruptedRun;
use super::manifest::{
    parse_install_manifest, render_source_record, InstallManifest, RecordFile, SourceRecord, SCHEMA,
};
use super::session::RefreshSession;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::{EntryKind, Observed};
use foldhash::{HashMap, HashMapExt};

/// A choice about one file, made by the user, by `--auto`, or recovered from a journal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RefreshDecision"))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Decision {
    /// Locally modified: keep the host's file and record its hash as the new baseline.
    KeepMine,
    /// Locally modified: back up the host's file and replace it with the source's.
    TakeTheirs,
    /// Locally modified: show the diff, write nothing; re-run after a hand merge.
    Merge,
    /// Host deleted: write the source's file again.
    Restore,
    /// Host deleted: drop it from the record for good.
    Forget,
    /// Source deleted: back up and delete the host's file.
    Remove,
    /// Source deleted: leave the file to the user and drop it from the record.
    Keep,
}

impl Decision {
    /// The kebab-case name used on the command line and in the journal.
    pub fn name(self) -> &'static str {
        match self {
            Decision::KeepMine => "keep-mine",
            Decision::TakeTheirs => "take-theirs",
            Decision::Merge => "merge",
            Decision::Restore => "restore",
            Decision::Forget => "forget",
            Decision::Remove => "remove",
            Decision::Keep => "keep",
        }
    }

    /// Parses a kebab-case name.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Decision::KeepMine,
            Decision::TakeTheirs,
            Decision::Merge,
            Decision::Restore,
            Decision::Forget,
            Decision::Remove,
            Decision::Keep,
        ]
        .into_iter()
        .find(|d| d.name() == name)
    }

    /// The decisions that apply to files in `state`.
    pub fn choices(state: FileState) -> &'static [Decision] {
        match state {
            FileState::LocallyModified => {
                &[Decision::KeepMine, Decision::TakeTheirs, Decision::Merge]
            }
            FileState::HostDeleted => &[Decision::Restore, Decision::Forget],
            FileState::SourceDeleted => &[Decision::Remove, Decision::Keep],
            _ => &[],
        }
    }
}

/// What the shim does for one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Action {
    /// Nothing: the file and its record entry are already right.
    None,
    /// Copy the source file to the target, atomically; back it up first when `backup`.
    Write,
    /// Back up the target, then delete it.
    Remove,
    /// Only the record changes.
    Record,
    /// Print the unified diff host → source; write nothing.
    Diff,
    /// Waiting for a decision; nothing written.
    Pending,
    /// Refused (see `reason`); nothing written.
    Conflict,
}

impl Action {
    /// The action's name as reports and JSON spell it (`write`, `record`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Action::None => "none",
            Action::Write => "write",
            Action::Remove => "remove",
            Action::Record => "record",
            Action::Diff => "diff",
            Action::Pending => "pending",
            Action::Conflict => "conflict",
        }
    }

    /// Whether the action writes no file (`record`, `diff`, `pending`, `conflict`): the
    /// shim journals it and the executor never sees it.
    pub fn writes_no_file(self) -> bool {
        !matches!(self, Action::None | Action::Write | Action::Remove)
    }

    /// What became of a file whose action writes no file, once the run carried its plan
    /// out: a recorded decision is `done`; a diff, a pending file or a conflict stays what
    /// it was. `None` for the actions the executor reports on.
    pub fn settled_outcome(self) -> Option<&'static str> {
        match self {
            Action::Record => Some("done"),
            _ if self.writes_no_file() => Some(self.name()),
            _ => None,
        }
    }
}

// Its serde is written by hand (`path_observation.rs`), one flat object as before:
// `#[serde(flatten)]` decoded 100,000 observations about 2.9 times as slowly from
// self-describing values (as the bindings decode), 1.7 times from JSON text.
/// The path an observation is about, and what was found there: the one observation
/// type, [`Observed`], keyed by its path (one flat object on the wire).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct PathObservation {
    /// The manifest path (`src` for a source, `target` for a host file).
    pub path: String,
    /// What is at the path.
    #[cfg_attr(feature = "contracts", schemars(flatten))]
    pub observed: Observed,
}

impl PathObservation {
    /// `observed` at `path`.
    pub fn new(path: &str, observed: Observed) -> Self {
        PathObservation {
            path: path.to_string(),
            observed,
        }
    }

    /// A regular file at `path` with this raw hash.
    pub fn file(path: &str, sha256: String) -> Self {
        Self::new(path, Observed::file(sha256))
    }

    /// What was found, checked as every observation is ([`Observed::check`]).
    fn observed(&self) -> Result<Observed> {
        self.observed.check(&self.path)?;
        Ok(self.observed.clone())
    }
}

/// Everything the shim found: each manifest `src` in the source, each target on the host.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Observations {
    /// One per manifest `src`.
    pub sources: Vec<PathObservation>,
    /// One per manifest `target` and per recorded target the manifest no longer lists.
    pub hosts: Vec<PathObservation>,
}

/// One explicit decision, by target path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct FileDecision {
    /// The host path.
    pub target: String,
    /// What to do with it.
    pub decision: Decision,
}

/// What each of [`RefreshOptions`]' decide-every-file options may be set to, by its
/// key: the decisions of its state (`--auto`, `--host-deleted`, `--source-deleted`).
pub const BULK_DECISIONS: [(&str, [Decision; 2]); 3] = [
    ("auto", [Decision::TakeTheirs, Decision::KeepMine]),
    ("hostDeleted", [Decision::Restore, Decision::Forget]),
    ("sourceDeleted", [Decision::Remove, Decision::Keep]),
];

/// How a refresh decides what the user has not decided file by file.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", default))]
pub struct RefreshOptions {
    /// `--auto`: keep-mine or take-theirs for every locally-modified file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub auto: Option<Decision>,
    /// Restore or forget every host-deleted file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub host_deleted: Option<Decision>,
    /// Remove or keep every source-deleted file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub source_deleted: Option<Decision>,
    /// Decisions for single files (prompt answers); they win over the options above.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub decisions: Vec<FileDecision>,
    /// `--confirm`: targets the user merged by hand; each records the host's bytes as the
    /// new baseline (keep-mine). A target that is not locally modified is refused.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub confirm: Vec<String>,
    /// The interrupted run being resumed: its decisions are reused, and a file it was
    /// writing that now holds neither the old nor the new content is a conflict.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub resume: Option<InterruptedRun>,
    /// How errors name the manifest (default `install/manifest.json`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest_name: Option<String>,
    /// How errors name the record (default `.upkeep-source.json`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub record_name: Option<String>,
    /// A dry run (`--dry-run`): it writes nothing, so nobody is asked about a file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
}

/// The plan for one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct PlannedFile {
    /// Path in the source (the record's `src` for a file the source no longer lists).
    pub src: String,
    /// Path in the host repository.
    pub target: String,
    /// The old `src` when the source renamed the file.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub renamed_from: Option<String>,
    /// The state (install plans report `unchanged-identical`, `host-deleted` or `locally-modified`).
    pub state: FileState,
    /// What was found on the host.
    pub host_kind: EntryKind,
    /// The decision applied, if any.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub decision: Option<Decision>,
    /// What the shim does.
    pub action: Action,
    /// Back up the host's file before `write` or `remove`.
    pub backup: bool,
    /// Hash of the source's file, if it has one.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub source_sha256: Option<String>,
    /// Hash of the host's file, if it is a file.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub host_sha256: Option<String>,
    /// Hash recorded before this run.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub recorded_sha256: Option<String>,
    /// Hash recorded after this run (`None`: not in the record).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub new_sha256: Option<String>,
    /// Why the file needs attention (pending, conflict, diff).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub reason: Option<String>,
    /// Write the source with CRLF line endings ([`crate::text::to_crlf`]): the host's copy
    /// holds CRLF and the source none, so the checkout converts line endings (autocrlf)
    /// and the written file follows it. The record keeps the source's hash, which the
    /// converted file equals once its CRLF are normalized.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "std::ops::Not::not", default)
    )]
    pub crlf: bool,
}

/// Whether writing `source` over `host` follows the checkout's CRLF (see [`PlannedFile::crlf`]).
pub(crate) fn follows_crlf_checkout<H: Hashes>(action: Action, source: &H, host: &H) -> bool {
    action == Action::Write
        && host.kind() == EntryKind::File
        && host.sha256_lf().is_some()
        && source.sha256_lf().is_none()
}

/// A whole plan: per-file actions and the record to write once they are all done.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Plan {
    /// Where the record lives in the host repository.
    pub record_path: String,
    /// The host folder for the record, journal, lock and backups.
    pub home: String,
    /// One entry per file, manifest order first, then files the source dropped.
    pub files: Vec<PlannedFile>,
    /// The record's new content.
    pub record_text: String,
    /// Whether the record's content changes.
    pub record_changed: bool,
    /// Files waiting for a decision, shown as a diff, or in conflict.
    pub attention: u32,
}

fn invalid(path: &str, detail: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidArgument, path, detail)
}

/// One side's observations by path, built once per plan so each file's lookup is O(1)
/// (a linear search per file made 100,000-file plans quadratic). The first observation of
/// a path wins, as the search did.
struct ObservationIndex<'o> {
    side: &'static str,
    by_path: HashMap<&'o str, &'o PathObservation>,
}

impl<'o> ObservationIndex<'o> {
    fn new(list: &'o [PathObservation], side: &'static str) -> Self {
        let mut by_path = HashMap::with_capacity(list.len());
        for o in list {
            by_path.entry(o.path.as_str()).or_insert(o);
        }
        ObservationIndex { side, by_path }
    }

    fn lookup(&self, path: &str) -> Result<Observed> {
        self.by_path
            .get(path)
            .ok_or_else(|| invalid(path, format!("no {} observation for this path", self.side)))?
            .observed()
    }
}

/// Plans a refresh from the manifest's and record's bytes (`record: None` when there is
/// no record yet), what the shim observed, and the decisions taken so far.
pub fn plan_refresh(
    manifest: &[u8],
    record: Option<&[u8]>,
    observations: &Observations,
    options: &RefreshOptions,
) -> Result<Plan> {
    RefreshSession::new(manifest, record, observations.clone(), options.clone())
        .map(RefreshSession::into_plan)
}

fn finish(
    manifest: &InstallManifest,
    files: Vec<PlannedFile>,
    record_text: String,
    record_changed: bool,
) -> Plan {
    let attention = files
        .iter()
        .filter(|f| matches!(f.action, Action::Pending | Action::Diff | Action::Conflict))
        .count() as u32;
    Plan {
        record_path: manifest.record_path(),
        home: manifest.home.clone(),
        files,
        record_text,
        record_changed,
        attention,
    }
}

/// The kebab-case name of a state, as reports and the journal spell it.
pub fn state_name(state: FileState) -> &'static str {
    match state {
        FileState::UnchangedIdentical => "unchanged-identical",
        FileState::UnchangedStale => "unchanged-stale",
        FileState::LocallyModified => "locally-modified",
        FileState::HostDeleted => "host-deleted",
        FileState::SourceDeleted => "source-deleted",
        FileState::BothDeleted => "both-deleted",
        FileState::NewUpstream => "new-upstream",
    }
}

pub(crate) fn kind_name(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::File => "file",
        EntryKind::Missing => "nothing",
        EntryKind::Symlink => "symbolic link",
        EntryKind::Directory => "directory",
        EntryKind::Other => "special file",
    }
}

pub(crate) fn choice_list(state: FileState) -> String {
    Decision::choices(state)
        .iter()
        .map(|d| d.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plans an install: copy every file; an existing different file (or anything that is not
/// a file) is a conflict unless `force`, which backs the file up and replaces it. A
/// symlink or directory is a conflict even with `force`.
pub fn plan_install(
    manifest: &[u8],
    manifest_name: &str,
    observations: &Observations,
    force: bool,
) -> Result<Plan> {
    let manifest = parse_install_manifest(manifest, manifest_name)?;
    let sources = ObservationIndex::new(&observations.sources, "source");
    let hosts = ObservationIndex::new(&observations.hosts, "host");
    let mut files = Vec::new();
    let mut entries = Vec::new();
    for file in &manifest.files {
        let source = sources.lookup(&file.src)?;
        if source.kind != EntryKind::File {
            return Err(Error::new(
                ErrorKind::InvalidManifest,
                &file.src,
                format!(
                    "listed in {manifest_name}, but the source has {} there",
                    kind_name(source.kind)
                ),
            ));
        }
        let host = hosts.lookup(&file.target)?;
        let state = classify(&source, &host, None);
        let (action, reason) = match host.kind {
            EntryKind::Missing => (Action::Write, None),
            EntryKind::File if host.same_as(&source) => (Action::Record, None),
            EntryKind::File if force => (Action::Write, None),
            EntryKind::File => (
                Action::Conflict,
                Some(
                    "a different file is already there; --force backs it up and replaces it"
                        .to_string(),
                ),
            ),
            kind => (
                Action::Conflict,
                Some(format!(
                    "the host has a {} here; upkeep never writes through or replaces it",
                    kind_name(kind)
                )),
            ),
        };
        entries.push(RecordFile {
            src: file.src.clone(),
            target: file.target.clone(),
            sha256: source.sha256.clone().unwrap_or_default(),
            kept_against: None,
            extra: Vec::new(),
        });
        files.push(PlannedFile {
            src: file.src.clone(),
            target: file.target.clone(),
            renamed_from: None,
            state,
            host_kind: host.kind,
            decision: None,
            action,
            backup: action == Action::Write && host.kind == EntryKind::File,
            source_sha256: source.sha256.clone(),
            host_sha256: host.sha256.clone(),
            recorded_sha256: None,
            new_sha256: source.sha256.clone(),
            reason,
            crlf: follows_crlf_checkout(action, &source, &host),
        });
    }
    let record_text = render_source_record(&SourceRecord {
        schema: SCHEMA,
        files: entries,
        extra: Vec::new(),
    });
    Ok(finish(&manifest, files, record_text, true))
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
