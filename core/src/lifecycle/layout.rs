//! A release as a project sees it: which shipped file is installed under which name, the
//! manifest that applies (the release's own, or the default one), and the version.
//!
//! The shim lists what the release ships (after its sub-path) and reads its state files;
//! [`plan_layout`] decides the rest. Every later step (`new`, `adopt`, `update`) works on
//! the installed names, so a renamed file is compared with the project's file of the same
//! installed name.
//!
//! ```
//! use upkeep_core::lifecycle::{plan_layout, LayoutInput, ShippedEntry};
//!
//! let input = LayoutInput {
//!     label: "npm:create-vite@6.5.0//template-react-ts".into(),
//!     entries: ["_gitignore", "package.json", "src/main.tsx"].iter().map(|p| ShippedEntry::file(p)).collect(),
//!     manifest: None,
//!     version_file: None,
//!     tag_version: Some("6.5.0".into()),
//!     tag: None,
//!     state_dir: ".upkeep".into(),
//!     view: false,
//! };
//! let layout = plan_layout(&input).unwrap();
//! assert_eq!(layout.version, "6.5.0");
//! assert_eq!(layout.files[0].path, ".gitignore");
//! assert_eq!(layout.files[0].from, "_gitignore");
//! assert!(layout.default_manifest && !layout.in_place);
//! ```

use super::conventions::{default_manifest, default_renames};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{Json, Node};
use crate::observe::EntryKind;
use crate::paths::{byte_order, check_collisions, validate_canonical_path};
use crate::update::{parse_manifest, Version};

/// The names a release's listing never includes: git's own data, which is never part of
/// a release (a template kept in a git checkout ships its files, not its history; in a
/// worktree or submodule `.git` is a file pointing at that data).
pub const RELEASE_SKIPPED_NAMES: &[&str] = &[".git"];

/// One entry a release ships (directories are implied by the paths).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ShippedEntry {
    /// Its path under the release root, `/`-separated.
    pub path: String,
    /// What it is.
    #[cfg_attr(
        feature = "serde",
        serde(default, deserialize_with = "crate::observe::present_kind")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: EntryKind,
}

impl ShippedEntry {
    /// A regular file.
    pub fn file(path: &str) -> ShippedEntry {
        ShippedEntry {
            path: path.into(),
            kind: EntryKind::File,
        }
    }
}

/// What the shim found in a release.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct LayoutInput {
    /// The release spec, for messages.
    pub label: String,
    /// Every non-directory entry under the release root.
    pub entries: Vec<ShippedEntry>,
    /// `<stateDir>/manifest.json`, when shipped.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest: Option<String>,
    /// `<stateDir>/VERSION`, when shipped.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version_file: Option<String>,
    /// The version the source gives: a semver tag, an npm version, an npm-pack archive's
    /// `package.json` version.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub tag_version: Option<String>,
    /// A git ref that is not a version, for the message when nothing gives one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub tag: Option<String>,
    /// The state folder (`.upkeep`).
    pub state_dir: String,
    /// The entries are a release view upkeep built (renames already applied, its manifest
    /// and VERSION the ones that apply): nothing is renamed again.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub view: bool,
}

/// A shipped file and the name it is installed under.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LayoutFile {
    /// The installed name (what the project and every comparison use).
    pub path: String,
    /// The shipped name.
    pub from: String,
}

/// The release as a project sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ReleaseLayout {
    /// Its version, normalized.
    pub version: String,
    /// The manifest that applies, as text (`<stateDir>/manifest.json` of the release view).
    pub manifest: String,
    /// Whether that is the default manifest (the release ships none).
    pub default_manifest: bool,
    /// Every file a project gets, by installed name, sorted (state files excluded).
    pub files: Vec<LayoutFile>,
    /// The renames among them, `[shipped, installed]`.
    pub renames: Vec<(String, String)>,
    /// Whether the release can be read where it is: no renames, and its own manifest and
    /// VERSION apply unchanged.
    pub in_place: bool,
}

