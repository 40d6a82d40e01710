//! Prints the engine facts the JavaScript package's generated contracts are made from, as
//! JSON on stdout: the error codes and their exit classes (the engine's, the refusals' and
//! the OS's), the command line's exit codes, the defaults the CLI shows (each with the doc
//! line the generated module carries), the TypeScript declarations of the types that cross
//! into JavaScript and the JSON schemas of the documents upkeep reads, both from schemars
//! through core's `contracts` feature. `scripts/generate-contracts.mjs` runs it and writes
//! the files.

use std::io::Write;
use upkeep_core::contracts::{typescript_declarations, DECLARED_IN_INDEX};
use upkeep_core::exits::{
    EXIT_CODES, KINDS_ANSWERED_ELSEWHERE, MAX_CONFLICT_EXIT, OS_CODES, RAISED_CODES,
    STOPPING_NOTICE,
};
use upkeep_core::fleet::{
    Platform, DEFAULT_AUTHOR, DEFAULT_REMOTE, GITHUB_MATRIX_LIMIT, GITLAB_MATRIX_LIMIT, PR_FILES,
};
use upkeep_core::git_state::{FLEET_STEP_OUTCOME, GIT_STATE};
use upkeep_core::lifecycle::{CACHE_NAMES, DEFAULT_RENAMES, RELEASE_SKIPPED_NAMES};
use upkeep_core::looping::{LOOP_FILE, LOOP_FILE_TMP};
use upkeep_core::observe::KIND_CODES;
use upkeep_core::refresh::{BULK_DECISIONS, DEFAULT_MANIFEST, RECORD_NAME};
use upkeep_core::render::PROGRESS_PHASES;
use upkeep_core::schemas::json_schemas;
use upkeep_core::score::Decision;
use upkeep_core::text::DiffOptions;
use upkeep_core::update::{
    ConflictMode, CONFLICT_MODES, DEFAULT_STATE_DIR, FILE_CLASSES, REPORT_BUCKETS,
};
use upkeep_core::usage_refusal::{usage_refusal, UsageProblem};
use upkeep_core::ErrorKind;

