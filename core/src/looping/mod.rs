//! The loop engine: a risk-gated change loop. A state machine over a graph of bricks
//! (steps an agent or a person carries out), persisted as a JSON block inside `LOOP.md`,
//! that decides every transition, ceiling, score, commit and stop itself; the caller runs
//! the step it is handed and reports the outcome.
//!
//! - [`model`]: the graph and the brick catalogue;
//! - [`state`]: what `LOOP.md` persists;
//! - [`engine`]: [`init_state`], [`next_step`], [`score_declared`], [`score_diff`],
//!   [`record_outcome`], [`decide_awaiting`], [`trailers`], [`unit_summary`];
//! - [`file`]: rendering and parsing `LOOP.md` (the atomic write is the shim's).
//!
//! Scoring reuses [`crate::score`]: the same weights, presets, globs and escalations.
//!
//! ```
//! use upkeep_core::json::parse_value as parse;
//! use upkeep_core::looping::*;
//!
//! let graph = LoopGraph::from_json(&parse(r#"{"start": "look",
//!   "edges": [{"from": "look", "on": "done", "to": "$close"}],
//!   "loops": [{"name": "main", "nodes": ["look"], "max": 3, "iteration": true}]}"#).unwrap()).unwrap();
//! let bricks = LoopBricks::from_json(&parse(r#"[{"name": "look", "effect": "read",
//!   "outcomes": ["done"], "body": "Look."}]"#).unwrap()).unwrap();
//! let mut state = init_state(LoopInit { title: "t".into(), requirement: "r".into(), graph, preset: None, contracts: vec![] }).unwrap();
//! record_outcome(&mut state, &bricks, "done", &LoopReport::default()).unwrap();
//! assert_eq!(state.status, LoopStatus::Done);
//! assert_eq!(parse_loop_file(&render_loop_file(&state)).unwrap(), state);
//! ```

mod command;
mod decide;
pub mod engine;
pub mod file;
pub mod model;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod state;
mod value;

pub use command::{commit_message, commit_subject, loop_refusal, loop_refusal_exit, LoopProblem};
pub use decide::decide_awaiting;
pub use engine::{
    entries_of, init_state, next_step, record_outcome, score_declared, score_diff, trailers,
    unit_history, unit_summary, LoopDeclaration, LoopInit, LoopReport, GATE_MAX_AMENDS, LOOP_FILE,
    LOOP_FILE_TMP, VERIFY_COMMAND,
};
pub use file::{parse_loop_file, render_loop_file};
pub use model::{
    LoopBrick, LoopBricks, LoopEdge, LoopEffect, LoopGraph, LoopRing, CLOSE, ENGINE_MAX_ITERATIONS,
    STOP,
};
pub use state::{LoopAwaiting, LoopCurrent, LoopHistoryEntry, LoopState, LoopStatus};
pub use value::stringify_pretty;
