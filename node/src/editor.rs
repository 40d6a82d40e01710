//! Editors: what a language server shows for one managed file, and the managed paths of
//! a project's manifests. Values cross as plain objects (serde), file contents as
//! `Uint8Array`s.

use crate::convert::{decode, decode_or_default, encode};
use crate::error::to_js;
use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;
use upkeep_core::editor;
use upkeep_core::ErrorKind;

/// Diagnostics, code actions, lens and hovers for one file, from its text and its sides.
#[napi(ts_return_type = "FileView")]
pub fn file_view<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FileViewInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: editor::FileViewInput = decode(env, ErrorKind::InvalidArgument, "fileView", input)?;
    let view = editor::file_view(&input).map_err(|e| to_js(env, e))?;
    encode(env, &view)
}

/// Every managed path of the latest manifest (and those the baseline's, or else the
/// project's installed copy, lists and the latest dropped) with its class, generated
/// regions and field-merge declaration.
#[napi(ts_return_type = "EditorManifest")]
pub fn editor_manifest<'env>(
    env: &'env Env,
    latest: String,
    baseline: Option<String>,
    installed: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let manifest = editor::editor_manifest(&latest, baseline.as_deref(), installed.as_deref())
        .map_err(|e| to_js(env, e))?;
    encode(env, &manifest)
}

/// The installed files of a host repository the editor speaks about: the manifest's and
/// the record's, joined by target.
#[napi(ts_return_type = "EditorInstall")]
pub fn editor_install<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "InstallManifest")] manifest: Unknown,
    #[napi(ts_arg_type = "SourceRecord")] record: Unknown,
) -> napi::Result<Unknown<'env>> {
    let manifest = decode(env, ErrorKind::InvalidArgument, "manifest", manifest)?;
    let record = decode(env, ErrorKind::InvalidArgument, "record", record)?;
    encode(env, &editor::editor_install(&manifest, &record))
}

/// The editor's words for a recorded source's release that is not what the project
/// recorded; none when it is.
#[napi]
pub fn editor_release_drift(
    spec: String,
    expected: Option<String>,
    found: Option<String>,
) -> Option<String> {
    editor::editor_release_drift(&spec, expected.as_deref(), found.as_deref())
}

/// Which served project a document belongs to: the innermost that holds it.
#[napi]
pub fn document_owner(
    env: &Env,
    #[napi(ts_arg_type = "(string | null)[]")] paths: Unknown,
) -> napi::Result<Option<u32>> {
    let paths: Vec<Option<String>> = decode(env, ErrorKind::InvalidArgument, "paths", paths)?;
    Ok(editor::document_owner(&paths).map(|i| i as u32))
}

/// Which project a server command runs on, from what its caller named.
#[napi(ts_return_type = "CommandTarget")]
pub fn command_target<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "CommandScope")] scope: Object,
) -> napi::Result<Unknown<'env>> {
    let scope: editor::CommandScope =
        decode(env, ErrorKind::InvalidArgument, "commandTarget", scope)?;
    encode(env, &editor::command_target(&scope))
}

/// Throws the manifest's error when the project's own copy (`path`) does not parse.
#[napi]
pub fn check_installed_manifest(env: &Env, text: String, path: String) -> napi::Result<()> {
    editor::check_installed_manifest(&text, &path).map_err(|e| to_js(env, e))
}

/// Adds one managed file to the background scan's totals: its summary, or `null` when the
/// project does not have it.
#[napi(ts_return_type = "ScanTotals")]
pub fn editor_tally<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ScanTotals | null | undefined")] totals: Option<Unknown>,
    #[napi(ts_arg_type = "FileSummary | null")] summary: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let mut totals: editor::ScanTotals =
        decode_or_default(env, ErrorKind::InvalidArgument, "totals", totals)?;
    let summary: Option<editor::FileSummary> = summary
        .map(|s| decode(env, ErrorKind::InvalidArgument, "summary", s))
        .transpose()?;
    totals.tally(summary.as_ref());
    encode(env, &totals)
}

/// The diagnostic on one of upkeep's own files that cannot be read (`message` says why).
#[napi(ts_return_type = "EditorDiagnostic")]
pub fn damaged_diagnostic<'env>(env: &'env Env, message: String) -> napi::Result<Unknown<'env>> {
    encode(env, &editor::Diagnostic::damaged(&message))
}

