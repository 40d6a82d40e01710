//! The `merges` declaration of a release manifest: per managed path, which parts of a
//! JSON or YAML file upstream manages and how each is merged.
//!
//! ```json
//! {"merges": {"package.json": {"format": "json",
//!   "values": ["packageManager"], "maps": ["dependencies", "scripts"], "couple": "apply"}}}
//! ```
//!
//! Every key may be a dotted path into nested mappings. Everything not declared is the
//! project's. `format` is `json`, `jsonc` or `yaml`; left out, the path's name decides
//! (`.json`, `.jsonc`, `.yaml`, `.yml`), and a file whose own tools read comments
//! (`tsconfig*.json`, `.vscode/*.json`, ...) is read as JSONC even when declared `json`
//! ([`Format::for_path`]). Parsing is strict and errors name the manifest and the declaration.
//!
//! ```
//! use upkeep_core::json;
//! use upkeep_core::structured::{parse_merges, Additions};
//!
//! let doc = json::parse(br#"{"a.yml": {"format": "yaml",
//!   "lists": [{"key": "auditors", "by": "name", "additions": "apply"}]}}"#).unwrap();
//! let merges = parse_merges(&doc, "latest release manifest").unwrap();
//! assert_eq!(merges[0].0, "a.yml");
//! assert_eq!(merges[0].1.lists[0].additions, Additions::Apply);
//! let bad = json::parse(br#"{"a.yml": {"format": "toml"}}"#).unwrap();
//! let err = parse_merges(&bad, "latest release manifest").unwrap_err();
//! assert!(err.to_string().contains("merges.\"a.yml\".format"));
//! ```

use super::doc::Format;
use crate::error::{Error, ErrorKind, Result};
use crate::json::{Json, Node};

/// How upstream additions to a keyed list are handled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Additions {
    /// A member new upstream is suggested (the default).
    #[default]
    Suggest,
    /// A member new upstream is appended to the project's list.
    Apply,
}

/// What happens to a `package.json` script that upstream changed or added and whose
/// command comes from a dependency the project does not have and the merge only suggests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Couple {
    /// The script is held back with the dependency, as one suggestion (the default).
    #[default]
    Suggest,
    /// Both are written: the script and the dependency it needs.
    Apply,
}

/// A space-separated `key=value` token string merged per token.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct TokenSpec {
    /// Where the string is (a dotted path).
    pub key: String,
    /// Whether token keys compare case-insensitively (logins do).
    #[cfg_attr(feature = "serde", serde(default))]
    pub case_insensitive: bool,
}

/// A list of mappings merged per member, members identified by a field.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ListSpec {
    /// Where the list is (a dotted path).
    pub key: String,
    /// The member field that names a member.
    pub by: String,
    /// Whether upstream additions are suggested or applied.
    #[cfg_attr(feature = "serde", serde(default))]
    pub additions: Additions,
}

/// One path's merge declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct MergeSpec {
    /// How the file is read.
    pub format: Format,
    /// Keys merged as one value each.
    #[cfg_attr(feature = "serde", serde(default))]
    pub values: Vec<String>,
    /// Mappings merged per entry.
    #[cfg_attr(feature = "serde", serde(default))]
    pub maps: Vec<String>,
    /// Token strings merged per token.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tokens: Vec<TokenSpec>,
    /// Keyed lists merged per member.
    #[cfg_attr(feature = "serde", serde(default))]
    pub lists: Vec<ListSpec>,
    /// Scripts that need a dependency the merge only suggests: held back with it, or
    /// both applied.
    #[cfg_attr(feature = "serde", serde(default))]
    pub couple: Couple,
}

