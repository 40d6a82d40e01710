//! The model the loop runs on: a graph of bricks and the brick catalogue.
//!
//! A graph is `{start, edges: [{from, on, to}], loops: [{name, nodes, max, iteration?}],
//! contracts?, weights?, ignoreDeletions?, rules?}`. Exactly one loop has
//! `"iteration": true`; its first node is the head, where every unit of work closes into a
//! commit. An edge may lead to `$close` (finish) or `$stop` (give up). A brick is
//! `{name, effect: "read" | "mutate", agent?, skill?, outcomes, body, gate?: "human",
//! gateOn?}`. The JSON schemas are `npm/schemas/loop-graph.schema.json` and
//! `npm/schemas/loop-bricks.schema.json`.
//!
//! ```
//! use upkeep_core::json::parse_value as parse;
//! use upkeep_core::looping::{LoopBricks, LoopGraph};
//!
//! let graph = LoopGraph::from_json(&parse(r#"{"start": "fix",
//!   "edges": [{"from": "fix", "on": "done", "to": "fix"}],
//!   "loops": [{"name": "main", "nodes": ["fix"], "max": 3, "iteration": true}]}"#).unwrap()).unwrap();
//! assert_eq!(graph.iteration_loop().unwrap().nodes[0], "fix");
//! let bricks = LoopBricks::from_json(&parse(r#"[{"name": "fix", "effect": "mutate",
//!   "outcomes": ["done"], "body": "Fix it."}]"#).unwrap()).unwrap();
//! graph.validate(&bricks).unwrap();
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::json::JsonValue;
use crate::looping::value::Reader;
use crate::score::Overrides;

/// The most iterations any loop runs, whatever its graph says.
pub const ENGINE_MAX_ITERATIONS: u32 = 50;

/// The node an edge takes to finish the run.
pub const CLOSE: &str = "$close";
/// The node an edge takes to stop the run.
pub const STOP: &str = "$stop";

/// One edge: leaving `from` when it reports `on`, to `to`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopEdge {
    /// The node the edge leaves.
    pub from: String,
    /// The outcome that takes it.
    pub on: String,
    /// The node it enters, or `$close` / `$stop`.
    pub to: String,
}

/// A declared cycle of nodes and how often it may run.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopRing {
    /// Its name, used in stop reasons.
    pub name: String,
    /// Its nodes; for the iteration loop, the first is the head.
    pub nodes: Vec<String>,
    /// How many times it may run: iterations for the iteration loop, re-entries otherwise.
    pub max: u32,
    /// Whether this is the iteration loop.
    pub iteration: bool,
}

/// A loop graph. It keeps the document it was read from, so it is stored back unchanged.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopGraph {
    raw: JsonValue,
    /// The first node.
    pub start: String,
    /// Every edge, in order (the first matching one is taken).
    pub edges: Vec<LoopEdge>,
    /// The declared loops.
    pub loops: Vec<LoopRing>,
    /// Contract globs: touching one raises the actual score to the `api` weight.
    pub contracts: Vec<String>,
    /// Weights replacing or adding to the default ones.
    pub weights: Overrides,
    /// Globs whose deleted lines are not counted.
    pub ignore_deletions: Vec<String>,
    /// The template's rules, sent with every step.
    pub rules: Vec<String>,
}

fn graph_error(input: &str, detail: String) -> Error {
    Error::new(ErrorKind::InvalidLoopGraph, input, detail)
}

