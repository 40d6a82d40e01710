//! Refresh: manifests, records, path checks, classification, plans and the journal.
//! Typed objects cross the boundary through serde; every function is decode → core → encode.

use crate::convert::{decode, decode_json, decode_or_default, encode, encode_json};
use crate::error::to_js;
use napi::bindgen_prelude::{Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::observe::Observed;
use upkeep_core::refresh as core;
use upkeep_core::ErrorKind;

/// Checks one manifest path; returns it with `/` separators.
#[napi]
pub fn validate_path(env: Env, path: String) -> napi::Result<String> {
    core::validate_path(&path).map_err(|e| to_js(&env, e))
}

/// Refuses paths that collide on case-insensitive or normalizing file systems.
#[napi]
pub fn check_collisions(env: Env, paths: Vec<String>) -> napi::Result<()> {
    let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
    core::check_collisions(&refs).map_err(|e| to_js(&env, e))
}

/// Parses and validates `install/manifest.json`.
#[napi(ts_return_type = "InstallManifest")]
pub fn parse_install_manifest<'env>(
    env: &'env Env,
    bytes: Uint8Array,
    name: String,
) -> napi::Result<Unknown<'env>> {
    let manifest = core::parse_install_manifest(&bytes, &name).map_err(|e| to_js(env, e))?;
    encode(env, &manifest)
}

/// Parses and validates `.upkeep-source.json`.
#[napi(ts_return_type = "SourceRecord")]
pub fn parse_source_record<'env>(
    env: &'env Env,
    bytes: Uint8Array,
    name: String,
) -> napi::Result<Unknown<'env>> {
    let record = core::parse_source_record(&bytes, &name).map_err(|e| to_js(env, e))?;
    encode(env, &record)
}

/// The state of one file from the source's and host's observations and the recorded hash.
#[napi(ts_return_type = "FileState")]
pub fn classify<'env>(
    env: &'env Env,
    source: Unknown,
    host: Unknown,
    recorded: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let source: Observed = decode(env, ErrorKind::InvalidArgument, "source", source)?;
    let host: Observed = decode(env, ErrorKind::InvalidArgument, "host", host)?;
    encode(env, &core::classify(&source, &host, recorded.as_deref()))
}

/// SHA-256 with CRLF turned into LF, for a text file holding CRLF; null otherwise.
#[napi]
pub fn eol_normalized_sha256(bytes: Uint8Array) -> Option<String> {
    core::eol_normalized_sha256(&bytes)
}

/// Plans an install.
#[napi(ts_return_type = "Plan")]
pub fn plan_install<'env>(
    env: &'env Env,
    manifest: Uint8Array,
    manifest_name: String,
    observations: Unknown,
    force: bool,
) -> napi::Result<Unknown<'env>> {
    let observations: core::Observations = decode(
        env,
        ErrorKind::InvalidArgument,
        "observations",
        observations,
    )?;
    let plan = core::plan_install(&manifest, &manifest_name, &observations, force)
        .map_err(|e| to_js(env, e))?;
    encode(env, &plan)
}

/// Plans a refresh.
#[napi(ts_return_type = "Plan")]
pub fn plan_refresh<'env>(
    env: &'env Env,
    manifest: Uint8Array,
    record: Option<Uint8Array>,
    observations: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let observations: core::Observations = decode(
        env,
        ErrorKind::InvalidArgument,
        "observations",
        observations,
    )?;
    let options: core::RefreshOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    let plan = core::plan_refresh(&manifest, record.as_deref(), &observations, &options)
        .map_err(|e| to_js(env, e))?;
    encode(env, &plan)
}

/// One journal line, newline included.
#[napi]
pub fn render_journal_line(env: Env, record: Unknown) -> napi::Result<String> {
    let record: core::JournalRecord = decode(&env, ErrorKind::InvalidArgument, "record", record)?;
    Ok(core::render_journal_line(&record))
}

/// The journal lines of a batch of records, each as `renderJournalLine` gives it.
#[napi]
pub fn render_journal_lines(
    env: Env,
    #[napi(ts_arg_type = "JournalRecord[]")] records: Unknown,
) -> napi::Result<Vec<String>> {
    let records: Vec<core::JournalRecord> =
        decode_json(&env, ErrorKind::InvalidArgument, "records", records)?;
    Ok(core::render_journal_lines(&records))
}

