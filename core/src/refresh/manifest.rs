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

use foldhash::{HashSet, HashSetExt};
use std::borrow::Cow;

use super::digest::{canonical, hex, Sha};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, InPlace, Node};
use crate::paths::{check_collisions, validate_path};

/// The schema version this upkeep reads and writes.
pub const SCHEMA: u32 = 1;
/// The record's file name inside `home`.
pub const RECORD_NAME: &str = ".upkeep-source.json";

/// Where a source keeps its install manifest when the caller names none.
pub const DEFAULT_MANIFEST: &str = "install/manifest.json";
/// Names inside `home` that belong to upkeep and can never be managed files.
pub const RESERVED_PREFIXES: [&str; 2] = [".upkeep-source", ".upkeep-backups"];

/// One file the source manages.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
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
        super::home_files::in_home(&self.home, name)
    }

    /// Where the source record lives in the host repository.
    pub fn record_path(&self) -> String {
        self.home_path(RECORD_NAME)
    }
}

/// One entry of the source record.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
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
    pub kept_against: Option<String>,
    /// Fields this version does not know, kept in order for the next write.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub extra: Vec<(String, Node)>,
}

/// A validated `<home>/.upkeep-source.json`.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
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

/// A record entry as a refresh keeps it: its digests as bytes ([`RecordFile`] spells
/// them in hex).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    pub(crate) src: String,
    pub(crate) target: String,
    pub(crate) sha256: Sha,
    pub(crate) kept_against: Option<Sha>,
    pub(crate) extra: Vec<(String, Node)>,
}

/// A source record as a refresh keeps it ([`SourceRecord`] with [`Entry`]s).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Record {
    pub(crate) files: Vec<Entry>,
    pub(crate) extra: Vec<(String, Node)>,
}

impl Record {
    /// The record as [`parse_source_record`] gives it.
    pub(crate) fn into_source_record(self) -> SourceRecord {
        SourceRecord {
            schema: SCHEMA,
            files: (self.files.into_iter())
                .map(|e| RecordFile {
                    src: e.src,
                    target: e.target,
                    sha256: hex(&e.sha256),
                    kept_against: e.kept_against.as_ref().map(hex),
                    extra: e.extra,
                })
                .collect(),
            extra: self.extra,
        }
    }
}

/// How an error names the part of a document it is about, written only when an error is.
#[derive(Clone, Copy, Debug)]
enum What {
    /// Said as is: `the manifest`, `"files"`.
    Text(&'static str),
    /// An item of a list: `files[3]`.
    Item(&'static str, usize),
    /// A field of an item: `files[3].src`.
    Field(&'static str, usize, &'static str),
}

impl std::fmt::Display for What {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            What::Text(text) => f.write_str(text),
            What::Item(list, i) => write!(f, "{list}[{i}]"),
            What::Field(list, i, field) => write!(f, "{list}[{i}].{field}"),
        }
    }
}

/// An object's members as read in place.
type Fields<'b> = Vec<(Cow<'b, str>, InPlace<'b>)>;

fn field<'b>(fields: &[(Cow<'b, str>, InPlace<'b>)], key: &str) -> Option<InPlace<'b>> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
}

