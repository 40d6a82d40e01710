//! The loop's state: everything `LOOP.md` persists between two steps, as the reference
//! engine lays it out (the same keys, in the same order).
//!
//! ```
//! use upkeep_core::json::parse_value as parse;
//! use upkeep_core::looping::{init_state, LoopGraph, LoopInit, LoopState};
//!
//! let graph = LoopGraph::from_json(&parse(r#"{"start": "fix", "edges": [],
//!   "loops": [{"name": "main", "nodes": ["fix"], "max": 3, "iteration": true}]}"#).unwrap()).unwrap();
//! let state = init_state(LoopInit { title: "t".into(), requirement: "r".into(), graph, preset: None, contracts: vec![] }).unwrap();
//! assert_eq!(LoopState::from_json(&state.to_json()).unwrap(), state);
//! ```

use crate::error::{ErrorKind, Result};
use crate::json::JsonValue;
use crate::looping::model::LoopGraph;
use crate::looping::value::{boolean, counts, number, object, string, strings, Reader};

/// Where the run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoopStatus {
    /// Steps are being handed out.
    Running,
    /// A person must decide (`decide ok|no|amend`).
    Awaiting,
    /// The run stopped; `reason` says why.
    Stopped,
    /// The run reached `$close`.
    Done,
}

impl LoopStatus {
    /// The status name.
    pub fn as_str(self) -> &'static str {
        match self {
            LoopStatus::Running => "running",
            LoopStatus::Awaiting => "awaiting",
            LoopStatus::Stopped => "stopped",
            LoopStatus::Done => "done",
        }
    }
}

/// What a held run waits for.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LoopAwaiting {
    /// The prudent preset holds the launch.
    Launch,
    /// The declared score is blocking.
    Declared {
        /// The iteration.
        iteration: u32,
        /// The declared score.
        score: f64,
        /// The preset's `[silent, soft]` ceilings.
        threshold: [f64; 2],
        /// The card that declared it.
        card: JsonValue,
    },
    /// The diff's score is blocking; the diff is uncommitted.
    Actual {
        /// The iteration.
        iteration: u32,
        /// The actual score.
        score: f64,
        /// Why it is above the declared one.
        reasons: Vec<String>,
        /// The preset's `[silent, soft]` ceilings.
        threshold: [f64; 2],
    },
    /// A human gate holds a transition.
    Gate {
        /// The gated node.
        node: String,
        /// The outcome it reported.
        outcome: String,
        /// The note reported with it, if any.
        note: Option<String>,
    },
}

impl LoopAwaiting {
    /// The kind's name: `launch`, `declared`, `actual` or `gate`.
    pub fn kind(&self) -> &'static str {
        match self {
            LoopAwaiting::Launch => "launch",
            LoopAwaiting::Declared { .. } => "declared",
            LoopAwaiting::Actual { .. } => "actual",
            LoopAwaiting::Gate { .. } => "gate",
        }
    }

    /// As JSON, keys in the reference's order.
    pub fn to_json(&self) -> JsonValue {
        let threshold = |t: &[f64; 2]| {
            Some(JsonValue::Array(
                t.iter().map(|x| JsonValue::Number(*x)).collect(),
            ))
        };
        match self {
            LoopAwaiting::Launch => object([("kind", string("launch"))]),
            LoopAwaiting::Declared {
                iteration,
                score,
                threshold: t,
                card,
            } => object([
                ("kind", string("declared")),
                ("iteration", number(f64::from(*iteration))),
                ("score", number(*score)),
                ("threshold", threshold(t)),
                ("card", Some(card.clone())),
            ]),
            LoopAwaiting::Actual {
                iteration,
                score,
                reasons,
                threshold: t,
            } => object([
                ("kind", string("actual")),
                ("iteration", number(f64::from(*iteration))),
                ("score", number(*score)),
                ("reasons", strings(reasons)),
                ("threshold", threshold(t)),
            ]),
            LoopAwaiting::Gate {
                node,
                outcome,
                note,
            } => object([
                ("kind", string("gate")),
                ("node", string(node)),
                ("outcome", string(outcome)),
                ("note", note.clone().map(JsonValue::String)),
            ]),
        }
    }

    fn from_json(value: &JsonValue) -> Result<LoopAwaiting> {
        let r = Reader::new(value, "awaiting", ErrorKind::InvalidLoopFile)?;
        let threshold = || -> Result<[f64; 2]> {
            match r.get("threshold") {
                Some(JsonValue::Array(t)) => match t.as_slice() {
                    [JsonValue::Number(a), JsonValue::Number(b)] => Ok([*a, *b]),
                    _ => Err(r.fail("threshold", "two numbers")),
                },
                _ => Err(r.fail("threshold", "two numbers")),
            }
        };
        let score = || {
            r.opt_number("score")?
                .ok_or_else(|| r.fail("score", "a number"))
        };
        Ok(match r.string("kind")?.as_str() {
            "launch" => LoopAwaiting::Launch,
            "declared" => LoopAwaiting::Declared {
                iteration: r.count("iteration")?,
                score: score()?,
                threshold: threshold()?,
                card: r.value.get("card").cloned().unwrap_or(JsonValue::Null),
            },
            "actual" => LoopAwaiting::Actual {
                iteration: r.count("iteration")?,
                score: score()?,
                reasons: r.strings("reasons")?,
                threshold: threshold()?,
            },
            "gate" => LoopAwaiting::Gate {
                node: r.string("node")?,
                outcome: r.string("outcome")?,
                note: r.opt_string("note")?,
            },
            _ => return Err(r.fail("kind", "launch, declared, actual or gate")),
        })
    }
}

