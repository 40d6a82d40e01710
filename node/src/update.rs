//! Update: manifests, versions, the CHANGELOG range, and the update plan. Values cross as
//! plain JavaScript objects (serde), file contents as `Uint8Array`s.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::{Object, Uint32Array, Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::update;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Parses a release manifest; `label` names it in errors.
#[napi(ts_return_type = "Manifest")]
pub fn parse_manifest<'env>(
    env: &'env Env,
    text: String,
    label: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let manifest = update::parse_manifest(&text, label.as_deref()).map_err(|e| to_js(env, e))?;
    encode(env, &manifest)
}

/// Compares two semantic versions by precedence: -1, 0 or 1.
#[napi]
pub fn compare_versions(env: Env, a: String, b: String) -> napi::Result<i32> {
    update::compare_versions(&a, &b).map_err(|e| to_js(&env, e))
}

/// Where the project stands against the latest release.
#[napi(ts_return_type = "VersionCheck")]
pub fn check_versions<'env>(
    env: &'env Env,
    installed: String,
    latest: String,
    committed: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let check = update::check_versions(&installed, &latest, committed.as_deref())
        .map_err(|e| to_js(env, e))?;
    encode(env, &check)
}

/// The CHANGELOG sections newer than `from`, up to and including `to`.
#[napi(ts_return_type = "ChangelogSection[]")]
pub fn changelog_range<'env>(
    env: &'env Env,
    text: String,
    from: String,
    to: String,
) -> napi::Result<Unknown<'env>> {
    let sections = update::changelog_range(&text, &from, &to).map_err(|e| to_js(env, e))?;
    encode(env, &sections)
}

/// Whether a confirmed update starts fresh or resumes an interrupted one.
#[napi(ts_return_type = "UpdateStart")]
pub fn start_update<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "InProgress | null")] in_progress: Unknown,
    from: String,
    to: String,
    run_id: String,
) -> napi::Result<Unknown<'env>> {
    let record: Option<update::InProgress> = decode(
        env,
        ErrorKind::InvalidUpdateInput,
        "startUpdate",
        in_progress,
    )?;
    let start =
        update::start_update(record.as_ref(), &from, &to, &run_id).map_err(|e| to_js(env, e))?;
    encode(env, &start)
}

/// The progress record an interrupted update left, read from its text, or why it is refused.
#[napi(ts_return_type = "ProgressReading")]
pub fn read_progress<'env>(
    env: &'env Env,
    text: String,
    path: String,
) -> napi::Result<Unknown<'env>> {
    encode(env, &update::progress_reading(&text, &path))
}

/// The text of a progress record, as the update writes it.
#[napi]
pub fn progress_text(
    env: &Env,
    #[napi(ts_arg_type = "InProgress")] record: Unknown,
) -> napi::Result<String> {
    let record: update::InProgress =
        decode(env, ErrorKind::InvalidUpdateInput, "progressText", record)?;
    Ok(update::progress_text(&record))
}

/// The update's opening, before any release is opened: the refusal, or the record it
/// resumes and the regeneration to put back.
#[napi(ts_return_type = "UpdateOpened")]
pub fn open_update<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateOpening")] opening: Object,
) -> napi::Result<Unknown<'env>> {
    let opening: update::UpdateOpening =
        decode(env, ErrorKind::InvalidUpdateInput, "openUpdate", opening)?;
    encode(
        env,
        &update::open_update(&opening).map_err(|e| to_js(env, e))?,
    )
}

/// The update's next move from what the shim read: a refusal, an up-to-date ending, or
/// the start of a run.
#[napi(ts_return_type = "UpdatePreparation")]
pub fn prepare_update<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: update::UpdateFacts =
        decode(env, ErrorKind::InvalidUpdateInput, "prepareUpdate", facts)?;
    encode(
        env,
        &update::prepare_update(&facts).map_err(|e| to_js(env, e))?,
    )
}

/// The paths an update plan needs read.
#[napi(ts_return_type = "ReadList")]
pub fn update_read_list<'env>(
    env: &'env Env,
    baseline_manifest: String,
    latest_manifest: String,
    state_dir: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let list = update::read_list(&baseline_manifest, &latest_manifest, state_dir.as_deref())
        .map_err(|e| to_js(env, e))?;
    encode(env, &list)
}

/// Where a folder is, from how `git rev-parse` ran in it (the dirty guard, the loop).
#[napi(ts_return_type = "GitPlace")]
pub fn git_place<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "GitRan")] ran: Unknown<'env>,
) -> napi::Result<Unknown<'env>> {
    let ran: upkeep_core::lifecycle::GitRan = decode(env, ErrorKind::InvalidArgument, "ran", ran)?;
    encode(env, &update::git_place(&ran))
}

