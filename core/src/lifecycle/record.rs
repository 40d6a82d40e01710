//! `.upkeep/source.json`: where a project came from, so `upkeep update` and `upkeep status`
//! need no flags (schema: `npm/schemas/project-source.schema.json`).
//!
//! ```json
//! {
//!   "schema": 1,
//!   "source": "npm:create-vite",
//!   "version": "5.5.5",
//!   "subpath": "template-react-ts",
//!   "resolved": "sha512-…"
//! }
//! ```
//!
//! `source` is a release spec without its version and sub-path; `resolved` pins what was
//! installed: `<tag>@<commit>` for git, the registry's integrity for npm, the archive's
//! integrity for a tarball, `null` for a directory (which has no fixed identity: its copy
//! in upkeep's cache is the baseline). Parsing is strict and names the file.
//!
//! ```
//! use upkeep_core::lifecycle::{parse_project_source, render_project_source};
//!
//! let text = "{\"schema\":1,\"source\":\"npm:create-vite\",\"version\":\"5.5.5\",\"subpath\":\"template-react-ts\",\"resolved\":null}";
//! let record = parse_project_source(text, None).unwrap();
//! assert_eq!(record.subpath.as_deref(), Some("template-react-ts"));
//! assert!(render_project_source(&record).starts_with("{\n  \"schema\": 1,\n  \"source\": \"npm:create-vite\",\n"));
//! let err = parse_project_source("{\"schema\":1,\"source\":\"npm:x@1.0.0\",\"version\":\"1.0.0\"}", Some("s.json")).unwrap_err();
//! assert_eq!(err.code(), "invalid-source-file");
//! ```

use super::spec::parse_release_spec;
use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Json, Node};
use crate::paths::validate_canonical_path;
use crate::update::{Version, DEFAULT_STATE_DIR};

/// The schema of `.upkeep/source.json` this engine reads and writes.
pub const PROJECT_SOURCE_SCHEMA: u32 = 1;

/// The file's name inside the state folder.
pub const PROJECT_SOURCE_FILE: &str = "source.json";

/// A project's recorded source.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ProjectSource {
    /// The release spec without version and sub-path (`npm:create-vite`, `../tpl.git`).
    pub source: String,
    /// The installed version.
    pub version: String,
    /// The folder of the release that is the template, when not its root.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub subpath: Option<String>,
    /// What was installed, exactly (see the module docs); `None` when the source has no
    /// fixed identity.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub resolved: Option<String>,
}

/// Parses `.upkeep/source.json`; `label` names it in errors (none: `.upkeep/source.json`,
/// the record in the default state folder).
pub fn parse_project_source(text: &str, label: Option<&str>) -> Result<ProjectSource> {
    let default_label = format!("{DEFAULT_STATE_DIR}/{PROJECT_SOURCE_FILE}");
    let label = label.unwrap_or(&default_label);
    let invalid = |detail: String| Error::new(ErrorKind::InvalidSourceFile, label, detail);
    let doc = json::parse(text.as_bytes()).map_err(|e| invalid(e.to_string()))?;
    let Json::Object(members) = &doc.value else {
        return Err(invalid(format!(
            "the top level is {}, not an object",
            doc.type_phrase()
        )));
    };
    if let Some((key, _)) = members.iter().find(|(k, _)| {
        !matches!(
            k.as_str(),
            "schema" | "source" | "version" | "subpath" | "resolved"
        )
    }) {
        return Err(invalid(format!(
            "unknown key {key:?} (expected schema, source, version, subpath, resolved)"
        )));
    }
    match doc.get("schema") {
        Some(Node { value: Json::Number(n), .. }) if n == "1" => {}
        Some(Node { value: Json::Number(n), .. }) => {
            return Err(invalid(format!(
                "schema {n} is not supported; this upkeep reads schema {PROJECT_SOURCE_SCHEMA} (upgrade upkeep)"
            )))
        }
        _ => return Err(invalid("\"schema\" must be the number 1".into())),
    }
    let text_of = |key: &str| -> Result<Option<String>> {
        match doc.get(key) {
            None
            | Some(Node {
                value: Json::Null, ..
            }) => Ok(None),
            Some(Node {
                value: Json::String(s),
                ..
            }) => Ok(Some(s.clone())),
            Some(other) => Err(invalid(format!(
                "\"{key}\" is {}, not a string",
                other.type_phrase()
            ))),
        }
    };
    let source = text_of("source")?.ok_or_else(|| invalid("\"source\" is missing".into()))?;
    let spec = parse_release_spec(&source).map_err(|e| invalid(format!("\"source\": {e}")))?;
    if spec.version.is_some() || spec.git_ref.is_some() || spec.subpath.is_some() {
        return Err(invalid(format!(
            "\"source\" is {source:?}; it must name the source only (the version and sub-path have their own keys)"
        )));
    }
    let version = text_of("version")?.ok_or_else(|| invalid("\"version\" is missing".into()))?;
    let parsed: Version = version
        .parse()
        .map_err(|e: Error| invalid(format!("\"version\": {e}")))?;
    let subpath = text_of("subpath")?;
    if let Some(sub) = &subpath {
        validate_canonical_path(sub).map_err(|e| invalid(format!("\"subpath\": {e}")))?;
    }
    let resolved = text_of("resolved")?;
    if let Some(r) = &resolved {
        if r.is_empty() || r.len() > 512 || r.chars().any(char::is_control) {
            return Err(invalid(
                "\"resolved\" must be a non-empty line of at most 512 characters".into(),
            ));
        }
    }
    Ok(ProjectSource {
        source,
        version: parsed.to_string(),
        subpath,
        resolved,
    })
}

