//! Where upkeep's release cache is, and the names inside an entry: the cache is the user's
//! cache folder (XDG Base Directory: `$XDG_CACHE_HOME` when it is an absolute path, else
//! `~/.cache`) plus `upkeep`; an entry is `<key>/tree/…` plus `<key>/entry.json`.
//!
//! ```
//! use upkeep_core::lifecycle::{cache_root, CACHE_NAMES};
//!
//! assert_eq!(cache_root(Some("/var/cache"), "/home/ada"), "/var/cache/upkeep");
//! assert_eq!(cache_root(Some("relative"), "/home/ada"), "/home/ada/.cache/upkeep");
//! assert_eq!(CACHE_NAMES.index, "entry.json");
//! ```

/// The names inside the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CacheNames {
    /// upkeep's folder in the user's cache folder.
    pub folder: &'static str,
    /// An entry's folder holding the release as a project sees it.
    pub tree: &'static str,
    /// An entry's index ([`super::render_cache_index`]); an entry without one is never used.
    pub index: &'static str,
}

/// Every name of [`CacheNames`].
pub const CACHE_NAMES: CacheNames = CacheNames {
    folder: "upkeep",
    tree: "tree",
    index: "entry.json",
};

/// The cache folder: `$XDG_CACHE_HOME/upkeep` when `xdg_cache_home` is an absolute path
/// (the spec says a relative one is ignored), else `<home>/.cache/upkeep`.
pub fn cache_root(xdg_cache_home: Option<&str>, home: &str) -> String {
    let base = match xdg_cache_home {
        Some(dir) if dir.starts_with('/') => dir.to_string(),
        _ => format!("{}/.cache", home.trim_end_matches('/')),
    };
    format!("{}/{}", base.trim_end_matches('/'), CACHE_NAMES.folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_or_relative_xdg_cache_home_is_ignored() {
        assert_eq!(cache_root(None, "/root"), "/root/.cache/upkeep");
        assert_eq!(cache_root(Some(""), "/root/"), "/root/.cache/upkeep");
        assert_eq!(cache_root(Some("/x/"), "/root"), "/x/upkeep");
    }
}
