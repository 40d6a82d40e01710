//! Risk scoring: globs, numstat parsing, the risk arithmetic and the scoring constants.

use upkeep_core::score as core;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode};

use crate::error::to_js;

/// The scoring constants: `{ weights, presets, defaultPreset, deletionLines }`.
#[wasm_bindgen(js_name = scoreConstants)]
pub fn score_constants() -> Result<JsValue, JsValue> {
    encode(&core::score_constants())
}

/// The presets as a chooser and a help line offer them: each with its ceilings, the
/// default marked.
#[wasm_bindgen(js_name = presetChoices)]
pub fn preset_choices() -> Result<JsValue, JsValue> {
    encode(&core::preset_choices())
}

/// The arguments of `git` for the diff a score reads.
#[wasm_bindgen(js_name = scoreDiffArgs)]
pub fn score_diff_args(diff: JsValue) -> Result<JsValue, JsValue> {
    let diff: core::ScoreDiff = decode(ErrorKind::InvalidArgument, "scoreDiffArgs", diff)?;
    encode(&core::score_diff_args(&diff))
}

/// Whether `file` matches the glob `pattern`.
#[wasm_bindgen(js_name = globMatch)]
pub fn glob_match(pattern: &str, file: &str) -> bool {
    core::glob_match(pattern, file)
}

/// numstat rows as `{ paths, numbers }` (core `rows_to_columns`, the numbers a
/// `Float64Array`): the facade (`npm/lib/score-api.js`) builds the row objects. Built by
/// hand, as the native addon's one result struct is: a `Float64Array` is not a serde value.
fn columns(rows: &[core::FileStat]) -> Result<JsValue, JsValue> {
    let (paths, numbers) = core::rows_to_columns(rows);
    let out = js_sys::Object::new();
    js_sys::Reflect::set(&out, &"paths".into(), &paths.into())?;
    let numbers = js_sys::Float64Array::from(&numbers[..]);
    js_sys::Reflect::set(&out, &"numbers".into(), &numbers.into())?;
    Ok(out.into())
}

/// Plain `git diff --numstat` rows, as columns; a rename yields the new path then the old one.
#[wasm_bindgen(js_name = parseNumstatColumns)]
pub fn parse_numstat_columns(text: &str) -> Result<JsValue, JsValue> {
    columns(&core::parse_numstat(text))
}

/// `git diff --numstat -z` rows.
#[wasm_bindgen(js_name = parseNumstatZ)]
pub fn parse_numstat_z(bytes: &[u8]) -> Result<JsValue, JsValue> {
    encode(&core::parse_numstat_z(bytes).map_err(to_js)?)
}

/// numstat rows from bytes in either form (`-z` when they hold a NUL byte).
#[wasm_bindgen(js_name = parseNumstatBytes)]
pub fn parse_numstat_bytes(bytes: &[u8]) -> Result<JsValue, JsValue> {
    encode(&core::parse_numstat_bytes(bytes).map_err(to_js)?)
}

/// The actions a comma-separated list names (trimmed, empty entries left out).
#[wasm_bindgen(js_name = parseActions)]
pub fn parse_actions(text: &str) -> Vec<String> {
    core::parse_actions(text)
}

/// The largest weight among `actions`, with `overrides` applied to the weights.
#[wasm_bindgen(js_name = declaredRisk)]
pub fn declared_risk(actions: Vec<String>, overrides: JsValue) -> Result<f64, JsValue> {
    let overrides: core::Overrides =
        decode_or_default(ErrorKind::InvalidArgument, "overrides", overrides)?;
    core::declared_risk(&actions, &overrides).map_err(to_js)
}

/// `{ score, reasons }`: the declared score escalated by what the diff did.
#[wasm_bindgen(js_name = actualRisk)]
pub fn actual_risk(declared: f64, files: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let files: Vec<core::FileStat> = decode(ErrorKind::InvalidArgument, "files", files)?;
    let options: core::RiskOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(&core::actual_risk(declared, &files, &options))
}

/// Per file, what `actualRisk` escalates on: inside the write set, a contract, deletions
/// ignored.
#[wasm_bindgen(js_name = riskFiles)]
pub fn risk_files(files: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let files: Vec<core::FileStat> = decode(ErrorKind::InvalidArgument, "files", files)?;
    let options: core::RiskOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(&core::risk_files(&files, &options))
}

/// [`actual_risk`] with the files as columns (core `rows_from_columns`), as the facade
/// passes every well-formed array of `{ file, added, deleted }`.
#[wasm_bindgen(js_name = actualRiskColumns)]
pub fn actual_risk_columns(
    declared: f64,
    paths: &str,
    numbers: &[f64],
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let files = core::rows_from_columns(paths, numbers).map_err(to_js)?;
    let options: core::RiskOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(&core::actual_risk(declared, &files, &options))
}

