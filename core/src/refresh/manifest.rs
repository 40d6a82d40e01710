//! The two formats on disk: the source's install manifest and the host's source record.
//!
//! The source ships `install/manifest.json`, listing the files it manages and where they
//! go in the host repository; installing writes `<home>/.upkeep-source.json`, recording
//! the SHA-256 of every file it wrote. Both are strict JSON (see [`super::json`]), carry a
//! `schema` number, and may hold fields this version does not know: the manifest's are
//! ignored, the record's are written back unchanged.
//!
//! ```
//! use upkeep_core::refresh::parse_install_manifest;
//!
//! let manifest = parse_install_manifest(
//!     br#"{"schema": 1, "home": "svc", "files": [{"src": "a.js", "target": "svc/a.js"}]}"#,
//!     "install/manifest.json",
//! )
//! .unwrap();
//! assert_eq!(manifest.files[0].target, "svc/a.js");
//! assert_eq!(manifest.record_path(), "svc/.upkeep-source.json");
//! ```

use std::collections::HashSet;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Json, Node};
use crate::paths::{check_collisions, validate_path};

/// The schema version this upkeep reads and writes.
pub const SCHEMA: u32 = 1;
/// The record's file name inside `home`.
pub const RECORD_NAME: &str = ".upkeep-source.json";
/// Names inside `home` that belong to upkeep and can never be managed files.
pub const RESERVED_PREFIXES: [&str; 2] = [".upkeep-source", ".upkeep-backups"];

/// One file the source manages.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ManifestFile {
    /// Path inside the source, `/`-separated.
    pub src: String,
    /// Path inside the host repository, `/`-separated.
    pub target: String,
}

/// A source file that moved: its record entry follows it instead of being deleted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Rename {
    /// The old `src`.
    pub from: String,
    /// The new `src`.
    pub to: String,
}

/// A validated `install/manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct InstallManifest {
    /// The schema version (always [`SCHEMA`] once parsed).
    pub schema: u32,
    /// The host folder holding the record, journal, lock and backups (`.` is the root).
    pub home: String,
    /// The managed files, in manifest order.
    pub files: Vec<ManifestFile>,
    /// Source files that moved since an earlier release.
    pub renames: Vec<Rename>,
}

impl InstallManifest {
    /// `<home>/<name>`, or `name` alone when home is the root.
    pub fn home_path(&self, name: &str) -> String {
        if self.home == "." {
            name.to_string()
        } else {
            format!("{}/{name}", self.home)
        }
    }

    /// Where the source record lives in the host repository.
    pub fn record_path(&self) -> String {
        self.home_path(RECORD_NAME)
    }
}

/// One entry of the source record.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct RecordFile {
    /// Path inside the source when the file was written.
    pub src: String,
    /// Path inside the host repository.
    pub target: String,
    /// SHA-256 of what upkeep wrote (or the host's bytes the user chose to keep).
    pub sha256: String,
    /// After keep-mine: the source's hash the user kept their version against, so the
    /// next refresh leaves the file alone until the source moves again.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "contracts", ts(optional = nullable))]
    pub kept_against: Option<String>,
    /// Fields this version does not know, kept in order for the next write.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub extra: Vec<(String, Node)>,
}

/// A validated `<home>/.upkeep-source.json`.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct SourceRecord {
    /// The schema version (always [`SCHEMA`] once parsed).
    pub schema: u32,
    /// The recorded files.
    pub files: Vec<RecordFile>,
    /// Top-level fields this version does not know, kept in order for the next write.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub extra: Vec<(String, Node)>,
}

/// Reads a document and the fields a caller asks for, naming `name` and a byte offset in
/// every error.
struct Reader<'a> {
    kind: ErrorKind,
    name: &'a str,
}

