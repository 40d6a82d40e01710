//! Refresh: manifests, records, path checks, classification, plans and the journal.
//! Typed objects cross the boundary through serde; every function is decode → core → encode.

use upkeep_core::observe::Observed;
use upkeep_core::refresh as core;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_json, decode_or_default, encode, encode_json};

use crate::error::to_js;

/// Checks one manifest path; returns it with `/` separators.
#[wasm_bindgen(js_name = validatePath)]
pub fn validate_path(path: &str) -> Result<String, JsValue> {
    core::validate_path(path).map_err(to_js)
}

/// Refuses paths that collide on case-insensitive or normalizing file systems.
#[wasm_bindgen(js_name = checkCollisions)]
pub fn check_collisions(paths: Vec<String>) -> Result<(), JsValue> {
    let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
    core::check_collisions(&refs).map_err(to_js)
}

/// Parses and validates `install/manifest.json`.
#[wasm_bindgen(js_name = parseInstallManifest)]
pub fn parse_install_manifest(bytes: &[u8], name: &str) -> Result<JsValue, JsValue> {
    encode(&core::parse_install_manifest(bytes, name).map_err(to_js)?)
}

/// Parses and validates `.upkeep-source.json`.
#[wasm_bindgen(js_name = parseSourceRecord)]
pub fn parse_source_record(bytes: &[u8], name: &str) -> Result<JsValue, JsValue> {
    encode(&core::parse_source_record(bytes, name).map_err(to_js)?)
}

/// The state of one file from the source's and host's observations and the recorded hash.
#[wasm_bindgen]
pub fn classify(
    source: JsValue,
    host: JsValue,
    recorded: Option<String>,
) -> Result<JsValue, JsValue> {
    let source: Observed = decode(ErrorKind::InvalidArgument, "source", source)?;
    let host: Observed = decode(ErrorKind::InvalidArgument, "host", host)?;
    encode(&core::classify(&source, &host, recorded.as_deref()))
}

/// SHA-256 with CRLF turned into LF, for a text file holding CRLF; null otherwise.
#[wasm_bindgen(js_name = eolNormalizedSha256)]
pub fn eol_normalized_sha256(bytes: &[u8]) -> Result<JsValue, JsValue> {
    encode(&core::eol_normalized_sha256(bytes))
}

/// Plans an install.
#[wasm_bindgen(js_name = planInstall)]
pub fn plan_install(
    manifest: &[u8],
    manifest_name: &str,
    observations: JsValue,
    force: bool,
) -> Result<JsValue, JsValue> {
    let observations: core::Observations =
        decode(ErrorKind::InvalidArgument, "observations", observations)?;
    encode(&core::plan_install(manifest, manifest_name, &observations, force).map_err(to_js)?)
}

/// Plans a refresh.
#[wasm_bindgen(js_name = planRefresh)]
pub fn plan_refresh(
    manifest: &[u8],
    record: Option<Vec<u8>>,
    observations: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let observations: core::Observations =
        decode(ErrorKind::InvalidArgument, "observations", observations)?;
    let options: core::RefreshOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(
        &core::plan_refresh(manifest, record.as_deref(), &observations, &options).map_err(to_js)?,
    )
}

/// One journal line, newline included.
#[wasm_bindgen(js_name = renderJournalLine)]
pub fn render_journal_line(record: JsValue) -> Result<String, JsValue> {
    let record: core::JournalRecord = decode(ErrorKind::InvalidArgument, "record", record)?;
    Ok(core::render_journal_line(&record))
}

/// The journal lines of a batch of records, each as `renderJournalLine` gives it.
#[wasm_bindgen(js_name = renderJournalLines)]
pub fn render_journal_lines(records: JsValue) -> Result<Vec<String>, JsValue> {
    let records: Vec<core::JournalRecord> =
        decode_json(ErrorKind::InvalidArgument, "records", &records)?;
    Ok(core::render_journal_lines(&records))
}

