//! The loop's transitions: every step, score, ceiling, commit and stop is decided here;
//! the caller runs the brick it is handed and reports the outcome. Each call updates the
//! state in place — also when it then fails, exactly as far as the reference engine
//! would have — and answers with a JSON object shaped as the reference's.
//!
//! ```
//! use upkeep_core::json::parse_value as parse;
//! use upkeep_core::looping::*;
//!
//! let graph = LoopGraph::from_json(&parse(r#"{"start": "fix",
//!   "edges": [{"from": "fix", "on": "done", "to": "fix"}],
//!   "loops": [{"name": "main", "nodes": ["fix"], "max": 3, "iteration": true}]}"#).unwrap()).unwrap();
//! let bricks = LoopBricks::from_json(&parse(r#"[{"name": "fix", "effect": "mutate",
//!   "outcomes": ["done"], "body": "Fix it."}]"#).unwrap()).unwrap();
//! let mut state = init_state(LoopInit { title: "t".into(), requirement: "r".into(), graph, preset: None, contracts: vec![] }).unwrap();
//! let declared = LoopDeclaration { actions: Some(vec!["logic".into()]), write_set: Some(vec!["src/**".into()]), intent: None };
//! score_declared(&mut state, &declared).unwrap();
//! assert_eq!(record_outcome(&mut state, &bricks, "done", &LoopReport::default()).unwrap().get("verify"), Some(&upkeep_core::json::JsonValue::Bool(true)));
//! let commit = score_diff(&mut state, &[upkeep_core::score::FileStat::new("src/a.rs", 3.0, 1.0)]).unwrap();
//! assert!(commit.get("trailers").is_some());
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::json::JsonValue;
use crate::looping::model::{
    LoopBricks, LoopEdge, LoopEffect, LoopGraph, LoopRing, CLOSE, ENGINE_MAX_ITERATIONS, STOP,
};
use crate::looping::state::{
    bump, count_of, LoopAwaiting, LoopCurrent, LoopHistoryEntry, LoopState, LoopStatus,
};
use crate::looping::value::{boolean, number, object, set, string, strings};
use crate::score::js::json_string;
use crate::score::{
    actual_risk, declared_risk, worst, Decision, FileStat, Preset, RiskOptions, DEFAULT_PRESET,
};

/// The engine's own state file: never part of the scored work.
pub const LOOP_FILE: &str = "LOOP.md";
/// The atomic writer's temp file beside it: never scored work either.
pub const LOOP_FILE_TMP: &str = "LOOP.md.tmp";
/// What a closed iteration asks the caller to run.
pub const VERIFY_COMMAND: &str =
    "git add -A && git diff --cached --numstat | upkeep loop score --diff";
/// How many times a person may amend one gate per iteration.
pub const GATE_MAX_AMENDS: u32 = 3;

/// `initState`'s arguments.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct LoopInit {
    /// The run's title.
    pub title: String,
    /// What it must achieve.
    pub requirement: String,
    /// The graph.
    pub graph: LoopGraph,
    /// The preset (`balanced` when absent).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub preset: Option<String>,
    /// Extra contract globs, after the graph's own (stored as given: `scoreDiff` checks
    /// they are strings, as it does after a hand edit of `LOOP.md`).
    #[cfg_attr(
        feature = "serde",
        serde(default, deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub contracts: Vec<JsonValue>,
}

/// `scoreDeclared`'s options: a new card's actions, write set and intent.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct LoopDeclaration {
    /// The declared actions; absent: the card's.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub actions: Option<Vec<String>>,
    /// The write set; absent: the card's (or none).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub write_set: Option<Vec<String>>,
    /// The intent; absent: the card's (or the node's name).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub intent: Option<JsonValue>,
}

/// `recordOutcome`'s options.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct LoopReport {
    /// A card the brick recorded (it replaces the unit's).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub card: Option<JsonValue>,
    /// `git status --porcelain` after the brick ran; absent: not checked.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub porcelain: Option<String>,
    /// A finding to keep in the run's notes.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub note: String,
}

pub(super) fn refuse(message: impl Into<String>) -> Error {
    let message = message.into();
    Error::new(ErrorKind::LoopRefused, message.clone(), message)
}

