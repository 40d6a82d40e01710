//! The JSON schemas of the documents upkeep reads (`npm/schemas/*.schema.json`), generated
//! by schemars from the types below (`make generate`, core's `contracts` feature).
//!
//! Every one of these documents is read by a hand-written parser (the engine's own JSON
//! reader: byte offsets in errors, duplicate keys refused, unknown keys kept where they are
//! written back), not by serde. So each type here mirrors what its parser accepts: the same
//! keys, required exactly where the parser requires them, closed exactly where it refuses
//! unknown keys, with the rules the parser enforces beyond types in the doc comments.
//! `tests/js/schemas.test.js` ties each mirror to its parser on every engine: a document
//! with every property is accepted, dropping a required key is refused and an optional one
//! is not, an unknown key is refused exactly where the schema closes the object, and the
//! item keys of strictly read lists agree.

// The mirrors are described, never built: their fields and variants are read by schemars only.
#![allow(dead_code)]

use schemars::generate::SchemaSettings;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

/// Where the schemas say they live (`$id`): no public address is promised yet.
const ID_BASE: &str = "https://example.invalid/upkeep/";

/// `"schema": 1`, the only format version there is.
fn schema_one(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "const": 1 })
}

/// `"."`: a manifest's `home` when it names none.
fn dot() -> String {
    ".".into()
}

/// # upkeep install manifest (install/manifest.json)
///
/// The files a source copies into a host repository. Parsed strictly: duplicate keys, a
/// byte-order mark, nesting deeper than 64 levels and documents over 32 MiB are refused.
/// Unknown fields are accepted and ignored. Every path is relative and '/'-separated ('\'
/// is read as a separator); '..', '.', empty segments, drive letters, UNC names, control
/// characters and any spelling of '.git' are refused, as are targets that collide after
/// case folding and Unicode NFC.
#[derive(serde::Serialize, JsonSchema)]
struct InstallManifestDoc {
    /// Format version. Older (or missing) is refused with the instruction to re-install.
    #[schemars(schema_with = "schema_one")]
    schema: u32,
    /// Host folder for .upkeep-source.json, the refresh journal and lock, and
    /// .upkeep-backups/.
    #[serde(default = "dot")]
    home: String,
    /// The managed files, in order.
    files: Vec<InstallFileDoc>,
    /// Source files that moved: the record entry of 'from' follows to 'to' (an update, not
    /// a delete plus an add).
    #[serde(default)]
    renames: Vec<RenameDoc>,
}

/// One managed file.
#[derive(serde::Serialize, JsonSchema)]
struct InstallFileDoc {
    /// Path inside the source; unique.
    src: String,
    /// Path inside the host repository; not one of upkeep's own files in home.
    target: String,
}

/// One moved source file.
#[derive(serde::Serialize, JsonSchema)]
struct RenameDoc {
    /// The old `src`.
    from: String,
    /// The new `src`.
    to: String,
}

/// # upkeep source record (<home>/.upkeep-source.json)
///
/// What upkeep wrote into the host repository. Written by install and refresh (two-space
/// indent, final newline); unknown fields, top-level and per file, are written back
/// unchanged.
#[derive(serde::Serialize, JsonSchema)]
struct SourceRecordDoc {
    /// Format version.
    #[schemars(schema_with = "schema_one")]
    schema: u32,
    /// The recorded files.
    files: Vec<RecordFileDoc>,
}

/// One recorded file.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct RecordFileDoc {
    /// Path inside the source when the file was written.
    src: String,
    /// Path inside the host repository.
    target: String,
    /// SHA-256 of what upkeep wrote, or of the host's file after keep-mine.
    #[schemars(regex(pattern = "^[0-9a-f]{64}$"))]
    sha256: String,
    /// After keep-mine: the source hash the user's version was kept against. The file is
    /// left alone until the source changes again, then asked about (never silently
    /// updated).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = "^[0-9a-f]{64}$"), transform = not_nullable)]
    kept_against: Option<String>,
}

