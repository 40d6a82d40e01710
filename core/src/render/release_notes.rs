//! The release notes an update prints to standard error before it writes (with `--yes`
//! too, so a log shows what came in): a title, then each section of the changelog between
//! the two versions, its heading and its body, a blank line after each. Nothing at all
//! when the range has no section.
//!
//! ```
//! use upkeep_core::render::render_release_notes;
//! use upkeep_core::update::ChangelogSection;
//!
//! let section = ChangelogSection { version: "1.3.0".into(), heading: "## 1.3.0".into(), body: "- a".into() };
//! assert_eq!(render_release_notes(&[section]), "Release notes:\n\n## 1.3.0\n- a\n\n");
//! assert_eq!(render_release_notes(&[]), "");
//! ```

use crate::update::ChangelogSection;

/// The release notes of `range` as printed, or nothing for an empty range.
pub fn render_release_notes(range: &[ChangelogSection]) -> String {
    if range.is_empty() {
        return String::new();
    }
    let mut text = String::from("Release notes:\n\n");
    for section in range {
        text.push_str(&section.heading);
        text.push('\n');
        text.push_str(&section.body);
        text.push_str("\n\n");
    }
    text
}
