//! The conformance calls of the digest route: content digests (batch and streamed), update
//! sessions run as op sequences, and every `planUpdate` input planned from digests.

use std::collections::HashMap;

use serde_json::{json, Value};
use upkeep_core::content::{digest_contents, ContentDigester};
use upkeep_core::update::{self, FileInput, SuppliedContent, UpdateInputs, UpdateSession};
use upkeep_core::Error;

use super::{bytes, bytes_to_serde, encode_update, error_json, outcome};

/// A step's outcome as the JS runner records it: its value (`null` for none) or `{error}`.
fn step(result: Result<Value, Error>) -> Value {
    result.unwrap_or_else(|error| json!({ "error": error_json(&error) }))
}

/// `digestContents`: `[[bytes...], eol]`.
pub fn digest_batch(args: &[Value]) -> Value {
    let parts: Vec<Vec<u8>> = args[0].as_array().unwrap().iter().map(bytes).collect();
    let lengths: Vec<u32> = parts.iter().map(|p| p.len() as u32).collect();
    let joined = parts.concat();
    outcome(
        digest_contents(&joined, &lengths, args[1].as_bool().unwrap())
            .map(|d| serde_json::to_value(d).unwrap()),
    )
}

/// `ContentDigester`: `[eol, ops]`, ops `["update", bytes]` or `["finish"]`.
pub fn digester(args: &[Value]) -> Value {
    let mut digester = ContentDigester::new(args[0].as_bool().unwrap());
    let steps: Vec<Value> = args[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| {
            step(match op[0].as_str().unwrap() {
                "update" => digester.update(&bytes(&op[1])).map(|()| Value::Null),
                "finish" => digester.finish().map(|d| serde_json::to_value(d).unwrap()),
                other => panic!("unknown ContentDigester operation {other}"),
            })
        })
        .collect();
    outcome(Ok(steps.into()))
}

/// `UpdateSession`: `[input, ops]`, ops `["observe", files, keepBytes]`, `["observeColumns",
/// paths, kinds, [bytes per side]]`, `["needs"]`,
/// `["supply", contents]`, `["finish"]`, `["lineEndings"]`.
pub fn session(args: &[Value]) -> Value {
    let input: update::UpdateInput = serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
    let mut session = match UpdateSession::new(input) {
        Ok(session) => session,
        Err(error) => return outcome(Err(error)),
    };
    let steps: Vec<Value> = args[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| step(session_op(&mut session, op)))
        .collect();
    outcome(Ok(steps.into()))
}

/// A typed argument of an operation (byte members as serde reads them).
fn typed<T: serde::de::DeserializeOwned>(value: &Value) -> T {
    serde_json::from_value(bytes_to_serde(value)).unwrap()
}

/// One operation of an `UpdateSession` vector on `session`.
fn session_op(session: &mut UpdateSession, op: &Value) -> Result<Value, Error> {
    match op[0].as_str().unwrap() {
        "observe" => {
            let files: Vec<FileInput> = typed(&op[1]);
            session
                .observe(files, op[2].as_bool())
                .map(|()| Value::Null)
        }
        "observeColumns" => {
            let paths: Vec<String> = serde_json::from_value(op[1].clone()).unwrap();
            let kinds: Vec<u8> = serde_json::from_value(op[2].clone()).unwrap();
            let parts: Vec<Vec<u8>> = op[3].as_array().unwrap().iter().map(bytes).collect();
            let lengths: Vec<u32> = parts.iter().map(|p| p.len() as u32).collect();
            let joined = parts.concat();
            let digests = op.get(4).filter(|d| !d.is_null()).map(bytes);
            session
                .observe_columns(update::SideColumns {
                    paths: &paths,
                    kinds: &kinds,
                    joined: &joined,
                    lengths: &lengths,
                    digests: digests.as_deref(),
                })
                .map(|()| Value::Null)
        }
        "needs" => session.needs().map(encode_update),
        "supply" => {
            let contents: Vec<SuppliedContent> = typed(&op[1]);
            session.supply(contents).map(|()| Value::Null)
        }
        "finish" => session.finish().map(encode_update),
        "lineEndings" => Ok(session.line_endings().into()),
        "plan" => session.plan().map(encode_update),
        "planned" => session.planned().map(encode_update),
        "finishRun" => session.finish_run(typed(&op[1])).map(encode_update),
        "finishRegions" => session.finish_regions(typed(&op[1])).map(encode_update),
        "document" => session.document(&typed(&op[1])).map(encode_update),
        "exitCode" => session.exit_code(typed(&op[1])).map(encode_update),
        "renderOutcome" => {
            let options: update::SummaryOptions = if op[2].is_null() {
                update::SummaryOptions::default()
            } else {
                typed(&op[2])
            };
            session
                .render_outcome(typed(&op[1]), &options)
                .map(encode_update)
        }
        "prPayload" => session.pr_payload(typed(&op[1])).map(encode_update),
        other => panic!("unknown UpdateSession operation {other}"),
    }
}

