//! The mirror of `.upkeep/manifest.json` ([`crate::update::parse_manifest`], with the
//! regions read by [`crate::regions`] and the merges by [`crate::structured`]).

use std::collections::BTreeMap;

use schemars::JsonSchema;

use super::schema_one;

/// # upkeep release manifest (.upkeep/manifest.json)
///
/// A template release's list of the files it manages and how (`upkeep update`). Parsed
/// strictly: duplicate keys, a byte-order mark, unknown top-level keys, unknown classes and
/// unsafe paths are refused with an error naming the manifest. Anything the manifest does
/// not list belongs to the project.
#[derive(serde::Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct UpdateManifestDoc {
    /// Format version.
    #[schemars(schema_with = "schema_one")]
    schema: u32,
    /// Managed paths and their classes, by the name each file has in the project (a
    /// renamed file under its installed name).
    files: BTreeMap<String, FileClassDoc>,
    /// Paths the project takes over once `file`'s front matter sets `flag: true`.
    #[serde(default)]
    claims: Vec<ClaimDoc>,
    /// Generated regions: marker-delimited blocks whose body a program regenerates in the
    /// project. A declared path is compared with every side's region body masked out, and
    /// after the update's writes each region's program runs in the project root
    /// (`interpreter operand args…`, no shell, 5 minutes and 32 MiB of output at most),
    /// confined to its declared paths. Read defensively: absent or [] means none; any other
    /// non-array value (null and false included) loads none and is reported as a manifest
    /// the update could not read; a malformed entry (not an object, a missing field, a
    /// blank or multi-line marker, identical markers, an unsafe or repeated path, an
    /// unknown key, a repeated id) is skipped and reported with its index, its paths
    /// compared whole-file. Ids the baseline declared and the latest does not are reported
    /// as dropped. UPKEEP_NO_REGIONS=1 turns region awareness off for one run.
    #[serde(default)]
    regions: Vec<RegionDoc>,
    /// Field-aware merges, keyed by managed path (the latest release's declaration is the
    /// one used). A declared path is merged entry by entry instead of as a whole file:
    /// presence triage first (latest missing: the deletion sweep; current and baseline
    /// missing: added; current missing: left removed; baseline missing: a whole-file
    /// conflict unless current already equals latest; a side that does not parse: the
    /// whole-file table instead, which under the default `--conflicts merge` is a
    /// three-way text merge). Then, per entry present in baseline or latest: B = L no-op;
    /// B ≠ L and current = B apply; current = L no-op; current re-pinned conflict (the
    /// project's value stays); current removed it suggest-removed (never re-added); new in
    /// latest suggest-add (apply for lists declaring it); only in baseline left alone.
    /// Everything not declared is never compared or touched. Applied entries are minimal
    /// text edits (comments, key order, indentation, quote style and line endings kept);
    /// conflicts and suggestions go to `.upkeep-merge/<path>.notes`. When `scripts` is
    /// declared as a map, a script upstream changed or added whose command (the first word
    /// of each command, after `npx`, `pnpm exec`, environment assignments ...) comes from a
    /// dependency the latest release lists and the project does not have is held back
    /// together with that dependency as one suggestion (`couple`); dependencies in declared
    /// dependency sections that upstream dropped and the project still has are noted with
    /// the removal command of the package manager its lockfile shows. YAML is read as YAML
    /// 1.2 (core schema: block and flow styles, block scalars, multi-line scalars, anchors,
    /// aliases, tags, comments, document markers); a changed value is written in the style
    /// the file used for it and the result must read back as exactly the intended data. A
    /// value an alias repeats, an alias key or several documents cannot be edited safely:
    /// the file falls back to a whole-file conflict and the report says why. JSON files
    /// that their own tools read with comments (`tsconfig*.json`, `jsconfig*.json`,
    /// `.vscode/*.json`, `biome.json`, `*.jsonc`) are read as JSONC (comments and trailing
    /// commas kept byte for byte).
    #[serde(default)]
    #[schemars(example = merges_example())]
    merges: BTreeMap<String, MergeDoc>,
    /// Renames at scaffold time: shipped name → installed name (`{"_gitignore":
    /// ".gitignore", "_npmrc": ".npmrc"}`). Every later comparison uses the installed name.
    /// Without a manifest, `_gitignore`, `_npmrc` and `_oxlintrc.json` are installed as
    /// their dotfiles by default.
    #[serde(default)]
    install: BTreeMap<String, String>,
}

// Mirrors crate::update::FileClass.
/// How upstream manages a file.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum FileClassDoc {
    /// Upstream controls the file fully.
    Owned,
    /// Upstream seeds the file; the project customizes it.
    Shared,
    /// An upstream-seeded documentation page the project grows.
    WikiOwned,
}

/// One claim.
#[derive(serde::Serialize, JsonSchema)]
struct ClaimDoc {
    /// The file whose front matter holds the flag.
    file: String,
    /// The front-matter key that, set to `true`, hands the paths to the project.
    flag: String,
    /// The paths the project takes over.
    #[schemars(length(min = 1))]
    paths: Vec<String>,
}

