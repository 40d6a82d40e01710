//! WebAssembly bindings of `upkeep-core`. Each export decodes its arguments, calls the
//! engine and encodes the answer; no decision is taken here.

pub mod backups;
pub mod command_args;
pub mod content;
mod convert;
pub mod editor;
mod error;
pub mod exits;
pub mod fleet;
pub mod hash;
pub mod land;
pub mod lifecycle;
pub mod looping;
pub mod refresh;
pub mod refresh_inputs;
pub mod regions;
pub mod render;
pub mod score;
mod strict;
pub mod structured;
pub mod text;
pub mod update;
pub mod update_inputs;
pub mod writes;

use wasm_bindgen::prelude::*;

/// Turns a Rust panic into a readable console message instead of a bare `unreachable`.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}