/// What the current unit has been scored and decided so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoopCurrent {
    /// The declared score.
    pub declared: Option<f64>,
    /// The worst decision so far.
    pub decision: Option<String>,
    /// Whether a person amended the unit.
    pub amended: Option<bool>,
    /// The diff's score.
    pub actual: Option<f64>,
    /// The gated nodes a person approved, once each.
    pub gates: Option<Vec<String>>,
    /// The order the fields were first set in (a JavaScript object's key order).
    order: Vec<&'static str>,
}

impl LoopCurrent {
    const KEYS: [&'static str; 5] = ["declared", "decision", "amended", "actual", "gates"];

    /// What an amended blocking diff restarts from: the declared score, `blocking`,
    /// amended (in that key order, as the reference builds it).
    pub(crate) fn amended(declared: Option<f64>) -> LoopCurrent {
        LoopCurrent {
            declared,
            decision: Some("blocking".into()),
            amended: Some(true),
            actual: None,
            gates: None,
            order: vec!["declared", "decision", "amended"],
        }
    }

    /// Notes that `key` was set, so it keeps its first place in the JSON.
    pub(crate) fn touch(&mut self, key: &'static str) {
        if !self.order.contains(&key) {
            self.order.push(key);
        }
    }

    fn field(&self, key: &str) -> Option<JsonValue> {
        match key {
            "declared" => self.declared.and_then(number),
            "decision" => self.decision.clone().and_then(string),
            "amended" => self.amended.and_then(boolean),
            "actual" => self.actual.and_then(number),
            _ => self.gates.as_deref().and_then(strings),
        }
    }

    fn to_json(&self) -> JsonValue {
        let mut keys = self.order.clone();
        for key in Self::KEYS {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        JsonValue::Object(
            keys.into_iter()
                .filter_map(|k| self.field(k).map(|v| (k.to_owned(), v)))
                .collect(),
        )
    }

    fn from_json(value: &JsonValue) -> Result<LoopCurrent> {
        let r = Reader::new(value, "current", ErrorKind::InvalidLoopFile)?;
        let order = match value {
            JsonValue::Object(members) => members
                .iter()
                .filter_map(|(k, _)| Self::KEYS.iter().find(|key| **key == k).copied())
                .collect(),
            _ => Vec::new(),
        };
        Ok(LoopCurrent {
            order,
            declared: r.opt_number("declared")?,
            decision: r.opt_string("decision")?,
            amended: r.get("amended").map(|_| r.bool("amended")).transpose()?,
            actual: r.opt_number("actual")?,
            gates: r.opt_strings("gates")?,
        })
    }
}

/// One committed unit, as the run's history records it.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopHistoryEntry {
    /// The iteration (0: setup).
    pub iteration: u32,
    /// The bricks visited, once each, in order.
    pub bricks: Vec<String>,
    /// The declared score.
    pub declared: f64,
    /// The actual score.
    pub actual: f64,
    /// The decision.
    pub decision: String,
    /// The last `test` outcome, or `n/a`.
    pub tests: String,
    /// The card's intent (`""` without one).
    pub intent: JsonValue,
    /// The gates approved.
    pub gates: Option<Vec<String>>,
}

impl LoopHistoryEntry {
    /// As JSON, keys in the reference's order.
    pub fn to_json(&self) -> JsonValue {
        object([
            ("iteration", number(f64::from(self.iteration))),
            ("bricks", strings(&self.bricks)),
            ("declared", number(self.declared)),
            ("actual", number(self.actual)),
            ("decision", string(&self.decision)),
            ("tests", string(&self.tests)),
            ("intent", Some(self.intent.clone())),
            ("gates", self.gates.as_deref().and_then(strings)),
        ])
    }

