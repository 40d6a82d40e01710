//! The sealed handoff: what was approved in a work clone, as a strict JSON document.
//!
//! A handoff lists the changed files with their SHA-256 (`null` for a deleted file), the
//! tickets with the files each claims, and the inherited files (dirty before the work
//! started). [`seal_handoff`] builds one from what the shim saw; [`parse_handoff`] reads
//! one back and refuses anything ambiguous.
//!
//! ```
//! use upkeep_core::land::{parse_handoff, seal_handoff, LandTicket, SealedFile};
//!
//! let digest = "a".repeat(64);
//! let dirty = vec![SealedFile { path: "src/a.rs".into(), sha256: Some(digest.clone()) }];
//! let ticket = LandTicket { id: "T-1".into(), title: Some("Fix a".into()), files: vec![] };
//! let handoff = seal_handoff(dirty, vec![ticket], vec![]).unwrap();
//! assert_eq!(handoff.tickets[0].files, ["src/a.rs"]);
//!
//! let text = format!(
//!     r#"{{"version":1,"files":[{{"path":"a","sha256":"{digest}"}}],"tickets":[],"inherited":[]}}"#
//! );
//! assert_eq!(parse_handoff(&text, "handoff.json").unwrap().files[0].path, "a");
//! ```

use std::collections::BTreeSet;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, JsonValue};
use crate::parse_digest;
use crate::refresh::validate_path;

/// The handoff format version this engine writes and reads.
pub const HANDOFF_VERSION: u32 = 1;

/// One file of a handoff and its content when sealed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandSealedFile"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SealedFile {
    /// The path, relative to the work clone's root, `/`-separated.
    pub path: String,
    /// Its SHA-256 as lowercase hex; `None` when the change deletes it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
}

/// A ticket and the files it claims.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct LandTicket {
    /// The ticket's identifier (`T-12`, `#431`).
    pub id: String,
    /// Its title, when known.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub title: Option<String>,
    /// The changed files it claims. Left empty when sealing a single ticket, it claims all.
    #[cfg_attr(feature = "serde", serde(default))]
    pub files: Vec<String>,
}

/// What was approved: the unit `upkeep land` commits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandHandoff"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Handoff {
    /// The format version, [`HANDOFF_VERSION`].
    pub version: u32,
    /// The changed files, sorted by path.
    pub files: Vec<SealedFile>,
    /// The tickets, in the order their commits are made.
    pub tickets: Vec<LandTicket>,
    /// Files already dirty when the work started, committed with it and named apart.
    pub inherited: Vec<SealedFile>,
}

fn invalid(input: &str, detail: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidHandoff, input, detail)
}

/// Seals a handoff from the work clone's dirty files (with their hashes), the tickets and
/// the paths of the inherited files. A single ticket that claims nothing claims every
/// changed file; with several tickets every changed file must be claimed by one.
pub fn seal_handoff(
    dirty: Vec<SealedFile>,
    mut tickets: Vec<LandTicket>,
    inherited: Vec<String>,
) -> Result<Handoff> {
    let inherited_set: BTreeSet<&str> = inherited.iter().map(String::as_str).collect();
    for path in &inherited {
        if !dirty.iter().any(|f| &f.path == path) {
            return Err(invalid(
                path,
                "is named as inherited but has no uncommitted change",
            ));
        }
    }
    let (inherited_files, mut files): (Vec<SealedFile>, Vec<SealedFile>) = dirty
        .into_iter()
        .partition(|f| inherited_set.contains(f.path.as_str()));
    files.sort_by(|a, b| a.path.cmp(&b.path));
    if let [only] = tickets.as_mut_slice() {
        if only.files.is_empty() {
            only.files = files.iter().map(|f| f.path.clone()).collect();
        }
    }
    let mut handoff = Handoff {
        version: HANDOFF_VERSION,
        files,
        tickets,
        inherited: inherited_files,
    };
    handoff.inherited.sort_by(|a, b| a.path.cmp(&b.path));
    validate(&handoff, DEFAULT_HANDOFF_LABEL)?;
    Ok(handoff)
}

