//! STAND-IN until branches `refresh` and `text` land: the minimum of path validation
//! (refresh's safety kit) and of diffs and three-way merges (the text engine) that the
//! update planner needs. Nothing outside `update` uses these; when the real modules land,
//! the functions here become one-line calls into them and this module goes away.

pub mod paths;
pub mod text;
