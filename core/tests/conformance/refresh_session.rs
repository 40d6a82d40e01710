//! `RefreshSession` vectors: a refresh (or install) planned once and held, then asked
//! for its parts as op sequences.

use serde_json::{json, Value};
use upkeep_core::refresh::{
    Columns, FileDecision, RefreshInputs, RefreshOptions, RefreshSession, RunFacts, Side,
};
use upkeep_core::Error;

use super::{bytes, error_json, outcome};

fn to_json<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap()
}

/// `RefreshSession`: `[manifest, record | null, observations, options | null, ops]`;
/// `RefreshSession.install`: `[manifest, manifestName, observations, force, ops]`. Ops:
/// `["unwritten"]`, `["pending"]`, `["handMerges"]`, `["decide", decisions]`, `["attention"]`, `["mutating"]`,
/// `["carriesOut", dryRun]`, `["homeFiles"]`, `["steps",
/// runId]`, `["filesAt", indices]`, `["report", facts]`, `["recordPath"]`, `["recordText"]`,
/// `["recordBytes"]` (the bytes as `{"$text"}`).
pub fn session(install: bool, args: &[Value]) -> Value {
    let manifest = bytes(&args[0]);
    let observations = serde_json::from_value(args[2].clone()).unwrap();
    let opened = if install {
        RefreshSession::install(
            &manifest,
            args[1].as_str().unwrap(),
            &observations,
            args[3].as_bool().unwrap(),
        )
    } else {
        let record = (!args[1].is_null()).then(|| bytes(&args[1]));
        let options: RefreshOptions = if args[3].is_null() {
            RefreshOptions::default()
        } else {
            serde_json::from_value(args[3].clone()).unwrap()
        };
        RefreshSession::new(&manifest, record.as_deref(), observations, options)
    };
    let mut session = match opened {
        Ok(session) => session,
        Err(error) => return outcome(Err(error)),
    };
    outcome(Ok(session_ops(&mut session, &args[4])))
}

/// Each op's outcome on a held session, in order.
fn session_ops(session: &mut RefreshSession, ops: &Value) -> Value {
    let steps: Vec<Value> = ops
        .as_array()
        .unwrap()
        .iter()
        .map(|op| {
            let result: Result<Value, Error> = match op[0].as_str().unwrap() {
                "unwritten" => Ok(to_json(session.unwritten())),
                "pending" => Ok(to_json(session.pending())),
                "handMerges" => Ok(to_json(session.hand_merges())),
                "decide" => {
                    let decisions: Vec<FileDecision> =
                        serde_json::from_value(op[1].clone()).unwrap();
                    session.decide(decisions).map(|()| Value::Null)
                }
                "attention" => Ok(session.attention().into()),
                "mutating" => Ok(session.mutating().into()),
                "carriesOut" => Ok(session.carries_out(op[1].as_bool().unwrap()).into()),
                "homeFiles" => Ok(to_json(session.home_files())),
                "steps" => session.steps(op[1].as_str().unwrap()).map(to_json),
                "filesAt" => {
                    let indices: Vec<u32> = serde_json::from_value(op[1].clone()).unwrap();
                    session.files_at(&indices).map(to_json)
                }
                "report" => {
                    let facts: RunFacts = serde_json::from_value(op[1].clone()).unwrap();
                    Ok(to_json(session.report(&facts)))
                }
                "recordPath" => Ok(session.record_path().into()),
                "recordText" => Ok(session.record_text().into()),
                "recordBytes" => Ok(json!({ "$text": session.record_text() })),
                other => panic!("unknown RefreshSession operation {other}"),
            };
            result.unwrap_or_else(|error| json!({ "error": error_json(&error) }))
        })
        .collect();
    steps.into()
}