impl Reader<'_> {
    fn error(&self, at: usize, detail: impl std::fmt::Display) -> Error {
        Error::new(
            self.kind.clone(),
            self.name,
            format!("at byte {at}: {detail}"),
        )
    }

    fn parse(&self, bytes: &[u8]) -> Result<Node> {
        json::parse(bytes).map_err(|e| self.error(e.offset, e.message))
    }

    fn object<'n>(&self, node: &'n Node, what: &str) -> Result<&'n [(String, Node)]> {
        match &node.value {
            Json::Object(members) => Ok(members),
            _ => Err(self.error(
                node.at,
                format!("{what} must be an object, not {}", node.type_name()),
            )),
        }
    }

    fn array<'n>(&self, node: &'n Node, what: &str) -> Result<&'n [Node]> {
        match &node.value {
            Json::Array(items) => Ok(items),
            _ => Err(self.error(
                node.at,
                format!("{what} must be an array, not {}", node.type_name()),
            )),
        }
    }

    fn string<'n>(&self, node: &'n Node, what: &str) -> Result<&'n str> {
        match &node.value {
            Json::String(s) => Ok(s),
            _ => Err(self.error(
                node.at,
                format!("{what} must be a string, not {}", node.type_name()),
            )),
        }
    }

    fn required<'n>(&self, parent: &'n Node, key: &str, what: &str) -> Result<&'n Node> {
        parent
            .get(key)
            .ok_or_else(|| self.error(parent.at, format!("{what} has no \"{key}\"")))
    }

    fn path(&self, node: &Node, what: &str) -> Result<String> {
        let text = self.string(node, what)?;
        validate_path(text).map_err(|e| {
            Error::new(
                ErrorKind::UnsafePath,
                text,
                format!(
                    "{what} in {} at byte {}: {}",
                    self.name,
                    node.at,
                    detail_of(&e)
                ),
            )
        })
    }

    /// Checks `schema`: absent or older is [`ErrorKind::OldManifestSchema`], newer refused.
    fn schema(&self, doc: &Node, reinstall: &str) -> Result<u32> {
        let old = |found: String| {
            Error::new(
                ErrorKind::OldManifestSchema,
                self.name,
                format!(
                    "{found}, older than schema {SCHEMA} that this upkeep reads; re-install with \
                     `upkeep install --source <dir> --target <repo>`{reinstall}"
                ),
            )
        };
        let Some(node) = doc.get("schema") else {
            return Err(old("no \"schema\" field (a pre-release format)".into()));
        };
        let Json::Number(text) = &node.value else {
            return Err(self.error(
                node.at,
                format!("\"schema\" must be a number, not {}", node.type_name()),
            ));
        };
        let version: u64 = text.parse().map_err(|_| {
            self.error(
                node.at,
                format!("\"schema\" must be a whole number, not {text}"),
            )
        })?;
        match version.cmp(&u64::from(SCHEMA)) {
            std::cmp::Ordering::Less => Err(old(format!("schema {version}"))),
            std::cmp::Ordering::Equal => Ok(SCHEMA),
            std::cmp::Ordering::Greater => Err(self.error(
                node.at,
                format!("schema {version} is newer than this upkeep understands ({SCHEMA}); upgrade upkeep"),
            )),
        }
    }
}

/// The `detail` part of a path error, to re-home it under a manifest's name.
fn detail_of(error: &Error) -> String {
    let text = error.to_string();
    let quoted = format!("'{}': ", error.input());
    match text.find(&quoted) {
        Some(i) => text[i + quoted.len()..].to_string(),
        None => text,
    }
}

/// Parses and validates an install manifest; `name` is how errors refer to it.
pub fn parse_install_manifest(bytes: &[u8], name: &str) -> Result<InstallManifest> {
    let r = Reader {
        kind: ErrorKind::InvalidManifest,
        name,
    };
    let doc = r.parse(bytes)?;
    r.object(&doc, "the manifest")?;
    let schema = r.schema(&doc, "")?;
    let home = match doc.get("home") {
        None => ".".to_string(),
        Some(node) if matches!(&node.value, Json::String(s) if s == ".") => ".".to_string(),
        Some(node) => r.path(node, "\"home\"")?,
    };
    let mut files = Vec::new();
    // Duplicates are found through sets, not a search of everything read so far (which
    // made a 100,000-entry manifest quadratic).
    let mut srcs: HashSet<String> = HashSet::new();
    for (i, item) in r
        .array(r.required(&doc, "files", "the manifest")?, "\"files\"")?
        .iter()
        .enumerate()
    {
        let what = format!("files[{i}]");
        r.object(item, &what)?;
        let src = r.path(r.required(item, "src", &what)?, &format!("{what}.src"))?;
        let target = r.path(
            r.required(item, "target", &what)?,
            &format!("{what}.target"),
        )?;
        if let Some(reserved) = reserved_name(&home, &target) {
            return Err(Error::new(
                ErrorKind::UnsafePath,
                &target,
                format!("{what}.target in {name}: '{reserved}' inside home is upkeep's own file"),
            ));
        }
        if !srcs.insert(src.clone()) {
            return Err(r.error(item.at, format!("{what}.src '{src}' is listed twice")));
        }
        files.push(ManifestFile { src, target });
    }
    let mut renames = Vec::new();
    let (mut froms, mut tos): (HashSet<String>, HashSet<String>) = Default::default();
    if let Some(list) = doc.get("renames") {
        for (i, item) in r.array(list, "\"renames\"")?.iter().enumerate() {
            let what = format!("renames[{i}]");
            r.object(item, &what)?;
            let from = r.path(r.required(item, "from", &what)?, &format!("{what}.from"))?;
            let to = r.path(r.required(item, "to", &what)?, &format!("{what}.to"))?;
            if tos.contains(&to) || froms.contains(&from) {
                return Err(r.error(item.at, format!("{what} renames '{from}' or '{to}' twice")));
            }
            tos.insert(to.clone());
            froms.insert(from.clone());
            renames.push(Rename { from, to });
        }
    }
    let targets: Vec<&str> = files.iter().map(|f| f.target.as_str()).collect();
    check_collisions(&targets)?;
    Ok(InstallManifest {
        schema,
        home,
        files,
        renames,
    })
}

