//! Runs the shared conformance vectors (`tests/vectors/*.json`) against the core crate.
//! The JavaScript runner feeds the same files to the native addon and the wasm builds.

use std::path::PathBuf;

use serde_json::{json, Value};
use upkeep_core::update;
use upkeep_core::{checksum_line, parse_digest, sha256_hex, Error, Sha256Stream};

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

/// Decodes a byte argument: `{"$bytes": hex}` or `{"$repeat": {"hex", "times"}}`.
fn bytes(arg: &Value) -> Vec<u8> {
    let from_hex = |hex: &str| -> Vec<u8> {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect()
    };
    if let Some(hex) = arg.get("$bytes") {
        return from_hex(hex.as_str().unwrap());
    }
    let repeat = &arg["$repeat"];
    from_hex(repeat["hex"].as_str().unwrap()).repeat(repeat["times"].as_u64().unwrap() as usize)
}

/// Turns `{"$text"}` and `{"$bytes"}` byte arguments, at any depth, into the arrays of
/// numbers serde reads as bytes.
fn bytes_to_serde(value: &Value) -> Value {
    match value {
        Value::Object(map) if map.contains_key("$text") || map.contains_key("$bytes") => {
            let raw = match map.get("$text") {
                Some(text) => text.as_str().unwrap().as_bytes().to_vec(),
                None => bytes(value),
            };
            raw.into()
        }
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.clone(), bytes_to_serde(v)))
            .collect(),
        Value::Array(items) => items.iter().map(bytes_to_serde).collect(),
        other => other.clone(),
    }
}

/// The reverse for results: a `bytes` member becomes `{"$text"}` when UTF-8, else
/// `{"$bytes"}`, as the JS runner encodes byte arrays.
fn serde_to_bytes(value: Value) -> Value {
    match value {
        Value::Object(map) => map
            .into_iter()
            .map(|(k, v)| {
                let v = match (k.as_str(), v) {
                    ("bytes", Value::Array(items)) => {
                        let raw: Vec<u8> = items.iter().map(|b| b.as_u64().unwrap() as u8).collect();
                        match String::from_utf8(raw.clone()) {
                            Ok(text) => json!({ "$text": text }),
                            Err(_) => json!({ "$bytes": raw.iter().map(|b| format!("{b:02x}")).collect::<String>() }),
                        }
                    }
                    (_, v) => serde_to_bytes(v),
                };
                (k, v)
            })
            .collect(),
        Value::Array(items) => items.into_iter().map(serde_to_bytes).collect(),
        other => other,
    }
}

fn encode<T: serde::Serialize>(value: T) -> Value {
    serde_to_bytes(serde_json::to_value(value).unwrap())
}

fn error_json(error: &Error) -> Value {
    json!({ "code": error.code(), "message": error.to_string() })
}

/// The outcome of one call, shaped like a vector: `{"result": ...}` or `{"error": ...}`.
fn outcome(result: Result<Value, Error>) -> Value {
    match result {
        Ok(value) => json!({ "result": value }),
        Err(error) => json!({ "error": error_json(&error) }),
    }
}

fn run(call: &str, args: &[Value]) -> Value {
    let text = |i: usize| args[i].as_str().unwrap();
    match call {
        "sha256" => outcome(Ok(sha256_hex(&bytes(&args[0])).into())),
        "parseDigest" => outcome(parse_digest(text(0)).map(|d| d.to_string().into())),
        "checksumLine" => outcome(Ok(checksum_line(text(0), text(1)).into())),
        "Sha256Stream" => {
            let mut stream = Sha256Stream::new();
            let steps: Vec<Value> = args[0]
                .as_array()
                .unwrap()
                .iter()
                .map(|op| {
                    let result = match op[0].as_str().unwrap() {
                        "update" => stream.update(&bytes(&op[1])).map(|()| Value::Null),
                        "finish" => stream.finish().map(Value::from),
                        other => panic!("unknown Sha256Stream operation {other}"),
                    };
                    result.unwrap_or_else(|error| json!({ "error": error_json(&error) }))
                })
                .collect();
            outcome(Ok(steps.into()))
        }
        "parseManifest" => outcome(update::parse_manifest(text(0), text(1)).map(encode)),
        "compareVersions" => outcome(update::compare_versions(text(0), text(1)).map(Value::from)),
        "checkVersions" => {
            outcome(update::check_versions(text(0), text(1), args[2].as_str()).map(encode))
        }
        "changelogRange" => outcome(update::changelog_range(text(0), text(1), text(2)).map(encode)),
        "startUpdate" => {
            let record: Option<update::InProgress> =
                serde_json::from_value(args[0].clone()).unwrap();
            outcome(update::start_update(record.as_ref(), text(1), text(2), text(3)).map(encode))
        }
        "updateReadList" => outcome(update::read_list(text(0), text(1), text(2)).map(encode)),
        "planUpdate" => {
            let input: update::UpdateInput =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            outcome(update::plan_update(input).map(encode))
        }
        other => panic!("no runner for call {other:?}"),
    }
}

#[test]
fn core_agrees_with_every_vector() {
    let mut checked = 0;
    for entry in std::fs::read_dir(vectors_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in doc["cases"].as_array().unwrap() {
            let actual = run(
                case["call"].as_str().unwrap(),
                case["args"].as_array().unwrap(),
            );
            let expected = match case.get("error") {
                Some(error) => json!({ "error": error }),
                None => json!({ "result": case["result"] }),
            };
            assert_eq!(actual, expected, "{}: {}", path.display(), case["name"]);
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "no vectors found in {}",
        vectors_dir().display()
    );
}
