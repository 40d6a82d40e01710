//! A recorded source whose release is not what the project recorded (a moved tag, a
//! republished package), told as the editor tells it. The CLI refuses such a release and
//! offers `--allow-drift`; the editor has no flag to offer, so it shows nothing against the
//! release and says where the choice is made.
//!
//! ```
//! use upkeep_core::editor::editor_release_drift;
//!
//! assert_eq!(editor_release_drift("git+file:///t#v1", Some("abc"), Some("abc")), None);
//! let notice = editor_release_drift("git+file:///t#v1", Some("abc"), Some("def")).unwrap();
//! assert!(notice.contains("now gives def, not abc"));
//! ```

use crate::lifecycle::check_release_drift;

/// The editor's words when `found` is not the `expected` the project recorded; none when it
/// is, or when nothing was recorded.
pub fn editor_release_drift(
    spec: &str,
    expected: Option<&str>,
    found: Option<&str>,
) -> Option<String> {
    check_release_drift(spec, expected, found, false).err()?;
    Some(format!(
        "{spec} now gives {}, not {} as recorded when the project was installed (a moved tag or a republished package), so it is not compared with your files here; check the source: `upkeep update --allow-drift` uses it anyway",
        found.unwrap_or("nothing"),
        expected.unwrap_or("nothing")
    ))
}