/// Reads a document and the fields a caller asks for, naming `name` and a byte offset in
/// every error. The document is checked whole first (a syntax error anywhere comes
/// before any other), then read in place, in the order the checks below ask for it.
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

    fn check<'b>(&self, bytes: &'b [u8]) -> Result<InPlace<'b>> {
        json::check(bytes).map_err(|e| self.error(e.offset, e.message))
    }

    /// The object's members, read once; returns where the object ends.
    fn object<'b>(&self, value: InPlace<'b>, what: What, into: &mut Fields<'b>) -> Result<usize> {
        if !value.is_object() {
            return Err(self.error(
                value.at(),
                format!("{what} must be an object, not {}", value.type_name()),
            ));
        }
        into.clear();
        let mut members = value.members();
        into.extend(&mut members);
        Ok(members.end().unwrap_or_else(|| value.end()))
    }

    fn array(&self, value: InPlace<'_>, what: What) -> Result<()> {
        if !value.is_array() {
            return Err(self.error(
                value.at(),
                format!("{what} must be an array, not {}", value.type_name()),
            ));
        }
        Ok(())
    }

    fn string<'b>(&self, value: InPlace<'b>, what: What) -> Result<Cow<'b, str>> {
        value.as_str().ok_or_else(|| {
            self.error(
                value.at(),
                format!("{what} must be a string, not {}", value.type_name()),
            )
        })
    }

    /// Member `key` of the object at `parent` (whose `fields` are given).
    fn required<'b>(
        &self,
        parent: usize,
        fields: &[(Cow<'b, str>, InPlace<'b>)],
        key: &str,
        what: What,
    ) -> Result<InPlace<'b>> {
        field(fields, key).ok_or_else(|| self.error(parent, format!("{what} has no \"{key}\"")))
    }

    fn path(&self, value: InPlace<'_>, what: What) -> Result<String> {
        let text = self.string(value, what)?;
        validate_path(&text).map_err(|e| {
            Error::new(
                ErrorKind::UnsafePath,
                text.as_ref(),
                format!(
                    "{what} in {} at byte {}: {}",
                    self.name,
                    value.at(),
                    detail_of(&e)
                ),
            )
        })
    }

    /// Checks `schema`: absent or older is [`ErrorKind::OldManifestSchema`], newer refused.
    fn schema(&self, top: &[(Cow<'_, str>, InPlace<'_>)], reinstall: &str) -> Result<u32> {
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
        let Some(node) = field(top, "schema") else {
            return Err(old("no \"schema\" field (a pre-release format)".into()));
        };
        let Some(text) = node.number() else {
            return Err(self.error(
                node.at(),
                format!("\"schema\" must be a number, not {}", node.type_name()),
            ));
        };
        let version: u64 = text.parse().map_err(|_| {
            self.error(
                node.at(),
                format!("\"schema\" must be a whole number, not {text}"),
            )
        })?;
        match version.cmp(&u64::from(SCHEMA)) {
            std::cmp::Ordering::Less => Err(old(format!("schema {version}"))),
            std::cmp::Ordering::Equal => Ok(SCHEMA),
            std::cmp::Ordering::Greater => Err(self.error(
                node.at(),
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

/// A path as a set of paths keeps it: borrowed from the document when validating it
/// changed nothing.
fn key<'b>(raw: &Cow<'b, str>, path: &str) -> Cow<'b, str> {
    match raw {
        Cow::Borrowed(text) if *text == path => Cow::Borrowed(text),
        _ => Cow::Owned(path.to_string()),
    }
}

/// Parses and validates an install manifest; `name` is how errors refer to it.
pub fn parse_install_manifest(bytes: &[u8], name: &str) -> Result<InstallManifest> {
    let r = Reader {
        kind: ErrorKind::InvalidManifest,
        name,
    };
    let doc = r.check(bytes)?;
    let mut top = Fields::new();
    r.object(doc, What::Text("the manifest"), &mut top)?;
    let schema = r.schema(&top, "")?;
    let home = match field(&top, "home") {
        None => ".".to_string(),
        Some(node) if node.as_str().as_deref() == Some(".") => ".".to_string(),
        Some(node) => r.path(node, What::Text("\"home\""))?,
    };
    let reserved = Reserved::new(&home);
    let list = r.required(doc.at(), &top, "files", What::Text("the manifest"))?;
    r.array(list, What::Text("\"files\""))?;
    let mut files = Vec::new();
    // Duplicates are found through sets, not a search of everything read so far (which
    // made a 100,000-entry manifest quadratic).
    let mut srcs: HashSet<Cow<'_, str>> = HashSet::new();
    let mut fields = Fields::new();
    let mut items = list.items();
    for i in 0.. {
        let Some(item) = items.next() else {
            break;
        };
        let (file, end) = manifest_file(&r, i, item, &mut fields, &mut srcs, &reserved)?;
        items.ended_at(end);
        files.push(file);
    }
    let mut renames = Vec::new();
    let (mut froms, mut tos): (HashSet<String>, HashSet<String>) = Default::default();
    if let Some(list) = field(&top, "renames") {
        r.array(list, What::Text("\"renames\""))?;
        for (i, item) in list.items().enumerate() {
            let what = What::Item("renames", i);
            r.object(item, what, &mut fields)?;
            let from = r.path(
                r.required(item.at(), &fields, "from", what)?,
                What::Field("renames", i, "from"),
            )?;
            let to = r.path(
                r.required(item.at(), &fields, "to", what)?,
                What::Field("renames", i, "to"),
            )?;
            if tos.contains(&to) || froms.contains(&from) {
                return Err(r.error(
                    item.at(),
                    format!("{what} renames '{from}' or '{to}' twice"),
                ));
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

/// Entry `i` of a manifest's `files`. A function of its own, called per entry: in
/// WebAssembly a long loop in one call runs in V8's baseline code to its end, a function
/// called 100,000 times is optimized after its first few hundred calls.
#[inline(never)]
fn manifest_file<'b>(
    r: &Reader<'_>,
    i: usize,
    item: InPlace<'b>,
    fields: &mut Fields<'b>,
    srcs: &mut HashSet<Cow<'b, str>>,
    reserved: &Reserved,
) -> Result<(ManifestFile, usize)> {
    let what = What::Item("files", i);
    let end = r.object(item, what, fields)?;
    let src_node = r.required(item.at(), fields, "src", what)?;
    let src = r.path(src_node, What::Field("files", i, "src"))?;
    let target = r.path(
        r.required(item.at(), fields, "target", what)?,
        What::Field("files", i, "target"),
    )?;
    if let Some(reserved) = reserved.name(&target) {
        return Err(Error::new(
            ErrorKind::UnsafePath,
            &target,
            format!(
                "{what}.target in {}: '{reserved}' inside home is upkeep's own file",
                r.name
            ),
        ));
    }
    let raw = src_node.as_str().unwrap_or_default();
    if !srcs.insert(key(&raw, &src)) {
        return Err(r.error(item.at(), format!("{what}.src '{src}' is listed twice")));
    }
    Ok((ManifestFile { src, target }, end))
}

/// The names inside `home` that are upkeep's own ([`RESERVED_PREFIXES`]).
struct Reserved {
    home: String,
}

impl Reserved {
    fn new(home: &str) -> Self {
        Reserved {
            home: home.to_string(),
        }
    }

    /// The reserved name `target` would overwrite inside home, if any.
    fn name<'t>(&self, target: &'t str) -> Option<&'t str> {
        // Every reserved name holds ".upkeep-"; an ASCII path without it (in any case)
        // cannot reach one, and needs no lowercase copy.
        if target.is_ascii() && !contains_ignoring_ascii_case(target.as_bytes(), b".upkeep-") {
            return None;
        }
        reserved_name(&self.home, target)
    }
}

fn contains_ignoring_ascii_case(text: &[u8], needle: &[u8]) -> bool {
    text.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
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
    read_record(bytes, name, |_| false).map(Record::into_source_record)
}

/// [`parse_source_record`] as a refresh keeps the record. `collision_free` may vouch for
/// the entries' targets (a refresh knows when they are the manifest's own, already
/// checked): the collision check, which cannot fail then, is skipped.
pub(crate) fn read_record(
    bytes: &[u8],
    name: &str,
    collision_free: impl FnOnce(&[Entry]) -> bool,
) -> Result<Record> {
    let r = Reader {
        kind: ErrorKind::InvalidRecord,
        name,
    };
    let doc = r.check(bytes)?;
    let mut top = Fields::new();
    r.object(doc, What::Text("the record"), &mut top)?;
    let _schema = r.schema(&top, " (this replaces the record)")?;
    let list = r.required(doc.at(), &top, "files", What::Text("the record"))?;
    r.array(list, What::Text("\"files\""))?;
    let mut files = Vec::new();
    let mut srcs: HashSet<Cow<'_, str>> = HashSet::new();
    let mut fields = Fields::new();
    let mut items = list.items();
    for i in 0.. {
        let Some(item) = items.next() else {
            break;
        };
        let (entry, end) = record_entry(&r, i, item, &mut fields, &mut srcs)?;
        items.ended_at(end);
        files.push(entry);
    }
    if !collision_free(&files) {
        let targets: Vec<&str> = files.iter().map(|f| f.target.as_str()).collect();
        check_collisions(&targets)?;
    }
    Ok(Record {
        files,
        extra: keep_unknown(&top, &["schema", "files"]),
    })
}

/// Entry `i` of a record's `files` (a function of its own for the reason
/// [`manifest_file`] gives).
#[inline(never)]
fn record_entry<'b>(
    r: &Reader<'_>,
    i: usize,
    item: InPlace<'b>,
    fields: &mut Fields<'b>,
    srcs: &mut HashSet<Cow<'b, str>>,
) -> Result<(Entry, usize)> {
    let digest = |node: InPlace<'_>, what: What| -> Result<Sha> {
        let text = r.string(node, what)?;
        // As the engine writes digests (lowercase) they need no more than a table lookup.
        if let Some(sha) = canonical(&text) {
            return Ok(sha);
        }
        let sha = crate::parse_digest(&text)
            .map_err(|e| r.error(node.at(), format!("{what}: {}", detail_of(&e))))?;
        Ok(*sha.as_bytes())
    };
    let what = What::Item("files", i);
    let end = r.object(item, what, fields)?;
    let src_node = r.required(item.at(), fields, "src", what)?;
    let src = r.path(src_node, What::Field("files", i, "src"))?;
    let target = r.path(
        r.required(item.at(), fields, "target", what)?,
        What::Field("files", i, "target"),
    )?;
    let sha_node = r.required(item.at(), fields, "sha256", what)?;
    let sha256 = digest(sha_node, What::Field("files", i, "sha256"))?;
    let raw = src_node.as_str().unwrap_or_default();
    if !srcs.insert(key(&raw, &src)) {
        return Err(r.error(item.at(), format!("{what}.src '{src}' is recorded twice")));
    }
    let kept_against = match field(fields, "keptAgainst") {
        None => None,
        Some(node) => Some(digest(node, What::Field("files", i, "keptAgainst"))?),
    };
    let extra = keep_unknown(fields, &["src", "target", "sha256", "keptAgainst"]);
    Ok((
        Entry {
            src,
            target,
            sha256,
            kept_against,
            extra,
        },
        end,
    ))
}

fn keep_unknown(members: &[(Cow<'_, str>, InPlace<'_>)], known: &[&str]) -> Vec<(String, Node)> {
    members
        .iter()
        .filter(|(k, _)| !known.contains(&k.as_ref()))
        .map(|(k, v)| (k.to_string(), v.to_node()))
        .collect()
}

/// The record's file content: pretty JSON, two-space indent, a final newline; unknown
/// fields come back after the known ones, in their original order.
pub fn render_source_record(record: &SourceRecord) -> String {
    let mut out = String::with_capacity(64 + record.files.len() * 192);
    let mut writer = RecordWriter::start(&mut out);
    for f in &record.files {
        writer.entry(
            &mut out,
            RecordLine {
                src: &f.src,
                target: &f.target,
                sha256: &f.sha256,
                kept_against: f.kept_against.as_deref(),
                extra: &f.extra,
            },
        );
    }
    writer.finish(&mut out, &record.extra);
    out
}

/// One entry of a record as it is written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RecordLine<'e> {
    pub(crate) src: &'e str,
    pub(crate) target: &'e str,
    pub(crate) sha256: &'e str,
    pub(crate) kept_against: Option<&'e str>,
    pub(crate) extra: &'e [(String, Node)],
}

