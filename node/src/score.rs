//! Risk scoring: globs, numstat parsing, the risk arithmetic and the scoring constants.
//!
//! Rows and verdicts cross as plain objects (serde). Two bulk routes cross as typed arrays
//! instead, because 100,000 small objects or strings through N-API cost more than the
//! engine's work on them: numstat rows as columns (`parseNumstatColumns`,
//! `actualRiskColumns`) and `GlobSet` batches as one joined string (`*ManyJoined`); the
//! facade (`npm/lib/score-api.js`) builds and reads both.

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::{Float64Array, Uint32Array, Uint8Array, Unknown};
use napi::Env;
use napi::ValueType;
use napi_derive::napi;
use upkeep_core::score as core;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// The scoring constants: `{ weights, presets, defaultPreset, deletionLines }`.
#[napi]
pub fn score_constants(env: &Env) -> napi::Result<Unknown<'_>> {
    encode(env, &core::score_constants())
}

/// The presets as a chooser and a help line offer them: each with its ceilings, the
/// default marked.
#[napi(ts_return_type = "PresetChoices")]
pub fn preset_choices(env: &Env) -> napi::Result<Unknown<'_>> {
    encode(env, &core::preset_choices())
}

/// The arguments of `git` for the diff a score reads.
#[napi]
pub fn score_diff_args(
    env: &Env,
    #[napi(ts_arg_type = "ScoreDiff")] diff: Unknown,
) -> napi::Result<Vec<String>> {
    let diff: core::ScoreDiff = decode(env, ErrorKind::InvalidArgument, "scoreDiffArgs", diff)?;
    Ok(core::score_diff_args(&diff))
}

/// Whether `file` matches the glob `pattern`.
#[napi]
pub fn glob_match(pattern: String, file: String) -> bool {
    core::glob_match(&pattern, &file)
}

/// numstat rows as two columns (core `rows_to_columns`): the facade (`npm/lib/score-api.js`)
/// builds the `{ file, added, deleted }` objects, far cheaper in JavaScript than here. The
/// one result struct of this crate: a `Float64Array` is not a serde value.
#[napi(object)]
pub struct FileColumns {
    /// Every path, concatenated.
    pub paths: String,
    /// Per row: the path's length in UTF-16 code units, lines added, lines deleted.
    pub numbers: Float64Array,
}

impl std::fmt::Debug for FileColumns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileColumns")
            .field("paths", &self.paths)
            .field("numbers", &&self.numbers[..])
            .finish()
    }
}

impl FileColumns {
    fn new(rows: &[core::FileStat]) -> Self {
        let (paths, numbers) = core::rows_to_columns(rows);
        FileColumns {
            paths,
            numbers: Float64Array::new(numbers),
        }
    }
}

/// Plain `git diff --numstat` rows, as columns; a rename yields the new path then the old one.
#[napi]
pub fn parse_numstat_columns(text: String) -> FileColumns {
    FileColumns::new(&core::parse_numstat(&text))
}

/// `git diff --numstat -z` rows.
#[napi(ts_return_type = "FileStat[]")]
pub fn parse_numstat_z(env: &Env, bytes: Uint8Array) -> napi::Result<Unknown<'_>> {
    let rows = core::parse_numstat_z(&bytes).map_err(|e| to_js(env, e))?;
    encode(env, &rows)
}

/// numstat rows from bytes in either form (`-z` when they hold a NUL byte).
#[napi(ts_return_type = "FileStat[]")]
pub fn parse_numstat_bytes(env: &Env, bytes: Uint8Array) -> napi::Result<Unknown<'_>> {
    let rows = core::parse_numstat_bytes(&bytes).map_err(|e| to_js(env, e))?;
    encode(env, &rows)
}

/// The actions a comma-separated list names (trimmed, empty entries left out).
#[napi]
pub fn parse_actions(text: String) -> Vec<String> {
    core::parse_actions(&text)
}

/// The largest weight among `actions`, with `overrides` applied to the weights.
#[napi]
pub fn declared_risk(
    env: Env,
    actions: Vec<String>,
    overrides: Option<Unknown>,
) -> napi::Result<f64> {
    let overrides: core::Overrides =
        decode_or_default(&env, ErrorKind::InvalidArgument, "overrides", overrides)?;
    core::declared_risk(&actions, &overrides).map_err(|e| to_js(&env, e))
}

/// `{ score, reasons }`: the declared score escalated by what the diff did.
#[napi(ts_args_type = "declared: number, files: FileStat[], options?: RiskOptions")]
pub fn actual_risk<'env>(
    env: &'env Env,
    declared: f64,
    files: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let files: Vec<core::FileStat> = decode(env, ErrorKind::InvalidArgument, "files", files)?;
    let options: core::RiskOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    encode(env, &core::actual_risk(declared, &files, &options))
}

/// Per file, what `actualRisk` escalates on: inside the write set, a contract, deletions
/// ignored.
#[napi(ts_args_type = "files: FileStat[], options?: RiskOptions")]
pub fn risk_files<'env>(
    env: &'env Env,
    files: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let files: Vec<core::FileStat> = decode(env, ErrorKind::InvalidArgument, "files", files)?;
    let options: core::RiskOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    encode(env, &core::risk_files(&files, &options))
}

/// [`actual_risk`] with the files as columns (core `rows_from_columns`), as the facade
/// passes every well-formed array of `{ file, added, deleted }`.
#[napi]
pub fn actual_risk_columns<'env>(
    env: &'env Env,
    declared: f64,
    paths: String,
    numbers: Float64Array,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let options: core::RiskOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    let files = core::rows_from_columns(&paths, &numbers).map_err(|e| to_js(env, e))?;
    encode(env, &core::actual_risk(declared, &files, &options))
}

