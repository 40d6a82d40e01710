//! What a release without a manifest means: every file it ships is `shared` (three-way
//! merged), `package.json` is merged field by field on the sections every project keeps
//! upstream's changes in, the stand-in names create-* templates ship for dotfiles are
//! installed under their real names (`_gitignore` → `.gitignore`: npm never publishes a
//! `.gitignore`; likewise `_npmrc` and create-vite's `_oxlintrc.json`), and the template's
//! own `CHANGELOG.md` is copied once and then left to the project.
//!
//! ```
//! use upkeep_core::lifecycle::{default_manifest, default_renames};
//!
//! let shipped = ["_gitignore", "package.json", "src/main.ts", "CHANGELOG.md"];
//! let renames = default_renames(&shipped);
//! assert_eq!(renames, [("_gitignore".to_string(), ".gitignore".to_string())]);
//! let installed = [".gitignore", "package.json", "src/main.ts", "CHANGELOG.md"];
//! let text = default_manifest(&installed, &renames);
//! assert!(text.contains("\"src/main.ts\": \"shared\""));
//! assert!(!text.contains("CHANGELOG.md"));
//! assert!(text.contains("\"maps\": ["));
//! ```

use crate::json::{self, Json, Node};

/// The `package.json` sections merged entry by entry when no manifest says otherwise.
pub const PACKAGE_JSON_MAPS: [&str; 6] = [
    "dependencies",
    "devDependencies",
    "peerDependencies",
    "optionalDependencies",
    "scripts",
    "engines",
];

/// The `package.json` keys merged as one value each.
pub const PACKAGE_JSON_VALUES: [&str; 1] = ["packageManager"];

/// Shipped names installed under another name when no manifest says otherwise: the
/// stand-ins create-* templates ship for dotfiles (create-vite renames the same ones).
pub const DEFAULT_RENAMES: [(&str, &str); 3] = [
    ("_gitignore", ".gitignore"),
    ("_npmrc", ".npmrc"),
    ("_oxlintrc.json", ".oxlintrc.json"),
];

/// Files a release without a manifest ships but does not manage (copied once by
/// `upkeep new`, the project's own from then on).
const UNMANAGED_BY_DEFAULT: [&str; 1] = ["CHANGELOG.md"];

/// The default renames of `shipped` (at any depth), skipping one whose target the release
/// also ships.
pub fn default_renames<S: AsRef<str>>(shipped: &[S]) -> Vec<(String, String)> {
    let names: foldhash::HashSet<&str> = shipped.iter().map(AsRef::as_ref).collect();
    let mut out = Vec::new();
    for path in shipped {
        let path = path.as_ref();
        let (dir, base) = match path.rsplit_once('/') {
            Some((dir, base)) => (Some(dir), base),
            None => (None, path),
        };
        for (from, to) in DEFAULT_RENAMES {
            if base != from {
                continue;
            }
            let target = match dir {
                Some(dir) => format!("{dir}/{to}"),
                None => to.to_string(),
            };
            if !names.contains(target.as_str()) {
                out.push((path.to_string(), target));
            }
        }
    }
    out.sort();
    out
}

/// Whether a file a release ships is managed when the release has no manifest.
pub fn managed_by_default(installed: &str) -> bool {
    !UNMANAGED_BY_DEFAULT.contains(&installed)
}

/// The default field-merge declaration of a `package.json`.
pub fn package_json_merge() -> Json {
    let strings = |items: &[&str]| {
        Json::Array(
            items
                .iter()
                .map(|s| json::node(Json::String((*s).to_string())))
                .collect(),
        )
    };
    Json::Object(vec![
        ("format".into(), json::node(Json::String("json".into()))),
        ("values".into(), json::node(strings(&PACKAGE_JSON_VALUES))),
        ("maps".into(), json::node(strings(&PACKAGE_JSON_MAPS))),
    ])
}

/// Whether `path` is a `package.json` (at any depth).
pub fn is_package_json(path: &str) -> bool {
    path == "package.json" || path.ends_with("/package.json")
}

/// Renders a manifest: `files` as given (installed name, class), a `merges` entry for
/// every `shared` `package.json`, and the `install` renames when there are any. Two-space
/// indent and a final newline, as every manifest upkeep writes.
pub fn render_manifest(files: &[(String, &str)], renames: &[(String, String)]) -> String {
    let member = |k: &str, v: Json| (k.to_string(), json::node(v));
    let mut doc = vec![
        member("schema", Json::Number("1".into())),
        member(
            "files",
            Json::Object(
                files
                    .iter()
                    .map(|(p, c)| (p.clone(), json::node(Json::String((*c).to_string()))))
                    .collect(),
            ),
        ),
    ];
    let merges: Vec<(String, Node)> = files
        .iter()
        .filter(|(p, c)| is_package_json(p) && *c == "shared")
        .map(|(p, _)| (p.clone(), json::node(package_json_merge())))
        .collect();
    if !merges.is_empty() {
        doc.push(member("merges", Json::Object(merges)));
    }
    if !renames.is_empty() {
        doc.push(member(
            "install",
            Json::Object(
                renames
                    .iter()
                    .map(|(from, to)| (from.clone(), json::node(Json::String(to.clone()))))
                    .collect(),
            ),
        ));
    }
    let mut out = String::new();
    json::write(&mut out, &Json::Object(doc), Some(2), 0);
    out.push('\n');
    out
}

/// The manifest of a release that ships none: every installed file `shared` except the
/// unmanaged conventions, sorted.
pub fn default_manifest<S: AsRef<str>>(installed: &[S], renames: &[(String, String)]) -> String {
    let mut files: Vec<(String, &str)> = installed
        .iter()
        .map(AsRef::as_ref)
        .filter(|p| managed_by_default(p))
        .map(|p| (p.to_string(), "shared"))
        .collect();
    files.sort();
    render_manifest(&files, renames)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_skip_collisions_and_go_deep() {
        let shipped = [
            "_gitignore",
            ".gitignore",
            "web/_gitignore",
            "x_gitignore",
            "_oxlintrc.json",
            "_redirects",
        ];
        assert_eq!(
            default_renames(&shipped),
            [
                ("_oxlintrc.json".to_string(), ".oxlintrc.json".to_string()),
                ("web/_gitignore".to_string(), "web/.gitignore".to_string())
            ]
        );
    }

    #[test]
    fn manifest_text_is_stable() {
        let text = default_manifest(
            &["b.txt", "package.json", "CHANGELOG.md", "a/package.json"],
            &[],
        );
        assert_eq!(
            text,
            "{\n  \"schema\": 1,\n  \"files\": {\n    \"a/package.json\": \"shared\",\n    \"b.txt\": \"shared\",\n    \"package.json\": \"shared\"\n  },\n  \"merges\": {\n    \"a/package.json\": {\n      \"format\": \"json\",\n      \"values\": [\n        \"packageManager\"\n      ],\n      \"maps\": [\n        \"dependencies\",\n        \"devDependencies\",\n        \"peerDependencies\",\n        \"optionalDependencies\",\n        \"scripts\",\n        \"engines\"\n      ]\n    },\n    \"package.json\": {\n      \"format\": \"json\",\n      \"values\": [\n        \"packageManager\"\n      ],\n      \"maps\": [\n        \"dependencies\",\n        \"devDependencies\",\n        \"peerDependencies\",\n        \"optionalDependencies\",\n        \"scripts\",\n        \"engines\"\n      ]\n    }\n  }\n}\n"
        );
        crate::update::parse_manifest(&text, "default").unwrap();
    }
}