/// One generated region.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RegionDoc {
    /// Unique in the manifest.
    #[schemars(length(min = 1))]
    id: String,
    /// The line that opens the region: a line matches when, trimmed of surrounding
    /// whitespace and its line ending, it equals the marker (trimmed). One start line,
    /// then one end line, is a region; neither is the pre-region state; a marker twice,
    /// one without the other, or the end first is malformed (the whole-file comparison
    /// applies).
    #[schemars(length(min = 1))]
    start_marker: String,
    /// The line that closes the region; differs from startMarker.
    #[schemars(length(min = 1))]
    end_marker: String,
    /// The files carrying the region: the only paths its program may change. Writes
    /// elsewhere inside these paths' directories are put back (creations removed); writes
    /// anywhere else are reported and left.
    #[schemars(length(min = 1))]
    paths: Vec<String>,
    /// The files the region's body derives from. When one of them (or one of `paths`) is
    /// left in conflict or in a whole-file fallback this run, the region is not
    /// regenerated; the report gives the command to run later.
    #[serde(default)]
    inputs: Vec<String>,
    /// The program that rewrites the region's body.
    regenerate: RegenerateDoc,
}

/// The program a region runs.
#[derive(serde::Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RegenerateDoc {
    /// The program that runs the operand, looked up on PATH (`sh`, `node`, `python3`).
    #[schemars(length(min = 1))]
    interpreter: String,
    /// The script: relative, no '..', not reached through a symlink, and a path this same
    /// manifest's `files` lists (the copy in the project's tree runs). Anything else is
    /// refused (a well-formedness check, not a security boundary).
    #[schemars(length(min = 1))]
    operand: String,
    /// Arguments after the operand.
    #[serde(default)]
    args: Vec<String>,
}

/// A key, or a dotted path into nested mappings (`a.b.c`). No key may be declared twice or
/// inside another declared key.
#[derive(serde::Serialize, JsonSchema)]
struct KeyDoc(#[schemars(regex(pattern = r"^[^.]+(\.[^.]+)*$"))] String);

/// How a declared file is read.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum FormatDoc {
    /// JSON.
    Json,
    /// JSON with comments and trailing commas.
    Jsonc,
    /// YAML 1.2.
    Yaml,
}

/// `suggest` or `apply`.
#[derive(serde::Serialize, JsonSchema, Default)]
#[serde(rename_all = "lowercase")]
enum SuggestOrApply {
    /// Hold it back as a suggestion.
    #[default]
    Suggest,
    /// Write it.
    Apply,
}

/// One path's field-aware merge declaration.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MergeDoc {
    /// How the file is read. Left out, the path's name decides (`.json`, `.jsonc`,
    /// `.yaml`, `.yml`); a name whose tools read comments (`tsconfig*.json`,
    /// `.vscode/*.json`, ...) is JSONC even when declared `json`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(transform = super::not_nullable)]
    format: Option<FormatDoc>,
    /// Keys merged as one value each (a scalar, or a list-valued setting replaced whole).
    #[serde(default)]
    values: Vec<KeyDoc>,
    /// Mappings merged per entry (dependencies, scripts, overrides).
    #[serde(default)]
    maps: Vec<KeyDoc>,
    /// Space-separated `key=value` strings merged per token (`alice=ci bob=local`); an
    /// applied token changes only its `=value`.
    #[serde(default)]
    tokens: Vec<TokenDoc>,
    /// A script upstream changed or added that runs a command from a dependency the
    /// project lacks (and the merge would only suggest): `suggest` holds both back as one
    /// suggestion, so every script of the merged file finds its command; `apply` writes
    /// both (the dependency added to the project's section, after its last entry).
    #[serde(default)]
    couple: SuggestOrApply,
    /// Lists of mappings merged per member, a member named by its `by` field and compared
    /// and applied whole; members without it are the project's.
    #[serde(default)]
    lists: Vec<ListDoc>,
}

/// One token-list key.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TokenDoc {
    // Described by KeyDoc.
    key: KeyDoc,
    /// Whether token names compare case-insensitively.
    #[serde(default)]
    case_insensitive: bool,
}

/// One list of mappings.
#[derive(serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListDoc {
    // Described by KeyDoc.
    key: KeyDoc,
    /// The field that names a member.
    #[schemars(length(min = 1))]
    by: String,
    /// `apply`: a member new upstream is appended after the project's last member,
    /// indented like it, keys in its order.
    #[serde(default)]
    additions: SuggestOrApply,
}

/// The worked example of `merges`: a package.json, a pnpm workspace and a CI config.
fn merges_example() -> serde_json::Value {
    serde_json::json!({
        "package.json": {
            "format": "json",
            "values": ["packageManager"],
            "maps": ["dependencies", "devDependencies", "scripts", "engines"],
            "couple": "apply"
        },
        "pnpm-workspace.yaml": {
            "format": "yaml",
            "values": [
                "minimumReleaseAge", "minimumReleaseAgeStrict", "trustPolicy",
                "trustPolicyExclude", "minimumReleaseAgeExclude", "publicHoistPattern",
                "savePrefix", "strictPeerDependencies"
            ],
            "maps": ["overrides", "allowBuilds"]
        },
        ".gaia/audit-ci.yml": {
            "format": "yaml",
            "values": [
                "gate_label", "budget_seconds", "max_turns", "push_fixes", "default_mode",
                "override_label", "retrigger_workflows"
            ],
            "tokens": [{ "key": "audit_authors", "caseInsensitive": true }],
            "lists": [{ "key": "auditors", "by": "name", "additions": "apply" }]
        }
    })
}