    fn from_json(value: &JsonValue) -> Result<LoopHistoryEntry> {
        let r = Reader::new(value, "history[]", ErrorKind::InvalidLoopFile)?;
        Ok(LoopHistoryEntry {
            iteration: r.count("iteration")?,
            bricks: r.strings("bricks")?,
            declared: r.opt_number("declared")?.unwrap_or(0.0),
            actual: r.opt_number("actual")?.unwrap_or(0.0),
            decision: r.string("decision")?,
            tests: r.string("tests")?,
            intent: r.value.get("intent").cloned().unwrap_or(JsonValue::Null),
            gates: r.opt_strings("gates")?,
        })
    }
}

/// The whole state of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopState {
    /// The state format version (1).
    pub v: u32,
    /// The run's title.
    pub title: String,
    /// What the run must achieve.
    pub requirement: String,
    /// The preset deciding scores (editable in `LOOP.md`).
    pub preset: String,
    /// Contract globs (editable in `LOOP.md`; checked to be strings when scoring).
    pub contracts: JsonValue,
    /// The graph.
    pub graph: LoopGraph,
    /// The current node.
    pub node: String,
    /// Where the run is.
    pub status: LoopStatus,
    /// What a held run waits for.
    pub awaiting: Option<LoopAwaiting>,
    /// Why the run stopped.
    pub reason: Option<String>,
    /// The iteration (0: setup work before the iteration loop).
    pub iteration: u32,
    /// The unit's card: `{intent, actions, writeSet, ...}`.
    pub card: Option<JsonValue>,
    /// Whether the unit's declared risk was scored.
    pub validated: bool,
    /// Whether the unit waits for its diff's score.
    pub pending_verify: bool,
    /// Whether the unit closes the run once verified.
    pub closing: bool,
    /// Entries per node in this unit.
    pub counters: Vec<(String, u32)>,
    /// Whether this iteration already re-split once.
    pub resplit: bool,
    /// Consecutive units with an empty diff.
    pub empty_streak: u32,
    /// The working tree's status (porcelain) after the last brick.
    pub snapshot: String,
    /// The bricks visited in this unit.
    pub visited: Vec<String>,
    /// The last `test` outcome, or `n/a`.
    pub tests: String,
    /// The unit's scores and decision.
    pub current: LoopCurrent,
    /// Findings kept for the whole run.
    pub notes: Vec<String>,
    /// Committed units.
    pub history: Vec<LoopHistoryEntry>,
    /// Gate amends per `node@iteration`; absent until the first.
    pub gate_amends: Option<Vec<(String, u32)>>,
}