/// The reserved name `target` would overwrite inside `home`, if any.
fn reserved_name<'a>(home: &str, target: &'a str) -> Option<&'a str> {
    let folded = target.to_lowercase();
    let rest = if home == "." {
        Some(folded.as_str())
    } else {
        folded.strip_prefix(&format!("{}/", home.to_lowercase()))
    }?;
    let first = rest.split('/').next()?;
    RESERVED_PREFIXES
        .iter()
        .any(|p| first.starts_with(p))
        .then(|| &target[target.len() - rest.len()..][..first.len()])
}

/// Parses and validates a source record; `name` is how errors refer to it.
pub fn parse_source_record(bytes: &[u8], name: &str) -> Result<SourceRecord> {
    let r = Reader {
        kind: ErrorKind::InvalidRecord,
        name,
    };
    let doc = r.parse(bytes)?;
    let members = r.object(&doc, "the record")?;
    let schema = r.schema(&doc, " (this replaces the record)")?;
    let mut files = Vec::new();
    let mut srcs: HashSet<String> = HashSet::new();
    for (i, item) in r
        .array(r.required(&doc, "files", "the record")?, "\"files\"")?
        .iter()
        .enumerate()
    {
        let what = format!("files[{i}]");
        let fields = r.object(item, &what)?;
        let src = r.path(r.required(item, "src", &what)?, &format!("{what}.src"))?;
        let target = r.path(
            r.required(item, "target", &what)?,
            &format!("{what}.target"),
        )?;
        let sha_node = r.required(item, "sha256", &what)?;
        let sha256 = crate::parse_digest(r.string(sha_node, &format!("{what}.sha256"))?)
            .map_err(|e| r.error(sha_node.at, format!("{what}.sha256: {}", detail_of(&e))))?
            .to_hex();
        if !srcs.insert(src.clone()) {
            return Err(r.error(item.at, format!("{what}.src '{src}' is recorded twice")));
        }
        let kept_against = match item.get("keptAgainst") {
            None => None,
            Some(node) => Some(
                crate::parse_digest(r.string(node, &format!("{what}.keptAgainst"))?)
                    .map_err(|e| {
                        r.error(node.at, format!("{what}.keptAgainst: {}", detail_of(&e)))
                    })?
                    .to_hex(),
            ),
        };
        let extra = keep_unknown(fields, &["src", "target", "sha256", "keptAgainst"]);
        files.push(RecordFile {
            src,
            target,
            sha256,
            kept_against,
            extra,
        });
    }
    let targets: Vec<&str> = files.iter().map(|f| f.target.as_str()).collect();
    check_collisions(&targets)?;
    Ok(SourceRecord {
        schema,
        files,
        extra: keep_unknown(members, &["schema", "files"]),
    })
}

fn keep_unknown(members: &[(String, Node)], known: &[&str]) -> Vec<(String, Node)> {
    members
        .iter()
        .filter(|(k, _)| !known.contains(&k.as_str()))
        .cloned()
        .collect()
}