/// Writes a record's text an entry at a time, laid out exactly as `json::write` lays out
/// the whole document (two-space indent): neither a tree of the record nor, when the
/// text is only hashed, the text itself is ever held whole (at 100,000 entries each was a
/// second copy of the record at a refresh plan's peak).
#[derive(Debug)]
pub(crate) struct RecordWriter {
    entries: usize,
}

impl RecordWriter {
    /// Writes everything before the first entry.
    pub(crate) fn start(out: &mut String) -> Self {
        out.push_str("{\n  \"schema\": ");
        out.push_str(&SCHEMA.to_string());
        out.push_str(",\n  \"files\": ");
        RecordWriter { entries: 0 }
    }

    /// Writes one entry.
    #[inline(never)] // called per entry: optimized early in WebAssembly (see `digest::sha256`)
    pub(crate) fn entry(&mut self, out: &mut String, line: RecordLine<'_>) {
        out.push_str(if self.entries == 0 { "[" } else { "," });
        self.entries += 1;
        out.push_str("\n    {");
        let member = |out: &mut String, first: bool, key: &str| {
            out.push_str(if first { "\n      " } else { ",\n      " });
            json::write_string(out, key);
            out.push_str(": ");
        };
        member(out, true, "src");
        json::write_string(out, line.src);
        member(out, false, "target");
        json::write_string(out, line.target);
        member(out, false, "sha256");
        json::write_string(out, line.sha256);
        if let Some(kept) = line.kept_against {
            member(out, false, "keptAgainst");
            json::write_string(out, kept);
        }
        for (key, item) in line.extra {
            member(out, false, key);
            json::write(out, &item.value, Some(2), 3);
        }
        out.push_str("\n    }");
    }

    /// Writes everything after the last entry: the unknown top-level fields, in order.
    pub(crate) fn finish(self, out: &mut String, extra: &[(String, Node)]) {
        out.push_str(if self.entries == 0 { "[]" } else { "\n  ]" });
        for (key, item) in extra {
            out.push_str(",\n  ");
            json::write_string(out, key);
            out.push_str(": ");
            json::write(out, &item.value, Some(2), 1);
        }
        out.push_str("\n}\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;

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
