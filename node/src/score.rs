//! Risk scoring: globs, numstat parsing, the risk arithmetic and the scoring constants.

use crate::convert::decode_or_default;
use napi::bindgen_prelude::{
    Float64Array, FromNapiValue, TypeName, Uint32Array, Uint8Array, Unknown, ValidateNapiValue,
};
use napi::Env;
use napi::{sys, ValueType};
use napi_derive::napi;
use upkeep_core::score as core;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// One changed file as JavaScript sees it: `{ file, added, deleted }`.
#[napi(object)]
#[derive(Debug)]
pub struct FileStat {
    /// The path, as git printed it (unquoted).
    pub file: String,
    /// Lines added (0 for binary files and the old side of a rename).
    pub added: f64,
    /// Lines deleted.
    pub deleted: f64,
}

/// A changed file passed in: `added` is optional (the arithmetic does not read it).
#[napi(object)]
#[derive(Debug)]
pub struct FileStatInput {
    /// The path.
    pub file: String,
    /// Lines added.
    pub added: Option<f64>,
    /// Lines deleted.
    pub deleted: f64,
}

impl From<core::FileStat> for FileStat {
    fn from(row: core::FileStat) -> Self {
        FileStat {
            file: row.file,
            added: row.added,
            deleted: row.deleted,
        }
    }
}

impl From<FileStatInput> for core::FileStat {
    fn from(row: FileStatInput) -> Self {
        core::FileStat::new(row.file, row.added.unwrap_or_default(), row.deleted)
    }
}

fn rows(rows: Vec<core::FileStat>) -> Vec<FileStat> {
    rows.into_iter().map(FileStat::from).collect()
}

fn files(files: Vec<FileStatInput>) -> Vec<core::FileStat> {
    files.into_iter().map(core::FileStat::from).collect()
}

/// The scoring constants: `{ weights, presets, defaultPreset, deletionLines }`.
#[napi]
pub fn score_constants(env: Env) -> napi::Result<Unknown<'static>> {
    env.to_js_value(&core::score_constants())
}

/// Whether `file` matches the glob `pattern`.
#[napi]
pub fn glob_match(pattern: String, file: String) -> bool {
    core::glob_match(&pattern, &file)
}

/// numstat rows as two columns (core `rows_to_columns`): the facade (`npm/lib/score-api.js`)
/// builds the `{ file, added, deleted }` objects, far cheaper in JavaScript than here.
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
#[napi]
pub fn parse_numstat_z(env: Env, bytes: Uint8Array) -> napi::Result<Vec<FileStat>> {
    core::parse_numstat_z(&bytes)
        .map(rows)
        .map_err(|e| to_js(&env, e))
}