impl LoopGraph {
    /// Reads a graph document; wrong shapes fail with [`ErrorKind::InvalidLoopGraph`].
    /// The iteration loop is checked where it is used ([`Self::iteration_loop`]).
    pub fn from_json(value: &JsonValue) -> Result<LoopGraph> {
        let kind = ErrorKind::InvalidLoopGraph;
        let r = Reader::new(value, "graph", kind.clone())?;
        let edges = r
            .list("edges")?
            .iter()
            .map(|e| {
                let e = Reader::new(e, "graph.edges[]", kind.clone())?;
                Ok(LoopEdge {
                    from: e.string("from")?,
                    on: e.string("on")?,
                    to: e.string("to")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let loops = r
            .list("loops")?
            .iter()
            .map(|l| {
                let l = Reader::new(l, "graph.loops[]", kind.clone())?;
                let nodes = l.strings("nodes")?;
                if nodes.is_empty() {
                    return Err(l.fail("nodes", "a non-empty list of node names"));
                }
                if l.opt_number("max")?.is_none() {
                    return Err(l.fail("max", "a whole number"));
                }
                Ok(LoopRing {
                    name: l.string("name")?,
                    nodes,
                    max: l.count("max")?,
                    iteration: l.bool("iteration")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let weights = match r.get("weights") {
            None => Overrides::default(),
            Some(JsonValue::Object(members)) => Overrides(
                members
                    .iter()
                    .map(|(k, v)| match v {
                        JsonValue::Number(n) => Ok((k.clone(), *n)),
                        _ => Err(r.fail("weights", "an object of numbers")),
                    })
                    .collect::<Result<Vec<_>>>()?,
            ),
            Some(_) => return Err(r.fail("weights", "an object of numbers")),
        };
        Ok(LoopGraph {
            raw: value.clone(),
            start: r.string("start")?,
            edges,
            loops,
            contracts: r.strings("contracts")?,
            weights,
            ignore_deletions: r.strings("ignoreDeletions")?,
            rules: r.strings("rules")?,
        })
    }

    /// The document the graph was read from.
    pub fn to_json(&self) -> &JsonValue {
        &self.raw
    }

    /// The one loop marked `"iteration": true`; none or several is an error.
    pub fn iteration_loop(&self) -> Result<&LoopRing> {
        let found: Vec<&LoopRing> = self.loops.iter().filter(|l| l.iteration).collect();
        match found.as_slice() {
            [one] => Ok(one),
            _ => Err(graph_error(
                "graph.loops",
                format!(
                    "the graph must have exactly one loop with \"iteration\": true, found {}",
                    found.len()
                ),
            )),
        }
    }

    /// The iteration loop's first node, where units close.
    pub fn head(&self) -> Result<&str> {
        Ok(&self.iteration_loop()?.nodes[0])
    }

    /// The first edge leaving `from` on `outcome`.
    pub fn edge(&self, from: &str, outcome: &str) -> Option<&LoopEdge> {
        self.edges
            .iter()
            .find(|e| e.from == from && e.on == outcome)
    }

    /// Checks the graph against the whole model: one iteration loop, every node named by
    /// the start, an edge or a loop is a brick of `bricks`, every edge's outcome is one its
    /// brick reports, and no edge enters `$close`/`$stop` as a source.
    pub fn validate(&self, bricks: &LoopBricks) -> Result<()> {
        self.iteration_loop()?;
        let known = |node: &str, at: &str| -> Result<()> {
            if bricks.get(node).is_some() {
                Ok(())
            } else {
                Err(graph_error(
                    at,
                    format!("{at} names {node}, which is not a brick of the catalogue"),
                ))
            }
        };
        known(&self.start, "graph.start")?;
        for edge in &self.edges {
            known(&edge.from, "graph.edges[].from")?;
            if edge.to != CLOSE && edge.to != STOP {
                known(&edge.to, "graph.edges[].to")?;
            }
            let brick = bricks.get(&edge.from).expect("checked above");
            if !brick.outcomes.contains(&edge.on) {
                return Err(graph_error(
                    "graph.edges[].on",
                    format!(
                        "no outcome {} in brick {} (one of {})",
                        edge.on,
                        edge.from,
                        brick.outcomes.join(", ")
                    ),
                ));
            }
        }
        for ring in &self.loops {
            for node in &ring.nodes {
                known(node, "graph.loops[].nodes")?;
            }
        }
        Ok(())
    }
}

/// What a brick does to the working tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoopEffect {
    /// It only reads: the tree must not change while it runs.
    Read,
    /// It modifies code: its declared risk is scored before it runs.
    Mutate,
}

impl LoopEffect {
    /// `read` or `mutate`.
    pub fn as_str(self) -> &'static str {
        match self {
            LoopEffect::Read => "read",
            LoopEffect::Mutate => "mutate",
        }
    }
}

/// One brick of the catalogue: a step an agent or a person carries out.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopBrick {
    /// Its name, the graph's node name.
    pub name: String,
    /// Whether it reads or modifies the tree.
    pub effect: LoopEffect,
    /// The agent that runs it, if any.
    pub agent: Option<String>,
    /// The skill it uses, if any.
    pub skill: Option<String>,
    /// The outcomes it may report.
    pub outcomes: Vec<String>,
    /// Its instructions.
    pub body: String,
    /// Whether a person approves its transitions (`gate: "human"`).
    pub human_gate: bool,
    /// The outcomes the gate holds; `None`: every outcome.
    pub gate_on: Option<Vec<String>>,
}

impl LoopBrick {
    fn from_json(value: &JsonValue, name: Option<&str>) -> Result<LoopBrick> {
        let r = Reader::new(value, "brick", ErrorKind::InvalidLoopGraph)?;
        let effect = match r.string("effect")?.as_str() {
            "read" => LoopEffect::Read,
            "mutate" => LoopEffect::Mutate,
            _ => return Err(r.fail("effect", "\"read\" or \"mutate\"")),
        };
        let human_gate = match r.opt_string("gate")?.as_deref() {
            None => false,
            Some("human") => true,
            Some(_) => return Err(r.fail("gate", "\"human\"")),
        };
        let name = match name {
            Some(name) => name.to_owned(),
            None => r.string("name")?,
        };
        Ok(LoopBrick {
            name,
            effect,
            agent: r.opt_string("agent")?,
            skill: r.opt_string("skill")?,
            outcomes: r.strings("outcomes")?,
            body: r.opt_string("body")?.unwrap_or_default(),
            human_gate,
            gate_on: r.opt_strings("gateOn")?,
        })
    }

    /// Whether reporting `outcome` waits for a person.
    pub fn gates(&self, outcome: &str) -> bool {
        self.human_gate
            && self
                .gate_on
                .as_ref()
                .is_none_or(|on| on.iter().any(|o| o == outcome))
    }
}

/// The brick catalogue, looked up by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoopBricks(pub Vec<LoopBrick>);

impl LoopBricks {
    /// Reads a catalogue: a list of bricks, or an object of bricks keyed by name.
    pub fn from_json(value: &JsonValue) -> Result<LoopBricks> {
        let bricks = match value {
            JsonValue::Array(items) => items
                .iter()
                .map(|b| LoopBrick::from_json(b, None))
                .collect::<Result<_>>()?,
            JsonValue::Object(members) => members
                .iter()
                .map(|(name, b)| LoopBrick::from_json(b, Some(name)))
                .collect::<Result<_>>()?,
            other => {
                return Err(graph_error(
                    "bricks",
                    format!(
                        "bricks must be a list or an object, not {}",
                        other.type_name()
                    ),
                ))
            }
        };
        Ok(LoopBricks(bricks))
    }

    /// The brick called `name` (the last, if several share it, as a JavaScript `Map` keeps it).
    pub fn get(&self, name: &str) -> Option<&LoopBrick> {
        self.0.iter().rev().find(|b| b.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse_value as parse;

    const BRICKS: &str = r#"[{"name": "a", "effect": "read", "outcomes": ["x"], "body": ""},
        {"name": "b", "effect": "mutate", "outcomes": ["y"], "body": ""}]"#;

    #[test]
    fn graphs_checked_against_the_model() {
        let bricks = LoopBricks::from_json(&parse(BRICKS).unwrap()).unwrap();
        let loops = r#""loops": [{"name": "m", "nodes": ["a", "b"], "max": 2, "iteration": true}]"#;
        for (graph, error) in [
            (
                format!(
                    r#"{{"start": "a", "edges": [{{"from": "a", "on": "x", "to": "b"}}], {loops}}}"#
                ),
                None,
            ),
            (
                format!(r#"{{"start": "z", "edges": [], {loops}}}"#),
                Some("graph.start names z, which is not a brick of the catalogue"),
            ),
            (
                format!(
                    r#"{{"start": "a", "edges": [{{"from": "a", "on": "q", "to": "b"}}], {loops}}}"#
                ),
                Some("no outcome q in brick a (one of x)"),
            ),
            (
                format!(
                    r#"{{"start": "a", "edges": [{{"from": "a", "on": "x", "to": "c"}}], {loops}}}"#
                ),
                Some("graph.edges[].to names c, which is not a brick of the catalogue"),
            ),
            (
                r#"{"start": "a", "edges": [], "loops": []}"#.to_owned(),
                Some("the graph must have exactly one loop with \"iteration\": true, found 0"),
            ),
        ] {
            let graph = LoopGraph::from_json(&parse(&graph).unwrap()).unwrap();
            let got = graph.validate(&bricks).err().map(|e| e.to_string());
            assert_eq!(got.as_deref(), error);
        }
    }

    #[test]
    fn shapes_refused_by_name() {
        for (graph, error) in [
            (
                r#"{"edges": [], "loops": []}"#,
                "graph.start must be a string, not nothing",
            ),
            (
                r#"{"start": "a", "edges": [{"from": "a"}], "loops": []}"#,
                "graph.edges[].on must be a string, not nothing",
            ),
            (
                r#"{"start": "a", "edges": [], "loops": [{"name": "m", "nodes": [], "max": 1}]}"#,
                "graph.loops[].nodes must be a non-empty list of node names, not an array",
            ),
            (
                r#"{"start": "a", "edges": [], "loops": [], "weights": {"x": "1"}}"#,
                "graph.weights must be an object of numbers, not an object",
            ),
        ] {
            let err = LoopGraph::from_json(&parse(graph).unwrap()).unwrap_err();
            assert_eq!(
                (err.code(), err.to_string().as_str()),
                ("invalid-loop-graph", error)
            );
        }
        let err = LoopBricks::from_json(
            &parse(r#"[{"name": "a", "effect": "write", "outcomes": []}]"#).unwrap(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "brick.effect must be \"read\" or \"mutate\", not a string"
        );
    }
}