/// `Number(x).toFixed(1)`: the exact binary value rounded to one decimal, a tie going up
/// (Rust's formatting would send an exact tie such as 0.25 to the even digit).
fn fmt1(x: f64) -> String {
    let exact = format!("{:.60}", x.abs());
    let tie = exact.split_once('.').is_some_and(|(_, frac)| {
        frac[1..].starts_with('5') && frac[2..].bytes().all(|b| b == b'0')
    });
    let magnitude = if tie { x.abs() + 0.025 } else { x.abs() };
    let text = format!("{magnitude:.1}");
    if x < 0.0 && text != "0.0" {
        format!("-{text}")
    } else {
        text
    }
}

fn preset_of(state: &LoopState) -> Result<Preset> {
    Preset::named(Some(&state.preset))
}

fn threshold(preset: &Preset) -> Option<JsonValue> {
    Some(JsonValue::Array(vec![
        JsonValue::Number(preset.silent),
        JsonValue::Number(preset.soft),
    ]))
}

/// A new run's state. The prudent preset holds the launch for a person.
pub fn init_state(init: LoopInit) -> Result<LoopState> {
    let preset = init.preset.unwrap_or_else(|| DEFAULT_PRESET.to_owned());
    if Preset::named(Some(&preset)).is_err() {
        return Err(Error::new(
            ErrorKind::UnknownPreset,
            preset.clone(),
            format!("unknown preset {}", json_string(&preset)),
        ));
    }
    let in_loop = init
        .graph
        .iteration_loop()?
        .nodes
        .contains(&init.graph.start);
    let contracts = init
        .graph
        .contracts
        .iter()
        .map(|c| JsonValue::String(c.clone()))
        .chain(init.contracts)
        .collect();
    let prudent = preset == "prudent";
    Ok(LoopState {
        v: 1,
        title: init.title,
        requirement: init.requirement,
        preset,
        contracts: JsonValue::Array(contracts),
        node: init.graph.start.clone(),
        graph: init.graph,
        status: if prudent {
            LoopStatus::Awaiting
        } else {
            LoopStatus::Running
        },
        awaiting: prudent.then_some(LoopAwaiting::Launch),
        reason: None,
        iteration: u32::from(in_loop),
        card: None,
        validated: false,
        pending_verify: false,
        closing: false,
        counters: Vec::new(),
        resplit: false,
        empty_streak: 0,
        snapshot: String::new(),
        visited: Vec::new(),
        tests: "n/a".into(),
        current: LoopCurrent::default(),
        notes: Vec::new(),
        history: Vec::new(),
        gate_amends: None,
    })
}

pub(super) fn stop(state: &mut LoopState, reason: String) -> JsonValue {
    state.status = LoopStatus::Stopped;
    state.reason = Some(reason.clone());
    object([("stopped", string(reason))])
}

pub(super) fn reset_unit(state: &mut LoopState) {
    state.card = None;
    state.validated = false;
    state.counters.clear();
    state.visited.clear();
    state.current = LoopCurrent::default();
    state.tests = "n/a".into();
}

/// The run's summary: units committed, the soft ones to review, the notes.
pub fn unit_summary(state: &LoopState) -> JsonValue {
    let review = state
        .history
        .iter()
        .filter(|h| h.decision == "soft")
        .map(|h| {
            object([
                ("iteration", number(f64::from(h.iteration))),
                ("intent", Some(h.intent.clone())),
            ])
        })
        .collect();
    object([
        ("iterations", number(state.history.len() as f64)),
        ("review", Some(JsonValue::Array(review))),
        ("notes", strings(&state.notes)),
    ])
}

/// The run's history: every committed unit.
pub fn unit_history(state: &LoopState) -> &[LoopHistoryEntry] {
    &state.history
}

fn unique(items: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        if !out.contains(item) {
            out.push(item.clone());
        }
    }
    out
}

fn card_field<'a>(state: &'a LoopState, field: &str) -> Option<&'a JsonValue> {
    state
        .card
        .as_ref()
        .and_then(|c| c.get(field))
        .filter(|v| **v != JsonValue::Null)
}

/// The commit trailers of the current unit.
pub fn trailers(state: &LoopState) -> Result<String> {
    let preset = preset_of(state)?;
    let declared = state.current.declared.unwrap_or(0.0);
    let mut lines = vec![
        format!("Loop-Iteration: {}", state.iteration),
        format!("Loop-Bricks: {}", unique(&state.visited).join(",")),
        format!("Loop-Risk-Declared: {}", fmt1(declared)),
        format!(
            "Loop-Risk-Actual: {}",
            fmt1(state.current.actual.unwrap_or(declared))
        ),
        format!(
            "Loop-Threshold: {} {}/{}",
            state.preset,
            fmt1(preset.silent),
            fmt1(preset.soft)
        ),
        format!(
            "Loop-Decision: {}{}",
            state.current.decision.as_deref().unwrap_or("silent"),
            if state.current.amended == Some(true) {
                " (amended)"
            } else {
                ""
            }
        ),
        format!("Loop-Tests: {}", state.tests),
    ];
    if let Some(gates) = &state.current.gates {
        lines.push(format!("Loop-Gates: {}", gates.join(",")));
    }
    Ok(lines.join("\n"))
}

