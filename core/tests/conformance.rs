//! Runs the shared conformance vectors (`tests/vectors/*.json`) against the core crate.
//! The JavaScript runner feeds the same files to the native addon and the wasm builds.

use std::path::PathBuf;

use serde_json::{json, Value};
use upkeep_core::backups;
use upkeep_core::editor;
use upkeep_core::fleet;
use upkeep_core::land;
use upkeep_core::lifecycle;
use upkeep_core::looping;
use upkeep_core::refresh::{self, Journal, JournalSegment};
use upkeep_core::regions;
use upkeep_core::render;
use upkeep_core::score::{
    actual_risk, assess, assess_view, decide, declared_risk, glob_match, parse_actions,
    parse_numstat, parse_numstat_bytes, parse_numstat_z, risk_files, score_constants, worst_pick,
    FileStat, GlobSet, Pick,
};
use upkeep_core::structured;
use upkeep_core::text::{self, DiffOptions, Hunk, MergeOptions};
use upkeep_core::update;
use upkeep_core::{checksum_line, parse_digest, sha256_hex, Error, Sha256Stream};

#[path = "conformance/digests.rs"]
mod digests;
#[path = "conformance/refresh_session.rs"]
mod refresh_session;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

/// Decodes a byte argument: `{"$bytes": hex}`, `{"$text": utf8}` or `{"$repeat": {"hex", "times"}}`.
fn bytes(arg: &Value) -> Vec<u8> {
    if let Some(text) = arg.get("$text") {
        return text.as_str().unwrap().as_bytes().to_vec();
    }
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

/// Encodes bytes the way the vectors store them.
fn bytes_json(bytes: &[u8]) -> Value {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    json!({ "$bytes": hex })
}

/// Reads an options object the way the bindings do: absent means the defaults.
fn options<T: serde::de::DeserializeOwned + Default>(arg: Option<&Value>) -> T {
    arg.map_or_else(T::default, |value| {
        serde_json::from_value(value.clone()).unwrap()
    })
}

fn hunk_json(hunk: &Hunk) -> Value {
    let lines: Vec<Value> = hunk
        .lines
        .iter()
        .map(|line| json!({ "kind": line.kind.as_str(), "text": bytes_json(&line.text) }))
        .collect();
    json!({
        "oldStart": hunk.old_start,
        "oldLines": hunk.old_lines,
        "newStart": hunk.new_start,
        "newLines": hunk.new_lines,
        "header": hunk.header,
        "lines": lines,
    })
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

/// An update result, encoded with its byte members as the JS runner encodes them.
fn encode_update<T: serde::Serialize>(value: T) -> Value {
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

/// A typed argument, decoded the way the bindings decode JS objects.
fn typed<T: serde::de::DeserializeOwned>(arg: &Value) -> T {
    serde_json::from_value(arg.clone()).unwrap()
}

/// An engine result, encoded the way the bindings encode it for JS.
fn encoded<T: serde::Serialize>(result: Result<T, Error>) -> Value {
    outcome(result.map(|value| serde_json::to_value(value).unwrap()))
}

fn journal(arg: &Value) -> Result<Journal, Error> {
    refresh::parse_journal(&typed::<Vec<JournalSegment>>(arg))
}

/// Decodes a vector argument into a core type (through the same serde derives the
/// bindings use); `null` stands for an absent argument.
fn arg<T: serde::de::DeserializeOwned + Default>(value: &Value) -> T {
    if value.is_null() {
        T::default()
    } else {
        serde_json::from_value(value.clone()).unwrap()
    }
}

fn encode(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

/// Numbers compared as JavaScript compares them: as doubles (`3` and `3.0` are equal,
/// `1152921504606847000` is 2^60).
fn normalize(value: Value) -> Value {
    match value {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.into_iter().map(normalize).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, normalize(v))).collect())
        }
        other => other,
    }
}

