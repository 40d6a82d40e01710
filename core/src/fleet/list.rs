//! The fleet's list of repositories: `repos.txt` (one repository a line, an optional
//! sub-directory after it for a monorepo, `#` comments) or `repos.json` (an array, or an
//! object with a `repos` array, of strings or `{ "repo": …, "dir": … }` objects). The
//! format follows the file's name. A repository is a clone URL or a path on this machine;
//! a path is relative to the list's folder.
//!
//! ```
//! use upkeep_core::fleet::parse_fleet_list;
//!
//! let list = "# the web fleet\nhttps://github.com/acme/shop.git\n../mono packages/site\n";
//! let repos = parse_fleet_list(list, "repos.txt").unwrap();
//! assert_eq!(repos[1].dir.as_deref(), Some("packages/site"));
//! assert!(repos[1].local && !repos[0].local);
//! assert_eq!(repos[1].key, "mono-packages-site");
//! assert_eq!(parse_fleet_list("a\na\n", "repos.txt").unwrap_err().code(), "invalid-argument");
//! ```

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Json};
use crate::paths::validate_path;

/// One repository of the fleet.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FleetRepo {
    /// The clone URL or local path, as the list gives it.
    pub repo: String,
    /// The project's folder inside the repository, when not its root.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub dir: Option<String>,
    /// Whether `repo` is a path on this machine (its recorded version is read without a
    /// clone).
    pub local: bool,
    /// For a local repository, the recorded source inside it (`<dir>/.upkeep/source.json`),
    /// read from the working tree, or from `HEAD` of a bare repository, without a clone.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub record: Option<String>,
    /// A name unique in the fleet, usable as a job name, a concurrency group and a file
    /// name: the repository's last two path segments and the folder, as a slug.
    pub key: String,
}

/// Whether a repository names a path on this machine rather than a remote.
fn is_local(repo: &str) -> bool {
    if repo.contains("://") {
        return repo.starts_with("file://");
    }
    match repo.split_once(':') {
        // scp-like `user@host:path` or `host:path`; a drive letter `C:` is a path.
        Some((host, _)) => host.len() == 1 || host.contains('/'),
        None => true,
    }
}

fn entry(repo: &str, dir: Option<&str>, at: &str, label: &str) -> Result<FleetRepo> {
    let bad =
        |detail: String| Error::new(ErrorKind::InvalidArgument, label, format!("{at}: {detail}"));
    if repo.is_empty() || repo.chars().any(char::is_control) {
        return Err(bad(
            "the repository is empty or has a control character".into()
        ));
    }
    let dir = match dir {
        None | Some("") | Some(".") => None,
        Some(d) => Some(
            validate_path(d.trim_end_matches('/')).map_err(|e| bad(format!("the folder: {e}")))?,
        ),
    };
    let mut key = super::slug::source_slug(repo);
    if let Some(d) = &dir {
        key = super::slug::sanitize(&format!("{key}-{d}"));
    }
    let record = is_local(repo).then(|| match &dir {
        Some(d) => format!("{d}/.upkeep/source.json"),
        None => ".upkeep/source.json".into(),
    });
    Ok(FleetRepo {
        repo: repo.to_string(),
        dir,
        local: is_local(repo),
        record,
        key,
    })
}

/// Parses the list; `label` (its file name) chooses the format and names it in errors.
/// Duplicate repositories are refused; keys that collide get `-2`, `-3`, … in list order.
pub fn parse_fleet_list(text: &str, label: &str) -> Result<Vec<FleetRepo>> {
    let mut repos = if label.to_ascii_lowercase().ends_with(".json") {
        parse_json(text, label)?
    } else {
        parse_text(text, label)?
    };
    if repos.is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            label,
            "lists no repository",
        ));
    }
    let mut seen: BTreeMap<(String, Option<String>), usize> = BTreeMap::new();
    let mut keys: BTreeMap<String, usize> = BTreeMap::new();
    for (index, repo) in repos.iter_mut().enumerate() {
        if let Some(first) = seen.insert((repo.repo.clone(), repo.dir.clone()), index) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                label,
                format!(
                    "entry {} repeats entry {} ({}{})",
                    index + 1,
                    first + 1,
                    repo.repo,
                    repo.dir
                        .as_ref()
                        .map(|d| format!(" {d}"))
                        .unwrap_or_default()
                ),
            ));
        }
        let count = keys.entry(repo.key.clone()).or_insert(0);
        *count += 1;
        if *count > 1 {
            repo.key = format!("{}-{count}", repo.key);
        }
    }
    Ok(repos)
}

fn parse_text(text: &str, label: &str) -> Result<Vec<FleetRepo>> {
    let mut repos = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split_once(" #").map_or(line, |(l, _)| l).trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let repo = words.next().unwrap_or_default();
        let dir = words.next();
        let at = format!("line {}", n + 1);
        if words.next().is_some() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                label,
                format!("{at}: expected `<repository> [<folder>]`, got {line:?}"),
            ));
        }
        repos.push(entry(repo, dir, &at, label)?);
    }
    Ok(repos)
}

fn parse_json(text: &str, label: &str) -> Result<Vec<FleetRepo>> {
    let bad = |detail: String| Error::new(ErrorKind::InvalidArgument, label, detail);
    let doc = json::parse(text.as_bytes()).map_err(|e| bad(e.to_string()))?;
    let items = match &doc.value {
        Json::Array(items) => items,
        Json::Object(_) => match doc.get("repos") {
            Some(node) => match &node.value {
                Json::Array(items) => items,
                _ => return Err(bad("\"repos\" is not an array".into())),
            },
            None => {
                return Err(bad(
                    "expected an array of repositories, or an object with a \"repos\" array".into(),
                ))
            }
        },
        _ => {
            return Err(bad(
                "expected an array of repositories, or an object with a \"repos\" array".into(),
            ))
        }
    };
    let mut repos = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let at = format!("entry {}", n + 1);
        let text_of = |key: &str| -> Result<Option<&str>> {
            match item.get(key).map(|node| &node.value) {
                None | Some(Json::Null) => Ok(None),
                Some(Json::String(s)) => Ok(Some(s.as_str())),
                Some(_) => Err(bad(format!("{at}: \"{key}\" is not a string"))),
            }
        };
        match &item.value {
            Json::String(repo) => repos.push(entry(repo, None, &at, label)?),
            Json::Object(members) => {
                if let Some((key, _)) = members.iter().find(|(k, _)| k != "repo" && k != "dir") {
                    return Err(bad(format!(
                        "{at}: unknown key {key:?} (expected repo, dir)"
                    )));
                }
                let repo =
                    text_of("repo")?.ok_or_else(|| bad(format!("{at}: \"repo\" is missing")))?;
                repos.push(entry(repo, text_of("dir")?, &at, label)?);
            }
            _ => return Err(bad(format!("{at}: expected a string or an object"))),
        }
    }
    Ok(repos)
}