/// The dirty guard before an update is confirmed: throws `dirty-worktree` naming the
/// managed files with uncommitted changes, else returns nothing.
#[napi]
pub fn check_clean(
    env: &Env,
    #[napi(ts_arg_type = "CleanCheck")] input: Object,
) -> napi::Result<()> {
    let input: update::CleanCheck =
        decode(env, ErrorKind::InvalidUpdateInput, "checkClean", input)?;
    update::check_clean(&input).map_err(|e| to_js(env, e))
}

/// Plans an update: actions, per-file verdicts and the report.
#[napi(ts_return_type = "UpdatePlan")]
pub fn plan_update<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: update::UpdateInput =
        decode(env, ErrorKind::InvalidUpdateInput, "planUpdate", input)?;
    let plan = update::plan_update(input).map_err(|e| to_js(env, e))?;
    encode(env, &plan)
}

/// One file planned as the only file of an update (the demo's single-file view): a dry
/// run between two sample versions under a manifest listing it with its class.
#[napi(ts_return_type = "SingleFilePlan")]
pub fn plan_single_file<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "SingleFile")] file: Object,
) -> napi::Result<Unknown<'env>> {
    let file: update::SingleFile =
        decode(env, ErrorKind::InvalidUpdateInput, "planSingleFile", file)?;
    encode(env, &update::plan_single_file(&file))
}

/// Where an update keeps its state and its own files, for state folder `stateDir`
/// (the engine's default when none is given).
#[napi(ts_return_type = "UpdatePaths")]
pub fn update_paths<'env>(
    env: &'env Env,
    state_dir: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let paths = update::update_paths(state_dir.as_deref()).map_err(|e| to_js(env, e))?;
    encode(env, &paths)
}

/// The text of a `VERSION` file holding `version`.
#[napi]
pub fn render_version_file(version: String) -> String {
    update::render_version_file(&version)
}

/// The version a `VERSION` file's text records.
#[napi]
pub fn read_version_file(text: String) -> String {
    update::read_version_file(&text)
}

/// The files a prior run left in the merge folder, from every file found there.
#[napi]
pub fn leftover_patches(found: Vec<String>) -> Vec<String> {
    update::leftover_patches(found)
}

/// Joins an update plan's report with what the executor did: the true report, its
/// summary, how the run ended, and whether to bump the version.
#[napi(ts_return_type = "UpdateFinished")]
pub fn finish_update<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateRun")] run: Object,
) -> napi::Result<Unknown<'env>> {
    let run: update::UpdateRun = decode(env, ErrorKind::InvalidUpdateInput, "finishUpdate", run)?;
    encode(env, &update::finish_update(run))
}

/// An update's next move once its writes ended: regenerate the regions, and whether the
/// run ends interrupted.
#[napi(ts_return_type = "AfterWrites")]
pub fn after_writes<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "WritesEnded")] ended: Object,
) -> napi::Result<Unknown<'env>> {
    let ended: update::WritesEnded = decode(env, ErrorKind::InvalidArgument, "afterWrites", ended)?;
    encode(env, &update::after_writes(&ended))
}

/// The `n`th name a backup of `path` tries, or why there is none.
#[napi(ts_return_type = "BackupName")]
pub fn backup_name(env: &Env, path: String, n: u32) -> napi::Result<Unknown<'_>> {
    encode(env, &upkeep_core::writes::backup_name(&path, n))
}

/// The path a backup saved: without the `.~N~` a collision gave it.
#[napi]
pub fn backup_saved_path(backup: String) -> String {
    upkeep_core::writes::backup_saved_path(&backup).to_string()
}

/// The executor's constants: the default file mode, the in-memory CRLF limit.
#[napi(ts_return_type = "WriteConstants")]
pub fn write_constants(env: &Env) -> napi::Result<Unknown<'_>> {
    encode(env, &upkeep_core::writes::write_constants())
}

/// The refusal of a path a run would write through a link, inside a file, or over
/// something that is not a regular file, or null.
#[napi(ts_return_type = "Refusal | null")]
pub fn preflight_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "TargetSeen")] seen: Unknown,
) -> napi::Result<Unknown<'env>> {
    let seen: upkeep_core::writes::TargetSeen =
        decode(env, ErrorKind::InvalidArgument, "preflightRefusal", seen)?;
    encode(env, &upkeep_core::writes::preflight_refusal(&seen))
}

/// The first of a run's write targets it must not write (its path and refusal), or null:
/// all in one call.
#[napi(ts_return_type = "PreflightRefused | null")]
pub fn preflight_first_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "TargetSeen[]")] seen: Unknown,
) -> napi::Result<Unknown<'env>> {
    let seen: Vec<upkeep_core::writes::TargetSeen> = decode(
        env,
        ErrorKind::InvalidArgument,
        "preflightFirstRefusal",
        seen,
    )?;
    encode(env, &upkeep_core::writes::preflight_first_refusal(&seen))
}