fn main() -> std::io::Result<()> {
    let codes: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.code()).collect();
    let classes: Vec<(&str, Option<&str>)> = ErrorKind::ALL
        .iter()
        .map(|kind| (kind.code(), kind.exit_class().map(|class| class.name())))
        .collect();
    let declarations = typescript_declarations().map_err(|clashes| {
        std::io::Error::other(format!(
            "two types would declare the same TypeScript name: {}; give one a `ts(rename)`",
            clashes.join(", ")
        ))
    })?;
    let facts = serde_json::json!({
        "errorCodes": codes,
        "errorClasses": classes,
        "raisedCodes": RAISED_CODES
            .iter()
            .map(|r| serde_json::json!({ "code": r.code, "class": r.class.map(|c| c.name()), "doc": r.doc }))
            .collect::<Vec<_>>(),
        "answeredElsewhere": KINDS_ANSWERED_ELSEWHERE
            .iter()
            .map(|(kind, doc)| (kind.code(), *doc))
            .chain(RAISED_CODES.iter().filter(|r| r.class.is_none()).map(|r| (r.code, r.doc)))
            .collect::<Vec<_>>(),
        "osClasses": OS_CODES
            .iter()
            .map(|(code, class)| (code, class.name()))
            .collect::<Vec<_>>(),
        "exitCodes": EXIT_CODES
            .iter()
            .map(|e| serde_json::json!({ "name": e.name, "number": e.number, "doc": e.doc }))
            .collect::<Vec<_>>(),
        "declaredInIndex": DECLARED_IN_INDEX,
        "defaults": [
            default("DEFAULT_STATE_DIR", DEFAULT_STATE_DIR, "The state folder when the caller names none (`--state-dir`'s default)."),
            default("DEFAULT_CONFLICTS", ConflictMode::default(), "What a file both sides changed gets when `--conflicts` names nothing (`update`, `status`, the editor)."),
            default("DEFAULT_PLATFORM", Platform::default(), "The CI engine `fleet plan` batches for when `--platform` names none."),
            default("DEFAULT_REMOTE", DEFAULT_REMOTE, "The remote `fleet step` pushes to when `--remote` names none."),
            default("DEFAULT_AUTHOR", DEFAULT_AUTHOR, "The commit identity of `fleet step` when `--author` names none."),
            default("MATRIX_LIMITS", serde_json::json!({ "github": GITHUB_MATRIX_LIMIT, "gitlab": GITLAB_MATRIX_LIMIT }), "The most jobs one CI matrix of each platform runs (`fleet plan`'s batch size)."),
            default("MAX_CONFLICT_EXIT", MAX_CONFLICT_EXIT, "The most conflicts `merge` counts in its exit code (as `git merge-file` caps it)."),
            default("DEFAULT_CONTEXT", DiffOptions::default().context, "Lines of context `diff` shows when `-U` names none (GNU `diff -u`'s)."),
            default("DEFAULT_MANIFEST", DEFAULT_MANIFEST, "Where `install` and `refresh` read the source's manifest when `--manifest` names none."),
            default("CACHE_NAMES", CACHE_NAMES, "The names of upkeep's release cache: its folder in the user's cache folder, and an entry's tree and index."),
            default("DEFAULT_RENAMES", DEFAULT_RENAMES.map(|(from, to)| format!("{from}={to}")), "The shipped names installed under another name when no manifest says otherwise (`from=to`, at any depth), as `manifest init --install` writes them."),
            default("RELEASE_SKIPPED_NAMES", RELEASE_SKIPPED_NAMES, "The names a release's listing never includes (git's own data, a folder or a worktree's file, is never part of a release)."),
            default("SOURCE_RECORD_NAME", RECORD_NAME, "The record a refresh keeps in the host's home folder."),
            default("PROGRESS_PHASES", PROGRESS_PHASES.iter().map(|(phase, doing)| (phase.to_string(), *doing)).collect::<std::collections::BTreeMap<_, _>>(), "What the progress bar calls each phase of a run."),
            default("STOPPING_NOTICE", STOPPING_NOTICE, "What a person watching reads the moment Ctrl-C asks a run to stop."),
            default("REPORT_BUCKETS", pairs(&REPORT_BUCKETS, "bucket", "help"), "The update report's buckets in the order a view shows them, each with what it means."),
            default("CONFLICT_MODES", pairs(&CONFLICT_MODES, "mode", "help"), "Each `--conflicts` mode, the default first, with what it does to a file both sides changed."),
            default("FILE_CLASSES", pairs(&FILE_CLASSES, "class", "help"), "Each class a manifest may give a file, with what it means in a few words."),
            default("BULK_DECISIONS", BULK_DECISIONS.iter().map(|(key, decisions)| (key.to_string(), serde_json::json!(decisions.map(|d| d.name())))).collect::<serde_json::Map<_, _>>(), "What `install` and `refresh`'s decide-every-file options (`auto`, `hostDeleted`, `sourceDeleted`) may be set to."),
            default("FAIL_ON_DECISIONS", Decision::FAIL_ON.map(Decision::as_str), "The decisions `score --fail-on` may name, the mildest first."),
            default("GIT_STATE", GIT_STATE, "Where upkeep keeps its own state inside a git dir (paths relative to it) and the refs its runs use."),
            default("FLEET_STEP_OUTCOME", FLEET_STEP_OUTCOME, "The file `fleet step` writes its outcome to, beside the change request."),
            default("KIND_CODES", KIND_CODES, "The one-byte codes a batch of observations crosses the boundary with: what is at a path, or what blocks the way to it."),
            default("LOOP_FILE", LOOP_FILE, "The loop engine's own state file, in the project's root."),
            default("LOOP_FILE_TMP", LOOP_FILE_TMP, "The temp file beside it that a write goes through (a leftover one is a torn write)."),
            default("PR_FILES", PR_FILES, "The names of the change-request folder's files (`update --pr`), which `fleet step` reads."),
            default("NEEDS_NODE", needs_node(&["hashFile", "writeLoopFile"]), "What the browser entry's calls that need a file system raise (before `init()` too, so not asked of the engine)."),
        ],
        "types": declarations
            .into_iter()
            .map(|(name, text)| serde_json::json!({ "name": name, "text": text }))
            .collect::<Vec<_>>(),
        "schemas": json_schemas()
            .into_iter()
            .map(|(stem, schema)| serde_json::json!({ "stem": stem, "schema": schema }))
            .collect::<Vec<_>>(),
    });
    writeln!(std::io::stdout().lock(), "{facts}")
}

/// The refusal of each browser call that needs Node, by call.
fn needs_node(calls: &[&str]) -> serde_json::Value {
    let refusal = |call: &str| {
        let refusal = usage_refusal(&UsageProblem::NeedsNode { call: call.into() });
        serde_json::json!({ "code": refusal.code, "message": refusal.message })
    };
    calls
        .iter()
        .map(|call| (call.to_string(), refusal(call)))
        .collect()
}

/// A table of word pairs as a list of objects with the two keys given.
fn pairs(table: &[(&str, &str)], key: &str, value: &str) -> serde_json::Value {
    table
        .iter()
        .map(|(k, v)| serde_json::json!({ key: k, value: v }))
        .collect()
}

/// One default: its JavaScript name, its value as JSON and its doc line.
fn default(name: &str, value: impl serde::Serialize, doc: &str) -> serde_json::Value {
    serde_json::json!({ "name": name, "value": value, "doc": doc })
}