/// Reads a journal from its segments, oldest first.
#[wasm_bindgen(js_name = parseJournal)]
pub fn parse_journal(segments: JsValue) -> Result<JsValue, JsValue> {
    let segments: Vec<core::JournalSegment> =
        decode(ErrorKind::InvalidArgument, "segments", segments)?;
    encode(&core::parse_journal(&segments).map_err(to_js)?)
}

/// The interrupted run to resume, or null; refused for another tree or source version.
#[wasm_bindgen(js_name = interruptedRun)]
pub fn interrupted_run(
    journal: JsValue,
    root: &str,
    source: &str,
    name: &str,
) -> Result<JsValue, JsValue> {
    let journal: core::Journal = decode(ErrorKind::InvalidArgument, "journal", journal)?;
    encode(&core::interrupted_run(&journal, root, source, name).map_err(to_js)?)
}

/// The identity of a source version from its manifest bytes and `[src, sha256 | null]` pairs.
#[wasm_bindgen(js_name = sourceIdentity)]
pub fn source_identity(manifest: &[u8], files: JsValue) -> Result<String, JsValue> {
    let files: Vec<(String, Option<String>)> = decode(ErrorKind::InvalidArgument, "files", files)?;
    Ok(core::source_identity(manifest, &files))
}

/// The report of an install or a refresh: the plan joined with what the shim did.
#[wasm_bindgen(js_name = runReport)]
pub fn run_report(plan: JsValue, facts: JsValue) -> Result<JsValue, JsValue> {
    let plan: core::Plan = decode(ErrorKind::InvalidArgument, "plan", plan)?;
    let facts: core::RunFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
    encode(&core::run_report(&plan, &facts))
}

/// The write steps that carry out an install or refresh plan, backups in `backupDir`.
#[wasm_bindgen(js_name = refreshSteps)]
pub fn refresh_steps(plan: JsValue, backup_dir: &str) -> Result<JsValue, JsValue> {
    let plan: core::Plan = decode(ErrorKind::InvalidArgument, "plan", plan)?;
    encode(&core::refresh_steps(&plan, backup_dir).map_err(to_js)?)
}

/// An install or refresh plan kept in the engine: the shim asks for what it needs (the
/// files that write nothing, the steps, the files the steps name, the report) and the
/// plan never crosses back in.
#[wasm_bindgen]
#[derive(Debug)]
pub struct RefreshSession(pub(crate) core::RefreshSession);