/// `RefreshInputs`: `[manifest, manifestName, ops]`. Ops: `["home"]`, `["homeFiles"]`, `["recordPath"]`,
/// `["readRecord", record | null, name]`, `["paths"]`, `["observe", observations]`,
/// `["observeColumns", side, kinds, contents, digests | null, lf]` (see
/// [`observe_columns`]), `["sourceIdentity"]`, `["plan", options | null, sessionOps]` (the
/// session's ops' outcomes, as `RefreshSession` records them).
pub fn inputs(args: &[Value]) -> Value {
    let mut held = match RefreshInputs::open(&bytes(&args[0]), args[1].as_str().unwrap()) {
        Ok(inputs) => Some(inputs),
        Err(error) => return outcome(Err(error)),
    };
    let steps: Vec<Value> = args[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| {
            let result: Result<Value, Error> = match (op[0].as_str().unwrap(), held.as_mut()) {
                (_, None) => Err(RefreshInputs::spent()),
                ("home", Some(i)) => Ok(i.home().into()),
                ("homeFiles", Some(i)) => Ok(to_json(i.home_files())),
                ("recordPath", Some(i)) => Ok(i.record_path().into()),
                ("readRecord", Some(i)) => {
                    let record = (!op[1].is_null()).then(|| bytes(&op[1]));
                    i.read_record(record.as_deref(), op[2].as_str().unwrap())
                        .map(|()| Value::Null)
                }
                ("paths", Some(i)) => Ok(to_json(i.paths())),
                ("observe", Some(i)) => {
                    i.observe(serde_json::from_value(op[1].clone()).unwrap());
                    Ok(Value::Null)
                }
                ("observeColumns", Some(i)) => observe_columns(i, op),
                ("sourceIdentity", Some(i)) => Ok(i.source_identity().into()),
                ("plan", Some(_)) => {
                    let options: RefreshOptions = if op[1].is_null() {
                        RefreshOptions::default()
                    } else {
                        serde_json::from_value(op[1].clone()).unwrap()
                    };
                    let inputs = held.take().unwrap();
                    inputs
                        .plan(options)
                        .map(|mut session| session_ops(&mut session, &op[2]))
                }
                (other, Some(_)) => panic!("unknown RefreshInputs operation {other}"),
            };
            result.unwrap_or_else(|error| json!({ "error": error_json(&error) }))
        })
        .collect();
    outcome(Ok(steps.into()))
}

/// `["observeColumns", side, kinds, contents, digests | null, lf]`: `contents` holds each
/// file's bytes (the runner joins them and passes their lengths), `digests` each file's
/// SHA-256 in hex (`null`: none given, the engine hashes the bytes), `lf` the given
/// CRLF-as-LF digests as `[place in the batch, hex]` pairs.
fn observe_columns(inputs: &mut RefreshInputs, op: &Value) -> Result<Value, Error> {
    let side = Side::named(op[1].as_str().unwrap())?;
    let kinds: Vec<u8> = serde_json::from_value(op[2].clone()).unwrap();
    let contents: Vec<Vec<u8>> = op[3].as_array().unwrap().iter().map(bytes).collect();
    let lengths: Vec<u32> = contents.iter().map(|c| c.len() as u32).collect();
    let joined = contents.concat();
    let from_hex = |hex: &str| -> Vec<u8> {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect()
    };
    let digests: Vec<u8> = match op[4].as_array() {
        Some(list) => list
            .iter()
            .flat_map(|d| from_hex(d.as_str().unwrap()))
            .collect(),
        None => Vec::new(),
    };
    let pairs = op[5].as_array().unwrap();
    let lf_at: Vec<u32> = pairs
        .iter()
        .map(|p| p[0].as_u64().unwrap() as u32)
        .collect();
    let lf: Vec<u8> = pairs
        .iter()
        .flat_map(|p| from_hex(p[1].as_str().unwrap()))
        .collect();
    let columns = Columns {
        kinds: &kinds,
        joined: &joined,
        lengths: &lengths,
        digests: &digests,
        lf_at: &lf_at,
        lf: &lf,
    };
    inputs.observe_columns(side, columns).map(|()| Value::Null)
}
