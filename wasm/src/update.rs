//! Update: manifests, versions, the CHANGELOG range, and the update plan. Values cross as
//! plain JavaScript objects (serde-wasm-bindgen), file contents as `Uint8Array`s.

use upkeep_core::update;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode, optional_text};

use crate::error::to_js;

/// Parses a release manifest; `label` names it in errors.
#[wasm_bindgen(js_name = parseManifest)]
pub fn parse_manifest(text: &str, label: Option<String>) -> Result<JsValue, JsValue> {
    encode(&update::parse_manifest(text, label.as_deref()).map_err(to_js)?)
}

/// Compares two semantic versions by precedence: -1, 0 or 1.
#[wasm_bindgen(js_name = compareVersions)]
pub fn compare_versions(a: &str, b: &str) -> Result<i32, JsValue> {
    update::compare_versions(a, b).map_err(to_js)
}

/// Where the project stands against the latest release.
#[wasm_bindgen(js_name = checkVersions)]
pub fn check_versions(
    installed: &str,
    latest: &str,
    committed: Option<String>,
) -> Result<JsValue, JsValue> {
    encode(&update::check_versions(installed, latest, committed.as_deref()).map_err(to_js)?)
}

/// The CHANGELOG sections newer than `from`, up to and including `to`.
#[wasm_bindgen(js_name = changelogRange)]
pub fn changelog_range(text: &str, from: &str, to: &str) -> Result<JsValue, JsValue> {
    encode(&update::changelog_range(text, from, to).map_err(to_js)?)
}

/// Whether a confirmed update starts fresh or resumes an interrupted one.
#[wasm_bindgen(js_name = startUpdate)]
pub fn start_update(
    in_progress: JsValue,
    from: &str,
    to: &str,
    run_id: &str,
) -> Result<JsValue, JsValue> {
    let record: Option<update::InProgress> =
        decode(ErrorKind::InvalidUpdateInput, "startUpdate", in_progress)?;
    encode(&update::start_update(record.as_ref(), from, to, run_id).map_err(to_js)?)
}

/// The progress record an interrupted update left, read from its text, or why it is refused.
#[wasm_bindgen(js_name = readProgress)]
pub fn read_progress(text: &str, path: &str) -> Result<JsValue, JsValue> {
    encode(&update::progress_reading(text, path))
}

/// The text of a progress record, as the update writes it.
#[wasm_bindgen(js_name = progressText)]
pub fn progress_text(record: JsValue) -> Result<String, JsValue> {
    let record: update::InProgress = decode(ErrorKind::InvalidUpdateInput, "progressText", record)?;
    Ok(update::progress_text(&record))
}

/// The update's opening, before any release is opened: the refusal, or the record it
/// resumes and the regeneration to put back.
#[wasm_bindgen(js_name = openUpdate)]
pub fn open_update(opening: JsValue) -> Result<JsValue, JsValue> {
    let opening: update::UpdateOpening =
        decode(ErrorKind::InvalidUpdateInput, "openUpdate", opening)?;
    encode(&update::open_update(&opening).map_err(to_js)?)
}

/// The update's next move from what the shim read: a refusal, an up-to-date ending, or
/// the start of a run.
#[wasm_bindgen(js_name = prepareUpdate)]
pub fn prepare_update(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: update::UpdateFacts = decode(ErrorKind::InvalidUpdateInput, "prepareUpdate", facts)?;
    encode(&update::prepare_update(&facts).map_err(to_js)?)
}

/// The paths an update plan needs read.
#[wasm_bindgen(js_name = updateReadList)]
pub fn update_read_list(
    baseline_manifest: &str,
    latest_manifest: &str,
    state_dir: Option<String>,
) -> Result<JsValue, JsValue> {
    encode(
        &update::read_list(baseline_manifest, latest_manifest, state_dir.as_deref())
            .map_err(to_js)?,
    )
}

/// Where a folder is, from how `git rev-parse` ran in it (the dirty guard, the loop).
#[wasm_bindgen(js_name = gitPlace)]
pub fn git_place(ran: JsValue) -> Result<JsValue, JsValue> {
    let ran: upkeep_core::lifecycle::GitRan = decode(ErrorKind::InvalidArgument, "ran", ran)?;
    encode(&update::git_place(&ran))
}