/// `silent`, `soft` or `blocking` for `score` under the preset called `preset`.
#[napi]
pub fn decide(env: Env, score: f64, preset: Option<String>) -> napi::Result<&'static str> {
    core::decide(score, preset.as_deref())
        .map(core::Decision::as_str)
        .map_err(|e| to_js(&env, e))
}

/// The more severe of two decisions (a missing one yields the other): one of the two
/// arguments itself, so `null` and `undefined` come back exactly as the reference returns
/// them.
#[napi(
    ts_args_type = "a: string | null | undefined, b: string | null | undefined",
    ts_return_type = "string | null | undefined"
)]
pub fn worst<'a>(env: Env, a: Unknown<'a>, b: Unknown<'a>) -> napi::Result<Unknown<'a>> {
    let (first, second) = (decision_name(&env, &a)?, decision_name(&env, &b)?);
    Ok(
        match core::worst_pick(first.as_deref(), second.as_deref()) {
            core::Pick::First => a,
            _ => b,
        },
    )
}

/// A `worst` argument as the engine reads it: `null` and `undefined` are missing, a string
/// is a name, anything else a name that ranks as nothing.
fn decision_name(env: &Env, value: &Unknown) -> napi::Result<Option<String>> {
    Ok(match value.get_type()? {
        ValueType::Undefined | ValueType::Null => None,
        ValueType::String => Some(env.from_js_value(*value)?),
        _ => Some(String::new()),
    })
}

/// The verdict on a diff: declared and actual score, decision, preset, reasons, failure.
#[napi(ts_args_type = "files: FileStat[], options?: AssessOptions")]
pub fn assess<'env>(
    env: &'env Env,
    files: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let files: Vec<core::FileStat> = decode(env, ErrorKind::InvalidArgument, "files", files)?;
    let options: core::AssessOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    let verdict = core::assess(&files, &options).map_err(|e| to_js(env, e))?;
    encode(env, &verdict)
}

/// The verdict with its rendering: `{ verdict, lines }`, what `upkeep score` prints.
#[napi(
    ts_args_type = "files: FileStat[], options?: AssessOptions",
    ts_return_type = "AssessView"
)]
pub fn assess_view<'env>(
    env: &'env Env,
    files: Unknown,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let files: Vec<core::FileStat> = decode(env, ErrorKind::InvalidArgument, "files", files)?;
    let options: core::AssessOptions =
        decode_or_default(env, ErrorKind::InvalidArgument, "options", options)?;
    let view = core::assess_view(&files, &options).map_err(|e| to_js(env, e))?;
    encode(env, &view)
}

/// Glob patterns compiled once and matched against many paths.
#[napi]
#[derive(Debug)]
pub struct GlobSet(core::GlobSet);

#[napi]
impl GlobSet {
    /// Compiles `patterns`; indices in answers refer to this order.
    #[napi(constructor)]
    pub fn new(patterns: Vec<String>) -> Self {
        GlobSet(core::GlobSet::new(patterns))
    }

    /// Whether any pattern matches `path`.
    #[napi]
    pub fn is_match(&self, path: String) -> bool {
        self.0.is_match(&path)
    }

    /// The indices of the patterns matching `path`, ascending.
    #[napi]
    pub fn matches(&self, path: String) -> Vec<u32> {
        self.0
            .matches(&path)
            .into_iter()
            .map(|i| i as u32)
            .collect()
    }

    /// For each path, 1 when any pattern matches it, else 0. One string per path: the
    /// facade takes this route only for a batch that joining would garble (lone surrogates
    /// paired up); every other batch goes through [`is_match_many_joined`](Self::is_match_many_joined).
    #[napi]
    pub fn is_match_many(&self, paths: Vec<String>) -> Uint8Array {
        Uint8Array::new(
            self.0
                .is_match_many(&paths)
                .into_iter()
                .map(u8::from)
                .collect(),
        )
    }

    /// Every match over `paths` as flat pairs `[pathIndex, patternIndex, ...]`; the
    /// per-string route, as [`is_match_many`](Self::is_match_many).
    #[napi]
    pub fn matches_many(&self, paths: Vec<String>) -> Uint32Array {
        Uint32Array::new(self.0.match_pairs(&paths))
    }

    /// [`is_match_many`](Self::is_match_many) over paths joined into one string, with each
    /// path's length in UTF-16 code units: one string crosses the boundary, not one per
    /// path (the facade's `isMatchMany` calls this).
    #[napi]
    pub fn is_match_many_joined(
        &self,
        env: Env,
        paths: String,
        lengths: Uint32Array,
    ) -> napi::Result<Uint8Array> {
        let paths = core::split_utf16_lengths(&paths, &lengths).map_err(|e| to_js(&env, e))?;
        let answers = self.0.is_match_many(&paths);
        Ok(Uint8Array::new(answers.into_iter().map(u8::from).collect()))
    }

    /// [`matches_many`](Self::matches_many) over joined paths, as
    /// [`is_match_many_joined`](Self::is_match_many_joined) takes them.
    #[napi]
    pub fn matches_many_joined(
        &self,
        env: Env,
        paths: String,
        lengths: Uint32Array,
    ) -> napi::Result<Uint32Array> {
        let paths = core::split_utf16_lengths(&paths, &lengths).map_err(|e| to_js(&env, e))?;
        Ok(Uint32Array::new(self.0.match_pairs(&paths)))
    }
}