/// The digest route of `planUpdate`: sides observed in batches (bytes hashed and
/// dropped), the bytes the plan needs supplied afterwards, the same plan in the end.
#[napi]
#[derive(Debug)]
pub struct UpdateSession(pub(crate) update::UpdateSession);

#[napi]
impl UpdateSession {
    /// Checks the input (everything but the sides; `input.files` are taken as `planUpdate`
    /// takes them).
    #[napi(constructor)]
    pub fn new(env: Env, #[napi(ts_arg_type = "UpdateInput")] input: Object) -> napi::Result<Self> {
        let input: update::UpdateInput =
            decode(&env, ErrorKind::InvalidUpdateInput, "UpdateSession", input)?;
        let session = update::UpdateSession::new(input).map_err(|e| to_js(&env, e))?;
        Ok(UpdateSession(session))
    }

    /// Whether digests must carry the CRLF-as-LF digest (the line-ending option is on).
    #[napi]
    pub fn line_endings(&self) -> bool {
        self.0.line_endings()
    }

    /// Takes a batch of sides; bytes are hashed and dropped unless `keepBytes`.
    #[napi]
    pub fn observe(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "FileInput[]")] files: Unknown,
        keep_bytes: Option<bool>,
    ) -> napi::Result<()> {
        let files: Vec<update::FileInput> =
            decode(&env, ErrorKind::InvalidUpdateInput, "files", files)?;
        self.0
            .observe(files, keep_bytes)
            .map_err(|e| to_js(&env, e))
    }

    /// Takes a batch of sides as columns: per path three kinds (0 nothing, 1 a file, 2 a
    /// link, 3 a folder, 4 other; 5, 6 a link or a non-folder on the way), the files' bytes
    /// joined, each side's length, and, when the host hashed them (`hostDigests()`), each
    /// file's SHA-256 (32 bytes each).
    #[napi]
    pub fn observe_columns(
        &mut self,
        env: Env,
        paths: Vec<String>,
        kinds: Uint8Array,
        joined: Uint8Array,
        lengths: Uint32Array,
        digests: Option<Uint8Array>,
    ) -> napi::Result<()> {
        let columns = update::SideColumns {
            paths: &paths,
            kinds: &kinds,
            joined: &joined,
            lengths: &lengths,
            digests: digests.as_deref(),
        };
        self.0.observe_columns(columns).map_err(|e| to_js(&env, e))
    }

    /// Whether `observeColumns` would rather be given the files' SHA-256: this build
    /// hashes more slowly than its host.
    #[napi]
    pub fn host_digests(&self) -> bool {
        self.0.host_digests()
    }

    /// The paths whose bytes the plan needs, not supplied yet.
    #[napi(ts_return_type = "ContentNeed[]")]
    pub fn needs<'env>(&mut self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        let needs = self.0.needs().map_err(|e| to_js(env, e))?;
        encode(env, &needs)
    }

    /// Takes the bytes of needed sides (each hashed again against what was observed).
    #[napi]
    pub fn supply(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "SuppliedContent[]")] contents: Unknown,
    ) -> napi::Result<()> {
        let contents: Vec<update::SuppliedContent> =
            decode(&env, ErrorKind::InvalidUpdateInput, "contents", contents)?;
        self.0.supply(contents).map_err(|e| to_js(&env, e))
    }

    /// The plan; the session is spent afterwards.
    #[napi(ts_return_type = "UpdatePlan")]
    pub fn finish<'env>(&mut self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        let plan = self.0.finish().map_err(|e| to_js(env, e))?;
        encode(env, &plan)
    }

    /// Plans and keeps the plan; what carrying it out takes.
    #[napi(ts_return_type = "PlanOutline")]
    pub fn plan<'env>(&mut self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        let outline = self.0.plan().map_err(|e| to_js(env, e))?;
        encode(env, &outline)
    }

    /// The kept plan, as the run has completed it.
    #[napi(ts_return_type = "UpdatePlan")]
    pub fn planned<'env>(&self, env: &'env Env) -> napi::Result<Unknown<'env>> {
        let plan = self.0.planned().map_err(|e| to_js(env, e))?;
        encode(env, plan)
    }

    /// Completes the kept plan's report with what the run did (its steps and report left out).
    #[napi(ts_return_type = "RunEnd")]
    pub fn finish_run<'env>(
        &mut self,
        env: &'env Env,
        #[napi(ts_arg_type = "UpdateRun")] run: Unknown,
    ) -> napi::Result<Unknown<'env>> {
        let run: update::UpdateRun = decode(env, ErrorKind::InvalidUpdateInput, "run", run)?;
        let end = self.0.finish_run(run).map_err(|e| to_js(env, e))?;
        encode(env, &end)
    }

    /// Completes the kept plan's report with its regions' regeneration; the summary.
    #[napi]
    pub fn finish_regions(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "RegenRun[]")] runs: Unknown,
    ) -> napi::Result<String> {
        let runs = decode(&env, ErrorKind::InvalidUpdateInput, "runs", runs)?;
        self.0.finish_regions(runs).map_err(|e| to_js(&env, e))
    }

    /// The `--json` document of the kept plan.
    #[napi(ts_return_type = "UpdateDocument")]
    pub fn document<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "DocumentFacts")] facts: Unknown,
    ) -> napi::Result<Unknown<'env>> {
        let facts: update::DocumentFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
        let document = self.0.document(&facts).map_err(|e| to_js(env, e))?;
        encode(env, &document)
    }

    /// The exit code, with the kept plan's report, pending flag and run outcome.
    #[napi]
    pub fn exit_code(
        &mut self,
        env: Env,
        #[napi(ts_arg_type = "ExitInput")] input: Unknown,
    ) -> napi::Result<u32> {
        let input = decode(&env, ErrorKind::InvalidArgument, "input", input)?;
        let code = self.0.exit_code(input).map_err(|e| to_js(&env, e))?;
        Ok(code.into())
    }

    /// The outcome as lines, with the kept plan's report and changed paths.
    #[napi(ts_return_type = "Line[]")]
    pub fn render_outcome<'env>(
        &mut self,
        env: &'env Env,
        #[napi(ts_arg_type = "OutcomeFacts")] facts: Unknown,
        #[napi(ts_arg_type = "SummaryOptions")] options: Option<Unknown>,
    ) -> napi::Result<Unknown<'env>> {
        let facts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
        let options: update::SummaryOptions =
            decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
        let lines = self
            .0
            .render_outcome(facts, &options)
            .map_err(|e| to_js(env, e))?;
        encode(env, &lines)
    }

    /// The change request of the kept plan's report.
    #[napi(ts_return_type = "PrPayload")]
    pub fn pr_payload<'env>(
        &mut self,
        env: &'env Env,
        #[napi(ts_arg_type = "PrInput")] input: Unknown,
    ) -> napi::Result<Unknown<'env>> {
        let input = decode(env, ErrorKind::InvalidArgument, "input", input)?;
        let payload = self.0.pr_payload(input).map_err(|e| to_js(env, e))?;
        encode(env, &payload)
    }
}