/// The dirty guard before an update is confirmed: throws `dirty-worktree` naming the
/// managed files with uncommitted changes, else returns nothing.
#[wasm_bindgen(js_name = checkClean)]
pub fn check_clean(input: JsValue) -> Result<(), JsValue> {
    let input: update::CleanCheck = decode(ErrorKind::InvalidUpdateInput, "checkClean", input)?;
    update::check_clean(&input).map_err(to_js)
}

/// Plans an update: actions, per-file verdicts and the report.
#[wasm_bindgen(js_name = planUpdate)]
pub fn plan_update(input: JsValue) -> Result<JsValue, JsValue> {
    let input: update::UpdateInput = decode(ErrorKind::InvalidUpdateInput, "planUpdate", input)?;
    encode(&update::plan_update(input).map_err(to_js)?)
}

/// One file planned as the only file of an update (the demo's single-file view): a dry
/// run between two sample versions under a manifest listing it with its class.
#[wasm_bindgen(js_name = planSingleFile)]
pub fn plan_single_file(file: JsValue) -> Result<JsValue, JsValue> {
    let file: update::SingleFile = decode(ErrorKind::InvalidUpdateInput, "planSingleFile", file)?;
    encode(&update::plan_single_file(&file))
}

/// Where an update keeps its state and its own files, for state folder `stateDir`
/// (the engine's default when none is given).
#[wasm_bindgen(js_name = updatePaths)]
pub fn update_paths(state_dir: JsValue) -> Result<JsValue, JsValue> {
    let state_dir = optional_text("stateDir", &state_dir)?;
    encode(&update::update_paths(state_dir.as_deref()).map_err(to_js)?)
}

/// The text of a `VERSION` file holding `version`.
#[wasm_bindgen(js_name = renderVersionFile)]
pub fn render_version_file(version: &str) -> String {
    update::render_version_file(version)
}

/// The version a `VERSION` file's text records.
#[wasm_bindgen(js_name = readVersionFile)]
pub fn read_version_file(text: &str) -> String {
    update::read_version_file(text)
}

/// The files a prior run left in the merge folder, from every file found there.
#[wasm_bindgen(js_name = leftoverPatches)]
pub fn leftover_patches(found: Vec<String>) -> Vec<String> {
    update::leftover_patches(found)
}

/// Joins an update plan's report with what the executor did: the true report, its
/// summary, how the run ended, and whether to bump the version.
#[wasm_bindgen(js_name = finishUpdate)]
pub fn finish_update(run: JsValue) -> Result<JsValue, JsValue> {
    let run: update::UpdateRun = decode(ErrorKind::InvalidUpdateInput, "finishUpdate", run)?;
    encode(&update::finish_update(run))
}

/// An update's next move once its writes ended: regenerate the regions, and whether the
/// run ends interrupted.
#[wasm_bindgen(js_name = afterWrites)]
pub fn after_writes(ended: JsValue) -> Result<JsValue, JsValue> {
    let ended: update::WritesEnded = decode(ErrorKind::InvalidArgument, "afterWrites", ended)?;
    encode(&update::after_writes(&ended))
}

/// The `n`th name a backup of `path` tries, or why there is none.
#[wasm_bindgen(js_name = backupName, unchecked_return_type = "BackupName")]
pub fn backup_name(path: &str, n: u32) -> Result<JsValue, JsValue> {
    encode(&upkeep_core::writes::backup_name(path, n))
}

/// The path a backup saved: without the `.~N~` a collision gave it.
#[wasm_bindgen(js_name = backupSavedPath)]
pub fn backup_saved_path(backup: &str) -> String {
    upkeep_core::writes::backup_saved_path(backup).to_string()
}

/// The executor's constants: the default file mode, the in-memory CRLF limit.
#[wasm_bindgen(js_name = writeConstants)]
pub fn write_constants() -> Result<JsValue, JsValue> {
    encode(&upkeep_core::writes::write_constants())
}

/// The refusal of a path a run would write through a link, inside a file, or over
/// something that is not a regular file, or null.
#[wasm_bindgen(js_name = preflightRefusal)]
pub fn preflight_refusal(seen: JsValue) -> Result<JsValue, JsValue> {
    let seen: upkeep_core::writes::TargetSeen =
        decode(ErrorKind::InvalidArgument, "preflightRefusal", seen)?;
    encode(&upkeep_core::writes::preflight_refusal(&seen))
}

