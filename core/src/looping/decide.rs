//! A person's answers to a held run: the launch, a declared or actual score above the
//! preset, and human gates with their amend ceiling. Split from [`super::engine`], whose
//! transitions these answers resume.

use crate::error::Result;
use crate::json::JsonValue;
use crate::looping::model::{LoopBricks, LoopEffect};
use crate::looping::state::{bump, LoopAwaiting, LoopCurrent, LoopState, LoopStatus};
use crate::looping::value::{boolean, object, set};
use crate::score::js::json_string;

use super::engine::{
    commit_unit, is_setup_unit, refuse, reset_unit, stop, transition, GATE_MAX_AMENDS,
};

/// A person's answer to a held run: `ok`, `no` or `amend`, with an optional note (`None`
/// or empty: no note).
pub fn decide_awaiting<'a>(
    state: &mut LoopState,
    bricks: &LoopBricks,
    verdict: &str,
    note: impl Into<Option<&'a str>>,
) -> Result<JsonValue> {
    let note = note.into().unwrap_or_default();
    if state.status != LoopStatus::Awaiting {
        return Err(refuse("nothing is awaiting a decision"));
    }
    if !["ok", "no", "amend"].contains(&verdict) {
        return Err(refuse(format!(
            "verdict must be ok, no or amend, not {}",
            json_string(verdict)
        )));
    }
    let held = state.awaiting.take().unwrap_or(LoopAwaiting::Launch);
    state.status = LoopStatus::Running;
    let with_note = |text: String| {
        if note.is_empty() {
            text
        } else {
            format!("{text}: {note}")
        }
    };
    if let LoopAwaiting::Gate { node, outcome, .. } = held {
        return decide_gate(state, bricks, verdict, note, &node, &outcome);
    }
    let kind = held.kind();
    if !note.is_empty() {
        state.notes.push(format!(
            "iteration {} ({kind}, {verdict}): {note}",
            state.iteration
        ));
    }
    let resumed = || object([("resumed", boolean(true))]);
    match held {
        LoopAwaiting::Launch => {
            if verdict == "ok" {
                return Ok(resumed());
            }
            let what = if verdict == "no" {
                "rejected"
            } else {
                "to amend"
            };
            Ok(stop(state, with_note(format!("graph {what}"))))
        }
        LoopAwaiting::Declared { .. } => {
            if verdict == "ok" {
                return Ok(resumed());
            }
            if verdict == "amend" {
                amend_card(state, note);
                state.current.amended = Some(true);
                state.current.touch("amended");
                return Ok(resumed());
            }
            if is_setup_unit(state)? {
                return Ok(stop(state, with_note("setup rejected".into())));
            }
            reset_unit(state);
            state.node = state.graph.head()?.to_owned();
            Ok(object([("dropped", boolean(true))]))
        }
        _ => {
            if verdict == "ok" {
                return commit_unit(state);
            }
            state.pending_verify = false;
            state.closing = false;
            if verdict == "amend" {
                amend_card(state, note);
                state.current = LoopCurrent::amended(state.current.declared);
                state.counters.clear();
                state.node = if is_setup_unit(state)? {
                    state.graph.start.clone()
                } else {
                    let ring = state.graph.iteration_loop()?;
                    ring.nodes
                        .iter()
                        .find(|n| {
                            bricks
                                .get(n)
                                .is_some_and(|b| b.effect == LoopEffect::Mutate)
                        })
                        .unwrap_or(&ring.nodes[0])
                        .clone()
                };
                return Ok(resumed());
            }
            if is_setup_unit(state)? {
                return Ok(stop(state, with_note("setup rejected".into())));
            }
            reset_unit(state);
            state.node = state.graph.head()?.to_owned();
            state.snapshot.clear();
            Ok(object([("discard", boolean(true))]))
        }
    }
}

fn amend_card(state: &mut LoopState, note: &str) {
    let mut card = state
        .card
        .clone()
        .filter(|c| matches!(c, JsonValue::Object(_)))
        .unwrap_or(JsonValue::Object(Vec::new()));
    set(&mut card, "amend", JsonValue::String(note.to_owned()));
    state.card = Some(card);
}

fn decide_gate(
    state: &mut LoopState,
    bricks: &LoopBricks,
    verdict: &str,
    note: &str,
    node: &str,
    outcome: &str,
) -> Result<JsonValue> {
    let suffix = if note.is_empty() {
        String::new()
    } else {
        format!(": {note}")
    };
    state.notes.push(format!(
        "iteration {} (gate at {node}, {verdict}){suffix}",
        state.iteration
    ));
    if verdict == "no" {
        return Ok(stop(state, format!("gate rejected at {node}{suffix}")));
    }
    if verdict == "amend" {
        let key = format!("{node}@{}", state.iteration);
        let amends = bump(state.gate_amends.get_or_insert_with(Vec::new), &key);
        if amends > GATE_MAX_AMENDS {
            return Ok(stop(
                state,
                format!("gate amended {GATE_MAX_AMENDS} times at {node}"),
            ));
        }
        state.counters.clear();
        state.node = node.to_owned();
        return Ok(object([("resumed", boolean(true))]));
    }
    let mut gates = state.current.gates.take().unwrap_or_default();
    if !gates.iter().any(|g| g == node) {
        gates.push(node.to_owned());
    }
    state.current.gates = Some(gates);
    state.current.touch("gates");
    let edge = state
        .graph
        .edge(node, outcome)
        .cloned()
        .ok_or_else(|| refuse(format!("no edge from {node} on {outcome}")))?;
    transition(state, bricks, node, &edge)
}