impl LoopState {
    /// As JSON, keys in the reference's order.
    pub fn to_json(&self) -> JsonValue {
        object([
            ("v", number(f64::from(self.v))),
            ("title", string(&self.title)),
            ("requirement", string(&self.requirement)),
            ("preset", string(&self.preset)),
            ("contracts", Some(self.contracts.clone())),
            ("graph", Some(self.graph.to_json().clone())),
            ("node", string(&self.node)),
            ("status", string(self.status.as_str())),
            (
                "awaiting",
                Some(
                    self.awaiting
                        .as_ref()
                        .map_or(JsonValue::Null, LoopAwaiting::to_json),
                ),
            ),
            (
                "reason",
                Some(
                    self.reason
                        .clone()
                        .map_or(JsonValue::Null, JsonValue::String),
                ),
            ),
            ("iteration", number(f64::from(self.iteration))),
            ("card", Some(self.card.clone().unwrap_or(JsonValue::Null))),
            ("validated", boolean(self.validated)),
            ("pendingVerify", boolean(self.pending_verify)),
            ("closing", boolean(self.closing)),
            ("counters", Some(counts(&self.counters))),
            ("resplit", boolean(self.resplit)),
            ("emptyStreak", number(f64::from(self.empty_streak))),
            ("snapshot", string(&self.snapshot)),
            ("visited", strings(&self.visited)),
            ("tests", string(&self.tests)),
            ("current", Some(self.current.to_json())),
            ("notes", strings(&self.notes)),
            (
                "history",
                Some(JsonValue::Array(
                    self.history.iter().map(LoopHistoryEntry::to_json).collect(),
                )),
            ),
            ("gateAmends", self.gate_amends.as_deref().map(counts)),
        ])
    }

    /// Reads a state document; wrong shapes fail with [`ErrorKind::InvalidLoopFile`].
    pub fn from_json(value: &JsonValue) -> Result<LoopState> {
        let r = Reader::new(value, "state", ErrorKind::InvalidLoopFile)?;
        let status = match r.string("status")?.as_str() {
            "running" => LoopStatus::Running,
            "awaiting" => LoopStatus::Awaiting,
            "stopped" => LoopStatus::Stopped,
            "done" => LoopStatus::Done,
            _ => return Err(r.fail("status", "running, awaiting, stopped or done")),
        };
        let graph = r.get("graph").ok_or_else(|| r.fail("graph", "an object"))?;
        Ok(LoopState {
            v: r.count("v")?,
            title: r.opt_string("title")?.unwrap_or_default(),
            requirement: r.opt_string("requirement")?.unwrap_or_default(),
            preset: r.string("preset")?,
            contracts: r
                .value
                .get("contracts")
                .cloned()
                .unwrap_or(JsonValue::Array(Vec::new())),
            graph: LoopGraph::from_json(graph)?,
            node: r.string("node")?,
            status,
            awaiting: r.get("awaiting").map(LoopAwaiting::from_json).transpose()?,
            reason: r.opt_string("reason")?,
            iteration: r.count("iteration")?,
            card: r.get("card").cloned(),
            validated: r.bool("validated")?,
            pending_verify: r.bool("pendingVerify")?,
            closing: r.bool("closing")?,
            counters: r.counts("counters")?,
            resplit: r.bool("resplit")?,
            empty_streak: r.count("emptyStreak")?,
            snapshot: r.opt_string("snapshot")?.unwrap_or_default(),
            visited: r.strings("visited")?,
            tests: r.opt_string("tests")?.unwrap_or_else(|| "n/a".into()),
            current: r
                .get("current")
                .map(LoopCurrent::from_json)
                .transpose()?
                .unwrap_or_default(),
            notes: r.strings("notes")?,
            history: r
                .list("history")?
                .iter()
                .map(LoopHistoryEntry::from_json)
                .collect::<Result<_>>()?,
            gate_amends: r
                .get("gateAmends")
                .map(|_| r.counts("gateAmends"))
                .transpose()?,
        })
    }
}

/// Counter `key` in `entries`, 0 when absent.
pub(crate) fn count_of(entries: &[(String, u32)], key: &str) -> u32 {
    entries
        .iter()
        .find(|(k, _)| k == key)
        .map_or(0, |(_, v)| *v)
}

/// Adds one to counter `key`, appending it when new; returns the new count.
pub(crate) fn bump(entries: &mut Vec<(String, u32)>, key: &str) -> u32 {
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some(entry) => {
            entry.1 += 1;
            entry.1
        }
        None => {
            entries.push((key.to_owned(), 1));
            1
        }
    }
}
