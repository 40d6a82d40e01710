//! Release manifests: `.upkeep/manifest.json`, upstream's list of the files it manages.
//!
//! ```json
//! {"schema": 1,
//!  "files": {"README.md": "shared", "src/index.js": "owned"},
//!  "claims": [{"file": "docs/design.md", "flag": "established", "paths": ["docs/design.md"]}]}
//! ```
//!
//! Parsing is strict: not JSON (duplicate keys, a BOM, too deep, too large), another
//! schema, an unknown key or class, or an unsafe path is an error naming the manifest and
//! what is wrong. `merges` and `regions` belong to later capabilities; they are accepted
//! and preserved as JSON. A **claim** hands paths over to the project: when `file`'s front
//! matter sets `flag: true`, the claimed paths are left out of the update entirely.
//!
//! ```
//! use upkeep_core::update::{parse_manifest, FileClass};
//!
//! let m = parse_manifest(r#"{"schema":1,"files":{"a.md":"wiki-owned"}}"#, "latest").unwrap();
//! assert_eq!((m.files[0].path.as_str(), m.files[0].class), ("a.md", FileClass::WikiOwned));
//! let err = parse_manifest(r#"{"schema":1,"files":{"../a":"owned"}}"#, "latest").unwrap_err();
//! assert_eq!(err.code(), "unsafe-path");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Json, Node};

use crate::paths::{check_collisions, validate_canonical_path};

/// The manifest schema this engine reads.
pub const MANIFEST_SCHEMA: u32 = 1;

/// How upstream manages a file. Anything a manifest does not list is the project's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum FileClass {
    /// Upstream controls the file fully.
    Owned,
    /// Upstream seeds the file; the project customizes it.
    Shared,
    /// An upstream-seeded documentation page the project grows.
    WikiOwned,
}

/// Every class a manifest may give a file, with what it means in a few words (a view's
/// chooser).
pub const FILE_CLASSES: [(&str, &str); 3] = [
    (
        "owned",
        "upstream controls it: a copy the project already has is backed up and replaced",
    ),
    (
        "shared",
        "upstream seeds it, the project customizes it: a copy the project already has is kept",
    ),
    (
        "wiki-owned",
        "a page upstream seeds and the project grows: as shared",
    ),
];

impl FileClass {
    /// The manifest spelling: `owned`, `shared`, `wiki-owned`.
    pub fn as_str(&self) -> &'static str {
        match self {
            FileClass::Owned => "owned",
            FileClass::Shared => "shared",
            FileClass::WikiOwned => "wiki-owned",
        }
    }
}

/// One managed file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestEntry {
    /// Its path, relative to the project root, `/`-separated.
    pub path: String,
    /// How upstream manages it.
    pub class: FileClass,
}

/// Paths the project takes over once `file`'s front matter sets `flag: true`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Claim {
    /// The project file whose front matter is read.
    pub file: String,
    /// The front-matter key that, set to `true`, makes the claim.
    pub flag: String,
    /// The managed paths the claim takes over.
    pub paths: Vec<String>,
}

/// A parsed release manifest.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Manifest {
    /// Always [`MANIFEST_SCHEMA`].
    pub schema: u32,
    /// The managed files, in manifest order.
    pub files: Vec<ManifestEntry>,
    /// Claims, in manifest order.
    pub claims: Vec<Claim>,
    /// Structured-merge declarations, kept for the capability that reads them.
    pub merges: Option<Node>,
    /// Generated-region declarations, kept for the capability that reads them.
    pub regions: Option<Node>,
    /// Renames at scaffold time (`{"_gitignore": ".gitignore"}`), read by
    /// [`crate::lifecycle`]; `files` lists the installed names.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub install: Option<Node>,
}

impl Manifest {
    /// The class of `path`, when the manifest lists it.
    pub fn class_of(&self, path: &str) -> Option<FileClass> {
        self.files.iter().find(|e| e.path == path).map(|e| e.class)
    }
}

/// What a manifest is called in errors when the caller names none.
const DEFAULT_MANIFEST_LABEL: &str = "manifest";