fn finish_unit(state: &mut LoopState, committed: bool) -> Result<()> {
    if committed {
        let declared = state.current.declared.unwrap_or(0.0);
        state.history.push(LoopHistoryEntry {
            iteration: state.iteration,
            bricks: unique(&state.visited),
            declared,
            actual: state.current.actual.unwrap_or(declared),
            decision: state
                .current
                .decision
                .clone()
                .unwrap_or_else(|| "silent".into()),
            tests: state.tests.clone(),
            intent: card_field(state, "intent")
                .cloned()
                .unwrap_or_else(|| JsonValue::String(String::new())),
            gates: state.current.gates.clone(),
        });
    }
    state.pending_verify = false;
    state.resplit = false;
    state.snapshot.clear();
    reset_unit(state);
    state.iteration += 1;
    if state.closing {
        state.status = LoopStatus::Done;
        state.node = CLOSE.into();
        return Ok(());
    }
    let ring = state.graph.iteration_loop()?;
    let ceiling = ring.max.min(ENGINE_MAX_ITERATIONS);
    state.node = ring.nodes[0].clone();
    if state.iteration > ceiling {
        stop(state, format!("iteration ceiling of {ceiling} reached"));
    }
    Ok(())
}

pub(super) fn commit_unit(state: &mut LoopState) -> Result<JsonValue> {
    let text = trailers(state)?;
    let iteration = state.iteration;
    let intent = card_field(state, "intent")
        .cloned()
        .unwrap_or(JsonValue::Null);
    finish_unit(state, true)?;
    Ok(object([
        ("commit", boolean(true)),
        ("trailers", string(text)),
        ("iteration", number(f64::from(iteration))),
        ("intent", Some(intent)),
    ]))
}

fn assert_running(state: &LoopState) -> Result<()> {
    if state.status == LoopStatus::Running {
        Ok(())
    } else {
        Err(refuse(format!(
            "the loop is {}, not running",
            state.status.as_str()
        )))
    }
}

fn assert_open(state: &LoopState) -> Result<()> {
    if state.pending_verify {
        Err(refuse(
            "the iteration is closed: run `upkeep loop score --diff` first",
        ))
    } else {
        Ok(())
    }
}

fn no_brick(node: &str) -> Error {
    refuse(format!("no brick named {node} in the catalogue"))
}

/// What to do next: a held decision, the end, a diff to verify, or the brick to run.
pub fn next_step(state: &LoopState, bricks: &LoopBricks) -> Result<JsonValue> {
    match state.status {
        LoopStatus::Awaiting => {
            let awaiting = state
                .awaiting
                .as_ref()
                .map_or(JsonValue::Null, LoopAwaiting::to_json);
            return Ok(object([
                ("awaiting", Some(awaiting)),
                ("preset", string(&state.preset)),
            ]));
        }
        LoopStatus::Done => {
            return Ok(object([
                ("terminal", string(CLOSE)),
                ("summary", Some(unit_summary(state))),
            ]))
        }
        LoopStatus::Stopped => {
            let reason = state
                .reason
                .clone()
                .map_or(JsonValue::Null, JsonValue::String);
            return Ok(object([
                ("terminal", string(STOP)),
                ("reason", Some(reason)),
                ("summary", Some(unit_summary(state))),
            ]));
        }
        LoopStatus::Running => {}
    }
    if state.pending_verify {
        return Ok(object([
            ("verify", boolean(true)),
            ("iteration", number(f64::from(state.iteration))),
            ("run", string(VERIFY_COMMAND)),
        ]));
    }
    let brick = bricks
        .get(&state.node)
        .ok_or_else(|| no_brick(&state.node))?;
    Ok(object([
        ("node", string(&state.node)),
        ("iteration", number(f64::from(state.iteration))),
        ("effect", string(brick.effect.as_str())),
        ("agent", brick.agent.clone().and_then(string)),
        ("skill", brick.skill.clone().and_then(string)),
        ("outcomes", strings(&brick.outcomes)),
        ("prompt", string(&brick.body)),
        ("card", Some(state.card.clone().unwrap_or(JsonValue::Null))),
        ("notes", strings(&state.notes)),
        (
            "validate",
            boolean(brick.effect == LoopEffect::Mutate && !state.validated),
        ),
        (
            "rules",
            (!state.graph.rules.is_empty())
                .then(|| strings(&state.graph.rules))
                .flatten(),
        ),
    ]))
}

