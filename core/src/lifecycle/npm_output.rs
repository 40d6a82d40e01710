//! What npm prints, read: `npm view <name> versions dist-tags --json` (the published
//! versions and dist-tags an npm source chooses from) and `npm pack --json` (the
//! registry's integrity of the tarball, which a project records so a republished package
//! is noticed). The shim runs npm as installed; these are the only readers of its output.
//!
//! ```
//! use upkeep_core::lifecycle::{npm_pack_integrity, parse_npm_view};
//!
//! let view = parse_npm_view(r#"{"versions": ["1.0.0", "1.1.0"], "dist-tags": {"latest": "1.1.0"}}"#).unwrap();
//! assert_eq!(view.versions, ["1.0.0", "1.1.0"]);
//! assert_eq!(view.dist_tags, [("latest".to_string(), "1.1.0".to_string())]);
//! assert_eq!(npm_pack_integrity(r#"[{"integrity": "sha512-x"}]"#).as_deref(), Some("sha512-x"));
//! ```

use crate::json::{parse_value, JsonValue};

/// An npm package's published versions and dist-tags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct NpmVersions {
    /// Every published version string, in npm's order.
    pub versions: Vec<String>,
    /// The dist-tags, `[tag, version]`, in npm's order.
    pub dist_tags: Vec<(String, String)>,
}

/// Reads `npm view <name> versions dist-tags --json`; `None` when it is not JSON. npm
/// prints a package with one version as a string rather than an array, and nothing at all
/// for a package with none.
pub fn parse_npm_view(text: &str) -> Option<NpmVersions> {
    if text.trim().is_empty() {
        return Some(NpmVersions::default());
    }
    let doc = parse_value(text).ok()?;
    let strings = |value: &JsonValue| -> Vec<String> {
        match value {
            JsonValue::String(s) => vec![s.clone()],
            JsonValue::Array(items) => items
                .iter()
                .filter_map(|v| match v {
                    JsonValue::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    // One field asked for is printed without its name.
    let versions = match (&doc, doc.get("versions")) {
        (_, Some(versions)) => strings(versions),
        (JsonValue::Array(_) | JsonValue::String(_), None) => strings(&doc),
        _ => Vec::new(),
    };
    let dist_tags = match doc.get("dist-tags") {
        Some(JsonValue::Object(members)) => members
            .iter()
            .filter_map(|(tag, v)| match v {
                JsonValue::String(version) => Some((tag.clone(), version.clone())),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some(NpmVersions {
        versions,
        dist_tags,
    })
}

/// The integrity `npm pack --json` gives for the tarball it wrote; `None` when its output
/// names none (the project then records no identity for the release).
pub fn npm_pack_integrity(text: &str) -> Option<String> {
    match parse_value(text).ok()? {
        JsonValue::Array(items) => match items.first()?.get("integrity")? {
            JsonValue::String(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_npm_prints() {
        let one =
            parse_npm_view(r#"{"versions": "1.0.0", "dist-tags": {"latest": "1.0.0", "x": 1}}"#)
                .unwrap();
        assert_eq!(one.versions, ["1.0.0"]);
        assert_eq!(one.dist_tags.len(), 1);
        assert_eq!(parse_npm_view("").unwrap(), NpmVersions::default());
        assert_eq!(
            parse_npm_view(r#"["1.0.0", 2]"#).unwrap().versions,
            ["1.0.0"]
        );
        assert_eq!(parse_npm_view("npm ERR!"), None);
        assert_eq!(npm_pack_integrity("[]"), None);
        assert_eq!(npm_pack_integrity("{"), None);
    }
}