/// Parses manifest text; `label` names the manifest in errors (e.g. `latest release`), and
/// `None` (a binding's left-out argument) names it `manifest`.
pub fn parse_manifest<'a>(text: &str, label: impl Into<Option<&'a str>>) -> Result<Manifest> {
    let label = label.into().unwrap_or(DEFAULT_MANIFEST_LABEL);
    let invalid = |detail: String| Error::new(ErrorKind::InvalidManifest, label, detail);
    let doc = json::parse(text.as_bytes()).map_err(|e| invalid(e.to_string()))?;
    let Json::Object(members) = doc.value else {
        return Err(invalid(format!(
            "the top level is {}, not an object",
            doc.type_phrase()
        )));
    };
    for (key, _) in &members {
        if !matches!(
            key.as_str(),
            "schema" | "files" | "claims" | "merges" | "regions" | "install"
        ) {
            return Err(invalid(format!(
                "unknown key {key:?} (expected schema, files, claims, merges, regions, install)"
            )));
        }
    }
    // Taken apart by value: a 100,000-entry `files` moves its paths instead of copying them.
    let mut parts = Parts::default();
    for (key, node) in members {
        let slot = match key.as_str() {
            "schema" => &mut parts.schema,
            "files" => &mut parts.files,
            "claims" => &mut parts.claims,
            "merges" => &mut parts.merges,
            "regions" => &mut parts.regions,
            _ => &mut parts.install,
        };
        *slot = Some(node);
    }
    match &parts.schema {
        Some(Node { value: Json::Number(n), .. }) if n.parse::<f64>() == Ok(f64::from(MANIFEST_SCHEMA)) => {}
        Some(Node { value: Json::Number(n), .. }) => {
            return Err(invalid(format!(
                "schema {n} is not supported; this upkeep reads schema {MANIFEST_SCHEMA} (upgrade upkeep or regenerate the manifest)"
            )))
        }
        Some(other) => return Err(invalid(format!("\"schema\" is {}, not a number", other.type_phrase()))),
        None => return Err(invalid("\"schema\" is missing".into())),
    }
    let Some(Node {
        value: Json::Object(entries),
        ..
    }) = parts.files
    else {
        return Err(invalid("\"files\" must be an object of path: class".into()));
    };
    let mut files = Vec::with_capacity(entries.len());
    for (path, class) in entries {
        validate_canonical_path(&path)?;
        let class = match class.as_str() {
            Some("owned") => FileClass::Owned,
            Some("shared") => FileClass::Shared,
            Some("wiki-owned") => FileClass::WikiOwned,
            _ => {
                return Err(invalid(format!(
                    "the class of {path:?} is {}; expected \"owned\", \"shared\" or \"wiki-owned\"",
                    describe(&class)
                )))
            }
        };
        files.push(ManifestEntry { path, class });
    }
    check_collisions(&files.iter().map(|e| e.path.as_str()).collect::<Vec<_>>())?;
    let claims = match &parts.claims {
        None => Vec::new(),
        Some(Node {
            value: Json::Array(items),
            ..
        }) => items
            .iter()
            .enumerate()
            .map(|(i, item)| parse_claim(item).map_err(|d| invalid(format!("claims[{i}]: {d}"))))
            .collect::<Result<Vec<_>>>()?,
        Some(other) => {
            return Err(invalid(format!(
                "\"claims\" is {}, not an array",
                other.type_phrase()
            )))
        }
    };
    for claim in &claims {
        validate_canonical_path(&claim.file)?;
        claim
            .paths
            .iter()
            .try_for_each(|p| validate_canonical_path(p))?;
    }
    Ok(Manifest {
        schema: MANIFEST_SCHEMA,
        files,
        claims,
        merges: parts.merges,
        regions: parts.regions,
        install: parts.install,
    })
}

/// A manifest document's top-level members, by name.
#[derive(Default)]
struct Parts {
    schema: Option<Node>,
    files: Option<Node>,
    claims: Option<Node>,
    merges: Option<Node>,
    regions: Option<Node>,
    install: Option<Node>,
}

fn describe(value: &Node) -> String {
    match value.as_str() {
        Some(s) => format!("{s:?}"),
        None => value.type_phrase().to_string(),
    }
}

fn parse_claim(item: &Node) -> std::result::Result<Claim, String> {
    let Json::Object(members) = &item.value else {
        return Err(format!("is {}, not an object", item.type_phrase()));
    };
    if let Some((key, _)) = members
        .iter()
        .find(|(k, _)| !matches!(k.as_str(), "file" | "flag" | "paths"))
    {
        return Err(format!("unknown key {key:?} (expected file, flag, paths)"));
    }
    let text = |key: &str| match item.get(key) {
        Some(Node {
            value: Json::String(s),
            ..
        }) if !s.trim().is_empty() => Ok(s.clone()),
        _ => Err(format!("\"{key}\" must be a non-empty string")),
    };
    let paths = match item.get("paths") {
        Some(Node {
            value: Json::Array(paths),
            ..
        }) if !paths.is_empty() => paths
            .iter()
            .map(|p| match p.as_str() {
                Some(s) => Ok(s.to_string()),
                None => Err(format!("\"paths\" holds {}, not a string", p.type_phrase())),
            })
            .collect::<std::result::Result<Vec<_>, _>>()?,
        _ => return Err("\"paths\" must be a non-empty array of paths".into()),
    };
    Ok(Claim {
        file: text("file")?,
        flag: text("flag")?,
        paths,
    })
}