/// Checks the rules every handoff obeys; `label` names it in errors.
fn validate(handoff: &Handoff, label: &str) -> Result<()> {
    if handoff.version != HANDOFF_VERSION {
        return Err(invalid(
            label,
            format!(
                "version {} is not the supported version {HANDOFF_VERSION}",
                handoff.version
            ),
        ));
    }
    let mut seen = BTreeSet::new();
    for file in handoff.files.iter().chain(&handoff.inherited) {
        validate_path(&file.path)?;
        if let Some(digest) = &file.sha256 {
            parse_digest(digest)?;
        }
        if !seen.insert(file.path.as_str()) {
            return Err(invalid(&file.path, "is listed twice"));
        }
    }
    let changed: BTreeSet<&str> = handoff.files.iter().map(|f| f.path.as_str()).collect();
    let mut ids = BTreeSet::new();
    let mut claimed = BTreeSet::new();
    for ticket in &handoff.tickets {
        if ticket.id.trim().is_empty() || ticket.id.chars().any(char::is_control) {
            return Err(invalid(&ticket.id, "is not a usable ticket id"));
        }
        if !ids.insert(ticket.id.as_str()) {
            return Err(invalid(&ticket.id, "is a ticket listed twice"));
        }
        if ticket.files.is_empty() && !changed.is_empty() {
            return Err(invalid(
                &ticket.id,
                "claims no files (with several tickets, each must claim its files)",
            ));
        }
        let mut own = BTreeSet::new();
        for path in &ticket.files {
            if !changed.contains(path.as_str()) {
                return Err(invalid(
                    path,
                    format!(
                        "is claimed by ticket {} but is not a changed file",
                        ticket.id
                    ),
                ));
            }
            if !own.insert(path.as_str()) {
                return Err(invalid(
                    path,
                    format!("is claimed twice by ticket {}", ticket.id),
                ));
            }
            claimed.insert(path.as_str());
        }
    }
    if !handoff.tickets.is_empty() {
        if let Some(orphan) = changed.difference(&claimed).next() {
            return Err(invalid(orphan, "is a changed file no ticket claims"));
        }
    }
    Ok(())
}

/// What a handoff is called in errors when the caller names none.
const DEFAULT_HANDOFF_LABEL: &str = "handoff";

/// Parses a sealed handoff strictly: duplicate or unknown keys, wrong types, bad digests,
/// unsafe paths and inconsistent claims are refused, naming `label` (`None`, a binding's
/// left-out argument, names it `handoff`).
pub fn parse_handoff<'a>(text: &str, label: impl Into<Option<&'a str>>) -> Result<Handoff> {
    let label = label.into().unwrap_or(DEFAULT_HANDOFF_LABEL);
    let doc = json::parse_value(text).map_err(|e| invalid(label, e))?;
    let handoff = Handoff {
        version: version(member(&doc, "version", label)?, label)?,
        files: sealed_files(member(&doc, "files", label)?, "files", label)?,
        tickets: tickets(member(&doc, "tickets", label)?, label)?,
        inherited: sealed_files(member(&doc, "inherited", label)?, "inherited", label)?,
    };
    only_keys(&doc, &["version", "files", "tickets", "inherited"], label)?;
    validate(&handoff, label)?;
    Ok(handoff)
}

fn member<'a>(value: &'a JsonValue, key: &str, label: &str) -> Result<&'a JsonValue> {
    match value {
        JsonValue::Object(_) => value
            .get(key)
            .ok_or_else(|| invalid(label, format!("\"{key}\" is missing"))),
        other => Err(invalid(
            label,
            format!("expected an object, found {}", other.type_name()),
        )),
    }
}

fn only_keys(value: &JsonValue, keys: &[&str], label: &str) -> Result<()> {
    if let JsonValue::Object(members) = value {
        if let Some((key, _)) = members.iter().find(|(k, _)| !keys.contains(&k.as_str())) {
            return Err(invalid(label, format!("unknown key \"{key}\"")));
        }
    }
    Ok(())
}

fn version(value: &JsonValue, label: &str) -> Result<u32> {
    match value {
        JsonValue::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) => {
            Ok(*n as u32)
        }
        other => Err(invalid(
            label,
            format!(
                "\"version\" must be a whole number, not {}",
                other.type_name()
            ),
        )),
    }
}

fn string(value: &JsonValue, what: &str, label: &str) -> Result<String> {
    match value {
        JsonValue::String(s) => Ok(s.clone()),
        other => Err(invalid(
            label,
            format!("{what} must be a string, not {}", other.type_name()),
        )),
    }
}

fn array<'a>(value: &'a JsonValue, what: &str, label: &str) -> Result<&'a [JsonValue]> {
    match value {
        JsonValue::Array(items) => Ok(items),
        other => Err(invalid(
            label,
            format!("{what} must be an array, not {}", other.type_name()),
        )),
    }
}