/// The first of a run's write targets it must not write (its path and refusal), or null:
/// all in one call.
#[wasm_bindgen(js_name = preflightFirstRefusal)]
pub fn preflight_first_refusal(seen: JsValue) -> Result<JsValue, JsValue> {
    let seen: Vec<upkeep_core::writes::TargetSeen> =
        decode(ErrorKind::InvalidArgument, "preflightFirstRefusal", seen)?;
    encode(&upkeep_core::writes::preflight_first_refusal(&seen))
}

/// The digest route of `planUpdate`: sides observed in batches (bytes hashed and
/// dropped), the bytes the plan needs supplied afterwards, the same plan in the end.
#[wasm_bindgen]
#[derive(Debug)]
pub struct UpdateSession(pub(crate) update::UpdateSession);

#[wasm_bindgen]
impl UpdateSession {
    /// Checks the input (everything but the sides; `input.files` are taken as `planUpdate`
    /// takes them).
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue) -> Result<UpdateSession, JsValue> {
        let input: update::UpdateInput =
            decode(ErrorKind::InvalidUpdateInput, "UpdateSession", input)?;
        Ok(UpdateSession(
            update::UpdateSession::new(input).map_err(to_js)?,
        ))
    }

    /// Whether digests must carry the CRLF-as-LF digest (the line-ending option is on).
    #[wasm_bindgen(js_name = lineEndings)]
    pub fn line_endings(&self) -> bool {
        self.0.line_endings()
    }

    /// Takes a batch of sides; bytes are hashed and dropped unless `keepBytes`.
    pub fn observe(&mut self, files: JsValue, keep_bytes: Option<bool>) -> Result<(), JsValue> {
        let files: Vec<update::FileInput> = decode(ErrorKind::InvalidUpdateInput, "files", files)?;
        self.0.observe(files, keep_bytes).map_err(to_js)
    }

    /// Takes a batch of sides as columns: per path three kinds (0 nothing, 1 a file, 2 a
    /// link, 3 a folder, 4 other; 5, 6 a link or a non-folder on the way), the files' bytes
    /// joined, each side's length, and, when the host hashed them (`hostDigests()`), each
    /// file's SHA-256 (32 bytes each).
    #[wasm_bindgen(js_name = observeColumns)]
    pub fn observe_columns(
        &mut self,
        paths: Vec<String>,
        kinds: &[u8],
        joined: &[u8],
        lengths: &[u32],
        digests: Option<Vec<u8>>,
    ) -> Result<(), JsValue> {
        let columns = update::SideColumns {
            paths: &paths,
            kinds,
            joined,
            lengths,
            digests: digests.as_deref(),
        };
        self.0.observe_columns(columns).map_err(to_js)
    }

    /// Whether `observeColumns` would rather be given the files' SHA-256: this build
    /// hashes more slowly than its host.
    #[wasm_bindgen(js_name = hostDigests)]
    pub fn host_digests(&self) -> bool {
        self.0.host_digests()
    }

    /// The paths whose bytes the plan needs, not supplied yet.
    pub fn needs(&mut self) -> Result<JsValue, JsValue> {
        encode(&self.0.needs().map_err(to_js)?)
    }

    /// Takes the bytes of needed sides (each hashed again against what was observed).
    pub fn supply(&mut self, contents: JsValue) -> Result<(), JsValue> {
        let contents: Vec<update::SuppliedContent> =
            decode(ErrorKind::InvalidUpdateInput, "contents", contents)?;
        self.0.supply(contents).map_err(to_js)
    }

    /// The plan; the session is spent afterwards.
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        encode(&self.0.finish().map_err(to_js)?)
    }

    /// Plans and keeps the plan; what carrying it out takes.
    pub fn plan(&mut self) -> Result<JsValue, JsValue> {
        encode(&self.0.plan().map_err(to_js)?)
    }

    /// The kept plan, as the run has completed it.
    pub fn planned(&self) -> Result<JsValue, JsValue> {
        encode(self.0.planned().map_err(to_js)?)
    }

    /// Completes the kept plan's report with what the run did (its steps and report left out).
    #[wasm_bindgen(js_name = finishRun)]
    pub fn finish_run(&mut self, run: JsValue) -> Result<JsValue, JsValue> {
        let run: update::UpdateRun = decode(ErrorKind::InvalidUpdateInput, "run", run)?;
        encode(&self.0.finish_run(run).map_err(to_js)?)
    }

    /// Completes the kept plan's report with its regions' regeneration; the summary.
    #[wasm_bindgen(js_name = finishRegions)]
    pub fn finish_regions(&mut self, runs: JsValue) -> Result<String, JsValue> {
        let runs = decode(ErrorKind::InvalidUpdateInput, "runs", runs)?;
        self.0.finish_regions(runs).map_err(to_js)
    }

    /// The `--json` document of the kept plan.
    pub fn document(&self, facts: JsValue) -> Result<JsValue, JsValue> {
        let facts: update::DocumentFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
        encode(&self.0.document(&facts).map_err(to_js)?)
    }

    /// The exit code, with the kept plan's report, pending flag and run outcome.
    #[wasm_bindgen(js_name = exitCode)]
    pub fn exit_code(&mut self, input: JsValue) -> Result<u32, JsValue> {
        let input = decode(ErrorKind::InvalidArgument, "input", input)?;
        Ok(self.0.exit_code(input).map_err(to_js)?.into())
    }

    /// The outcome as lines, with the kept plan's report and changed paths.
    #[wasm_bindgen(js_name = renderOutcome)]
    pub fn render_outcome(&mut self, facts: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
        let facts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
        let options: update::SummaryOptions =
            decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
        encode(&self.0.render_outcome(facts, &options).map_err(to_js)?)
    }

    /// The change request of the kept plan's report.
    #[wasm_bindgen(js_name = prPayload)]
    pub fn pr_payload(&mut self, input: JsValue) -> Result<JsValue, JsValue> {
        let input = decode(ErrorKind::InvalidArgument, "input", input)?;
        encode(&self.0.pr_payload(input).map_err(to_js)?)
    }
}