/// Decides how a release is installed; refuses entries that are not regular files, unsafe
/// or colliding names, renames that do not fit, and a missing or disagreeing version.
pub fn plan_layout(input: &LayoutInput) -> Result<ReleaseLayout> {
    let entries: Vec<(&str, EntryKind)> = input
        .entries
        .iter()
        .map(|e| (e.path.as_str(), e.kind))
        .collect();
    let planned = decide(input, &entries)?;
    let files = planned
        .files
        .iter()
        .map(|file| LayoutFile {
            path: planned.installed_name(file, &entries).to_string(),
            from: entries[file.entry as usize].0.to_string(),
        })
        .collect();
    Ok(ReleaseLayout {
        version: planned.version,
        manifest: planned.manifest,
        default_manifest: planned.default_manifest,
        files,
        renames: planned.renames,
        in_place: planned.in_place,
    })
}

/// A layout decided over borrowed names: each file is the index of its listing entry and,
/// when it is renamed, of its rename. Both answers are built from it, so a 100,000-entry
/// listing is never copied name by name only to be packed again.
struct Decided {
    version: String,
    manifest: String,
    default_manifest: bool,
    renames: Vec<(String, String)>,
    in_place: bool,
    /// Sorted by installed name.
    files: Vec<DecidedFile>,
}

struct DecidedFile {
    entry: u32,
    rename: Option<u32>,
}

impl Decided {
    fn installed_name<'a>(
        &'a self,
        file: &DecidedFile,
        entries: &[(&'a str, EntryKind)],
    ) -> &'a str {
        match file.rename {
            Some(r) => &self.renames[r as usize].1,
            None => entries[file.entry as usize].0,
        }
    }
}

/// [`plan_layout`]'s rules over `entries` (`input.entries` is not read).
fn decide(input: &LayoutInput, entries: &[(&str, EntryKind)]) -> Result<Decided> {
    let bad = |detail: String| Error::new(ErrorKind::BadRelease, &input.label, detail);
    validate_canonical_path(&input.state_dir)?;
    let state_prefix = format!("{}/", input.state_dir);
    let mut shipped: Vec<(&str, u32)> = Vec::new();
    let mut not_files: Vec<String> = Vec::new();
    for (i, &(path, kind)) in entries.iter().enumerate() {
        validate_canonical_path(path)
            .map_err(|e| bad(format!("it holds a path upkeep refuses: {e}")))?;
        if path.starts_with(&state_prefix) || path == input.state_dir {
            continue;
        }
        if kind != EntryKind::File {
            not_files.push(format!("{path} ({})", kind_name(kind)));
            continue;
        }
        shipped.push((path, i as u32));
    }
    if !not_files.is_empty() {
        not_files.sort();
        let more = not_files.len().saturating_sub(5);
        not_files.truncate(5);
        return Err(bad(format!(
            "it ships entries that are not regular files, which upkeep never copies: {}{}",
            not_files.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )));
    }
    shipped.sort_unstable_by(|x, y| byte_order(x.0, y.0));
    let (manifest, renames, default) = match &input.manifest {
        Some(text) => {
            let label = format!("{} manifest", input.label);
            let parsed = parse_manifest(text, label.as_str())?;
            let renames = install_renames(parsed.install.as_ref(), &label)?;
            (
                text.clone(),
                if input.view { Vec::new() } else { renames },
                false,
            )
        }
        None if input.view => {
            return Err(bad(format!(
                "its view has no {}/manifest.json",
                input.state_dir
            )))
        }
        None => {
            let names: Vec<&str> = shipped.iter().map(|(path, _)| *path).collect();
            (String::new(), default_renames(&names), true)
        }
    };
    // Renames must start at a shipped file and land on a name nothing else takes.
    let mut files: Vec<DecidedFile> = shipped
        .iter()
        .map(|&(path, entry)| DecidedFile {
            entry,
            rename: renames
                .iter()
                .position(|(from, _)| from == path)
                .map(|r| r as u32),
        })
        .collect();
    for (from, to) in &renames {
        if shipped
            .binary_search_by(|(path, _)| byte_order(path, from))
            .is_err()
        {
            return Err(bad(format!(
                "its manifest installs '{from}' as '{to}', but the release ships no '{from}'"
            )));
        }
        if to.starts_with(&state_prefix) {
            return Err(bad(format!(
                "its manifest installs '{from}' as '{to}', inside upkeep's state folder"
            )));
        }
    }
    let name = |file: &DecidedFile| match file.rename {
        Some(r) => renames[r as usize].1.as_str(),
        None => entries[file.entry as usize].0,
    };
    files.sort_by(|a, b| byte_order(name(a), name(b)));
    let names: Vec<&str> = files.iter().map(name).collect();
    check_collisions(&names).map_err(|e| bad(format!("after its renames, {e}")))?;
    let manifest = if default {
        default_manifest(&names, &renames)
    } else {
        manifest
    };
    let version = release_version(input).map_err(bad)?;
    Ok(Decided {
        version,
        in_place: !default && renames.is_empty() && input.version_file.is_some(),
        manifest,
        default_manifest: default,
        files,
        renames,
    })
}

