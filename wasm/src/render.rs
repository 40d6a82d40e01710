//! What the command line prints: each report rendered by the engine as lines of text with
//! a tone the CLI may colour, and commands quoted so they work when pasted.

use upkeep_core::{refresh, render, terminal, update, ErrorKind};
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};

/// The install or refresh report as lines: counts per outcome, then what needs the person.
#[wasm_bindgen(js_name = renderRunReport)]
pub fn render_run_report(report: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let report: refresh::RunReport = decode(ErrorKind::InvalidArgument, "report", report)?;
    let options: refresh::RunRenderOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    encode(&refresh::render_run_report(&report, &options))
}

/// The outcome of `upkeep update` or `upkeep status` as lines.
#[wasm_bindgen(js_name = renderUpdateOutcome)]
pub fn render_update_outcome(facts: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let facts: update::OutcomeFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
    let options: update::SummaryOptions =
        decode_or_default(ErrorKind::InvalidOptions, "options", options)?;
    encode(&update::render_update_outcome(&facts, &options))
}

/// A run that stopped early (a signal, Ctrl-C at a prompt) as lines: what it did, how to resume.
#[wasm_bindgen(js_name = renderStopped)]
pub fn render_stopped(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: render::StopFacts = decode(ErrorKind::InvalidArgument, "facts", facts)?;
    encode(&render::render_stopped(&facts))
}

/// A command line quoted for a POSIX shell, each word only when it must be.
#[wasm_bindgen(js_name = shellCommand)]
pub fn shell_command(words: Vec<String>) -> String {
    render::shell_command(&words)
}

/// `1 file`, `1,234 files`: a count in the reports' words, its noun singular or plural.
#[wasm_bindgen]
pub fn counted(n: u32, one: &str, many: &str) -> String {
    render::counted(n as usize, one, many)
}

/// The question about a file refresh cannot decide alone, in the prompt's words.
#[wasm_bindgen(js_name = refreshQuestion)]
pub fn refresh_question(target: &str, state: JsValue) -> Result<JsValue, JsValue> {
    let state: refresh::FileState = decode(ErrorKind::InvalidArgument, "state", state)?;
    encode(&refresh::refresh_question(target, state))
}

/// The question an update asks before it writes.
#[wasm_bindgen(js_name = updateQuestion)]
pub fn update_question(from: &str, to: &str, changelog: JsValue) -> Result<JsValue, JsValue> {
    let changelog: Vec<update::ChangelogSection> =
        decode(ErrorKind::InvalidArgument, "changelog", changelog)?;
    encode(&update::update_question(from, to, changelog))
}

/// The release notes an update prints before it writes; empty for no section.
#[wasm_bindgen(js_name = renderReleaseNotes)]
pub fn render_release_notes(changelog: JsValue) -> Result<String, JsValue> {
    let changelog: Vec<update::ChangelogSection> =
        decode(ErrorKind::InvalidArgument, "changelog", changelog)?;
    Ok(render::render_release_notes(&changelog))
}

/// The refusal of a `--conflicts` value that names no mode, or null.
#[wasm_bindgen(js_name = conflictsRefusal)]
pub fn conflicts_refusal(text: &str) -> Result<JsValue, JsValue> {
    encode(&update::conflicts_refusal(text))
}

/// The refusal of an update whose project or release is not in a state to update from.
#[wasm_bindgen(js_name = stateRefusal)]
pub fn state_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: update::StateProblem =
        decode(ErrorKind::InvalidArgument, "stateRefusal", problem)?;
    encode(&update::state_refusal(&problem))
}

/// What upkeep quotes of a tool that failed: its error lines, else its last lines, on one line.
#[wasm_bindgen(js_name = toolMessage)]
pub fn tool_message(stderr: &str) -> String {
    render::tool_message(stderr)
}

/// What this run's terminal takes: prompts, progress, colour per stream, release notes,
/// how much a summary says (and the refusal of `--quiet` with `--verbose`).
#[wasm_bindgen(js_name = terminalPolicy)]
pub fn terminal_policy(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: terminal::TerminalFacts =
        decode(ErrorKind::InvalidArgument, "terminalPolicy", facts)?;
    encode(&terminal::terminal_policy(&facts))
}