fn card_actions(state: &LoopState) -> Vec<String> {
    match card_field(state, "actions") {
        Some(JsonValue::Array(items)) => items
            .iter()
            .map(|a| match a {
                JsonValue::String(s) => s.clone(),
                other => crate::looping::value::stringify_pretty(other),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Scores the unit's declared actions (recording a new card when `actions` are given);
/// a blocking score holds the run for a person.
pub fn score_declared(state: &mut LoopState, declaration: &LoopDeclaration) -> Result<JsonValue> {
    assert_running(state)?;
    assert_open(state)?;
    if let Some(actions) = &declaration.actions {
        let intent = declaration
            .intent
            .clone()
            .filter(|i| *i != JsonValue::Null)
            .or_else(|| card_field(state, "intent").cloned())
            .unwrap_or_else(|| JsonValue::String(state.node.clone()));
        let write_set = match &declaration.write_set {
            Some(ws) => strings(ws).unwrap_or(JsonValue::Null),
            None => card_field(state, "writeSet")
                .cloned()
                .unwrap_or(JsonValue::Array(Vec::new())),
        };
        let mut card = state
            .card
            .clone()
            .filter(|c| matches!(c, JsonValue::Object(_)))
            .unwrap_or(JsonValue::Object(Vec::new()));
        set(&mut card, "intent", intent);
        set(
            &mut card,
            "actions",
            strings(actions).unwrap_or(JsonValue::Null),
        );
        set(&mut card, "writeSet", write_set);
        state.card = Some(card);
    }
    let actions = card_actions(state);
    if actions.is_empty() {
        return Err(refuse(
            "no declared actions: the identify brick records a card, or pass --actions",
        ));
    }
    let score = declared_risk(&actions, &state.graph.weights)?;
    let preset = preset_of(state)?;
    let decision = preset.decide(score);
    state.validated = true;
    state.current.declared = Some(score);
    state.current.touch("declared");
    state.current.touch("decision");
    state.current.decision =
        worst(state.current.decision.as_deref(), Some(decision.as_str())).map(str::to_owned);
    if decision == Decision::Blocking {
        state.status = LoopStatus::Awaiting;
        state.awaiting = Some(LoopAwaiting::Declared {
            iteration: state.iteration,
            score,
            threshold: [preset.silent, preset.soft],
            card: state.card.clone().unwrap_or(JsonValue::Null),
        });
    }
    Ok(object([
        ("score", number(score)),
        ("preset", string(&state.preset)),
        ("threshold", threshold(&preset)),
        ("decision", string(decision.as_str())),
    ]))
}

fn slash(p: &str) -> String {
    p.replace('\\', "/")
}

fn own_file(path: &str) -> bool {
    let p = slash(path);
    p == LOOP_FILE || p == LOOP_FILE_TMP
}

/// Scores the unit's diff (numstat rows; `LOOP.md` and `LOOP.md.tmp` are left out). An
/// acceptable score closes the unit into a commit; a blocking one holds it; an empty diff
/// closes it without one (twice in a row stops the run).
pub fn score_diff(state: &mut LoopState, files: &[FileStat]) -> Result<JsonValue> {
    assert_running(state)?;
    if !state.pending_verify {
        return Err(refuse(
            "no iteration to verify: `upkeep loop next` has not asked for one",
        ));
    }
    let contracts: Vec<String> = match &state.contracts {
        JsonValue::Array(items) if items.iter().all(|c| matches!(c, JsonValue::String(_))) => items
            .iter()
            .filter_map(|c| match c {
                JsonValue::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        _ => {
            return Err(refuse(
                "LOOP.md: contracts must be a list of file paths or globs",
            ))
        }
    };
    let scored: Vec<FileStat> = files
        .iter()
        .filter(|f| !own_file(&f.file))
        .cloned()
        .collect();
    let empty = || object([("empty", boolean(true)), ("commit", boolean(false))]);
    if scored.is_empty() {
        if state.closing {
            finish_unit(state, false)?;
            return Ok(empty());
        }
        state.empty_streak += 1;
        if state.empty_streak >= 2 {
            return Ok(stop(
                state,
                "two consecutive iterations produced no diff".into(),
            ));
        }
        finish_unit(state, false)?;
        return Ok(empty());
    }
    state.empty_streak = 0;
    let write_set = match card_field(state, "writeSet") {
        Some(JsonValue::Array(items)) => items
            .iter()
            .filter_map(|i| match i {
                JsonValue::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let options = RiskOptions {
        write_set,
        contracts,
        ignore_deletions: state.graph.ignore_deletions.clone(),
        overrides: state.graph.weights.clone(),
    };
    let risk = actual_risk(state.current.declared.unwrap_or(0.0), &scored, &options);
    let preset = preset_of(state)?;
    let decision = preset.decide(risk.score);
    state.current.actual = Some(risk.score);
    state.current.touch("actual");
    state.current.touch("decision");
    state.current.decision =
        worst(state.current.decision.as_deref(), Some(decision.as_str())).map(str::to_owned);
    if decision == Decision::Blocking {
        state.status = LoopStatus::Awaiting;
        state.awaiting = Some(LoopAwaiting::Actual {
            iteration: state.iteration,
            score: risk.score,
            reasons: risk.reasons.clone(),
            threshold: [preset.silent, preset.soft],
        });
        return Ok(object([
            ("score", number(risk.score)),
            ("decision", string(decision.as_str())),
            ("reasons", strings(&risk.reasons)),
            ("commit", boolean(false)),
        ]));
    }
    commit_unit(state)
}

pub(super) fn is_setup_unit(state: &LoopState) -> Result<bool> {
    Ok(state.iteration == 0
        && !state
            .graph
            .iteration_loop()?
            .nodes
            .contains(&state.graph.start))
}

fn exhaust(state: &mut LoopState, name: &str, max: u32) -> Result<JsonValue> {
    if is_setup_unit(state)? {
        return Ok(stop(
            state,
            format!("setup {name} exhausted its max of {max}"),
        ));
    }
    if state.resplit {
        return Ok(stop(
            state,
            format!(
                "{name} exhausted its max of {max} twice in iteration {}",
                state.iteration
            ),
        ));
    }
    state.notes.push(format!(
        "iteration {}: {name} exhausted its max of {max}; re-split once",
        state.iteration
    ));
    reset_unit(state);
    state.resplit = true;
    state.snapshot.clear();
    state.node = state.graph.head()?.to_owned();
    Ok(object([
        ("discard", boolean(true)),
        ("resplit", boolean(true)),
    ]))
}

/// How many times `node` may be entered in one unit, and the widest non-iteration loop
/// covering it.
fn allowed_entries<'a>(graph: &'a LoopGraph, node: &str) -> Result<(u32, Option<&'a LoopRing>)> {
    let iteration = graph.iteration_loop()?;
    let mut widest: Option<&LoopRing> = None;
    for ring in &graph.loops {
        if std::ptr::eq(ring, iteration) || !ring.nodes.iter().any(|n| n == node) {
            continue;
        }
        if widest.is_none_or(|w| ring.max > w.max) {
            widest = Some(ring);
        }
    }
    Ok((widest.map_or(1, |w| 1 + w.max), widest))
}

/// Porcelain lines without the engine's own files, joined, trailing space trimmed.
fn filter_porcelain(porcelain: &str) -> String {
    let kept: Vec<&str> = porcelain
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| {
            if line.is_empty() {
                return false;
            }
            let path: String = line.chars().skip(3).collect();
            let path = path.strip_prefix('"').unwrap_or(&path);
            let path = path.strip_suffix('"').unwrap_or(path);
            !own_file(path)
        })
        .collect();
    kept.join("\n")
        .trim_end_matches(crate::score::js::is_js_whitespace)
        .to_owned()
}

/// Records the outcome the current brick reported and follows its edge (or holds it at a
/// human gate). A read brick that changed the working tree stops the run.
pub fn record_outcome(
    state: &mut LoopState,
    bricks: &LoopBricks,
    outcome: &str,
    report: &LoopReport,
) -> Result<JsonValue> {
    assert_running(state)?;
    assert_open(state)?;
    let from = state.node.clone();
    let brick = bricks.get(&from).ok_or_else(|| no_brick(&from))?;
    if !brick.outcomes.iter().any(|o| o == outcome) {
        return Err(refuse(format!(
            "{from} cannot report {} — one of {}",
            json_string(outcome),
            brick.outcomes.join(", ")
        )));
    }
    if brick.effect == LoopEffect::Mutate && !state.validated {
        return Err(refuse(format!(
            "{from} modifies code: run `upkeep loop score --declared` before it, then record"
        )));
    }
    let filtered = report.porcelain.as_deref().map(filter_porcelain);
    if brick.effect == LoopEffect::Read {
        if let Some(filtered) = &filtered {
            if *filtered != state.snapshot {
                return Ok(stop(
                    state,
                    format!("read-brick-wrote: {from} changed the working tree"),
                ));
            }
        }
    }
    if let Some(filtered) = filtered {
        state.snapshot = filtered;
    }
    if let Some(card) = report.card.clone().filter(|c| *c != JsonValue::Null) {
        state.card = Some(card);
    }
    if from == "test" {
        state.tests = outcome.to_owned();
    }
    if !report.note.is_empty() {
        state.notes.push(format!(
            "iteration {} ({from}): {}",
            state.iteration, report.note
        ));
    }
    state.visited.push(from.clone());
    let edge = state
        .graph
        .edge(&from, outcome)
        .cloned()
        .ok_or_else(|| refuse(format!("no edge from {from} on {outcome}")))?;
    if brick.gates(outcome) {
        let awaiting = LoopAwaiting::Gate {
            node: from,
            outcome: outcome.to_owned(),
            note: (!report.note.is_empty()).then(|| report.note.clone()),
        };
        let shown = awaiting.to_json();
        state.status = LoopStatus::Awaiting;
        state.awaiting = Some(awaiting);
        return Ok(object([("awaiting", Some(shown))]));
    }
    transition(state, bricks, &from, &edge)
}

pub(super) fn transition(
    state: &mut LoopState,
    bricks: &LoopBricks,
    from: &str,
    edge: &LoopEdge,
) -> Result<JsonValue> {
    if edge.to == STOP {
        return Ok(stop(state, format!("{from} reported {}", edge.on)));
    }
    let mutated = state.visited.iter().any(|n| {
        bricks
            .get(n)
            .is_some_and(|b| b.effect == LoopEffect::Mutate)
    });
    if edge.to == CLOSE {
        if mutated {
            state.closing = true;
            state.pending_verify = true;
            return Ok(object([("verify", boolean(true))]));
        }
        state.status = LoopStatus::Done;
        state.node = CLOSE.into();
        return Ok(object([("done", boolean(true))]));
    }
    let head = state.graph.head()?.to_owned();
    if edge.to == head {
        if mutated {
            state.pending_verify = true;
            state.node = head;
            return Ok(object([("verify", boolean(true))]));
        }
        finish_unit(state, false)?;
        return Ok(if state.status == LoopStatus::Stopped {
            object([(
                "stopped",
                Some(
                    state
                        .reason
                        .clone()
                        .map_or(JsonValue::Null, JsonValue::String),
                ),
            )])
        } else {
            object([("node", string(&state.node))])
        });
    }
    let entries = bump(&mut state.counters, &edge.to);
    let (allowed, ring) = allowed_entries(&state.graph, &edge.to)?;
    if entries > allowed {
        let (name, max) = ring.map_or((edge.to.clone(), 0), |r| (r.name.clone(), r.max));
        return exhaust(state, &name, max);
    }
    state.node = edge.to.clone();
    Ok(object([("node", string(&edge.to))]))
}

/// The number of times counter `node` was entered in this unit (for hosts that show it).
pub fn entries_of(state: &LoopState, node: &str) -> u32 {
    count_of(&state.counters, node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decimal_like_to_fixed() {
        for (x, text) in [
            (0.0, "0.0"),
            (0.25, "0.3"),
            (0.35, "0.3"),
            (0.05, "0.1"),
            (0.8, "0.8"),
            (0.45, "0.5"),
            (1.0, "1.0"),
            (-0.25, "-0.3"),
        ] {
            assert_eq!(fmt1(x), text, "{x}");
        }
    }

    #[test]
    fn porcelain_without_the_engine_files() {
        for (porcelain, kept) in [
            (" M LOOP.md\n?? LOOP.md.tmp\n", ""),
            (" M src/a.js\r\n M LOOP.md\r\n", " M src/a.js"),
            ("?? \"LOOP.md.tmp\"\n M b\n\n", " M b"),
            (" M docs/LOOP.md\n", " M docs/LOOP.md"),
            ("", ""),
        ] {
            assert_eq!(filter_porcelain(porcelain), kept, "{porcelain:?}");
        }
    }
}