fn run(call: &str, args: &[Value]) -> Value {
    let text = |i: usize| args[i].as_str().unwrap();
    let optional_bytes = |i: usize| (!args[i].is_null()).then(|| bytes(&args[i]));
    let opt_text = |i: usize| args.get(i).and_then(Value::as_str);
    let strings = |i: usize| -> Vec<String> { serde_json::from_value(args[i].clone()).unwrap() };
    let files = |i: usize| -> Vec<FileStat> { serde_json::from_value(args[i].clone()).unwrap() };
    match call {
        "sha256" => outcome(Ok(sha256_hex(&bytes(&args[0])).into())),
        "parseDigest" => outcome(parse_digest(text(0)).map(|d| d.to_string().into())),
        "checksumLine" => outcome(Ok(checksum_line(text(0), text(1)).into())),
        "hashWalkOrder" => encoded(Ok(upkeep_core::hash_walk_order(strings(0)))),
        "unifiedDiff" => {
            let diff =
                text::unified_diff(&bytes(&args[0]), &bytes(&args[1]), &options(args.get(2)));
            outcome(
                diff.map(|d| json!({ "status": d.status.as_str(), "patch": bytes_json(&d.patch) })),
            )
        }
        "diffHunks" => {
            let hunks = text::diff_hunks(&bytes(&args[0]), &bytes(&args[1]), &options(args.get(2)));
            outcome(hunks.map(|hunks| hunks.iter().map(hunk_json).collect()))
        }
        "applyHunks" => {
            let selection: Vec<usize> = serde_json::from_value(args[2].clone()).unwrap();
            let diff_options: DiffOptions = options(args.get(3));
            let applied = text::apply_hunks(
                &bytes(&args[0]),
                &bytes(&args[1]),
                &selection,
                &diff_options,
            );
            outcome(applied.map(|b| bytes_json(&b)))
        }
        "merge" => {
            let merge_options: MergeOptions = options(args.get(3));
            let merged = text::merge(
                &bytes(&args[0]),
                &bytes(&args[1]),
                &bytes(&args[2]),
                &merge_options,
            );
            outcome(
                merged.map(
                    |m| json!({ "content": bytes_json(&m.content), "conflicts": m.conflicts }),
                ),
            )
        }
        "sameText" => outcome(Ok(text::same_text(
            &bytes(&args[0]),
            &bytes(&args[1]),
            &options(args.get(2)),
        )
        .into())),
        "lineEndings" => {
            let stats = text::line_endings(&bytes(&args[0]));
            outcome(Ok(
                json!({ "dominant": stats.dominant.as_str(), "lf": stats.lf, "crlf": stats.crlf, "cr": stats.cr }),
            ))
        }
        "isBinary" => outcome(Ok(text::is_binary(&bytes(&args[0])).into())),
        "toCrlf" => outcome(Ok(
            text::to_crlf(&bytes(&args[0])).map_or(Value::Null, |b| bytes_json(&b))
        )),
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
        "validatePath" => encoded(refresh::validate_path(text(0))),
        "checkCollisions" => {
            let paths: Vec<String> = typed(&args[0]);
            let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
            encoded(refresh::check_collisions(&refs))
        }
        "parseInstallManifest" => {
            encoded(refresh::parse_install_manifest(&bytes(&args[0]), text(1)))
        }
        "parseSourceRecord" => encoded(refresh::parse_source_record(&bytes(&args[0]), text(1))),
        "classify" => encoded(Ok(refresh::classify(
            &typed(&args[0]),
            &typed(&args[1]),
            args[2].as_str(),
        ))),
        "eolNormalizedSha256" => encoded(Ok(refresh::eol_normalized_sha256(&bytes(&args[0])))),
        "planInstall" => encoded(refresh::plan_install(
            &bytes(&args[0]),
            text(1),
            &typed(&args[2]),
            args[3].as_bool().unwrap(),
        )),
        "planRefresh" => {
            let options: refresh::RefreshOptions = if args[3].is_null() {
                Default::default()
            } else {
                typed(&args[3])
            };
            let record = optional_bytes(1);
            encoded(refresh::plan_refresh(
                &bytes(&args[0]),
                record.as_deref(),
                &typed(&args[2]),
                &options,
            ))
        }
        "renderJournalLine" => encoded(Ok(refresh::render_journal_line(&typed(&args[0])))),
        "renderJournalLines" => {
            // Decoded as the bindings decode the batch: its JSON text read by serde_json.
            let text = serde_json::to_string(&args[0]).unwrap();
            let records = serde_json::from_str::<Vec<refresh::JournalRecord>>(&text).map_err(|e| {
                Error::new(
                    upkeep_core::ErrorKind::InvalidArgument,
                    "records",
                    e.to_string(),
                )
            });
            encoded(records.map(|records| refresh::render_journal_lines(&records)))
        }
        "parseJournal" => encoded(journal(&args[0])),
        "runReport" => encoded(Ok(refresh::run_report(&typed(&args[0]), &typed(&args[1])))),
        "refreshSteps" => encoded(refresh::refresh_steps(&typed(&args[0]), text(1))),
        "RefreshSession" => refresh_session::session(false, args),
        "RefreshSession.install" => refresh_session::session(true, args),
        "RefreshInputs" => refresh_session::inputs(args),
        "updatePaths" => encoded(update::update_paths(opt_text(0))),
        "renderVersionFile" => outcome(Ok(update::render_version_file(text(0)).into())),
        "readVersionFile" => outcome(Ok(update::read_version_file(text(0)).into())),
        "leftoverPatches" => encoded(Ok(update::leftover_patches(typed(&args[0])))),
        "finishUpdate" => encoded(Ok(update::finish_update(typed(&args[0])))),
        "afterWrites" => encoded(Ok(update::after_writes(&typed(&args[0])))),
        "writeConstants" => encoded(Ok(upkeep_core::writes::write_constants())),
        "backupName" => encoded(Ok(upkeep_core::writes::backup_name(
            args[0].as_str().unwrap(),
            args[1].as_u64().unwrap() as u32,
        ))),
        "backupSavedPath" => encoded(Ok(upkeep_core::writes::backup_saved_path(text(0)))),
        "preflightRefusal" => encoded(Ok(upkeep_core::writes::preflight_refusal(&typed(&args[0])))),
        "preflightFirstRefusal" => {
            encoded(Ok(upkeep_core::writes::preflight_first_refusal(&typed::<
                Vec<upkeep_core::writes::TargetSeen>,
            >(
                &args[0],
            ))))
        }
        "treeRefusal" => encoded(Ok(upkeep_core::paths::tree_refusal(&typed(&args[0])))),
        "strictText" => encoded(Ok(upkeep_core::paths::strict_text(
            &bytes(&args[0]),
            text(1),
            typed(&args[2]),
        ))),
        "inputRefusal" => encoded(Ok(upkeep_core::input_refusal::input_refusal(&typed(
            &args[0],
        )))),
        "usageRefusal" => encoded(Ok(upkeep_core::usage_refusal::usage_refusal(&typed(
            &args[0],
        )))),
        "installPairs" => encoded(Ok(upkeep_core::command_args::install_pairs(&typed::<
            Vec<String>,
        >(
            &args[0]
        )))),
        "landTickets" => encoded(Ok(upkeep_core::command_args::land_tickets(
            &typed::<Vec<String>>(&args[0]),
            &typed::<Vec<String>>(&args[1]),
        ))),
        "mergeCommand" => encoded(Ok(upkeep_core::command_args::merge_command(&typed(
            &args[0],
        )))),
        "diffLabels" => encoded(Ok(upkeep_core::command_args::diff_labels(&typed::<
            Vec<String>,
        >(
            &args[0]
        )))),
        "inputName" => outcome(Ok(
            upkeep_core::input_names::input_name(&typed(&args[0])).into()
        )),
        "updateAnswer" => encoded(Ok(upkeep_core::command_args::update_answer(
            typed(&args[0]),
            &typed(&args[1]),
        ))),
        "lockText" => encoded(Ok(upkeep_core::writes::lock_text(&typed(&args[0])))),
        "readLock" => encoded(Ok(upkeep_core::writes::read_lock(text(0)))),
        "lockIsStale" => encoded(Ok(upkeep_core::writes::lock_is_stale(&typed(&args[0])))),
        "lockRefusal" => encoded(Ok(upkeep_core::writes::lock_refusal(&typed(&args[0])))),
        "openUpdate" => encoded(update::open_update(&typed(&args[0]))),
        "prepareUpdate" => encoded(update::prepare_update(&typed(&args[0]))),
        "listBackups" => encoded(Ok(backups::list_backups(&typed(&args[0])))),
        "backupsKept" => encoded(Ok(backups::backups_kept(&typed(&args[0])))),
        "planPrune" => encoded(backups::plan_prune(&typed(&args[0]), &typed(&args[1]))),
        "interruptedRun" => encoded(
            journal(&args[0]).and_then(|j| refresh::interrupted_run(&j, text(1), text(2), text(3))),
        ),
        "globMatch" => outcome(Ok(glob_match(text(0), text(1)).into())),
        "GlobSet" => {
            let set = GlobSet::new(strings(0));
            let paths = strings(1);
            let matches: Vec<Vec<usize>> = paths.iter().map(|p| set.matches(p)).collect();
            let is_match: Vec<bool> = paths.iter().map(|p| set.is_match(p)).collect();
            assert_eq!(is_match, set.is_match_many(&paths));
            outcome(Ok(
                json!({ "matches": matches, "isMatch": is_match, "pairs": set.match_pairs(&paths) }),
            ))
        }
        "parseNumstat" => outcome(Ok(encode(parse_numstat(text(0))))),
        "parseNumstatZ" => outcome(parse_numstat_z(&bytes(&args[0])).map(encode)),
        "parseNumstatBytes" => outcome(parse_numstat_bytes(&bytes(&args[0])).map(encode)),
        "declaredRisk" => outcome(declared_risk(&strings(0), &arg(&args[1])).map(encode)),
        "parseActions" => encoded(Ok(parse_actions(text(0)))),
        "actualRisk" => outcome(Ok(encode(actual_risk(
            args[0].as_f64().unwrap(),
            &files(1),
            &arg(&args[2]),
        )))),
        "decide" => outcome(decide(args[0].as_f64().unwrap(), opt_text(1)).map(encode)),
        // The binding hands back the argument worst picks: null and undefined
        // (`{"$undefined": true}`) as given.
        "worst" => match worst_pick(opt_text(0), opt_text(1)) {
            Pick::First => outcome(Ok(args[0].clone())),
            _ => outcome(Ok(args[1].clone())),
        },
        "assessView" => encoded(assess_view(&files(0), &arg(&args[1]))),
        "riskFiles" => encoded(Ok(risk_files(&files(0), &arg(&args[1])))),
        "refreshQuestion" => encoded(Ok(refresh::refresh_question(text(0), typed(&args[1])))),
        "updateQuestion" => encoded(Ok(update::update_question(
            text(0),
            text(1),
            typed(&args[2]),
        ))),
        "renderRunReport" => encoded(Ok(refresh::render_run_report(
            &typed(&args[0]),
            &arg(&args[1]),
        ))),
        "renderUpdateOutcome" => encoded(Ok(update::render_update_outcome(
            &typed(&args[0]),
            &arg(&args[1]),
        ))),
        "renderStopped" => encoded(Ok(render::render_stopped(&typed(&args[0])))),
        "terminalPolicy" => encoded(Ok(upkeep_core::terminal::terminal_policy(&typed(&args[0])))),
        "shellCommand" => outcome(Ok(render::shell_command(&strings(0)).into())),
        "counted" => outcome(Ok(render::counted(
            args[0].as_u64().unwrap() as usize,
            text(1),
            text(2),
        )
        .into())),
        "diffFiles" => {
            let diff = text::diff_files(&bytes(&args[0]), &bytes(&args[1]), &typed(&args[2]));
            outcome(
                diff.map(|d| json!({ "status": d.status.as_str(), "patch": bytes_json(&d.patch) })),
            )
        }
        "assess" => outcome(assess(&files(0), &arg(&args[1])).map(encode)),
        "scoreConstants" => outcome(Ok(encode(score_constants()))),
        "presetChoices" => outcome(Ok(encode(upkeep_core::score::preset_choices()))),
        "scoreDiffArgs" => outcome(Ok(encode(upkeep_core::score::score_diff_args(&typed(
            &args[0],
        ))))),
        "parseManifest" => outcome(update::parse_manifest(text(0), opt_text(1)).map(encode_update)),
        "compareVersions" => outcome(update::compare_versions(text(0), text(1)).map(Value::from)),
        "checkVersions" => {
            outcome(update::check_versions(text(0), text(1), args[2].as_str()).map(encode_update))
        }
        "changelogRange" => {
            outcome(update::changelog_range(text(0), text(1), text(2)).map(encode_update))
        }
        "startUpdate" => {
            let record: Option<update::InProgress> =
                serde_json::from_value(args[0].clone()).unwrap();
            outcome(
                update::start_update(record.as_ref(), text(1), text(2), text(3)).map(encode_update),
            )
        }
        "updateReadList" => {
            outcome(update::read_list(text(0), text(1), opt_text(2)).map(encode_update))
        }
        "gitPlace" => encoded(Ok(update::git_place(&typed(&args[0])))),
        "checkClean" => {
            let input: update::CleanCheck =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            encoded(update::check_clean(&input))
        }
        "planUpdate" => {
            let input: update::UpdateInput =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            outcome(update::plan_update(input).map(encode_update))
        }
        "planSingleFile" => {
            let file: update::SingleFile =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            outcome(Ok(encode_update(update::plan_single_file(&file))))
        }
        "UpdateSession" => digests::session(args),
        "UpdateInputs" => digests::inputs(args),
        "updateDocument" => digests::document(args),
        "digestContents" => digests::digest_batch(args),
        "ContentDigester" => digests::digester(args),
        "regionVerdict" => {
            let input: regions::RegionVerdictInput =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            let mut verdict = serde_json::to_value(input.verdict()).unwrap();
            if let Some(Value::Object(sides)) = verdict.get_mut("normalized") {
                for side in sides.values_mut() {
                    *side = serde_to_bytes(json!({ "bytes": side.take() }))["bytes"].take();
                }
            }
            outcome(Ok(verdict))
        }
        "snapshotReads" => outcome(Ok(encode_update(regions::snapshot_reads(&typed(&args[0]))))),
        "regionConfine" => {
            let input: regions::ConfineInput = serde_json::from_value(args[0].clone()).unwrap();
            outcome(Ok(encode_update(regions::confine(&input))))
        }
        "finishUpdateRegions" => {
            let input: regions::RegionsFinish = serde_json::from_value(args[0].clone()).unwrap();
            outcome(Ok(encode_update(regions::finish_update_regions(input))))
        }
        "readConfig" => encoded(structured::read_file(
            text(0),
            (!args[1].is_null()).then(|| typed(&args[1])),
            &bytes(&args[2]),
        )),
        "structuredMerge" => encoded(structured::merge_file(
            text(0),
            &typed(&args[1]),
            text(2),
            text(3),
            text(4),
        )),
        "fileView" => encoded(editor::file_view(&typed(&bytes_to_serde(&args[0])))),
        "editorManifest" => encoded(editor::editor_manifest(text(0), opt_text(1), opt_text(2))),
        "editorTally" => {
            let mut totals: editor::ScanTotals = if args[0].is_null() {
                editor::ScanTotals::default()
            } else {
                typed(&args[0])
            };
            let summary: Option<editor::FileSummary> = typed(&args[1]);
            totals.tally(summary.as_ref());
            encoded(Ok(totals))
        }
        "editorNotice" => outcome(Ok(editor::editor_notice(&typed(&args[0])).into())),
        "damagedDiagnostic" => encoded(Ok(editor::Diagnostic::damaged(text(0)))),
        "editorInstall" => encoded(Ok(editor::editor_install(
            &typed(&args[0]),
            &typed(&args[1]),
        ))),
        "commandTarget" => encoded(Ok(editor::command_target(&typed(&args[0])))),
        "documentOwner" => encoded(Ok(editor::document_owner(&typed::<Vec<Option<String>>>(
            &args[0],
        )))),
        "editorReleaseDrift" => encoded(Ok(editor::editor_release_drift(
            text(0),
            opt_text(1),
            opt_text(2),
        ))),
        "checkInstalledManifest" => encoded(editor::check_installed_manifest(text(0), text(1))),
        "releaseRoute" => encoded(Ok(editor::release_route(
            args[0].as_bool().unwrap(),
            args[1].as_bool().unwrap(),
        ))),
        "editorStatus" => outcome(Ok(editor::project_status(&typed(&args[0])).into())),
        "parseReleaseSpec" => encoded(lifecycle::parse_release_spec(text(0))),
        "isGitRepository" => outcome(Ok(lifecycle::is_git_repository(&typed(&args[0])).into())),
        "resolveLocalSpec" => encoded(lifecycle::resolve_local(
            &typed(&args[0]),
            args[1].as_bool().unwrap(),
        )),
        "relocateSpec" => encoded(Ok(lifecycle::relocate(&typed(&args[0]), text(1)))),
        "renderReleaseSpec" => outcome(Ok(lifecycle::render_release_spec(
            text(0),
            opt_text(1),
            opt_text(2),
        )
        .into())),
        "parseGitTags" => encoded(Ok(lifecycle::parse_git_tags(text(0)))),
        "parseNpmView" => encoded(Ok(lifecycle::parse_npm_view(text(0)))),
        "npmPackIntegrity" => encoded(Ok(lifecycle::npm_pack_integrity(text(0)))),
        "gitRefLookup" => encoded(Ok(lifecycle::git_ref_lookup(text(0)))),
        "gitRefFound" => encoded(Ok(lifecycle::git_ref_found(text(0), text(1)))),
        "selectVersion" => encoded(lifecycle::select_version(&typed(&args[0]))),
        "planLayout" => encoded(lifecycle::plan_layout(&typed(&args[0]))),
        "cacheRoot" => outcome(Ok(lifecycle::cache_root(opt_text(0), text(1)).into())),
        "cacheKey" => outcome(lifecycle::cache_key(&typed(&args[0])).map(Value::from)),
        "folderFingerprint" => outcome(Ok(lifecycle::folder_fingerprint(&typed::<
            Vec<lifecycle::CachedFile>,
        >(&args[0]))
        .into())),
        "renderCacheIndex" => outcome(Ok(lifecycle::render_cache_index(&typed(&args[0])).into())),
        "cacheDamagedNotice" => encoded(Ok(lifecycle::cache_damaged_notice(
            args[0].as_str().unwrap(),
            args[1].as_str().unwrap(),
        ))),
        "verifyCacheEntry" => encoded(Ok(lifecycle::verify_cache_entry(
            args[0].as_str(),
            &typed::<Vec<lifecycle::CachedFile>>(&args[1]),
            args.get(2).and_then(Value::as_str),
        ))),
        "parseProjectSource" => encoded(lifecycle::parse_project_source(text(0), opt_text(1))),
        "renderProjectSource" => {
            outcome(Ok(lifecycle::render_project_source(&typed(&args[0])).into()))
        }
        "scaffoldStart" => encoded(lifecycle::scaffold_start(&typed(&args[0]))),
        "planScaffold" => encoded(lifecycle::plan_scaffold(&typed(&args[0]))),
        "scaffoldHalt" => encoded(Ok::<_, Error>(lifecycle::scaffold_halt(&typed(&args[0])))),
        "planAdopt" => encoded(lifecycle::plan_adopt(&typed(&args[0]))),
        "updateSources" => encoded(lifecycle::update_sources(&typed(&args[0]))),
        "archiveRoot" => encoded(Ok(lifecycle::archive_root(
            &typed::<Vec<lifecycle::TopEntry>>(&args[0]),
            text(1),
        ))),
        "packageVersion" => encoded(Ok(lifecycle::package_version(text(0)))),
        "installedRecord" => encoded(Ok(lifecycle::installed_record(
            &typed(&args[0]),
            &typed(&args[1]),
        ))),
        "parseExitPolicy" => encoded(fleet::parse_exit_policy(text(0))),
        "exitCode" => outcome(Ok(u32::from(fleet::exit_code(&typed(&args[0]))).into())),
        "statusExit" => outcome(
            upkeep_core::exits::status_exit(text(0), text(1), opt_text(2))
                .map(|code| u32::from(code).into()),
        ),
        "stopExit" => {
            outcome(upkeep_core::exits::stop_exit(opt_text(0)).map(|c| u32::from(c).into()))
        }
        "commandFailure" => encoded(upkeep_core::exits::command_failure(&typed(&args[0]))),
        "failureDocument" => encoded(upkeep_core::exits::failure_document(&typed(&args[0]))),
        "updateStop" => encoded(Ok(upkeep_core::exits::update_stop(text(0)))),
        "writesChangeRequest" => encoded(Ok(
            typed::<upkeep_core::update::UpdateStatus>(&args[0]).writes_change_request()
        )),
        "renderReleaseNotes" => encoded(Ok(upkeep_core::render::render_release_notes(&typed::<
            Vec<update::ChangelogSection>,
        >(
            &args[0]
        )))),
        "conflictsRefusal" => encoded(Ok(update::conflicts_refusal(text(0)))),
        "mergeExit" => outcome(Ok(u32::from(upkeep_core::exits::merge_exit(
            args[0].as_u64().unwrap(),
        ))
        .into())),
        "mergeSummary" => encoded(Ok(upkeep_core::text::merge_summary(
            args[0].as_u64().unwrap() as usize,
        ))),
        "codeExit" => outcome(Ok(upkeep_core::exits::code_exit(text(0))
            .map(u32::from)
            .into())),
        "scoreFailureExit" => outcome(Ok(upkeep_core::exits::score_failure_exit(text(0))
            .map(u32::from)
            .into())),
        "hashExit" => outcome(Ok(u32::from(upkeep_core::exits::hash_exit(
            args[0].as_u64().unwrap(),
        ))
        .into())),
        "adoptRefusal" => encoded(lifecycle::adopt_refusal(text(0))),
        "firstCommitSubject" => outcome(Ok(lifecycle::first_commit_subject(text(0)).into())),
        "newDocument" => encoded(Ok(lifecycle::new_document(typed(&args[0])))),
        "adoptDocument" => encoded(Ok(lifecycle::adopt_document(typed(&args[0])))),
        "firstCommitStep" => encoded(Ok(lifecycle::first_commit_step(
            text(0),
            &typed::<Vec<lifecycle::GitRan>>(&args[1]),
        ))),
        "firstCommitWords" => encoded(Ok(lifecycle::first_commit_words(
            typed::<Option<lifecycle::FirstCommit>>(&args[0]).as_ref(),
        ))),
        "releaseWords" => encoded(lifecycle::release_words(text(0), text(1))),
        "releaseRefusal" => encoded(Ok(lifecycle::release_refusal(&typed(&args[0])))),
        "releaseCacheMove" => encoded(lifecycle::release_cache_move(&typed(&args[0]))),
        "fetchRefusal" => encoded(Ok(lifecycle::fetch_refusal(&typed(&args[0])))),
        "resolvedIdentity" => encoded(Ok(lifecycle::resolved_identity(&typed(&args[0])))),
        "activeRuns" => encoded(Ok(backups::active_runs(&typed(&args[0])))),
        "runId" => encoded(Ok(backups::run_id(
            typed(&args[0]),
            args[1].as_u64().unwrap(),
            text(2),
        ))),
        "pruneRefusal" => encoded(Ok(backups::prune_refusal(&typed(&args[0])))),
        "batchMatrix" => encoded(
            fleet::plan_fleet(&typed(&args[0]))
                .map(|plan| fleet::batch_matrix(&plan, args[1].as_u64().unwrap() as usize)),
        ),
        "platformRefusal" => encoded(Ok(fleet::platform_refusal(opt_text(0)))),
        "renderFleetPlan" => {
            encoded(fleet::plan_fleet(&typed(&args[0])).map(|plan| fleet::render_fleet_plan(&plan)))
        }
        "stepLine" => encoded(Ok(fleet::step_line(&typed(&args[0])))),
        "isStepCommit" => encoded(Ok(fleet::is_step_commit(&typed(&args[0])))),
        "toolMessage" => encoded(Ok(render::tool_message(text(0)))),
        "archiveEntryProblem" => encoded(Ok(upkeep_core::paths::archive_entry_problem(
            text(0),
            text(1),
        ))),
        "repairWords" => encoded(Ok(regions::repair_words(&typed(&args[0])))),
        "regionBackupSteps" => encoded(regions::region_backup_steps(&typed(&args[0]))),
        "regionBackupsDone" => encoded(Ok(regions::region_backups_done(&typed(&args[0])))),
        "regionFolderSteps" => encoded(regions::region_folder_steps(&typed(&args[0]))),
        "regionFoldersDone" => encoded(Ok(regions::region_folders_done(&typed::<
            Vec<upkeep_core::writes::StepOutcome>,
        >(&args[0])))),
        "fileRepair" => encoded(Ok(regions::file_repair(&typed(&args[0])))),
        "fileRepairFailure" => encoded(Ok(regions::file_repair_failure(&typed(&args[0])))),
        "regenRecordPath" => encoded(Ok(regions::regen_record_path(text(0)))),
        "regenPending" => encoded(Ok(regions::regen_pending(&typed(&args[0])))),
        "regenPendingFailure" => encoded(Ok(regions::regen_pending_failure(&typed(&args[0])))),
        "readRegenPending" => encoded(Ok(regions::regen_pending_reading(text(0), text(1)))),
        "regenCopiesFound" => encoded(Ok(regions::copies_found(&typed(&args[0])))),
        "regenRecoveredNotice" => encoded(Ok(regions::regen_recovered_notice(&typed(&args[0])))),
        "regenPendingEnd" => encoded(Ok(regions::regen_pending_end(&typed(&args[0])))),
        "stoppedUnwritten" => encoded(Ok(upkeep_core::exits::stopped_unwritten(
            text(0),
            typed(&args[1]),
        ))),
        "homeFiles" => encoded(upkeep_core::refresh::home_files(text(0))),
        "manifestPlace" => encoded(Ok(upkeep_core::refresh::manifest_place(opt_text(0)))),
        "stateRefusal" => encoded(Ok(update::state_refusal(&typed(&args[0])))),
        "readProgress" => encoded(Ok(update::progress_reading(text(0), text(1)))),
        "progressText" => encoded(Ok(update::progress_text(&typed(&args[0])))),
        "noRecord" => encoded(Ok(upkeep_core::refresh::no_record(&typed(&args[0])))),
        "handMergeDiff" => encoded(upkeep_core::refresh::MergeDiff::of(
            text(0),
            text(1),
            (!args[2].is_null()).then(|| bytes(&args[2])).as_deref(),
            (!args[3].is_null()).then(|| bytes(&args[3])).as_deref(),
        )),
        "regionLimits" => encoded(Ok(regions::region_limits())),
        "chooseSandbox" => encoded(Ok(regions::choose_sandbox(&typed(&args[0])))),
        "snapshotsWholeTree" => outcome(Ok(typed::<regions::SandboxFacts>(&args[0])
            .snapshots_whole_tree()
            .into())),
        "workspaceStatus" => encoded(Ok(editor::workspace_status(&typed::<
            Vec<editor::WorkspaceProject>,
        >(&args[0])))),
        "dryRunRefusal" => encoded(Ok(editor::dry_run_refusal(&typed(&args[0])))),
        "editorNoticeStatus" => encoded(Ok(editor::notice_status(&typed(&args[0])))),
        "editorReadyStatus" => encoded(Ok(editor::ready_status(&typed(&args[0])))),
        "dryRunSummary" => encoded(Ok(editor::dry_run_summary(&typed(&args[0])))),
        "scoreMessage" => encoded(Ok(editor::score_message(&typed(&args[0])))),
        "projectKind" => encoded(Ok(editor::project_kind(&typed(&args[0])))),
        "pickReleaseDirs" => encoded(editor::pick_release_dirs(&typed(&args[0]))),
        "loopRefusalExit" => encoded(Ok(looping::loop_refusal_exit(text(0)).map(u32::from))),
        "loopCommitMessage" => outcome(Ok(looping::commit_message(
            opt_text(0),
            args[1].as_u64().unwrap(),
            text(2),
        )
        .into())),
        "loopCommitSubject" => encoded(Ok(looping::commit_subject(
            opt_text(0),
            args[1].as_u64().unwrap(),
        ))),
        "planOverview" => encoded(Ok(update::plan_overview(&typed(&args[0])))),
        "previewMergeOptions" => encoded(Ok(update::preview_merge_options(&typed(&args[0])))),
        "fileVerdict" => encoded(Ok(update::file_verdict(&typed(&args[0])))),
        "conflictChoices" => encoded(Ok(update::conflict_choices())),
        "nothingToPlan" => encoded(Ok(update::nothing_to_plan(text(0), text(1), text(2)))),
        "sealReport" => encoded(Ok(land::seal_report(text(0), typed(&args[1])))),
        "prPayload" => encoded(fleet::pr_payload(&typed(&args[0]))),
        "prPayloadFiles" => encoded(Ok(fleet::pr_payload_files(&typed(&args[0])))),
        "parseFleetList" => encoded(fleet::parse_fleet_list(text(0), text(1))),
        "planFleet" => encoded(fleet::plan_fleet(&typed(&args[0]))),
        "fleetRecordStep" => encoded(fleet::fleet_record_step(
            &typed(&args[0]),
            &typed::<Vec<fleet::RecordRan>>(&args[1]),
        )),
        "gitlabChildPipeline" => outcome(
            fleet::plan_fleet(&typed(&args[0]))
                .and_then(|plan| {
                    fleet::gitlab_child_pipeline(&plan, args[1].as_u64().unwrap() as usize, text(2))
                })
                .map(Value::from),
        ),
        "stepAction" => encoded(Ok(fleet::step_action(&typed(&args[0])))),
        "loopRefusal" => encoded(Ok(looping::loop_refusal(&typed(&args[0])))),
        "stepCommits" => encoded(Ok(fleet::step_commits(&typed(&args[0])))),
        "stepStart" => encoded(Ok(fleet::step_start(&typed(&args[0])))),
        "stepUpdateArgs" => encoded(Ok(fleet::step_update_args(&typed(&args[0])))),
        "commitIdentity" => encoded(fleet::commit_identity(opt_text(0))),
        "stepCommit" => encoded(Ok(fleet::step_commit(&typed(&args[0])))),
        "recordBehindNotice" => encoded(Ok(lifecycle::record_behind_notice(text(0), text(1)))),
        "checkReleaseDrift" => outcome(
            lifecycle::check_release_drift(
                text(0),
                opt_text(1),
                opt_text(2),
                args[3].as_bool().unwrap(),
            )
            .map(|notice| notice.map_or(Value::Null, Value::from)),
        ),
        "parseManifestRules" => encoded(lifecycle::parse_manifest_rules(text(0), opt_text(1))),
        "manifestInit" => encoded(lifecycle::manifest_init(&typed(&args[0]))),
        "manifestWrite" => encoded(lifecycle::manifest_write(&typed(&args[0]))),
        "manifestCheckReads" => encoded(Ok(lifecycle::manifest_check_reads(text(0)))),
        "checkManifest" => {
            let input: lifecycle::ManifestCheckInput =
                serde_json::from_value(bytes_to_serde(&args[0])).unwrap();
            encoded(Ok(lifecycle::check_manifest(&input)))
        }
        "sealHandoff" => encoded(land::seal_handoff(
            typed(&args[0]),
            typed(&args[1]),
            typed(&args[2]),
        )),
        "parseHandoff" => encoded(land::parse_handoff(text(0), opt_text(1))),
        "planLand" => encoded(land::plan_land(
            &typed::<land::Handoff>(&args[0]),
            &typed::<Vec<land::CurrentFile>>(&args[1]),
        )),
        "landStep" => encoded(Ok(land::land_step(
            &typed::<land::LandPlan>(&args[0]),
            &typed::<Vec<land::CommitOutcome>>(&args[1]),
        ))),
        "landReport" => encoded(Ok(land::land_report(
            &typed::<land::LandPlan>(&args[0]),
            &typed::<Vec<land::CommitOutcome>>(&args[1]),
        ))),
        "renderLandReport" => outcome(Ok(land::render_land_report(&typed(&args[0])).into())),
        "planSync" => encoded(Ok(land::plan_sync(&typed(&args[0])))),
        "checkoutRefusal" => encoded(Ok(land::checkout_refusal(&typed(&args[0])))),
        "syncCheckout" => encoded(Ok(land::sync_checkout(&typed(&args[0])))),
        "checkoutFollow" => encoded(Ok(land::checkout_follow(
            text(0),
            args[1].as_str(),
            args[2].as_bool().unwrap(),
            args[3].as_bool().unwrap(),
        ))),
        "checkDigest" => outcome(Ok(land::check_digest(text(0), text(1)).into())),
        "findCarried" => encoded(Ok(land::find_carried(
            text(0),
            &typed::<Vec<land::CheckRecord>>(&args[1]),
        ))),
        "renderSyncReport" => outcome(Ok(land::render_sync_report(&typed(&args[0])).into())),
        "syncStep" => encoded(Ok(land::sync_step(
            &typed::<land::SyncRun>(&args[0]),
            &typed::<Vec<land::SyncOutcome>>(&args[1]),
        ))),
        "syncReport" => encoded(Ok(land::sync_report(
            &typed::<land::SyncRun>(&args[0]),
            &typed::<Vec<land::SyncOutcome>>(&args[1]),
        ))),
        "loopSequence" => outcome(Ok(loop_sequence(args))),
        "renderLoopFile" => {
            let state: looping::LoopState = typed(&args[0]);
            outcome(Ok(looping::render_loop_file(&state).into()))
        }
        "parseLoopFile" => outcome(looping::parse_loop_file(text(0)).map(encode)),
        other => panic!("no runner for call {other:?}"),
    }
}