/// Which releases the editor compares a project with, from what its options name.
#[napi(ts_return_type = "ReleaseRoute")]
pub fn release_route<'env>(
    env: &'env Env,
    names_latest: bool,
    names_folders: bool,
) -> napi::Result<Unknown<'env>> {
    encode(env, &editor::release_route(names_latest, names_folders))
}

/// The status line of a project the editor serves.
#[napi]
pub fn editor_status(
    env: &Env,
    #[napi(ts_arg_type = "ProjectFacts")] facts: Object,
) -> napi::Result<String> {
    let facts: editor::ProjectFacts =
        decode(env, ErrorKind::InvalidArgument, "editorStatus", facts)?;
    Ok(editor::project_status(&facts))
}

/// One of the language server's own sentences.
#[napi]
pub fn editor_notice(
    env: &Env,
    #[napi(ts_arg_type = "EditorNotice")] notice: Unknown,
) -> napi::Result<String> {
    let notice: editor::EditorNotice =
        decode(env, ErrorKind::InvalidArgument, "editorNotice", notice)?;
    Ok(editor::editor_notice(&notice))
}

/// A notice's line and the state the server reports with it.
#[napi(ts_return_type = "EditorStatusLine")]
pub fn editor_notice_status<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "EditorNotice")] notice: Unknown,
) -> napi::Result<Unknown<'env>> {
    let notice: editor::EditorNotice = decode(
        env,
        ErrorKind::InvalidArgument,
        "editorNoticeStatus",
        notice,
    )?;
    encode(env, &editor::notice_status(&notice))
}

/// A served project's status line, ready.
#[napi(ts_return_type = "EditorStatusLine")]
pub fn editor_ready_status<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ProjectFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: editor::ProjectFacts =
        decode(env, ErrorKind::InvalidArgument, "editorReadyStatus", facts)?;
    encode(env, &editor::ready_status(&facts))
}

/// `upkeep.status`'s answer: each project's line (its scan's when it has one), or that
/// there is no project.
#[napi]
pub fn workspace_status(
    env: &Env,
    #[napi(ts_arg_type = "WorkspaceProject[]")] projects: Object,
) -> napi::Result<String> {
    let projects: Vec<editor::WorkspaceProject> =
        decode(env, ErrorKind::InvalidArgument, "workspaceStatus", projects)?;
    Ok(editor::workspace_status(&projects))
}

/// Why `upkeep.updateDryRun` cannot run (its status line), or null.
#[napi(ts_return_type = "EditorStatusLine | null")]
pub fn dry_run_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "DryRunStart")] start: Object,
) -> napi::Result<Unknown<'env>> {
    let start: editor::DryRunStart =
        decode(env, ErrorKind::InvalidArgument, "dryRunRefusal", start)?;
    encode(env, &editor::dry_run_refusal(&start))
}

/// `upkeep.updateDryRun`'s summary: the plan's, or why nothing was planned.
#[napi]
pub fn dry_run_summary(
    env: &Env,
    #[napi(ts_arg_type = "DryRunFacts")] facts: Object,
) -> napi::Result<String> {
    let facts: editor::DryRunFacts =
        decode(env, ErrorKind::InvalidArgument, "dryRunSummary", facts)?;
    Ok(editor::dry_run_summary(&facts))
}

/// `upkeep.scoreWorkingTree`'s line: the verdict's score, decision, files and reasons.
#[napi]
pub fn score_message(
    env: &Env,
    #[napi(ts_arg_type = "ScoreFacts")] facts: Object,
) -> napi::Result<String> {
    let facts: editor::ScoreFacts = decode(env, ErrorKind::InvalidArgument, "scoreMessage", facts)?;
    Ok(editor::score_message(&facts))
}

/// Which kind of project a workspace folder is (null: none upkeep serves).
#[napi(ts_return_type = "ProjectKind | null")]
pub fn project_kind<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FolderFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: editor::FolderFacts = decode(env, ErrorKind::InvalidArgument, "projectKind", facts)?;
    encode(env, &editor::project_kind(&facts))
}

/// Which of the release folders found are the latest and the installed release.
#[napi(ts_return_type = "ReleaseDirs")]
pub fn pick_release_dirs<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ReleaseDirsInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    let input: editor::ReleaseDirsInput =
        decode(env, ErrorKind::InvalidArgument, "pickReleaseDirs", input)?;
    encode(
        env,
        &editor::pick_release_dirs(&input).map_err(|e| to_js(env, e))?,
    )
}