/// Reads a journal from its segments, oldest first.
#[napi(ts_return_type = "Journal")]
pub fn parse_journal<'env>(env: &'env Env, segments: Unknown) -> napi::Result<Unknown<'env>> {
    let segments: Vec<core::JournalSegment> =
        decode(env, ErrorKind::InvalidArgument, "segments", segments)?;
    let journal = core::parse_journal(&segments).map_err(|e| to_js(env, e))?;
    encode(env, &journal)
}

/// The interrupted run to resume, or null; refused for another tree or source version.
#[napi(ts_return_type = "InterruptedRun | null")]
pub fn interrupted_run<'env>(
    env: &'env Env,
    journal: Unknown,
    root: String,
    source: String,
    name: String,
) -> napi::Result<Unknown<'env>> {
    let journal: core::Journal = decode(env, ErrorKind::InvalidArgument, "journal", journal)?;
    let run = core::interrupted_run(&journal, &root, &source, &name).map_err(|e| to_js(env, e))?;
    encode(env, &run)
}

/// The identity of a source version from its manifest bytes and `[src, sha256 | null]` pairs.
#[napi]
pub fn source_identity(env: Env, manifest: Uint8Array, files: Unknown) -> napi::Result<String> {
    let files: Vec<(String, Option<String>)> =
        decode(&env, ErrorKind::InvalidArgument, "files", files)?;
    Ok(core::source_identity(&manifest, &files))
}

/// The report of an install or a refresh: the plan joined with what the shim did.
#[napi(ts_return_type = "RunReport")]
pub fn run_report<'env>(
    env: &'env Env,
    plan: Unknown,
    facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let plan: core::Plan = decode(env, ErrorKind::InvalidArgument, "plan", plan)?;
    let facts: core::RunFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
    encode(env, &core::run_report(&plan, &facts))
}

/// The write steps that carry out an install or refresh plan, backups in `backupDir`.
#[napi(ts_return_type = "WriteStep[]")]
pub fn refresh_steps<'env>(
    env: &'env Env,
    plan: Unknown,
    backup_dir: String,
) -> napi::Result<Unknown<'env>> {
    let plan: core::Plan = decode(env, ErrorKind::InvalidArgument, "plan", plan)?;
    let steps = core::refresh_steps(&plan, &backup_dir).map_err(|e| to_js(env, e))?;
    encode(env, &steps)
}

/// An install or refresh plan kept in the engine: the shim asks for what it needs (the
/// files that write nothing, the steps, the files the steps name, the report) and the
/// plan never crosses back in.
#[napi]
#[derive(Debug)]
pub struct RefreshSession(pub(crate) core::RefreshSession);

#[napi]
impl RefreshSession {
    /// Plans a refresh, as `planRefresh` does.
    #[napi(constructor)]
    pub fn new(
        env: Env,
        manifest: Uint8Array,
        record: Option<Uint8Array>,
        #[napi(ts_arg_type = "Observations")] observations: Unknown,
        #[napi(ts_arg_type = "RefreshOptions")] options: Option<Unknown>,
    ) -> napi::Result<Self> {
        let observations: core::Observations = decode(
            &env,
            ErrorKind::InvalidArgument,
            "observations",
            observations,
        )?;
        let options: core::RefreshOptions =
            decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
        core::RefreshSession::new(&manifest, record.as_deref(), observations, options)
            .map(RefreshSession)
            .map_err(|e| to_js(&env, e))
    }

    /// Plans an install, as `planInstall` does.
    #[napi(factory)]
    pub fn install(
        env: Env,
        manifest: Uint8Array,
        manifest_name: String,
        #[napi(ts_arg_type = "Observations")] observations: Unknown,
        force: bool,
    ) -> napi::Result<Self> {
        let observations: core::Observations = decode(
            &env,
            ErrorKind::InvalidArgument,
            "observations",
            observations,
        )?;
        core::RefreshSession::install(&manifest, &manifest_name, &observations, force)
            .map(RefreshSession)
            .map_err(|e| to_js(&env, e))
    }