/// [`ReleaseLayout`] with its files as columns: the bulk route for a listing of 100,000
/// entries, where building one JavaScript object per entry each way costs several times
/// the layout itself. The facade's `planLayout` and the release openers use it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PackedLayout {
    /// As [`ReleaseLayout::version`].
    pub version: String,
    /// As [`ReleaseLayout::manifest`].
    pub manifest: String,
    /// As [`ReleaseLayout::default_manifest`].
    pub default_manifest: bool,
    /// As [`ReleaseLayout::renames`].
    pub renames: Vec<(String, String)>,
    /// As [`ReleaseLayout::in_place`].
    pub in_place: bool,
    /// [`ReleaseLayout::files`]' installed names, each followed by a NUL.
    pub installed: String,
    /// For each of those files, the index of the listing entry it is shipped as (a
    /// binding hands it over as a `Uint32Array`, not through serde).
    #[cfg_attr(feature = "serde", serde(skip))]
    #[cfg_attr(feature = "contracts", schemars(skip))]
    pub from: Vec<u32>,
}

/// Entry kinds as a packed listing codes them, one byte per entry.
const PACKED_KINDS: [EntryKind; 4] = [
    EntryKind::File,
    EntryKind::Symlink,
    EntryKind::Directory,
    EntryKind::Other,
];

/// [`plan_layout`] over a packed listing: `paths` holds every entry's path followed by a
/// NUL (no file name can hold one), `kinds` one byte per entry (1 a file, 2 a link, 3 a
/// folder, 4 anything else); `input.entries` is ignored. The answer is the same layout as
/// [`plan_layout`]'s, its files as columns.
pub fn plan_layout_packed(input: LayoutInput, paths: &str, kinds: &[u8]) -> Result<PackedLayout> {
    let listing: Vec<&str> = paths.split_terminator('\0').collect();
    if listing.len() != kinds.len() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "planLayout",
            format!(
                "the listing has {} paths and {} kinds",
                listing.len(),
                kinds.len()
            ),
        ));
    }
    let entries: Vec<(&str, EntryKind)> = listing
        .iter()
        .zip(kinds)
        .map(|(path, &code)| {
            let kind = code
                .checked_sub(1)
                .and_then(|i| PACKED_KINDS.get(usize::from(i)))
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        *path,
                        format!(
                            "kind code {code} is not 1 (file), 2 (link), 3 (folder) or 4 (other)"
                        ),
                    )
                })?;
            Ok((*path, *kind))
        })
        .collect::<Result<_>>()?;
    let planned = decide(&input, &entries)?;
    let mut installed = String::with_capacity(paths.len());
    let mut from = Vec::with_capacity(planned.files.len());
    for file in &planned.files {
        installed.push_str(planned.installed_name(file, &entries));
        installed.push('\0');
        from.push(file.entry);
    }
    Ok(PackedLayout {
        version: planned.version,
        manifest: planned.manifest,
        default_manifest: planned.default_manifest,
        renames: planned.renames,
        in_place: planned.in_place,
        installed,
        from,
    })
}

fn kind_name(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Symlink => "a symbolic link",
        EntryKind::Directory => "a directory",
        _ => "not a regular file",
    }
}

