//! Where an update keeps its state and writes its own files: the state folder (`.upkeep`:
//! VERSION, manifest.json, the progress record, the lock, the project's source record and
//! the progress record of `upkeep new`), the merge folder for patches
//! and notes, and the backups folder it shares with refresh (`.upkeep-backups/<run>/`).
//! None of these is ever a managed file.
//!
//! ```
//! use upkeep_core::update::update_paths;
//!
//! let p = update_paths(".upkeep").unwrap();
//! assert_eq!((p.lock.as_str(), p.backups_dir.as_str()), (".upkeep/update.lock", ".upkeep-backups"));
//! assert_eq!(update_paths("../x").unwrap_err().code(), "unsafe-path");
//! let found = vec!["b.patch".to_string(), ".gitignore".to_string(), "a.notes".to_string()];
//! assert_eq!(upkeep_core::update::leftover_patches(found), ["a.notes", "b.patch"]);
//! ```

use crate::error::{Error, ErrorKind, Result};

/// The state folder when the caller names none (`--state-dir`'s default everywhere).
pub const DEFAULT_STATE_DIR: &str = ".upkeep";

/// The folder backups go to, one subfolder per run, for update and refresh alike.
pub const BACKUPS_DIR: &str = ".upkeep-backups";

/// The progress record an update keeps in the state folder while it runs.
pub const IN_PROGRESS_FILE: &str = "update-in-progress.json";

/// Every path an update reads or writes outside the managed files, relative to the root.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdatePaths {
    /// The state folder (`.upkeep`).
    pub state_dir: String,
    /// The installed version.
    pub version: String,
    /// The installed release's manifest.
    pub manifest: String,
    /// The progress record of a run under way.
    pub progress: String,
    /// The lock.
    pub lock: String,
    /// Where the project came from (`upkeep new`, `upkeep adopt`; read by update and status).
    pub source: String,
    /// The progress record of an `upkeep new` under way.
    pub new_progress: String,
    /// Patches and notes (`.upkeep-merge`).
    pub merge_dir: String,
    /// Backups, one folder per run.
    pub backups_dir: String,
    /// Where updates before this version put their backups (`.upkeep-backup`): listed,
    /// never written.
    pub legacy_backups_dir: String,
    /// The latest release's changelog, whose sections since the installed version the
    /// report quotes (`CHANGELOG.md`).
    pub changelog: String,
    /// The project's `package.json`, for field-merge notes and the install hint.
    pub package_json: String,
}

/// The text of a `VERSION` file holding `version`: the version and a newline.
pub fn render_version_file(version: &str) -> String {
    format!("{version}\n")
}

/// The version a `VERSION` file's text records: the text without surrounding whitespace
/// (the inverse of [`render_version_file`], forgiving a missing or CRLF newline).
pub fn read_version_file(text: &str) -> String {
    text.trim().to_string()
}

/// The layout for state folder `state_dir` (one plain folder name at the project root;
/// none given: [`DEFAULT_STATE_DIR`], so a shell passes the user's option as it came).
pub fn update_paths<'a>(state_dir: impl Into<Option<&'a str>>) -> Result<UpdatePaths> {
    let state_dir = state_dir.into().unwrap_or(DEFAULT_STATE_DIR);
    check_state_dir(state_dir)?;
    let at = |name: &str| format!("{state_dir}/{name}");
    Ok(UpdatePaths {
        state_dir: state_dir.into(),
        version: at("VERSION"),
        manifest: at("manifest.json"),
        progress: at(IN_PROGRESS_FILE),
        lock: at("update.lock"),
        source: at(crate::lifecycle::PROJECT_SOURCE_FILE),
        new_progress: at(crate::lifecycle::NEW_IN_PROGRESS_FILE),
        merge_dir: format!("{state_dir}-merge"),
        backups_dir: BACKUPS_DIR.into(),
        legacy_backups_dir: format!("{state_dir}-backup"),
        changelog: "CHANGELOG.md".into(),
        package_json: "package.json".into(),
    })
}

pub(crate) fn check_state_dir(state_dir: &str) -> Result<()> {
    crate::paths::validate_canonical_path(state_dir)?;
    if state_dir.contains('/') {
        return Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            state_dir,
            "the state folder is one folder at the project root",
        ));
    }
    Ok(())
}

/// This run's backup folder.
pub(crate) fn backup_dir(run_id: &str) -> String {
    format!("{BACKUPS_DIR}/{run_id}")
}

/// Whether `path` is upkeep's own: anything in the state folder (the lock included), the
/// merge folder, or a backups folder (today's and the legacy one). ASCII case is folded,
/// as a case-insensitive file system would.
pub(crate) fn is_reserved(path: &str, state_dir: &str) -> bool {
    // Asked once per managed path: compared in place, nothing allocated.
    let first = path.split('/').next().unwrap_or("").as_bytes();
    let (sd, n) = (state_dir.as_bytes(), state_dir.len());
    let suffix = |s: &str| {
        first.len() == n + s.len()
            && first[..n].eq_ignore_ascii_case(sd)
            && first[n..].eq_ignore_ascii_case(s.as_bytes())
    };
    suffix("")
        || suffix("-merge")
        || suffix("-backup")
        || first.eq_ignore_ascii_case(BACKUPS_DIR.as_bytes())
}

/// The files a prior run left in the merge folder, from every file found there (named
/// relative to it): all but the folder's own ignore file, in byte order.
pub fn leftover_patches(mut found: Vec<String>) -> Vec<String> {
    found.retain(|name| name != crate::writes::IGNORE_FILE);
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_paths() {
        for path in [
            ".upkeep/update.lock",
            ".upkeep/VERSION",
            ".UPKEEP/x",
            ".upkeep-merge/a.patch",
            ".upkeep-backup/r/a",
            ".upkeep-backups/r/a",
        ] {
            assert!(is_reserved(path, ".upkeep"), "{path}");
        }
        for path in ["upkeep/x", ".upkeepx/y", "docs/.upkeep/x", ".upkeep-merged"] {
            assert!(!is_reserved(path, ".upkeep"), "{path}");
        }
        assert!(is_reserved(".upkeep-backups/x", ".tool"));
        assert_eq!(
            update_paths("a/b").unwrap_err().code(),
            "invalid-update-input"
        );
    }
}
