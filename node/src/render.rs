//! What the command line prints: each report rendered by the engine as lines of text with
//! a tone the CLI may colour, and commands quoted so they work when pasted.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::Unknown;
use napi::Env;
use napi_derive::napi;
use upkeep_core::{refresh, render, terminal, update, ErrorKind};

/// The install or refresh report as lines: counts per outcome, then what needs the person.
#[napi(ts_return_type = "RenderedLine[]")]
pub fn render_run_report<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "RunReport")] report: Unknown,
    #[napi(ts_arg_type = "RunRenderOptions | undefined")] options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let report: refresh::RunReport = decode(env, ErrorKind::InvalidArgument, "report", report)?;
    let options: refresh::RunRenderOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    encode(env, &refresh::render_run_report(&report, &options))
}

/// The outcome of `upkeep update` or `upkeep status` as lines.
#[napi(ts_return_type = "RenderedLine[]")]
pub fn render_update_outcome<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateOutcomeFacts")] facts: Unknown,
    #[napi(ts_arg_type = "SummaryOptions | undefined")] options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let facts: update::OutcomeFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
    let options: update::SummaryOptions =
        decode_or_default(env, ErrorKind::InvalidOptions, "options", options)?;
    encode(env, &update::render_update_outcome(&facts, &options))
}

/// A run that stopped early (a signal, Ctrl-C at a prompt) as lines: what it did, how to resume.
#[napi(ts_return_type = "RenderedLine[]")]
pub fn render_stopped<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StopFacts")] facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let facts: render::StopFacts = decode(env, ErrorKind::InvalidArgument, "facts", facts)?;
    encode(env, &render::render_stopped(&facts))
}

/// A command line quoted for a POSIX shell, each word only when it must be.
#[napi]
pub fn shell_command(words: Vec<String>) -> String {
    render::shell_command(&words)
}

/// `1 file`, `1,234 files`: a count in the reports' words, its noun singular or plural.
#[napi]
pub fn counted(n: u32, one: String, many: String) -> String {
    render::counted(n as usize, &one, &many)
}

/// The question about a file refresh cannot decide alone, in the prompt's words.
#[napi(ts_return_type = "RefreshQuestion")]
pub fn refresh_question<'env>(
    env: &'env Env,
    target: String,
    #[napi(ts_arg_type = "FileState")] state: Unknown,
) -> napi::Result<Unknown<'env>> {
    let state: refresh::FileState = decode(env, ErrorKind::InvalidArgument, "state", state)?;
    encode(env, &refresh::refresh_question(&target, state))
}

/// The question an update asks before it writes.
#[napi(ts_return_type = "UpdateQuestion")]
pub fn update_question<'env>(
    env: &'env Env,
    from: String,
    to: String,
    #[napi(ts_arg_type = "ChangelogSection[]")] changelog: Unknown,
) -> napi::Result<Unknown<'env>> {
    let changelog: Vec<update::ChangelogSection> =
        decode(env, ErrorKind::InvalidArgument, "changelog", changelog)?;
    encode(env, &update::update_question(&from, &to, changelog))
}

/// The release notes an update prints before it writes; empty for no section.
#[napi]
pub fn render_release_notes(
    env: Env,
    #[napi(ts_arg_type = "ChangelogSection[]")] changelog: Unknown,
) -> napi::Result<String> {
    let changelog: Vec<update::ChangelogSection> =
        decode(&env, ErrorKind::InvalidArgument, "changelog", changelog)?;
    Ok(render::render_release_notes(&changelog))
}

/// The refusal of a `--conflicts` value that names no mode, or null.
#[napi(ts_return_type = "Refusal | null")]
pub fn conflicts_refusal(env: &Env, text: String) -> napi::Result<Unknown<'_>> {
    encode(env, &update::conflicts_refusal(&text))
}

/// The refusal of an update whose project or release is not in a state to update from.
#[napi(ts_return_type = "Refusal")]
pub fn state_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "StateProblem")] problem: Unknown,
) -> napi::Result<Unknown<'env>> {
    let problem: update::StateProblem =
        decode(env, ErrorKind::InvalidArgument, "stateRefusal", problem)?;
    encode(env, &update::state_refusal(&problem))
}

/// What upkeep quotes of a tool that failed: its error lines, else its last lines, on one line.
#[napi]
pub fn tool_message(stderr: String) -> String {
    render::tool_message(&stderr)
}

/// What this run's terminal takes: prompts, progress, colour per stream, release notes,
/// how much a summary says (and the refusal of `--quiet` with `--verbose`).
#[napi(ts_return_type = "TerminalPolicy")]
pub fn terminal_policy<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "TerminalFacts")] facts: Unknown,
) -> napi::Result<Unknown<'env>> {
    let facts: terminal::TerminalFacts =
        decode(env, ErrorKind::InvalidArgument, "terminalPolicy", facts)?;
    encode(env, &terminal::terminal_policy(&facts))
}