/// Whether a claim holds for the project file's bytes (`None`: the file is absent): the
/// file opens with a `---` front-matter block in which `flag:` is `true`.
pub fn claim_holds(claim: &Claim, file: Option<&[u8]>) -> bool {
    let Some(text) = file.and_then(|b| std::str::from_utf8(b).ok()) else {
        return false;
    };
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    if lines.next().map(str::trim_end) != Some("---") {
        return false;
    }
    for line in lines {
        let line = line.trim_end();
        if line == "---" || line == "..." {
            break;
        }
        if let Some(value) = line
            .strip_prefix(claim.flag.as_str())
            .and_then(|r| r.strip_prefix(':'))
        {
            let value = value.split(" #").next().unwrap_or("").trim();
            return matches!(value, "true" | "True" | "TRUE");
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_class_parses_as_itself() {
        for (class, _) in FILE_CLASSES {
            let m = parse_manifest(&format!(r#"{{"schema":1,"files":{{"a":"{class}"}}}}"#), "m")
                .unwrap();
            assert_eq!(m.files[0].class.as_str(), class);
        }
    }

    #[test]
    fn reads_every_part() {
        let m = parse_manifest(
            r#"{"schema":1,"files":{"b":"owned","a":"shared"},"claims":[{"file":"d.md","flag":"established","paths":["a"]}],"merges":{"a":"json"},"regions":[]}"#,
            "m",
        )
        .unwrap();
        assert_eq!(
            m.files.iter().map(|e| e.path.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        assert_eq!(m.claims[0].paths, ["a"]);
        assert!(
            matches!(m.regions, Some(Node { value: Json::Array(ref items), .. }) if items.is_empty())
        );
        assert_eq!(m.class_of("a"), Some(FileClass::Shared));
    }

    #[test]
    fn refuses_bad_manifests_by_name() {
        for (text, code, detail) in [
            (
                "{",
                "invalid-manifest",
                "at byte 1: unexpected end of input",
            ),
            ("[]", "invalid-manifest", "the top level is an array"),
            (
                r#"{"schema":2,"files":{}}"#,
                "invalid-manifest",
                "schema 2 is not supported",
            ),
            (
                r#"{"files":{}}"#,
                "invalid-manifest",
                "\"schema\" is missing",
            ),
            (
                r#"{"schema":1,"files":[]}"#,
                "invalid-manifest",
                "\"files\" must be an object",
            ),
            (
                r#"{"schema":1,"files":{"a":"mine"}}"#,
                "invalid-manifest",
                "the class of \"a\" is \"mine\"",
            ),
            (
                r#"{"schema":1,"files":{},"extra":1}"#,
                "invalid-manifest",
                "unknown key \"extra\"",
            ),
            (
                r#"{"schema":1,"files":{"a":"owned","a":"shared"}}"#,
                "invalid-manifest",
                "duplicate key \"a\"",
            ),
            (
                r#"{"schema":1,"files":{"A":"owned","a":"shared"}}"#,
                "path-collision",
                "collides with 'A'",
            ),
            (
                r#"{"schema":1,"files":{".git/hooks/x":"owned"}}"#,
                "unsafe-path",
                ".git",
            ),
            (
                r#"{"schema":1,"files":{},"claims":{}}"#,
                "invalid-manifest",
                "\"claims\" is an object",
            ),
            (
                r#"{"schema":1,"files":{},"claims":[{"file":"a","flag":"x","paths":[]}]}"#,
                "invalid-manifest",
                "claims[0]: \"paths\" must be",
            ),
        ] {
            let err = parse_manifest(text, "the manifest").unwrap_err();
            assert_eq!(err.code(), code, "{text}");
            assert!(err.to_string().contains(detail), "{text}: {err}");
        }
    }

    #[test]
    fn claims_read_front_matter() {
        let claim = Claim {
            file: "d.md".into(),
            flag: "established".into(),
            paths: vec![],
        };
        for (text, holds) in [
            ("---\nestablished: true\n---\n# x\n", true),
            (
                "---\r\ntitle: a\r\nestablished: true # ours now\r\n---\r\n",
                true,
            ),
            ("---\nestablished: false\n---\n", false),
            ("---\ntitle: a\n---\nestablished: true\n", false),
            ("# x\nestablished: true\n", false),
            ("---\nnot_established: true\n---\n", false),
        ] {
            assert_eq!(
                claim_holds(&claim, Some(text.as_bytes())),
                holds,
                "{text:?}"
            );
        }
        assert!(!claim_holds(&claim, None));
    }
}