    /// Plans the refresh again with the user's answers.
    #[napi]
    pub fn decide(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "FileDecision[]")] decisions: Unknown,
    ) -> napi::Result<()> {
        let decisions: Vec<core::FileDecision> =
            decode(&env, ErrorKind::InvalidArgument, "decisions", decisions)?;
        self.0.decide(decisions).map_err(|e| to_js(&env, e))
    }

    /// The planned files whose action writes no file, in plan order.
    #[napi(ts_return_type = "PlannedFile[]")]
    pub fn unwritten<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.0.unwritten())
    }

    /// The files waiting for a decision, in plan order.
    #[napi(ts_return_type = "PlannedFile[]")]
    pub fn pending<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.0.pending())
    }

    /// The files merged by hand (shown as a diff), in plan order.
    #[napi(ts_return_type = "PlannedFile[]")]
    pub fn hand_merges<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.0.hand_merges())
    }

    /// Files waiting for a decision, shown as a diff, or in conflict.
    #[napi]
    pub fn attention(&self) -> u32 {
        self.0.attention()
    }

    /// Whether carrying the plan out changes a file or the record.
    #[napi]
    pub fn mutating(&self) -> bool {
        self.0.mutating()
    }

    /// Whether a run that is not a dry run carries the plan out (an install: only when
    /// no file needs attention).
    #[napi]
    pub fn carries_out(&self, dry_run: bool) -> bool {
        self.0.carries_out(dry_run)
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    #[napi(ts_return_type = "HomeFiles")]
    pub fn home_files<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        encode(env, &self.0.home_files())
    }

    /// The write steps, backups in the run's folder (`<backups>/<runId>`); the plan takes
    /// no decisions afterwards.
    #[napi(ts_return_type = "WriteStep[]")]
    pub fn steps<'env>(&mut self, env: &'env Env, run_id: String) -> napi::Result<Unknown<'env>> {
        let steps = self.0.steps(&run_id).map_err(|e| to_js(env, e))?;
        encode(env, &steps)
    }

    /// The planned files at these step indices, in that order.
    #[napi(ts_return_type = "PlannedFile[]")]
    pub fn files_at<'env>(&self, env: &'env Env, indices: Vec<u32>) -> napi::Result<Unknown<'env>> {
        let files = self.0.files_at(&indices).map_err(|e| to_js(env, e))?;
        encode(env, &files)
    }

    /// The report of the run: the plan joined with what the shim did.
    #[napi(ts_return_type = "RunReport")]
    pub fn report<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "RunFacts")] facts: Unknown,
    ) -> napi::Result<Unknown<'env>> {
        let facts: core::RunFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
        encode_json(env, &self.0.report(&facts))
    }

    /// Where the record lives in the host repository.
    #[napi]
    pub fn record_path(&self) -> String {
        self.0.record_path()
    }

    /// The record's new content, to write once every file is done.
    #[napi]
    pub fn record_text(&self) -> String {
        self.0.record_text()
    }

    /// The record's new content as UTF-8 bytes, ready to write (no string crosses).
    #[napi]
    pub fn record_bytes(&self) -> Uint8Array {
        Uint8Array::from(self.0.record_text().into_bytes())
    }
}

/// Why a release archive's entry is refused before extraction (a link, a device, a path
/// that could escape), or null.
#[napi(ts_return_type = "string | null")]
pub fn archive_entry_problem(env: &Env, path: String, kind: String) -> napi::Result<Unknown<'_>> {
    encode(
        env,
        &upkeep_core::paths::archive_entry_problem(&path, &kind),
    )
}

/// upkeep's own files in a host folder (`.` is the root): record, journal, lock, backups.
#[napi(ts_return_type = "HomeFiles")]
pub fn home_files(env: &Env, home: String) -> napi::Result<Unknown<'_>> {
    encode(env, &core::home_files(&home).map_err(|e| to_js(env, e))?)
}

/// Where install and refresh read the install manifest for the `manifest` option (the
/// engine's default, inside the source, when none is given).
#[napi(ts_return_type = "ManifestPlace")]
pub fn manifest_place(env: &Env, manifest: Option<String>) -> napi::Result<Unknown<'_>> {
    encode(env, &core::manifest_place(manifest.as_deref()))
}

/// The refusal of a refresh where no record is, with the install command that writes it.
#[napi(ts_return_type = "Refusal")]
pub fn no_record<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "NoRecordFacts")] facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let facts: core::NoRecordFacts = decode(env, ErrorKind::InvalidArgument, "noRecord", facts)?;
    encode(env, &core::no_record(&facts))
}

/// The diff shown for a file merged by hand: the host's file (yours) to the source's
/// (upstream); a side that is not there is `null`.
#[napi(ts_return_type = "MergeDiff")]
pub fn hand_merge_diff(
    env: &Env,
    target: String,
    src: String,
    yours: Option<Uint8Array>,
    upstream: Option<Uint8Array>,
) -> napi::Result<Unknown<'_>> {
    let diff = core::MergeDiff::of(&target, &src, yours.as_deref(), upstream.as_deref())
        .map_err(|e| to_js(env, e))?;
    encode(env, &diff)
}