/// The `--json` document of a run that planned nothing (its report empty).
#[napi(ts_return_type = "UpdateDocument")]
pub fn update_document<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "DocumentFacts")] facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let facts: update::DocumentFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
    let document = update::update_document(&facts, None).map_err(|e| to_js(env, e))?;
    encode(env, &document)
}

/// What a view of an update plan shows: its headline, what needs the person, each file written.
#[napi(ts_return_type = "PlanOverview")]
pub fn plan_overview<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "OverviewInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: update::OverviewInput =
        decode(env, ErrorKind::InvalidArgument, "planOverview", input)?;
    encode(env, &update::plan_overview(&input))
}

/// The options an update merges a file both sides changed with, for a view's preview.
#[napi(ts_return_type = "MergeOptions")]
pub fn preview_merge_options<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "MergePreview")] preview: Object,
) -> napi::Result<Unknown<'env>> {
    let preview: update::MergePreview = decode(
        env,
        ErrorKind::InvalidArgument,
        "previewMergeOptions",
        preview,
    )?;
    encode(env, &update::preview_merge_options(&preview))
}

/// The file view's lines about one file's plan: the mode planned with and what the update
/// would write, whether each side changed it.
#[napi(ts_return_type = "FileVerdict")]
pub fn file_verdict<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FileVerdictInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: update::FileVerdictInput =
        decode(env, ErrorKind::InvalidArgument, "fileVerdict", input)?;
    encode(env, &update::file_verdict(&input))
}

/// Each `--conflicts` mode as a view's chooser offers it, the default first and marked.
#[napi(ts_return_type = "Choice[]")]
pub fn conflict_choices(env: &Env) -> napi::Result<Unknown<'_>> {
    encode(env, &update::conflict_choices())
}

/// The line for a project with nothing to plan.
#[napi]
pub fn nothing_to_plan(status: String, installed: String, latest: String) -> String {
    update::nothing_to_plan(&status, &installed, &latest)
}

/// Whether an update that ended with `status` writes its change request (`--pr`).
#[napi]
pub fn writes_change_request(
    env: &Env,
    #[napi(ts_arg_type = "UpdateStatus")] status: Unknown,
) -> napi::Result<bool> {
    let status: update::UpdateStatus = decode(
        env,
        ErrorKind::InvalidArgument,
        "writesChangeRequest",
        status,
    )?;
    Ok(status.writes_change_request())
}