/// Runs a loop sequence: `initState`, then each operation, recording each answer (or
/// error message) and the state after it.
fn loop_sequence(args: &[Value]) -> Value {
    let graph = serde_json::from_value::<looping::LoopGraph>(args[0].clone());
    let bricks: looping::LoopBricks = typed(&args[1]);
    let mut init = args[2].clone();
    let init_state = graph.map_err(|e| e.to_string()).and_then(|graph| {
        init["graph"] = serde_json::to_value(&graph).unwrap();
        let init: looping::LoopInit = typed(&init);
        looping::init_state(init).map_err(|e| e.to_string())
    });
    let mut state = match init_state {
        Ok(state) => state,
        Err(message) => return json!({ "init": { "error": message }, "steps": [] }),
    };
    let start = json!({ "state": serde_json::to_value(&state).unwrap() });
    let mut steps = Vec::new();
    for op in args[3].as_array().unwrap() {
        let op = op.as_array().unwrap();
        let answer: Result<Value, Error> = match op[0].as_str().unwrap() {
            "nextStep" => looping::next_step(&state, &bricks).map(encode),
            "trailers" => looping::trailers(&state).map(Value::from),
            "scoreDeclared" => looping::score_declared(&mut state, &typed(&op[1])).map(encode),
            "scoreDiff" => {
                looping::score_diff(&mut state, &typed::<Vec<FileStat>>(&op[1])).map(encode)
            }
            "recordOutcome" => looping::record_outcome(
                &mut state,
                &bricks,
                op[1].as_str().unwrap(),
                &typed(&op[2]),
            )
            .map(encode),
            "decideAwaiting" => looping::decide_awaiting(
                &mut state,
                &bricks,
                op[1].as_str().unwrap(),
                op.get(2).and_then(Value::as_str),
            )
            .map(encode),
            other => panic!("no loop operation {other:?}"),
        };
        let mut step = match answer {
            Ok(result) => json!({ "result": result }),
            Err(error) => json!({ "error": error.to_string() }),
        };
        step["state"] = serde_json::to_value(&state).unwrap();
        steps.push(step);
    }
    json!({ "init": start, "steps": steps })
}

#[test]
fn core_agrees_with_every_vector() {
    let mut checked = 0;
    let mut failures = Vec::new();
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
            if normalize(actual.clone()) != normalize(expected.clone()) {
                failures.push(format!(
                    "{}: {}\n  args {}\n  expected {expected}\n  actual   {actual}",
                    path.display(),
                    case["name"],
                    case["args"]
                ));
            }
            // The digest route must give every planUpdate vector's answer, byte for byte.
            if case["call"] == "planUpdate" {
                let by_digests = digests::plan_by_digests(&case["args"][0]);
                if normalize(by_digests.clone()) != normalize(expected.clone()) {
                    failures.push(format!(
                        "{}: {} (digest route)\n  expected {expected}\n  actual   {by_digests}",
                        path.display(),
                        case["name"],
                    ));
                }
            }
            checked += 1;
        }
    }
    let shown: Vec<&String> = failures.iter().take(10).collect();
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed:\n{shown:#?}",
        failures.len()
    );
    assert!(
        checked > 0,
        "no vectors found in {}",
        vectors_dir().display()
    );
}