/// The manifest's `install` map as `[shipped, installed]` pairs, sorted.
pub fn install_renames(node: Option<&Node>, label: &str) -> Result<Vec<(String, String)>> {
    let invalid = |detail: String| Error::new(ErrorKind::InvalidManifest, label, detail);
    let Some(node) = node else {
        return Ok(Vec::new());
    };
    let Json::Object(members) = &node.value else {
        return Err(invalid(format!(
            "\"install\" is {}, not an object of shipped name: installed name",
            node.type_phrase()
        )));
    };
    let mut out = Vec::with_capacity(members.len());
    for (from, to) in members {
        let Some(to) = to.as_str() else {
            return Err(invalid(format!(
                "install.{from:?} is {}, not the installed name",
                to.type_phrase()
            )));
        };
        validate_canonical_path(from)?;
        validate_canonical_path(to)?;
        if from == to {
            return Err(invalid(format!(
                "install.{from:?} renames a file to itself"
            )));
        }
        out.push((from.clone(), to.to_string()));
    }
    out.sort();
    Ok(out)
}

/// The release's version: its VERSION file and its source must agree when both say one.
fn release_version(input: &LayoutInput) -> std::result::Result<String, String> {
    let file = match &input.version_file {
        Some(text) => Some(text.parse::<Version>().map_err(|_| {
            format!(
                "its {}/VERSION holds {:?}, not a semantic version",
                input.state_dir,
                text.trim()
            )
        })?),
        None => None,
    };
    let tag = match &input.tag_version {
        Some(text) => Some(text.parse::<Version>().map_err(|e| e.to_string())?),
        None => None,
    };
    match (file, tag) {
        (Some(f), Some(t)) if f != t => Err(format!(
            "its {}/VERSION says {f} but its source says {t}; they must agree",
            input.state_dir
        )),
        (Some(v), _) | (None, Some(v)) => Ok(v.to_string()),
        (None, None) => Err(match &input.tag {
            Some(tag) => format!(
                "'{tag}' is not a semantic version (tags are read as v1.2.0 or 1.2.0) and the release carries no {}/VERSION",
                input.state_dir
            ),
            None => format!(
                "it carries no {}/VERSION and its source gives no version",
                input.state_dir
            ),
        }),
    }
}

#[cfg(test)]
mod kind_code_tests {
    use super::PACKED_KINDS;
    use crate::observe::{EntryKind, KIND_CODES as C};

