//! Region declarations: the manifest's optional `regions` list, parsed defensively.
//!
//! ```json
//! {"regions": [{"id": "authors",
//!               "startMarker": "<!-- authors:start -->", "endMarker": "<!-- authors:end -->",
//!               "paths": ["docs/AUTHORS.md"], "inputs": ["authors.yml"],
//!               "regenerate": {"interpreter": "sh", "operand": "scripts/authors.sh", "args": []}}]}
//! ```
//!
//! Absent, or an empty list: no declarations. Present but not a list (`null` and `false`
//! included): zero declarations *and* a refusal of the manifest's regions by name, which
//! the report puts ahead of "none declared". An entry that is not an object, misses a
//! field, has a blank or multi-line marker, identical markers, an unsafe path, an
//! unknown key or an id already seen is skipped and recorded with its index and reason;
//! its paths take the whole-file comparison.
//!
//! ```
//! use upkeep_core::json::parse;
//! use upkeep_core::regions::parse_declarations;
//!
//! let doc = parse(br#"{"regions":[{"id":"x"}]}"#).unwrap();
//! let decls = parse_declarations(doc.get("regions"), "latest release manifest");
//! assert!(decls.regions.is_empty());
//! assert_eq!(decls.malformed[0].index, 0);
//! let doc = parse(br#"{"regions":null}"#).unwrap();
//! let refusal = parse_declarations(doc.get("regions"), "latest release manifest").refusal;
//! assert_eq!(refusal.as_deref(), Some("\"regions\" in the latest release manifest is null, not an array"));
//! ```

use std::collections::HashSet;

use crate::json::{Json, Node};
use crate::paths::validate_canonical_path;

/// How a region's body is regenerated: `interpreter operand args…`, run in the project.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Regenerate {
    /// The program that runs the operand (`sh`, `node`, `python3`), looked up on `PATH`.
    pub interpreter: String,
    /// The script it runs: a managed path of the same manifest.
    pub operand: String,
    /// Further arguments.
    pub args: Vec<String>,
}

impl Regenerate {
    /// The argument vector, exactly as it is run and as the report prints it.
    pub fn argv(&self) -> Vec<String> {
        let mut argv = vec![self.interpreter.clone(), self.operand.clone()];
        argv.extend(self.args.iter().cloned());
        argv
    }
}

/// One well-formed region declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionDecl {
    /// Its id, unique in the manifest.
    pub id: String,
    /// The line that opens the region (compared with surrounding whitespace trimmed).
    pub start_marker: String,
    /// The line that closes it.
    pub end_marker: String,
    /// The files carrying the region.
    pub paths: Vec<String>,
    /// The files its body derives from (optional): when one of them is left unmerged, the
    /// region is not regenerated.
    pub inputs: Vec<String>,
    /// How to regenerate it.
    pub regenerate: Regenerate,
}

/// A declaration that was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct MalformedDeclaration {
    /// Its position in the `regions` list.
    pub index: usize,
    /// Its id, when it has a usable one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub id: Option<String>,
    /// What is wrong with it.
    pub reason: String,
}

/// What a manifest declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    /// The well-formed declarations, in manifest order.
    pub regions: Vec<RegionDecl>,
    /// The skipped ones.
    pub malformed: Vec<MalformedDeclaration>,
    /// Why the manifest's `regions` could not be read at all (present, not an array).
    pub refusal: Option<String>,
    /// Whether the manifest has a `regions` key.
    pub present: bool,
}

impl Declarations {
    /// The declarations carrying `path`.
    pub fn for_path<'a>(&'a self, path: &'a str) -> impl Iterator<Item = &'a RegionDecl> + 'a {
        self.regions
            .iter()
            .filter(move |d| d.paths.iter().any(|p| p == path))
    }
}

/// Reads a manifest's `regions` value (`None`: the key is absent); `label` names the
/// manifest in the refusal.
pub fn parse_declarations(value: Option<&Node>, label: &str) -> Declarations {
    let Some(value) = value else {
        return Declarations::default();
    };
    let Json::Array(items) = &value.value else {
        return Declarations {
            refusal: Some(format!(
                "\"regions\" in the {label} is {}, not an array",
                value.type_phrase()
            )),
            present: true,
            ..Declarations::default()
        };
    };
    let mut out = Declarations {
        present: true,
        ..Declarations::default()
    };
    let mut seen = HashSet::new();
    for (index, item) in items.iter().enumerate() {
        let id = item
            .get("id")
            .and_then(Node::as_str)
            .filter(|s| !s.trim().is_empty());
        match parse_one(item) {
            Ok(decl) if !seen.insert(decl.id.clone()) => out.malformed.push(MalformedDeclaration {
                index,
                id: Some(decl.id.clone()),
                reason: format!("repeats the id {:?} of an earlier declaration", decl.id),
            }),
            Ok(decl) => out.regions.push(decl),
            Err(reason) => {
                if let Some(id) = id {
                    seen.insert(id.to_string());
                }
                out.malformed.push(MalformedDeclaration {
                    index,
                    id: id.map(str::to_string),
                    reason,
                });
            }
        }
    }
    out
}