/// `UpdateInputs`: `[baseline, latest, stateDir, ops]`; after `session`, the operations go
/// to the session it made.
pub fn inputs(args: &[Value]) -> Value {
    let mut inputs = match UpdateInputs::open(
        args[0].as_str().unwrap(),
        args[1].as_str().unwrap(),
        args[2].as_str(),
    ) {
        Ok(inputs) => Some(inputs),
        Err(error) => return outcome(Err(error)),
    };
    let mut session: Option<UpdateSession> = None;
    let steps: Vec<Value> = args[3]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| {
            if let Some(session) = session.as_mut() {
                return step(session_op(session, op));
            }
            step(match op[0].as_str().unwrap() {
                "checkClean" => {
                    let git: Option<update::GitStatus> = typed(&op[1]);
                    let options: update::UpdateOptions = if op[2].is_null() {
                        update::UpdateOptions::default()
                    } else {
                        typed(&op[2])
                    };
                    inputs
                        .as_ref()
                        .ok_or_else(UpdateInputs::spent)
                        .and_then(|i| i.check_clean(git.as_ref(), &options))
                        .map(|()| Value::Null)
                }
                "readList" => inputs
                    .as_ref()
                    .ok_or_else(UpdateInputs::spent)
                    .map(|i| encode_update(i.read_list())),
                "session" => {
                    let input: update::UpdateInput = typed(&op[1]);
                    inputs
                        .take()
                        .ok_or_else(UpdateInputs::spent)
                        .and_then(|i| i.session(input))
                        .map(|made| {
                            session = Some(made);
                            Value::Null
                        })
                }
                other => panic!("unknown UpdateInputs operation {other}"),
            })
        })
        .collect();
    outcome(Ok(steps.into()))
}

/// `updateDocument`: `[facts]`.
pub fn document(args: &[Value]) -> Value {
    outcome(update::update_document(&typed(&args[0]), None).map(encode_update))
}

/// A `planUpdate` input planned by digests: sides observed with their bytes dropped, the
/// bytes the session asks for supplied from the input.
pub fn plan_by_digests(arg: &Value) -> Value {
    let mut input: update::UpdateInput = serde_json::from_value(bytes_to_serde(arg)).unwrap();
    let files = std::mem::take(&mut input.files);
    let by_path: HashMap<String, FileInput> =
        files.iter().map(|f| (f.path.clone(), f.clone())).collect();
    let plan = (|| {
        let mut session = UpdateSession::new(input)?;
        session.observe(files, Some(false))?;
        let contents = session
            .needs()?
            .into_iter()
            .map(|need| {
                let file = &by_path[&need.path];
                let side = |wanted: bool, side: &Option<update::SideInput>| {
                    side.as_ref()
                        .filter(|_| wanted)
                        .and_then(|s| s.bytes.clone())
                };
                SuppliedContent {
                    current: side(need.current, &file.current),
                    baseline: side(need.baseline, &file.baseline),
                    latest: side(need.latest, &file.latest),
                    path: need.path,
                }
            })
            .collect();
        session.supply(contents)?;
        session.finish()
    })();
    outcome(plan.map(encode_update))
}