    #[test]
    fn the_table_reads_the_shared_codes() {
        // Packed listings hold no missing entries: code 1 is the table's first.
        let at = |code: u8| PACKED_KINDS[usize::from(code - C.file)];
        assert_eq!(at(C.file), EntryKind::File);
        assert_eq!(at(C.symlink), EntryKind::Symlink);
        assert_eq!(at(C.directory), EntryKind::Directory);
        assert_eq!(at(C.other), EntryKind::Other);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(paths: &[&str]) -> LayoutInput {
        LayoutInput {
            label: "rel".into(),
            entries: paths.iter().map(|p| ShippedEntry::file(p)).collect(),
            state_dir: ".upkeep".into(),
            tag_version: Some("1.0.0".into()),
            ..LayoutInput::default()
        }
    }

    #[test]
    fn shipped_manifests_apply_as_they_are() {
        let mut i = input(&[
            ".upkeep/VERSION",
            ".upkeep/manifest.json",
            "a.txt",
            "_npmrc",
        ]);
        i.version_file = Some("v1.0.0\n".into());
        i.manifest = Some(r#"{"schema":1,"files":{"a.txt":"owned"}}"#.into());
        let layout = plan_layout(&i).unwrap();
        assert!(layout.in_place && !layout.default_manifest);
        assert_eq!(
            layout
                .files
                .iter()
                .map(|f| f.path.as_str())
                .collect::<Vec<_>>(),
            ["_npmrc", "a.txt"]
        );
        i.manifest = Some(
            r#"{"schema":1,"files":{".npmrc":"shared"},"install":{"_npmrc":".npmrc"}}"#.into(),
        );
        let layout = plan_layout(&i).unwrap();
        assert!(!layout.in_place);
        assert_eq!(
            layout.renames,
            [("_npmrc".to_string(), ".npmrc".to_string())]
        );
        assert_eq!(
            layout.files[0],
            LayoutFile {
                path: ".npmrc".into(),
                from: "_npmrc".into()
            }
        );
    }

    #[test]
    fn refusals() {
        let mut links = input(&["a"]);
        links.entries.push(ShippedEntry {
            path: "l".into(),
            kind: EntryKind::Symlink,
        });
        let mut collide = input(&["a", "b"]);
        collide.manifest = Some(r#"{"schema":1,"files":{},"install":{"a":"B"}}"#.into());
        let mut missing = input(&["a"]);
        missing.manifest = Some(r#"{"schema":1,"files":{},"install":{"x":"y"}}"#.into());
        let mut disagree = input(&["a"]);
        disagree.version_file = Some("1.1.0".into());
        let mut none = input(&["a"]);
        none.tag_version = None;
        none.tag = Some("release-1".into());
        let mut bad_install = input(&["a"]);
        bad_install.manifest = Some(r#"{"schema":1,"files":{},"install":["a"]}"#.into());
        for (i, code, detail) in [
            (links, "bad-release", "l (a symbolic link)"),
            (collide, "bad-release", "colliding path 'b'"),
            (missing, "bad-release", "ships no 'x'"),
            (
                disagree,
                "bad-release",
                "VERSION says 1.1.0 but its source says 1.0.0",
            ),
            (none, "bad-release", "'release-1' is not a semantic version"),
            (bad_install, "invalid-manifest", "\"install\" is an array"),
        ] {
            let err = plan_layout(&i).unwrap_err();
            assert_eq!(err.code(), code, "{err}");
            assert!(err.to_string().contains(detail), "{err}");
        }
    }

    /// The packed route: the same layout (or refusal) as [`plan_layout`], files as columns.
    fn packed(i: &LayoutInput) -> Result<PackedLayout> {
        let paths: String = i.entries.iter().map(|e| format!("{}\0", e.path)).collect();
        let kinds: Vec<u8> = i
            .entries
            .iter()
            .map(|e| PACKED_KINDS.iter().position(|k| *k == e.kind).unwrap() as u8 + 1)
            .collect();
        plan_layout_packed(
            LayoutInput {
                entries: Vec::new(),
                ..i.clone()
            },
            &paths,
            &kinds,
        )
    }

    #[test]
    fn the_packed_route_gives_the_same_layout() {
        let mut renamed = input(&["_gitignore", "b/c.txt", "a.txt", "é.txt"]);
        renamed.manifest = None;
        let mut shipped = input(&[
            ".upkeep/VERSION",
            ".upkeep/manifest.json",
            "a.txt",
            "_npmrc",
        ]);
        shipped.version_file = Some("1.0.0\n".into());
        shipped.manifest = Some(
            r#"{"schema":1,"files":{".npmrc":"shared"},"install":{"_npmrc":".npmrc"}}"#.into(),
        );
        let mut links = input(&["a"]);
        links.entries.push(ShippedEntry {
            path: "l".into(),
            kind: EntryKind::Symlink,
        });
        for i in [renamed, shipped, links, input(&[])] {
            match (plan_layout(&i), packed(&i)) {
                (Ok(layout), Ok(p)) => {
                    let names: Vec<&str> = p.installed.split_terminator('\0').collect();
                    let files: Vec<LayoutFile> = names
                        .iter()
                        .zip(&p.from)
                        .map(|(path, &from)| LayoutFile {
                            path: (*path).into(),
                            from: i.entries[from as usize].path.clone(),
                        })
                        .collect();
                    assert_eq!(files, layout.files);
                    assert_eq!(
                        (
                            p.version,
                            p.manifest,
                            p.default_manifest,
                            p.renames,
                            p.in_place
                        ),
                        (
                            layout.version,
                            layout.manifest,
                            layout.default_manifest,
                            layout.renames,
                            layout.in_place
                        )
                    );
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("{a:?} / {b:?}"),
            }
        }
        let err = plan_layout_packed(input(&[]), "a\0b\0", &[1]).unwrap_err();
        assert!(err.to_string().contains("2 paths and 1 kinds"), "{err}");
        let err = plan_layout_packed(input(&[]), "a\0", &[9]).unwrap_err();
        assert!(err.to_string().contains("kind code 9"), "{err}");
    }
}