/// Writes the record as upkeep writes it: every key, two-space indent, a final newline.
pub fn render_project_source(record: &ProjectSource) -> String {
    let text = |s: &Option<String>| match s {
        Some(s) => Json::String(s.clone()),
        None => Json::Null,
    };
    let doc = Json::Object(vec![
        (
            "schema".into(),
            json::node(Json::Number(PROJECT_SOURCE_SCHEMA.to_string())),
        ),
        (
            "source".into(),
            json::node(Json::String(record.source.clone())),
        ),
        (
            "version".into(),
            json::node(Json::String(record.version.clone())),
        ),
        ("subpath".into(), json::node(text(&record.subpath))),
        ("resolved".into(), json::node(text(&record.resolved))),
    ]);
    let mut out = String::new();
    json::write(&mut out, &doc, Some(2), 0);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let record = ProjectSource {
            source: "../tpl.git".into(),
            version: "1.2.0".into(),
            subpath: None,
            resolved: Some("v1.2.0@0123456789abcdef0123456789abcdef01234567".into()),
        };
        let text = render_project_source(&record);
        assert_eq!(parse_project_source(&text, Some("s")).unwrap(), record);
        assert!(text.contains("\"subpath\": null"));
    }

    #[test]
    fn refusals_name_the_key() {
        for (text, detail) in [
            ("[]", "the top level is an array"),
            (
                "{\"schema\":2,\"source\":\"x\",\"version\":\"1.0.0\"}",
                "schema 2 is not supported",
            ),
            (
                "{\"source\":\"x\",\"version\":\"1.0.0\"}",
                "\"schema\" must be",
            ),
            (
                "{\"schema\":1,\"version\":\"1.0.0\"}",
                "\"source\" is missing",
            ),
            (
                "{\"schema\":1,\"source\":\"svn://x\",\"version\":\"1.0.0\"}",
                "'svn://' is not a source",
            ),
            (
                "{\"schema\":1,\"source\":\"./t//a\",\"version\":\"1.0.0\"}",
                "must name the source only",
            ),
            (
                "{\"schema\":1,\"source\":\"./t\",\"version\":\"1.0\"}",
                "\"version\": invalid version '1.0'",
            ),
            (
                "{\"schema\":1,\"source\":\"./t\",\"version\":\"1.0.0\",\"subpath\":\"../x\"}",
                "\"subpath\": unsafe path",
            ),
            (
                "{\"schema\":1,\"source\":\"./t\",\"version\":\"1.0.0\",\"resolved\":\"\"}",
                "\"resolved\" must be",
            ),
            (
                "{\"schema\":1,\"source\":\"./t\",\"version\":\"1.0.0\",\"x\":1}",
                "unknown key \"x\"",
            ),
            (
                "{\"schema\":1,\"source\":1,\"version\":\"1.0.0\"}",
                "\"source\" is a number",
            ),
        ] {
            let err = parse_project_source(text, None).unwrap_err();
            assert_eq!(err.code(), "invalid-source-file", "{text}");
            assert!(err.to_string().contains(detail), "{text}: {err}");
        }
    }
}
