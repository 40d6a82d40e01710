//! The mirrors of the loop engine's graph and brick catalogue
//! ([`crate::looping::LoopGraph`] and [`crate::looping::LoopBricks`], read by hand from
//! their JSON so `LOOP.md` stores the documents back unchanged).

use std::collections::BTreeMap;

use schemars::JsonSchema;

/// # upkeep loop graph (upkeep loop init --graph)
///
/// A graph of bricks the loop engine runs. Exactly one loop has "iteration": true; its
/// first node is the head, where every unit of work closes into a commit. Work before the
/// iteration loop (graph.start outside it) is a setup unit, iteration 0. Every node is a
/// brick of the catalogue; `upkeep loop init` checks the whole graph against it. The graph
/// is stored in LOOP.md as given (unknown fields included).
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct LoopGraphDoc {
    /// The first node.
    start: String,
    /// The first edge matching (from, on) is taken. Absent: no edges.
    #[serde(default)]
    edges: Vec<EdgeDoc>,
    /// Exactly one item has iteration: true. Other loops bound re-entries: a node may be
    /// entered 1 + the largest max of the non-iteration loops containing it per unit (1
    /// when none does); one more exhausts the loop, which re-splits the iteration once,
    /// then stops.
    loops: Vec<LoopDoc>,
    /// Contract file globs: touching one raises the diff's score to the api weight.
    #[serde(default)]
    contracts: Vec<String>,
    /// Action weights replacing or adding to the defaults.
    #[serde(default)]
    weights: BTreeMap<String, f64>,
    /// Globs whose deleted lines are not counted as a deletion.
    #[serde(default)]
    ignore_deletions: Vec<String>,
    /// The template's rules, handed out with every step.
    #[serde(default)]
    rules: Vec<String>,
}

/// One edge.
#[derive(serde::Serialize, JsonSchema)]
struct EdgeDoc {
    /// The node the edge leaves.
    from: String,
    /// One of that brick's outcomes.
    on: String,
    /// A node, "$close" (finish: verify the diff first when a mutate brick ran) or "$stop"
    /// (stop the run).
    to: String,
}

/// One loop.
#[derive(serde::Serialize, JsonSchema)]
struct LoopDoc {
    /// The loop's name.
    name: String,
    /// Its nodes; the iteration loop's first is the head.
    #[schemars(length(min = 1))]
    nodes: Vec<String>,
    /// Iteration loop: the most iterations (the engine caps it at 50). Others: the most
    /// re-entries per unit.
    max: u32,
    /// Whether this is the iteration loop.
    #[serde(default)]
    iteration: bool,
}

/// # upkeep loop brick catalogue (upkeep loop init --bricks)
///
/// The steps an agent or a person carries out, one per graph node: a list of bricks (or,
/// in the JS API, a Map or an object keyed by name). `upkeep loop init` keeps a copy in
/// the git dir (upkeep/loop-bricks.json) for the later commands.
#[derive(serde::Serialize, JsonSchema)]
pub(super) struct LoopBricksDoc(Vec<BrickDoc>);

/// One brick.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct BrickDoc {
    /// The brick's name: the graph's nodes name bricks.
    name: String,
    /// read: the working tree must not change while it runs (checked against git status
    /// --porcelain). mutate: its declared risk is scored before its outcome is recorded.
    effect: EffectDoc,
    /// Who carries it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(transform = super::not_nullable)]
    agent: Option<String>,
    /// The skill it calls for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(transform = super::not_nullable)]
    skill: Option<String>,
    /// The outcomes it may report.
    outcomes: Vec<String>,
    /// The instructions, handed out as the step's prompt. Absent: empty.
    #[serde(default)]
    body: String,
    /// A person approves the transition (upkeep loop decide ok|no|amend); at most 3 amends
    /// per node per iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(transform = super::not_nullable)]
    gate: Option<GateDoc>,
    /// The outcomes the gate holds; absent: every outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(transform = super::not_nullable)]
    gate_on: Option<Vec<String>>,
}

/// What a brick does to the working tree.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum EffectDoc {
    /// It only reads.
    Read,
    /// It changes files.
    Mutate,
}

/// The one kind of gate.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum GateDoc {
    /// A person decides.
    Human,
}