fn sealed_files(value: &JsonValue, what: &str, label: &str) -> Result<Vec<SealedFile>> {
    array(value, &format!("\"{what}\""), label)?
        .iter()
        .map(|item| {
            only_keys(item, &["path", "sha256"], label)?;
            let path = string(member(item, "path", label)?, "a file's \"path\"", label)?;
            let sha256 = match member(item, "sha256", label)? {
                JsonValue::Null => None,
                other => Some(string(other, "a file's \"sha256\"", label)?),
            };
            Ok(SealedFile { path, sha256 })
        })
        .collect()
}

fn tickets(value: &JsonValue, label: &str) -> Result<Vec<LandTicket>> {
    array(value, "\"tickets\"", label)?
        .iter()
        .map(|item| {
            only_keys(item, &["id", "title", "files"], label)?;
            let id = string(member(item, "id", label)?, "a ticket's \"id\"", label)?;
            let title = match item.get("title") {
                None | Some(JsonValue::Null) => None,
                Some(other) => Some(string(other, "a ticket's \"title\"", label)?),
            };
            let files = array(member(item, "files", label)?, "a ticket's \"files\"", label)?
                .iter()
                .map(|f| string(f, "a claimed path", label))
                .collect::<Result<_>>()?;
            Ok(LandTicket { id, title, files })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str) -> SealedFile {
        SealedFile {
            path: path.into(),
            sha256: Some("0".repeat(64)),
        }
    }

    fn ticket(id: &str, files: &[&str]) -> LandTicket {
        LandTicket {
            id: id.into(),
            title: None,
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    /// Dirty paths, tickets, inherited paths, the error expected (if any).
    type SealCase<'a> = (
        &'a [&'a str],
        Vec<LandTicket>,
        &'a [&'a str],
        Option<&'a str>,
    );

    #[test]
    fn sealing_rules() {
        let cases: &[SealCase] = &[
            (&["a", "b"], vec![ticket("T", &[])], &[], None),
            (
                &["a", "b"],
                vec![ticket("T", &["a"]), ticket("U", &["b"])],
                &[],
                None,
            ),
            (
                &["a", "b"],
                vec![ticket("T", &["a"]), ticket("U", &[])],
                &[],
                Some("claims no files"),
            ),
            (
                &["a", "b"],
                vec![ticket("T", &["a"])],
                &[],
                Some("no ticket claims"),
            ),
            (
                &["a"],
                vec![ticket("T", &["z"])],
                &[],
                Some("not a changed file"),
            ),
            (
                &["a"],
                vec![ticket("T", &["a"]), ticket("T", &["a"])],
                &[],
                Some("listed twice"),
            ),
            (&["a", "b"], vec![], &["b"], None),
            (&["a"], vec![], &["x"], Some("no uncommitted change")),
            (&["../a"], vec![], &[], Some("unsafe path")),
        ];
        for (dirty, tickets, inherited, want) in cases {
            let got = seal_handoff(
                dirty.iter().map(|p| file(p)).collect(),
                tickets.clone(),
                inherited.iter().map(|p| p.to_string()).collect(),
            );
            match want {
                None => assert!(got.is_ok(), "{dirty:?} {got:?}"),
                Some(text) => assert!(got.unwrap_err().to_string().contains(text), "{dirty:?}"),
            }
        }
    }

    #[test]
    fn parsing_is_strict() {
        let d = "0".repeat(64);
        let cases = [
            (
                format!(
                    r#"{{"version":1,"files":[{{"path":"a","sha256":"{d}"}}],"tickets":[],"inherited":[]}}"#
                ),
                None,
            ),
            (
                r#"{"version":1,"files":[{"path":"a","sha256":null}],"tickets":[{"id":"T","files":["a"]}],"inherited":[]}"#.to_string(),
                None,
            ),
            (
                r#"{"version":2,"files":[],"tickets":[],"inherited":[]}"#.to_string(),
                Some("version 2"),
            ),
            (
                r#"{"version":1,"files":[],"tickets":[],"inherited":[],"x":1}"#.to_string(),
                Some("unknown key \"x\""),
            ),
            (
                r#"{"version":1,"version":1}"#.to_string(),
                Some("duplicate key"),
            ),
            (
                r#"{"version":1,"files":{},"tickets":[],"inherited":[]}"#.to_string(),
                Some("must be an array"),
            ),
            (
                r#"{"version":1,"files":[{"path":"a","sha256":"zz"}],"tickets":[],"inherited":[]}"#
                    .to_string(),
                Some("invalid SHA-256"),
            ),
        ];
        for (text, want) in cases {
            let got = parse_handoff(&text, "h.json");
            match want {
                None => assert!(got.is_ok(), "{text}: {got:?}"),
                Some(w) => assert!(got.unwrap_err().to_string().contains(w), "{text}"),
            }
        }
    }
}