/// numstat rows from bytes in either form (`-z` when they hold a NUL byte).
#[napi]
pub fn parse_numstat_bytes(env: Env, bytes: Uint8Array) -> napi::Result<Vec<FileStat>> {
    core::parse_numstat_bytes(&bytes)
        .map(rows)
        .map_err(|e| to_js(&env, e))
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
#[napi]
pub fn actual_risk(
    env: Env,
    declared: f64,
    files_in: Vec<FileStatInput>,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'static>> {
    let options: core::RiskOptions =
        decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
    env.to_js_value(&core::actual_risk(declared, &files(files_in), &options))
}

/// [`actual_risk`] with the files as columns (core `rows_from_columns`), as the facade
/// passes every well-formed array of `{ file, added, deleted }`.
#[napi]
pub fn actual_risk_columns(
    env: Env,
    declared: f64,
    paths: String,
    numbers: Float64Array,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'static>> {
    let options: core::RiskOptions =
        decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
    let files = core::rows_from_columns(&paths, &numbers).map_err(|e| to_js(&env, e))?;
    env.to_js_value(&core::actual_risk(declared, &files, &options))
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
#[napi]
pub fn assess(
    env: Env,
    files_in: Vec<FileStatInput>,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'static>> {
    let options: core::AssessOptions =
        decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
    let verdict = core::assess(&files(files_in), &options).map_err(|e| to_js(&env, e))?;
    env.to_js_value(&verdict)
}

/// The verdict with its rendering: `{ verdict, lines }`, what `upkeep score` prints.
#[napi(ts_return_type = "AssessView")]
pub fn assess_view(
    env: Env,
    files_in: Vec<FileStatInput>,
    options: Option<Unknown>,
) -> napi::Result<Unknown<'static>> {
    let options: core::AssessOptions =
        decode_or_default(&env, ErrorKind::InvalidArgument, "options", options)?;
    let view = core::assess_view(&files(files_in), &options).map_err(|e| to_js(&env, e))?;
    env.to_js_value(&view)
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

    /// For each path, 1 when any pattern matches it, else 0.
    #[napi(ts_args_type = "paths: string[]")]
    pub fn is_match_many(&self, paths: PathBatch) -> Uint8Array {
        let paths = paths.paths();
        Uint8Array::new(
            self.0
                .is_match_many(&paths)
                .into_iter()
                .map(u8::from)
                .collect(),
        )
    }

    /// Every match over `paths` as flat pairs `[pathIndex, patternIndex, ...]`.
    #[napi(ts_args_type = "paths: string[]")]
    pub fn matches_many(&self, paths: PathBatch) -> Uint32Array {
        Uint32Array::new(self.0.match_pairs(&paths.paths()))
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

/// A JavaScript array of strings decoded into one UTF-8 buffer: one N-API call and no
/// allocation per string (napi-rs's `Vec<String>` makes two calls and an allocation each),
/// which is most of the cost of a batch of short paths.
#[derive(Debug)]
pub struct PathBatch {
    text: String,
    ends: Vec<usize>,
}

impl PathBatch {
    fn paths(&self) -> Vec<&str> {
        let mut start = 0;
        self.ends
            .iter()
            .map(|&end| {
                let path = &self.text[start..end];
                start = end;
                path
            })
            .collect()
    }
}

impl TypeName for PathBatch {
    fn type_name() -> &'static str {
        "string[]"
    }
    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ValidateNapiValue for PathBatch {}

impl FromNapiValue for PathBatch {
    unsafe fn from_napi_value(env: sys::napi_env, array: sys::napi_value) -> napi::Result<Self> {
        let check = |status: sys::napi_status, what: &str| {
            if status == sys::Status::napi_ok {
                Ok(())
            } else {
                Err(napi::Error::new(
                    napi::Status::InvalidArg,
                    format!("expected an array of strings ({what})"),
                ))
            }
        };
        let mut len = 0u32;
        check(
            // SAFETY: `env` and `array` are the live handles napi-rs passed in for this
            // call; `len` is a valid out-pointer. A non-array is reported, not undefined.
            unsafe { sys::napi_get_array_length(env, array, &mut len) },
            "not an array",
        )?;
        let mut buf: Vec<u8> = Vec::with_capacity(len as usize * 48 + 4096);
        let mut ends = Vec::with_capacity(len as usize);
        for i in 0..len {
            let mut element = std::ptr::null_mut();
            check(
                // SAFETY: as above; `i < len`, and `element` is a valid out-pointer.
                unsafe { sys::napi_get_element(env, array, i, &mut element) },
                "element",
            )?;
            loop {
                let spare = buf.capacity() - buf.len();
                let mut written = 0usize;
                // SAFETY: `len <= capacity`, so the pointer stays within (or one past) the
                // allocation.
                let target = unsafe { buf.as_mut_ptr().add(buf.len()) }.cast();
                check(
                    // SAFETY: `target` has `spare` writable bytes of `buf`'s allocation; N-API
                    // writes at most `spare` bytes (its NUL included) and reports the count.
                    unsafe {
                        sys::napi_get_value_string_utf8(env, element, target, spare, &mut written)
                    },
                    "not a string",
                )?;
                // A truncated copy stops short of the end by at most a character (3 bytes)
                // and the NUL: anything shorter than that is complete.
                if written + 4 < spare {
                    // SAFETY: N-API initialised `written` bytes after the old length, and
                    // `written < spare`, so the new length is within capacity.
                    unsafe { buf.set_len(buf.len() + written) };
                    break;
                }
                let mut needed = 0usize;
                check(
                    // SAFETY: a null buffer only asks for the length, written to `needed`.
                    unsafe {
                        sys::napi_get_value_string_utf8(
                            env,
                            element,
                            std::ptr::null_mut(),
                            0,
                            &mut needed,
                        )
                    },
                    "not a string",
                )?;
                buf.reserve((needed + 8).max(buf.capacity()));
            }
            ends.push(buf.len());
        }
        let text = String::from_utf8(buf)
            .map_err(|e| napi::Error::new(napi::Status::InvalidArg, e.to_string()))?;
        Ok(PathBatch { text, ends })
    }
}
