//! Editors: what a language server shows for one managed file, and the managed paths of
//! a project's manifests. Values cross as plain objects (serde-wasm-bindgen), file
//! contents as `Uint8Array`s.

use upkeep_core::editor;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode, optional_text};
use crate::error::to_js;

/// Diagnostics, code actions, lens and hovers for one file, from its text and its sides.
#[wasm_bindgen(js_name = fileView)]
pub fn file_view(input: JsValue) -> Result<JsValue, JsValue> {
    let input: editor::FileViewInput = decode(ErrorKind::InvalidArgument, "fileView", input)?;
    encode(&editor::file_view(&input).map_err(to_js)?)
}

/// Every managed path of the latest manifest (and those the baseline's, or else the
/// project's installed copy, lists and the latest dropped) with its class, generated
/// regions and field-merge declaration.
#[wasm_bindgen(js_name = editorManifest)]
pub fn editor_manifest(
    latest: &str,
    baseline: Option<String>,
    installed: Option<String>,
) -> Result<JsValue, JsValue> {
    encode(
        &editor::editor_manifest(latest, baseline.as_deref(), installed.as_deref())
            .map_err(to_js)?,
    )
}

/// The installed files of a host repository the editor speaks about: the manifest's and
/// the record's, joined by target.
#[wasm_bindgen(js_name = editorInstall)]
pub fn editor_install(manifest: JsValue, record: JsValue) -> Result<JsValue, JsValue> {
    let manifest = decode(ErrorKind::InvalidArgument, "manifest", manifest)?;
    let record = decode(ErrorKind::InvalidArgument, "record", record)?;
    encode(&editor::editor_install(&manifest, &record))
}

/// The editor's words for a recorded source's release that is not what the project
/// recorded; `null` when it is.
#[wasm_bindgen(js_name = editorReleaseDrift)]
pub fn editor_release_drift(
    spec: &str,
    expected: JsValue,
    found: JsValue,
) -> Result<JsValue, JsValue> {
    let notice = editor::editor_release_drift(
        spec,
        optional_text("expected", &expected)?.as_deref(),
        optional_text("found", &found)?.as_deref(),
    );
    Ok(notice.map_or(JsValue::NULL, JsValue::from))
}

/// Which served project a document belongs to: the innermost that holds it.
#[wasm_bindgen(js_name = documentOwner)]
pub fn document_owner(paths: JsValue) -> Result<JsValue, JsValue> {
    let paths: Vec<Option<String>> = decode(ErrorKind::InvalidArgument, "paths", paths)?;
    // Encoded, so "none" is `null` as in the addon, not `undefined`.
    encode(&editor::document_owner(&paths))
}

/// Which project a server command runs on, from what its caller named.
#[wasm_bindgen(js_name = commandTarget)]
pub fn command_target(scope: JsValue) -> Result<JsValue, JsValue> {
    let scope: editor::CommandScope = decode(ErrorKind::InvalidArgument, "commandTarget", scope)?;
    encode(&editor::command_target(&scope))
}

/// Throws the manifest's error when the project's own copy (`path`) does not parse.
#[wasm_bindgen(js_name = checkInstalledManifest)]
pub fn check_installed_manifest(text: &str, path: &str) -> Result<(), JsValue> {
    editor::check_installed_manifest(text, path).map_err(to_js)
}

/// Adds one managed file to the background scan's totals: its summary, or `null` when the
/// project does not have it.
#[wasm_bindgen(js_name = editorTally)]
pub fn editor_tally(totals: JsValue, summary: JsValue) -> Result<JsValue, JsValue> {
    let mut totals: editor::ScanTotals =
        decode_or_default(ErrorKind::InvalidArgument, "totals", totals)?;
    let summary: Option<editor::FileSummary> =
        decode(ErrorKind::InvalidArgument, "summary", summary)?;
    totals.tally(summary.as_ref());
    encode(&totals)
}

/// The diagnostic on one of upkeep's own files that cannot be read (`message` says why).
#[wasm_bindgen(js_name = damagedDiagnostic)]
pub fn damaged_diagnostic(message: &str) -> Result<JsValue, JsValue> {
    encode(&editor::Diagnostic::damaged(message))
}

