//! Node N-API bindings of `upkeep-core`. Each export decodes its arguments, calls the
//! engine and encodes the answer; no decision is taken here.
#![allow(unsafe_code)] // napi-derive expands to FFI glue.

pub mod backups;
pub mod command_args;
pub mod content;
mod convert;
pub mod editor;
mod encode;
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
pub mod rename_exchange;
pub mod render;
pub mod score;
pub mod structured;
pub mod text;
pub mod update;
pub mod update_inputs;
pub mod writes;