/// The ids the baseline declared that the latest manifest no longer declares (in any
/// form: a malformed latest entry with the same id is reported as malformed, not dropped).
pub fn dropped_declarations(baseline: Option<&Node>, latest: Option<&Node>) -> Vec<String> {
    let ids = |value: Option<&Node>| -> Vec<String> {
        match value.map(|v| &v.value) {
            Some(Json::Array(items)) => items
                .iter()
                .filter_map(|i| i.get("id").and_then(Node::as_str))
                .filter(|s| !s.trim().is_empty())
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        }
    };
    let latest: HashSet<String> = ids(latest).into_iter().collect();
    let mut dropped: Vec<String> = ids(baseline)
        .into_iter()
        .filter(|id| !latest.contains(id))
        .collect();
    dropped.sort();
    dropped.dedup();
    dropped
}

type Parsed<T> = std::result::Result<T, String>;

fn parse_one(item: &Node) -> Parsed<RegionDecl> {
    let Json::Object(members) = &item.value else {
        return Err(format!("is {}, not an object", item.type_phrase()));
    };
    const KEYS: [&str; 6] = [
        "id",
        "startMarker",
        "endMarker",
        "paths",
        "inputs",
        "regenerate",
    ];
    if let Some((key, _)) = members.iter().find(|(k, _)| !KEYS.contains(&k.as_str())) {
        return Err(format!(
            "unknown key {key:?} (expected {})",
            KEYS.join(", ")
        ));
    }
    let id = text(item, "id")?;
    let start_marker = marker(item, "startMarker")?;
    let end_marker = marker(item, "endMarker")?;
    if start_marker.trim() == end_marker.trim() {
        return Err("\"startMarker\" and \"endMarker\" are the same line".into());
    }
    let paths = path_list(item, "paths")?.ok_or("\"paths\" is missing")?;
    if paths.is_empty() {
        return Err("\"paths\" is empty".into());
    }
    let inputs = path_list(item, "inputs")?.unwrap_or_default();
    let regenerate = item.get("regenerate").ok_or("\"regenerate\" is missing")?;
    let Json::Object(members) = &regenerate.value else {
        return Err(format!(
            "\"regenerate\" is {}, not an object",
            regenerate.type_phrase()
        ));
    };
    if let Some((key, _)) = members
        .iter()
        .find(|(k, _)| !matches!(k.as_str(), "interpreter" | "operand" | "args"))
    {
        return Err(format!(
            "\"regenerate\" has an unknown key {key:?} (expected interpreter, operand, args)"
        ));
    }
    let args = match regenerate.get("args") {
        None => Vec::new(),
        Some(Node {
            value: Json::Array(items),
            ..
        }) => items
            .iter()
            .map(|a| {
                a.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("\"regenerate.args\" holds {}", a.type_phrase()))
            })
            .collect::<Parsed<Vec<_>>>()?,
        Some(other) => {
            return Err(format!(
                "\"regenerate.args\" is {}, not an array",
                other.type_phrase()
            ))
        }
    };
    Ok(RegionDecl {
        id,
        start_marker,
        end_marker,
        paths,
        inputs,
        regenerate: Regenerate {
            interpreter: text(regenerate, "interpreter")
                .map_err(|e| format!("\"regenerate.{}", &e[1..]))?,
            operand: text(regenerate, "operand")
                .map_err(|e| format!("\"regenerate.{}", &e[1..]))?,
            args,
        },
    })
}

fn text(item: &Node, key: &str) -> Parsed<String> {
    match item.get(key) {
        None => Err(format!("\"{key}\" is missing")),
        Some(Node {
            value: Json::String(s),
            ..
        }) if !s.trim().is_empty() => Ok(s.clone()),
        Some(Node {
            value: Json::String(_),
            ..
        }) => Err(format!("\"{key}\" is blank")),
        Some(other) => Err(format!(
            "\"{key}\" is {}, not a string",
            other.type_phrase()
        )),
    }
}

fn marker(item: &Node, key: &str) -> Parsed<String> {
    let m = text(item, key)?;
    if m.contains(['\n', '\r']) {
        return Err(format!("\"{key}\" spans more than one line"));
    }
    Ok(m)
}