/// An optional key the parser reads only as its type when present (`null` is refused):
/// schemars's `T | null` for an `Option<T>` becomes `T`, keeping the key's description.
fn not_nullable(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    if let Some(serde_json::Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t.as_str() != Some("null"));
        if let [only] = types.as_slice() {
            let only = only.clone();
            object.insert("type".into(), only);
        }
    }
    if let Some(serde_json::Value::Array(mut choices)) = object.remove("anyOf") {
        choices.retain(|c| c.get("type").and_then(|t| t.as_str()) != Some("null"));
        match choices.pop() {
            Some(serde_json::Value::Object(only)) if choices.is_empty() => {
                for (key, value) in only {
                    object.entry(key).or_insert(value);
                }
            }
            Some(last) => {
                choices.push(last);
                object.insert("anyOf".into(), choices.into());
            }
            None => {}
        }
    }
}

/// # upkeep project source (.upkeep/source.json)
///
/// Where a project scaffolded with `upkeep new` (or recorded with `upkeep adopt`) came
/// from, so `upkeep update` and `upkeep status` need no flags. Written by upkeep (every
/// key, two-space indent, final newline); moves only when an update completes. Parsed
/// strictly: unknown keys, duplicate keys and a byte-order mark are refused. Not to be
/// confused with `source-record.schema.json`, the install record of `upkeep
/// install`/`refresh`.
#[derive(serde::Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ProjectSourceDoc {
    /// Format version.
    #[schemars(schema_with = "schema_one")]
    schema: u32,
    /// A release spec without version or sub-path: `npm:<name>`, `git+https://…`,
    /// `git@host:path`, `ssh://…`, or a path (relative to the project root) to a folder, a
    /// .tar.gz or a git repository.
    #[schemars(
        example = &"npm:create-vite",
        example = &"git+https://github.com/acme/template.git",
        example = &"../templates/web"
    )]
    source: String,
    /// The installed release's semantic version (the tag's, the package's, or the
    /// release's own .upkeep/VERSION).
    #[schemars(example = &"5.5.5")]
    version: String,
    /// The folder of the release that is the template (`template-react-ts`), or null for
    /// its root.
    subpath: Option<String>,
    /// What was installed, exactly: `<tag>@<commit>` for git, the registry's integrity
    /// (`sha512-…`) for npm, the archive's `sha512-…` for a .tar.gz, null for a folder (its
    /// copy in upkeep's cache is the baseline). An update whose baseline resolves to
    /// something else refuses (release-drift) unless --allow-drift.
    #[schemars(
        length(max = 512),
        example = &"v1.2.0@3f2c9a1e0b7d4c5a6f8e9d0c1b2a3f4e5d6c7b8a",
        example = &"sha512-xQaaMBBP7iTs9GrWj48y6WIMqn1l+83ao/BW1T32KkEzzi6kTEEAp0UI9EW/waCy7R4dGN6bRR86YQfPHmUsuQ=="
    )]
    resolved: Option<String>,
}

mod update_manifest;
use update_manifest::UpdateManifestDoc;

mod loop_documents;
use loop_documents::{LoopBricksDoc, LoopGraphDoc};

/// Every schema, by file stem (`npm/schemas/<stem>.schema.json`), in file-name order.
pub fn json_schemas() -> Vec<(&'static str, Schema)> {
    vec![
        (
            "install-manifest",
            root::<InstallManifestDoc>("install-manifest"),
        ),
        ("loop-bricks", root::<LoopBricksDoc>("loop-bricks")),
        ("loop-graph", root::<LoopGraphDoc>("loop-graph")),
        ("project-source", root::<ProjectSourceDoc>("project-source")),
        ("source-record", root::<SourceRecordDoc>("source-record")),
        (
            "update-manifest",
            root::<UpdateManifestDoc>("update-manifest"),
        ),
    ]
}

/// `T`'s schema (draft 2020-12, subschemas written in place) with its `$id`.
fn root<T: JsonSchema>(stem: &str) -> Schema {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    let mut schema = settings.into_generator().into_root_schema_for::<T>();
    schema.insert("$id".into(), format!("{ID_BASE}{stem}.schema.json").into());
    schema
}