/// The `--json` document of a run that planned nothing (its report empty).
#[wasm_bindgen(js_name = updateDocument)]
pub fn update_document(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: update::DocumentFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
    encode(&update::update_document(&facts, None).map_err(to_js)?)
}

/// What a view of an update plan shows: its headline, what needs the person, each file written.
#[wasm_bindgen(js_name = planOverview)]
pub fn plan_overview(input: JsValue) -> Result<JsValue, JsValue> {
    let input: update::OverviewInput = decode(ErrorKind::InvalidArgument, "planOverview", input)?;
    encode(&update::plan_overview(&input))
}

/// The options an update merges a file both sides changed with, for a view's preview.
#[wasm_bindgen(js_name = previewMergeOptions)]
pub fn preview_merge_options(preview: JsValue) -> Result<JsValue, JsValue> {
    let preview: update::MergePreview =
        decode(ErrorKind::InvalidArgument, "previewMergeOptions", preview)?;
    encode(&update::preview_merge_options(&preview))
}

/// The file view's lines about one file's plan: the mode planned with and what the update
/// would write, whether each side changed it.
#[wasm_bindgen(js_name = fileVerdict)]
pub fn file_verdict(input: JsValue) -> Result<JsValue, JsValue> {
    let input: update::FileVerdictInput = decode(ErrorKind::InvalidArgument, "fileVerdict", input)?;
    encode(&update::file_verdict(&input))
}

/// Each `--conflicts` mode as a view's chooser offers it, the default first and marked.
#[wasm_bindgen(js_name = conflictChoices)]
pub fn conflict_choices() -> Result<JsValue, JsValue> {
    encode(&update::conflict_choices())
}

/// The line for a project with nothing to plan.
#[wasm_bindgen(js_name = nothingToPlan)]
pub fn nothing_to_plan(status: &str, installed: &str, latest: &str) -> String {
    update::nothing_to_plan(status, installed, latest)
}

/// Whether an update that ended with `status` writes its change request (`--pr`).
#[wasm_bindgen(js_name = writesChangeRequest)]
pub fn writes_change_request(status: JsValue) -> Result<bool, JsValue> {
    let status: update::UpdateStatus =
        decode(ErrorKind::InvalidArgument, "writesChangeRequest", status)?;
    Ok(status.writes_change_request())
}