#[wasm_bindgen]
impl RefreshSession {
    /// Plans a refresh, as `planRefresh` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        manifest: &[u8],
        record: Option<Vec<u8>>,
        observations: JsValue,
        options: JsValue,
    ) -> Result<RefreshSession, JsValue> {
        let observations: core::Observations =
            decode(ErrorKind::InvalidArgument, "observations", observations)?;
        let options: core::RefreshOptions =
            decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
        core::RefreshSession::new(manifest, record.as_deref(), observations, options)
            .map(RefreshSession)
            .map_err(to_js)
    }

    /// Plans an install, as `planInstall` does.
    pub fn install(
        manifest: &[u8],
        manifest_name: &str,
        observations: JsValue,
        force: bool,
    ) -> Result<RefreshSession, JsValue> {
        let observations: core::Observations =
            decode(ErrorKind::InvalidArgument, "observations", observations)?;
        core::RefreshSession::install(manifest, manifest_name, &observations, force)
            .map(RefreshSession)
            .map_err(to_js)
    }

    /// Plans the refresh again with the user's answers.
    pub fn decide(&mut self, decisions: JsValue) -> Result<(), JsValue> {
        let decisions: Vec<core::FileDecision> =
            decode(ErrorKind::InvalidArgument, "decisions", decisions)?;
        self.0.decide(decisions).map_err(to_js)
    }

    /// The planned files whose action writes no file, in plan order.
    pub fn unwritten(&self) -> Result<JsValue, JsValue> {
        encode(&self.0.unwritten())
    }

    /// The files waiting for a decision, in plan order.
    pub fn pending(&self) -> Result<JsValue, JsValue> {
        encode(&self.0.pending())
    }

    /// The files merged by hand (shown as a diff), in plan order.
    #[wasm_bindgen(js_name = handMerges)]
    pub fn hand_merges(&self) -> Result<JsValue, JsValue> {
        encode(&self.0.hand_merges())
    }

    /// Files waiting for a decision, shown as a diff, or in conflict.
    pub fn attention(&self) -> u32 {
        self.0.attention()
    }

    /// Whether carrying the plan out changes a file or the record.
    pub fn mutating(&self) -> bool {
        self.0.mutating()
    }

    /// Whether a run that is not a dry run carries the plan out (an install: only when
    /// no file needs attention).
    #[wasm_bindgen(js_name = carriesOut)]
    pub fn carries_out(&self, dry_run: bool) -> bool {
        self.0.carries_out(dry_run)
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    #[wasm_bindgen(js_name = homeFiles)]
    pub fn home_files(&self) -> Result<JsValue, JsValue> {
        encode(&self.0.home_files())
    }

    /// The write steps, backups in the run's folder (`<backups>/<runId>`); the plan takes
    /// no decisions afterwards.
    pub fn steps(&mut self, run_id: &str) -> Result<JsValue, JsValue> {
        encode(&self.0.steps(run_id).map_err(to_js)?)
    }

    /// The planned files at these step indices, in that order.
    #[wasm_bindgen(js_name = filesAt)]
    pub fn files_at(&self, indices: &[u32]) -> Result<JsValue, JsValue> {
        encode(&self.0.files_at(indices).map_err(to_js)?)
    }

    /// The report of the run: the plan joined with what the shim did.
    pub fn report(&self, facts: JsValue) -> Result<JsValue, JsValue> {
        let facts: core::RunFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
        encode_json(&self.0.report(&facts))
    }

    /// Where the record lives in the host repository.
    #[wasm_bindgen(js_name = recordPath)]
    pub fn record_path(&self) -> String {
        self.0.record_path()
    }

    /// The record's new content, to write once every file is done.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.0.record_text()
    }

    /// The record's new content as UTF-8 bytes, ready to write (no string crosses).
    #[wasm_bindgen(js_name = recordBytes)]
    pub fn record_bytes(&self) -> Vec<u8> {
        self.0.record_text().into_bytes()
    }
}

/// Why a release archive's entry is refused before extraction (a link, a device, a path
/// that could escape), or null.
#[wasm_bindgen(js_name = archiveEntryProblem)]
pub fn archive_entry_problem(path: &str, kind: &str) -> Result<JsValue, JsValue> {
    crate::convert::encode(&upkeep_core::paths::archive_entry_problem(path, kind))
}

/// upkeep's own files in a host folder (`.` is the root): record, journal, lock, backups.
#[wasm_bindgen(js_name = homeFiles)]
pub fn home_files(home: &str) -> Result<JsValue, JsValue> {
    encode(&core::home_files(home).map_err(to_js)?)
}

/// Where install and refresh read the install manifest for the `manifest` option (the
/// engine's default, inside the source, when none is given).
#[wasm_bindgen(js_name = manifestPlace)]
pub fn manifest_place(manifest: JsValue) -> Result<JsValue, JsValue> {
    let manifest = crate::convert::optional_text("manifest", &manifest)?;
    encode(&core::manifest_place(manifest.as_deref()))
}

/// The refusal of a refresh where no record is, with the install command that writes it.
#[wasm_bindgen(js_name = noRecord)]
pub fn no_record(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: core::NoRecordFacts = decode(ErrorKind::InvalidArgument, "noRecord", facts)?;
    encode(&core::no_record(&facts))
}

/// The diff shown for a file merged by hand: the host's file (yours) to the source's
/// (upstream); a side that is not there is `null`.
#[wasm_bindgen(js_name = handMergeDiff)]
pub fn hand_merge_diff(
    target: &str,
    src: &str,
    yours: Option<Vec<u8>>,
    upstream: Option<Vec<u8>>,
) -> Result<JsValue, JsValue> {
    encode(&core::MergeDiff::of(target, src, yours.as_deref(), upstream.as_deref()).map_err(to_js)?)
}
