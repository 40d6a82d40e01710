//! The check before a run's first write: every path a step writes or backs up to, and the
//! run's own state files, must be reachable through real folders and be a regular file or
//! nothing (a step that writes only where nothing is, such as a folder's ignore file,
//! accepts whatever is there; one that expects a link, a directory or a special file
//! accepts that). The shim walks the paths and reports what it found at each, all in one
//! call ([`preflight_first_refusal`]); a refusal here means nothing was written.
//!
//! ```
//! use upkeep_core::observe::EntryKind;
//! use upkeep_core::writes::{preflight_refusal, TargetSeen};
//!
//! let seen = TargetSeen { path: "docs/a.md".into(), found: EntryKind::Directory, ..TargetSeen::default() };
//! let refusal = preflight_refusal(&seen).unwrap();
//! assert_eq!(refusal.code, "unsafe-path");
//! assert!(refusal.message.starts_with("unsafe path 'docs/a.md': it is a directory"));
//! ```

use super::step::Expect;
use crate::observe::EntryKind;
use crate::refusal::Refusal;

/// What the shim found on the way to one path a run writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct TargetSeen {
    /// The path, relative to the project root.
    pub path: String,
    /// What the step that writes it expects there (none for a backup or a state file).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub expect: Option<Expect>,
    /// A folder on the way is a symbolic link.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub through_link: bool,
    /// The first component on the way that exists and is not a folder.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub blocked_at: Option<String>,
    /// What is at the path itself.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub found: EntryKind,
}

/// The refusal for what was found, or none when the run may write there.
pub fn preflight_refusal(seen: &TargetSeen) -> Option<Refusal> {
    let why = if seen.through_link {
        "a folder on its way is a symbolic link; upkeep never writes through one".to_string()
    } else if let Some(at) = &seen.blocked_at {
        format!("'{at}' is not a folder, and this run must write inside it")
    } else {
        let kind = match seen.found {
            EntryKind::File | EntryKind::Missing => return None,
            _ if seen.expect == Some(Expect::IfMissing) => return None,
            found
                if seen
                    .expect
                    .as_ref()
                    .is_some_and(|e| e.found() == Some(found)) =>
            {
                return None
            }
            EntryKind::Symlink => "symbolic link",
            EntryKind::Other => "special file (a socket, FIFO or device)",
            other => other.name(),
        };
        format!("it is a {kind}, not a regular file; upkeep never writes through one")
    };
    Some(Refusal::new(
        "unsafe-path",
        format!("unsafe path '{}': {why} (nothing was written)", seen.path),
    ))
}

/// The first path a run must not write, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct PreflightRefused {
    /// The path.
    pub path: String,
    /// The refusal ([`preflight_refusal`]).
    pub refusal: Refusal,
}

/// The first of `seen` (in the run's order: its steps' paths and backups, then its state
/// files) that the run must not write; none when it may write them all.
pub fn preflight_first_refusal(seen: &[TargetSeen]) -> Option<PreflightRefused> {
    seen.iter().find_map(|target| {
        preflight_refusal(target).map(|refusal| PreflightRefused {
            path: target.path.clone(),
            refusal,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(found: EntryKind, expect: Option<Expect>) -> TargetSeen {
        TargetSeen {
            path: "a".into(),
            expect,
            found,
            ..TargetSeen::default()
        }
    }

    #[test]
    fn only_a_file_or_nothing_is_written_over() {
        assert!(preflight_refusal(&seen(EntryKind::File, None)).is_none());
        assert!(preflight_refusal(&seen(EntryKind::Missing, None)).is_none());
        assert!(preflight_refusal(&seen(EntryKind::Symlink, Some(Expect::IfMissing))).is_none());
        let link = Expect::Symlink { target: "t".into() };
        assert!(preflight_refusal(&seen(EntryKind::Symlink, Some(link))).is_none());
        assert!(preflight_refusal(&seen(EntryKind::Directory, Some(Expect::Other))).is_some());
        let link = preflight_refusal(&seen(EntryKind::Symlink, Some(Expect::Missing))).unwrap();
        assert!(link
            .message
            .contains("it is a symbolic link, not a regular file"));
        let on_the_way = TargetSeen {
            blocked_at: Some("d".into()),
            ..seen(EntryKind::Missing, Some(Expect::IfMissing))
        };
        assert_eq!(
            preflight_refusal(&on_the_way).unwrap().message,
            "unsafe path 'a': 'd' is not a folder, and this run must write inside it (nothing was written)"
        );
    }

    #[test]
    fn the_first_refused_path_is_named() {
        let ok = seen(EntryKind::File, None);
        let dir = |path: &str| TargetSeen {
            path: path.into(),
            ..seen(EntryKind::Directory, None)
        };
        assert_eq!(preflight_first_refusal(std::slice::from_ref(&ok)), None);
        let first = preflight_first_refusal(&[ok, dir("b"), dir("c")]).unwrap();
        assert_eq!(first.path, "b");
        assert_eq!(first.refusal.code, "unsafe-path");
    }
}