impl MergeSpec {
    /// Checks every key is a dotted path of non-empty names and no key is declared
    /// twice or inside another; `label` names the declaration in errors.
    pub fn validate(&self, label: &str) -> Result<()> {
        let invalid = |detail: String| Error::new(ErrorKind::InvalidMergeSpec, label, detail);
        let mut keys: Vec<&str> = Vec::new();
        keys.extend(self.values.iter().map(String::as_str));
        keys.extend(self.maps.iter().map(String::as_str));
        keys.extend(self.tokens.iter().map(|t| t.key.as_str()));
        keys.extend(self.lists.iter().map(|l| l.key.as_str()));
        for (i, key) in keys.iter().enumerate() {
            if key.split('.').any(str::is_empty) {
                return Err(invalid(format!(
                    "{key:?} is not a dotted path of key names"
                )));
            }
            for other in &keys[..i] {
                let nested = |x: &str, y: &str| x == y || x.starts_with(&format!("{y}."));
                if nested(key, other) || nested(other, key) {
                    return Err(invalid(format!(
                        "{key:?} and {other:?} overlap; declare each part once"
                    )));
                }
            }
        }
        for list in &self.lists {
            if list.by.is_empty() {
                return Err(invalid(format!("list {:?} has an empty \"by\"", list.key)));
            }
        }
        Ok(())
    }
}

/// Reads a manifest's `merges` object: `(path, spec)` in manifest order.
pub fn parse_merges(node: &Node, manifest: &str) -> Result<Vec<(String, MergeSpec)>> {
    let fail = |at: &str, detail: &str| {
        Error::new(
            ErrorKind::InvalidManifest,
            manifest,
            format!("merges{at}: {detail}"),
        )
    };
    let Json::Object(members) = &node.value else {
        return Err(fail(
            "",
            &format!("must be an object, not {}", node.type_phrase()),
        ));
    };
    let mut out = Vec::new();
    for (path, decl) in members {
        crate::paths::validate_canonical_path(path)
            .map_err(|e| fail(&format!(".{path:?}"), &e.to_string()))?;
        let at = |field: &str| format!(".{path:?}.{field}");
        let Json::Object(fields) = &decl.value else {
            return Err(fail(&format!(".{path:?}"), "must be an object"));
        };
        let mut spec = MergeSpec {
            format: Format::Json,
            values: Vec::new(),
            maps: Vec::new(),
            tokens: Vec::new(),
            lists: Vec::new(),
            couple: Couple::Suggest,
        };
        let mut format = None;
        for (field, value) in fields {
            let strings = |value: &Node| -> Result<Vec<String>> {
                match &value.value {
                    Json::Array(items) => items
                        .iter()
                        .map(|i| {
                            i.as_str()
                                .map(str::to_string)
                                .ok_or_else(|| fail(&at(field), "must be an array of strings"))
                        })
                        .collect(),
                    _ => Err(fail(&at(field), "must be an array of strings")),
                }
            };
            let objects = |value: &Node| -> Result<Vec<Node>> {
                match &value.value {
                    Json::Array(items) => Ok(items.clone()),
                    _ => Err(fail(&at(field), "must be an array of objects")),
                }
            };
            match field.as_str() {
                "format" => {
                    format = Some(match value.as_str() {
                        Some("json") => Format::Json,
                        Some("jsonc") => Format::Jsonc,
                        Some("yaml") => Format::Yaml,
                        _ => {
                            return Err(fail(&at(field), "must be \"json\", \"jsonc\" or \"yaml\""))
                        }
                    })
                }
                "values" => spec.values = strings(value)?,
                "couple" => {
                    spec.couple = match value.as_str() {
                        Some("suggest") => Couple::Suggest,
                        Some("apply") => Couple::Apply,
                        _ => return Err(fail(&at(field), "must be \"suggest\" or \"apply\"")),
                    }
                }
                "maps" => spec.maps = strings(value)?,
                "tokens" => {
                    for (i, item) in objects(value)?.iter().enumerate() {
                        let here = format!("{}[{i}]", at(field));
                        let key = item.get("key").and_then(Node::as_str);
                        let ci = match item.get("caseInsensitive").map(|n| &n.value) {
                            None => false,
                            Some(Json::Bool(b)) => *b,
                            Some(_) => {
                                return Err(fail(&here, "caseInsensitive must be a boolean"))
                            }
                        };
                        check_fields(item, &["key", "caseInsensitive"], &here, &fail)?;
                        spec.tokens.push(TokenSpec {
                            key: key
                                .ok_or_else(|| fail(&here, "needs a string \"key\""))?
                                .into(),
                            case_insensitive: ci,
                        });
                    }
                }
                "lists" => {
                    for (i, item) in objects(value)?.iter().enumerate() {
                        let here = format!("{}[{i}]", at(field));
                        check_fields(item, &["key", "by", "additions"], &here, &fail)?;
                        let text = |name: &str| {
                            item.get(name)
                                .and_then(Node::as_str)
                                .map(str::to_string)
                                .ok_or_else(|| fail(&here, &format!("needs a string {name:?}")))
                        };
                        let additions = match item.get("additions").map(Node::as_str) {
                            None | Some(Some("suggest")) => Additions::Suggest,
                            Some(Some("apply")) => Additions::Apply,
                            Some(_) => {
                                return Err(fail(
                                    &here,
                                    "additions must be \"suggest\" or \"apply\"",
                                ))
                            }
                        };
                        spec.lists.push(ListSpec {
                            key: text("key")?,
                            by: text("by")?,
                            additions,
                        });
                    }
                }
                other => {
                    return Err(fail(
                        &at(other),
                        "unknown field (expected format, values, maps, tokens, lists, couple)",
                    ))
                }
            }
        }
        // The path's name decides what is not declared, and makes a JSONC file JSONC.
        spec.format = Format::for_path(path, format).ok_or_else(|| {
            fail(
                &at("format"),
                "is required: the file's name does not say whether it is JSON or YAML",
            )
        })?;
        spec.validate(&format!("{manifest} merges.{path:?}"))
            .map_err(|e| Error::new(ErrorKind::InvalidManifest, manifest, e.to_string()))?;
        out.push((path.clone(), spec));
    }
    Ok(out)
}