/// Which releases the editor compares a project with, from what its options name.
#[wasm_bindgen(js_name = releaseRoute)]
pub fn release_route(names_latest: bool, names_folders: bool) -> Result<JsValue, JsValue> {
    encode(&editor::release_route(names_latest, names_folders))
}

/// The status line of a project the editor serves.
#[wasm_bindgen(js_name = editorStatus)]
pub fn editor_status(facts: JsValue) -> Result<String, JsValue> {
    let facts: editor::ProjectFacts = decode(ErrorKind::InvalidArgument, "editorStatus", facts)?;
    Ok(editor::project_status(&facts))
}

/// One of the language server's own sentences.
#[wasm_bindgen(js_name = editorNotice)]
pub fn editor_notice(notice: JsValue) -> Result<String, JsValue> {
    let notice: editor::EditorNotice = decode(ErrorKind::InvalidArgument, "editorNotice", notice)?;
    Ok(editor::editor_notice(&notice))
}

/// A notice's line and the state the server reports with it.
#[wasm_bindgen(js_name = editorNoticeStatus)]
pub fn editor_notice_status(notice: JsValue) -> Result<JsValue, JsValue> {
    let notice: editor::EditorNotice =
        decode(ErrorKind::InvalidArgument, "editorNoticeStatus", notice)?;
    encode(&editor::notice_status(&notice))
}

/// A served project's status line, ready.
#[wasm_bindgen(js_name = editorReadyStatus)]
pub fn editor_ready_status(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: editor::ProjectFacts =
        decode(ErrorKind::InvalidArgument, "editorReadyStatus", facts)?;
    encode(&editor::ready_status(&facts))
}

/// `upkeep.status`'s answer: each project's line (its scan's when it has one), or that
/// there is no project.
#[wasm_bindgen(js_name = workspaceStatus)]
pub fn workspace_status(projects: JsValue) -> Result<String, JsValue> {
    let projects: Vec<editor::WorkspaceProject> =
        decode(ErrorKind::InvalidArgument, "workspaceStatus", projects)?;
    Ok(editor::workspace_status(&projects))
}

/// Why `upkeep.updateDryRun` cannot run (its status line), or null.
#[wasm_bindgen(js_name = dryRunRefusal)]
pub fn dry_run_refusal(start: JsValue) -> Result<JsValue, JsValue> {
    let start: editor::DryRunStart = decode(ErrorKind::InvalidArgument, "dryRunRefusal", start)?;
    encode(&editor::dry_run_refusal(&start))
}

/// `upkeep.updateDryRun`'s summary: the plan's, or why nothing was planned.
#[wasm_bindgen(js_name = dryRunSummary)]
pub fn dry_run_summary(facts: JsValue) -> Result<String, JsValue> {
    let facts: editor::DryRunFacts = decode(ErrorKind::InvalidArgument, "dryRunSummary", facts)?;
    Ok(editor::dry_run_summary(&facts))
}

/// `upkeep.scoreWorkingTree`'s line: the verdict's score, decision, files and reasons.
#[wasm_bindgen(js_name = scoreMessage)]
pub fn score_message(facts: JsValue) -> Result<String, JsValue> {
    let facts: editor::ScoreFacts = decode(ErrorKind::InvalidArgument, "scoreMessage", facts)?;
    Ok(editor::score_message(&facts))
}

/// Which kind of project a workspace folder is (null: none upkeep serves).
#[wasm_bindgen(js_name = projectKind)]
pub fn project_kind(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: editor::FolderFacts = decode(ErrorKind::InvalidArgument, "projectKind", facts)?;
    encode(&editor::project_kind(&facts))
}

/// Which of the release folders found are the latest and the installed release.
#[wasm_bindgen(js_name = pickReleaseDirs)]
pub fn pick_release_dirs(input: JsValue) -> Result<JsValue, JsValue> {
    let input: editor::ReleaseDirsInput =
        decode(ErrorKind::InvalidArgument, "pickReleaseDirs", input)?;
    encode(&editor::pick_release_dirs(&input).map_err(to_js)?)
}