fn path_list(item: &Node, key: &str) -> Parsed<Option<Vec<String>>> {
    let Some(value) = item.get(key) else {
        return Ok(None);
    };
    let Json::Array(items) = &value.value else {
        return Err(format!(
            "\"{key}\" is {}, not an array",
            value.type_phrase()
        ));
    };
    let mut paths = Vec::with_capacity(items.len());
    for p in items {
        let Some(path) = p.as_str() else {
            return Err(format!("\"{key}\" holds {}, not a path", p.type_phrase()));
        };
        validate_canonical_path(path).map_err(|e| format!("\"{key}\": {e}"))?;
        if paths.iter().any(|q| q == path) {
            return Err(format!("\"{key}\" lists {path:?} twice"));
        }
        paths.push(path.to_string());
    }
    Ok(Some(paths))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    const GOOD: &str = r#"{"id":"a","startMarker":"<!-- a -->","endMarker":"<!-- /a -->","paths":["x.md"],"regenerate":{"interpreter":"sh","operand":"gen.sh"}}"#;

    fn decls(regions: &str) -> Declarations {
        let doc = parse(format!("{{\"regions\":{regions}}}").as_bytes()).unwrap();
        parse_declarations(doc.get("regions"), "latest release manifest")
    }

    #[test]
    fn absent_empty_and_wrong_types() {
        assert_eq!(parse_declarations(None, "m"), Declarations::default());
        let empty = decls("[]");
        assert!(empty.present && empty.regions.is_empty() && empty.refusal.is_none());
        for (value, phrase) in [
            ("null", "null"),
            ("false", "a boolean"),
            ("{}", "an object"),
            ("\"a\"", "a string"),
            ("3", "a number"),
        ] {
            let d = decls(value);
            assert!(d.regions.is_empty() && d.malformed.is_empty(), "{value}");
            assert_eq!(
                d.refusal.unwrap(),
                format!("\"regions\" in the latest release manifest is {phrase}, not an array")
            );
        }
    }

    #[test]
    fn malformed_entries_are_skipped_with_index_and_reason() {
        let g = GOOD;
        #[rustfmt::skip]
        let cases: &[(String, &str)] = &[
            ("1".into(), "is a number, not an object"),
            (g.replace(r#""id":"a","#, ""), "\"id\" is missing"),
            (g.replace(r#""id":"a""#, r#""id":"  ""#), "\"id\" is blank"),
            (g.replace(r#""startMarker":"<!-- a -->""#, r#""startMarker":" ""#), "\"startMarker\" is blank"),
            (g.replace(r#""endMarker":"<!-- /a -->","#, ""), "\"endMarker\" is missing"),
            (g.replace("<!-- /a -->", "  <!-- a -->"), "are the same line"),
            (g.replace("<!-- /a -->", "a\\nb"), "spans more than one line"),
            (g.replace(r#""paths":["x.md"],"#, ""), "\"paths\" is missing"),
            (g.replace(r#"["x.md"]"#, "[]"), "\"paths\" is empty"),
            (g.replace(r#"["x.md"]"#, r#"["../x"]"#), "'..' segment"),
            (g.replace(r#"["x.md"]"#, r#"["x","x"]"#), "lists \"x\" twice"),
            (g.replace(r#""regenerate":{"interpreter":"sh","operand":"gen.sh"}"#, r#""regenerate":null"#), "\"regenerate\" is null"),
            (g.replace(r#","regenerate":{"interpreter":"sh","operand":"gen.sh"}"#, ""), "\"regenerate\" is missing"),
            (g.replace(r#""operand":"gen.sh""#, r#""operand":"""#), "\"regenerate.operand\" is blank"),
            (g.replace(r#""operand":"gen.sh""#, r#""operand":"gen.sh","args":[1]"#), "\"regenerate.args\" holds a number"),
            (g.replace(r#""id":"a""#, r#""id":"a","extra":1"#), "unknown key \"extra\""),
        ];
        for (entry, reason) in cases {
            let d = decls(&format!("[{entry}]"));
            assert!(d.regions.is_empty(), "{entry}");
            assert_eq!(d.malformed.len(), 1, "{entry}");
            assert_eq!(d.malformed[0].index, 0);
            assert!(
                d.malformed[0].reason.contains(reason),
                "{entry}: {}",
                d.malformed[0].reason
            );
        }
    }

    #[test]
    fn repeated_ids_and_good_entries() {
        let d = decls(&format!(
            "[{GOOD},{GOOD},{}]",
            GOOD.replace(r#""id":"a""#, r#""id":"b""#)
        ));
        assert_eq!(
            d.regions.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert_eq!(d.malformed[0].index, 1);
        assert!(d.malformed[0].reason.contains("repeats the id \"a\""));
        assert_eq!(d.regions[0].regenerate.argv(), ["sh", "gen.sh"]);
        assert_eq!(d.for_path("x.md").count(), 2);
        // A malformed entry's id still counts as seen.
        let bad = GOOD.replace(r#""paths":["x.md"],"#, "");
        let d = decls(&format!("[{bad},{GOOD}]"));
        assert_eq!((d.regions.len(), d.malformed.len()), (0, 2));
    }

    #[test]
    fn dropped_ids() {
        let doc = parse(
            format!(r#"{{"b":[{GOOD},{{"id":"gone"}},{{"id":"kept"}}],"l":[{{"id":"kept"}}]}}"#)
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(
            dropped_declarations(doc.get("b"), doc.get("l")),
            ["a", "gone"]
        );
        assert_eq!(
            dropped_declarations(doc.get("b"), None),
            ["a", "gone", "kept"]
        );
        assert!(dropped_declarations(None, doc.get("l")).is_empty());
    }
}