fn check_fields(
    item: &Node,
    allowed: &[&str],
    here: &str,
    fail: &dyn Fn(&str, &str) -> Error,
) -> Result<()> {
    let Json::Object(fields) = &item.value else {
        return Err(fail(here, "must be an object"));
    };
    for (name, _) in fields {
        if !allowed.contains(&name.as_str()) {
            return Err(fail(here, &format!("unknown field {name:?}")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_declaration() {
        let cases = [
            (r#"[]"#, "merges: must be an object"),
            (r#"{"../x": {"format": "json"}}"#, "merges.\"../x\""),
            (
                r#"{"a": {"values": []}}"#,
                "merges.\"a\".format: is required",
            ),
            (
                r#"{"a.yml": {"format": "toml"}}"#,
                "must be \"json\", \"jsonc\" or \"yaml\"",
            ),
            (
                r#"{"a": {"format": "json", "maps": "x"}}"#,
                "merges.\"a\".maps: must be an array of strings",
            ),
            (
                r#"{"a": {"format": "json", "lists": [{"key": "x"}]}}"#,
                "merges.\"a\".lists[0]: needs a string \"by\"",
            ),
            (
                r#"{"a": {"format": "json", "lists": [{"key": "x", "by": "n", "additions": "yes"}]}}"#,
                "additions must be",
            ),
            (
                r#"{"a": {"format": "json", "tokens": [{"key": "x", "ci": true}]}}"#,
                "unknown field \"ci\"",
            ),
            (
                r#"{"a": {"format": "json", "values": ["a.b"], "maps": ["a"]}}"#,
                "overlap",
            ),
            (
                r#"{"a": {"format": "json", "values": ["a..b"]}}"#,
                "not a dotted path",
            ),
            (r#"{"a": {"format": "json", "extra": 1}}"#, "unknown field"),
            (
                r#"{"a": {"format": "json", "couple": true}}"#,
                "merges.\"a\".couple: must be \"suggest\" or \"apply\"",
            ),
        ];
        for (text, needle) in cases {
            let doc = crate::json::parse(text.as_bytes()).unwrap();
            let err = parse_merges(&doc, "latest release manifest").unwrap_err();
            assert_eq!(err.code(), "invalid-manifest");
            assert!(err.to_string().contains(needle), "{text}: {err}");
            assert!(err.to_string().contains("latest release manifest"), "{err}");
        }
    }
}
