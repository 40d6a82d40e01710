//! `LOOP.md`: a Markdown page for people with the engine's state as a JSON block between
//! two HTML comments. The page's text is free; only the block is read back.
//!
//! ```
//! use upkeep_core::looping::parse_loop_file;
//!
//! assert_eq!(parse_loop_file("# nothing here").unwrap_err().code(), "invalid-loop-file");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::json::parse_value as parse;
use crate::looping::state::LoopState;
use crate::looping::value::stringify_pretty;

const BEGIN: &str = "<!-- loop-state:begin -->";
const END: &str = "<!-- loop-state:end -->";

/// The whole `LOOP.md` for `state`.
pub fn render_loop_file(state: &LoopState) -> String {
    format!(
        "# Loop — {}\n\n{}\n\nThe block below belongs to the engine. You may change `preset` (prudent, balanced, \
         aggressive) or `contracts`: they apply from the next score on.\n\n{BEGIN}\n```json\n{}\n```\n{END}\n",
        state.title,
        state.requirement,
        stringify_pretty(&state.to_json())
    )
}

fn file_error(detail: String) -> Error {
    Error::new(ErrorKind::InvalidLoopFile, "LOOP.md", detail)
}

/// The state in a `LOOP.md` (CRLF line endings accepted).
pub fn parse_loop_file(text: &str) -> Result<LoopState> {
    let text = text.replace("\r\n", "\n");
    let (Some(a), Some(b)) = (text.find(BEGIN), text.rfind(END)) else {
        return Err(file_error("LOOP.md has no loop-state block".into()));
    };
    if b < a {
        return Err(file_error("LOOP.md has no loop-state block".into()));
    }
    let inner = text[a + BEGIN.len()..b].trim();
    let inner = inner.strip_prefix("```json").unwrap_or(inner);
    let inner = inner.strip_suffix("```").unwrap_or(inner);
    let value = parse(inner).map_err(|e| {
        file_error(format!(
            "LOOP.md: the loop-state block is not valid JSON: {e}"
        ))
    })?;
    LoopState::from_json(&value)
}