/// `silent`, `soft` or `blocking` for `score` under the preset called `preset`.
#[wasm_bindgen]
pub fn decide(score: f64, preset: Option<String>) -> Result<String, JsValue> {
    core::decide(score, preset.as_deref())
        .map(|d| d.as_str().to_owned())
        .map_err(to_js)
}

/// The more severe of two decisions (a missing one yields the other): one of the two
/// arguments itself, so `null` and `undefined` come back exactly as the reference returns
/// them.
#[wasm_bindgen(unchecked_return_type = "string | null | undefined")]
pub fn worst(
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] b: JsValue,
) -> JsValue {
    match core::worst_pick(decision_name(&a).as_deref(), decision_name(&b).as_deref()) {
        core::Pick::First => a,
        _ => b,
    }
}

/// A `worst` argument as the engine reads it: `null` and `undefined` are missing, a string
/// is a name, anything else a name that ranks as nothing.
fn decision_name(value: &JsValue) -> Option<String> {
    if value.is_null() || value.is_undefined() {
        return None;
    }
    Some(value.as_string().unwrap_or_default())
}

/// The verdict with its rendering: `{ verdict, lines }`, what `upkeep score` prints.
#[wasm_bindgen(js_name = assessView)]
pub fn assess_view(files: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let files: Vec<core::FileStat> = decode(ErrorKind::InvalidArgument, "files", files)?;
    let options: core::AssessOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(&core::assess_view(&files, &options).map_err(to_js)?)
}

/// The verdict on a diff: declared and actual score, decision, preset, reasons, failure.
#[wasm_bindgen]
pub fn assess(files: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let files: Vec<core::FileStat> = decode(ErrorKind::InvalidArgument, "files", files)?;
    let options: core::AssessOptions =
        decode_or_default(ErrorKind::InvalidArgument, "options", options)?;
    encode(&core::assess(&files, &options).map_err(to_js)?)
}

/// Glob patterns compiled once and matched against many paths.
#[wasm_bindgen]
#[derive(Debug)]
pub struct GlobSet(core::GlobSet);

#[wasm_bindgen]
impl GlobSet {
    /// Compiles `patterns`; indices in answers refer to this order.
    #[wasm_bindgen(constructor)]
    pub fn new(patterns: Vec<String>) -> GlobSet {
        GlobSet(core::GlobSet::new(patterns))
    }

    /// Whether any pattern matches `path`.
    #[wasm_bindgen(js_name = isMatch)]
    pub fn is_match(&self, path: &str) -> bool {
        self.0.is_match(path)
    }

    /// The indices of the patterns matching `path`, ascending (a plain array).
    pub fn matches(&self, path: &str) -> Vec<JsValue> {
        self.0
            .matches(path)
            .into_iter()
            .map(|i| JsValue::from(i as u32))
            .collect()
    }

    /// For each path, 1 when any pattern matches it, else 0.
    #[wasm_bindgen(js_name = isMatchMany)]
    pub fn is_match_many(&self, paths: Vec<String>) -> Vec<u8> {
        self.0
            .is_match_many(&paths)
            .into_iter()
            .map(u8::from)
            .collect()
    }

    /// Every match over `paths` as flat pairs `[pathIndex, patternIndex, ...]`.
    #[wasm_bindgen(js_name = matchesMany)]
    pub fn matches_many(&self, paths: Vec<String>) -> Vec<u32> {
        self.0.match_pairs(&paths)
    }

    /// `isMatchMany` over paths joined into one string, with each path's length in UTF-16
    /// code units: one string crosses the boundary, not one per path.
    #[wasm_bindgen(js_name = isMatchManyJoined)]
    pub fn is_match_many_joined(&self, paths: &str, lengths: &[u32]) -> Result<Vec<u8>, JsValue> {
        let paths = core::split_utf16_lengths(paths, lengths).map_err(to_js)?;
        Ok(self
            .0
            .is_match_many(&paths)
            .into_iter()
            .map(u8::from)
            .collect())
    }

    /// `matchesMany` over joined paths, as `isMatchManyJoined` takes them.
    #[wasm_bindgen(js_name = matchesManyJoined)]
    pub fn matches_many_joined(&self, paths: &str, lengths: &[u32]) -> Result<Vec<u32>, JsValue> {
        let paths = core::split_utf16_lengths(paths, lengths).map_err(to_js)?;
        Ok(self.0.match_pairs(&paths))
    }
}