/// The record's file content: pretty JSON, two-space indent, a final newline; unknown
/// fields come back after the known ones, in their original order.
pub fn render_source_record(record: &SourceRecord) -> String {
    // Laid out as `json::write` lays out the whole document, but an entry at a time: the
    // whole tree built first was a second copy of a 100,000-entry record at a refresh
    // plan's peak.
    let string = |s: &str| json::node(Json::String(s.to_string()));
    let mut out = String::with_capacity(64 + record.files.len() * 192);
    out.push_str("{\n  \"schema\": ");
    out.push_str(&SCHEMA.to_string());
    out.push_str(",\n  \"files\": ");
    if record.files.is_empty() {
        out.push_str("[]");
    } else {
        out.push('[');
        for (i, f) in record.files.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("\n    ");
            let mut members = vec![
                ("src".to_string(), string(&f.src)),
                ("target".to_string(), string(&f.target)),
                ("sha256".to_string(), string(&f.sha256)),
            ];
            if let Some(kept) = &f.kept_against {
                members.push(("keptAgainst".to_string(), string(kept)));
            }
            members.extend(f.extra.iter().cloned());
            json::write(&mut out, &Json::Object(members), Some(2), 2);
        }
        out.push_str("\n  ]");
    }
    for (key, item) in &record.extra {
        out.push_str(",\n  ");
        json::write_string(&mut out, key);
        out.push_str(": ");
        json::write(&mut out, &item.value, Some(2), 1);
    }
    out.push_str("\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(text: &str) -> Result<InstallManifest> {
        parse_install_manifest(text.as_bytes(), "m.json")
    }

    #[test]
    fn manifest_errors_name_the_input() {
        let cases = [
            ("{\"schema\":1,\"files\":[],\"files\":[]}", "invalid-manifest", "at byte 23: duplicate key"),
            ("{\"files\":[]}", "old-manifest-schema", "re-install"),
            ("{\"schema\":0,\"files\":[]}", "old-manifest-schema", "schema 0"),
            ("{\"schema\":2,\"files\":[]}", "invalid-manifest", "upgrade upkeep"),
            ("{\"schema\":1}", "invalid-manifest", "has no \"files\""),
            ("{\"schema\":1,\"files\":{}}", "invalid-manifest", "must be an array"),
            ("{\"schema\":1,\"files\":[{\"src\":\"a\",\"target\":7}]}", "invalid-manifest", "files[0].target must be a string"),
            ("{\"schema\":1,\"files\":[{\"src\":\"a\",\"target\":\"../a\"}]}", "unsafe-path", "files[0].target"),
            ("{\"schema\":1,\"files\":[{\"src\":\"a\",\"target\":\"A\"},{\"src\":\"b\",\"target\":\"a\"}]}", "path-collision", "collides"),
            ("{\"schema\":1,\"home\":\"h\",\"files\":[{\"src\":\"a\",\"target\":\"h/.upkeep-source.json\"}]}", "unsafe-path", "upkeep's own file"),
        ];
        for (text, code, detail) in cases {
            let err = manifest(text).unwrap_err();
            assert_eq!(err.code(), code, "{text}: {err}");
            assert!(err.to_string().contains(detail), "{text}: {err}");
        }
    }

    #[test]
    fn record_round_trip_keeps_unknown_fields() {
        let sha = crate::sha256_hex(b"x");
        let text = format!(
            "{{\"schema\":1,\"files\":[{{\"src\":\"a\",\"target\":\"b\",\"sha256\":\"{sha}\",\"mode\":420}}],\"installedBy\":{{\"v\":\"2\"}}}}"
        );
        let record = parse_source_record(text.as_bytes(), "r.json").unwrap();
        let rendered = render_source_record(&record);
        assert!(rendered.contains("\"mode\": 420"));
        assert!(rendered.contains("\"installedBy\": {\n    \"v\": \"2\"\n  }"));
        let again = parse_source_record(rendered.as_bytes(), "r.json").unwrap();
        assert_eq!(render_source_record(&again), rendered);
    }

    /// The record as the whole tree written by `json::write` lays it out.
    fn rendered_as_a_tree(record: &SourceRecord) -> String {
        let string = |s: &str| json::node(Json::String(s.to_string()));
        let files = (record.files.iter())
            .map(|f| {
                let mut members = vec![
                    ("src".to_string(), string(&f.src)),
                    ("target".to_string(), string(&f.target)),
                    ("sha256".to_string(), string(&f.sha256)),
                ];
                if let Some(kept) = &f.kept_against {
                    members.push(("keptAgainst".to_string(), string(kept)));
                }
                members.extend(f.extra.iter().cloned());
                json::node(Json::Object(members))
            })
            .collect();
        let mut members = vec![
            ("schema".to_string(), json::node(Json::Number("1".into()))),
            ("files".to_string(), json::node(Json::Array(files))),
        ];
        members.extend(record.extra.iter().cloned());
        let mut out = String::new();
        json::write(&mut out, &Json::Object(members), Some(2), 0);
        out.push('\n');
        out
    }

    #[test]
    fn a_record_written_entry_by_entry_is_the_tree_written_whole() {
        let sha = crate::sha256_hex(b"x");
        for text in [
            "{\"schema\":1,\"files\":[]}".to_string(),
            "{\"schema\":1,\"files\":[],\"by\":[1,{\"a\":[]}]}".to_string(),
            format!(
                "{{\"schema\":1,\"files\":[{{\"src\":\"a\\\"q\",\"target\":\"b\",\"sha256\":\"{sha}\",\"keptAgainst\":\"{sha}\",\"mode\":{{\"x\":[1,2]}}}},{{\"src\":\"c\",\"target\":\"d\",\"sha256\":\"{sha}\"}}],\"installedBy\":{{\"v\":\"2\"}},\"n\":null}}"
            ),
        ] {
            let record = parse_source_record(text.as_bytes(), "r.json").unwrap();
            assert_eq!(render_source_record(&record), rendered_as_a_tree(&record), "{text}");
        }
    }
}
