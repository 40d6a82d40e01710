//! Release specs: the one syntax for naming a release everywhere (`upkeep new`, `adopt`,
//! `update`, `status`, `--baseline`, `--latest`).
//!
//! ```text
//! <source>[@<version or range> | #<git ref>][//<sub-path>]
//!
//! ./template                      a directory (or a git repository, read at its tags)
//! ../tpl.tar.gz  file:../tpl.tgz  a .tar.gz archive
//! ../tpl.git@1.2.0                a git repository at the tag v1.2.0 or 1.2.0 (for a
//!                                 directory or an archive: that one version of it)
//! git+https://host/o/r.git#main   git at a ref; also git@host:o/r.git, ssh://…, git://…
//! npm:create-vite@^6//template-react-ts
//!                                 an npm package (version, range or dist-tag), one folder of it
//! ```
//!
//! Parsing is syntax only: whether a bare local path is a directory or a git repository
//! is a fact the shim looks up, then [`resolve_local`] decides. Sub-paths are validated
//! like manifest paths, so `//../x` is refused before anything is fetched.
//!
//! ```
//! use upkeep_core::lifecycle::{parse_release_spec, render_release_spec, SourceKind};
//!
//! let spec = parse_release_spec("npm:create-vite@6.5.0//template-react-ts").unwrap();
//! assert_eq!(spec.kind, SourceKind::Npm);
//! assert_eq!((spec.source.as_str(), spec.location.as_str()), ("npm:create-vite", "create-vite"));
//! assert_eq!(spec.version.as_deref(), Some("6.5.0"));
//! assert_eq!(spec.subpath.as_deref(), Some("template-react-ts"));
//! assert_eq!(render_release_spec(&spec.source, Some("6.5.0"), spec.subpath.as_deref()),
//!            "npm:create-vite@6.5.0//template-react-ts");
//! let git = parse_release_spec("git@github.com:o/tpl.git@^1.2//app").unwrap();
//! assert_eq!((git.kind, git.location.as_str()), (SourceKind::Git, "git@github.com:o/tpl.git"));
//! assert_eq!(parse_release_spec("svn://x").unwrap_err().code(), "invalid-spec");
//! assert_eq!(parse_release_spec("./tpl//../etc").unwrap_err().code(), "invalid-spec");
//! ```

use super::range::VersionReq;
use crate::error::{Error, ErrorKind, Result};
use crate::paths::validate_path;

/// Where a release comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum SourceKind {
    /// A directory on this machine: one release, its own `.upkeep/VERSION`.
    Directory,
    /// A `.tar.gz` archive on this machine.
    Tarball,
    /// A git repository; its versions are its semver tags.
    Git,
    /// An npm package; its versions are its published versions.
    Npm,
    /// A local path that is a directory or a git repository (see [`resolve_local`]).
    Local,
}

/// A parsed release spec.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ReleaseSpec {
    /// What kind of source.
    pub kind: SourceKind,
    /// The spec without its version and sub-path, as `.upkeep/source.json` records it.
    pub source: String,
    /// What git, npm or the file system is handed: a URL, a path, a package name.
    pub location: String,
    /// `@…`: a version, a range or (npm) a dist-tag.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub version: Option<String>,
    /// `#…`: a git ref (a tag, a branch, a commit).
    #[cfg_attr(feature = "serde", serde(rename = "ref"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub git_ref: Option<String>,
    /// `//…`: the folder of the release that is the template.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub subpath: Option<String>,
    /// Whether `location` is a path on this machine (recorded relative to the project).
    pub local: bool,
}

const FORMS: &str = "give a directory, a .tar.gz (path or file: URL), a git repository (git+https://…, git@host:path, ssh://…, or a local path) with @<version> or #<ref>, or npm:<name>@<version-or-range>, each optionally followed by //<sub-path>";

/// Parses a release spec; errors (`invalid-spec`) name the spec and the forms accepted.
pub fn parse_release_spec(text: &str) -> Result<ReleaseSpec> {
    let invalid = |detail: String| Error::new(ErrorKind::InvalidSpec, text, detail);
    if text.trim().is_empty() {
        return Err(invalid(format!("the spec is empty; {FORMS}")));
    }
    if text.trim() != text || text.chars().any(char::is_control) {
        return Err(invalid(
            "has surrounding whitespace or a control character".into(),
        ));
    }
    if text.starts_with('-') {
        return Err(invalid(
            "starts with '-' (write a path that starts with ./)".into(),
        ));
    }
    // The sub-path starts at the first `//` that is not a URL's own `scheme://`.
    let from = match text.find("://") {
        Some(i) if is_scheme(&text[..i]) => i + 3,
        _ => 0,
    };
    let (head, subpath) = match text[from..].find("//") {
        Some(i) => {
            let sub = text[from + i + 2..].trim_end_matches('/');
            if sub.is_empty() {
                return Err(invalid("'//' is followed by no sub-path".into()));
            }
            let sub = validate_path(sub).map_err(|e| {
                invalid(format!(
                    "the sub-path '{sub}' is not a folder inside the release: {}",
                    e.to_string().split_once(": ").map_or("", |(_, d)| d)
                ))
            })?;
            (&text[..from + i], Some(sub))
        }
        None => (text, None),
    };
    let mut spec = if let Some(name) = head.strip_prefix("npm:") {
        npm(name).map_err(invalid)?
    } else {
        other(head).map_err(invalid)?
    };
    spec.subpath = subpath;
    Ok(spec)
}

fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
}

fn npm(rest: &str) -> std::result::Result<ReleaseSpec, String> {
    if rest.contains('#') {
        return Err("an npm package takes @<version-or-range>, not #<ref>".into());
    }
    let at = rest.get(1..).and_then(|tail| tail.find('@')).map(|i| i + 1);
    let (name, version) = match at {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    check_npm_name(name)?;
    if let Some(version) = version {
        let dist_tag = !version.is_empty()
            && version
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
            && version
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c));
        if version.is_empty() || (!dist_tag && VersionReq::parse(version).is_err()) {
            return Err(format!(
                "'{version}' is not a version, a range or a dist-tag of {name}"
            ));
        }
    }
    Ok(ReleaseSpec {
        kind: SourceKind::Npm,
        source: format!("npm:{name}"),
        location: name.into(),
        version: version.map(str::to_string),
        git_ref: None,
        subpath: None,
        local: false,
    })
}

/// npm's package-name rules (scoped or not), which also keep option-like text out of npm.
fn check_npm_name(name: &str) -> std::result::Result<(), String> {
    let part_ok = |p: &str| {
        !p.is_empty()
            && !p.starts_with(['.', '_', '-'])
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-._~".contains(c))
    };
    let ok = name.len() <= 214
        && match name.strip_prefix('@') {
            Some(scoped) => {
                matches!(scoped.split_once('/'), Some((scope, pkg)) if part_ok(scope) && part_ok(pkg))
            }
            None => part_ok(name),
        };
    if ok {
        Ok(())
    } else {
        Err(format!("'{name}' is not an npm package name"))
    }
}

/// Git URLs, file: URLs and local paths.
fn other(head: &str) -> std::result::Result<ReleaseSpec, String> {
    let (git_url, file_url) = classify_scheme(head)?;
    let (base, version, git_ref) = split_version(head);
    if base.is_empty() || (head.starts_with('@') && !head.contains('/')) {
        return Err(format!("names no source before its version; {FORMS}"));
    }
    if let Some(r) = git_ref {
        check_ref(r)?;
    }
    if let Some(v) = version {
        if VersionReq::parse(v).is_err() {
            return Err(format!(
                "'{v}' is not a version or a range (a git ref is written #{v})"
            ));
        }
    }
    let archive = |path: &str| path.ends_with(".tar.gz") || path.ends_with(".tgz");
    // A directory or an archive is one release; `@<version>` names which one (the path holds
    // it now, or upkeep's cache kept it), so it must be exact.
    let one_version = |kind: &str| -> std::result::Result<(), String> {
        if git_ref.is_some() {
            return Err(format!("{kind} has no git refs; a git repository on this machine is a plain path or git+file://"));
        }
        match version {
            Some(v) if VersionReq::parse(v).ok().and_then(|r| r.exact()).is_none() => Err(format!(
                "{kind} holds one version; '@{v}' must be an exact version"
            )),
            _ => Ok(()),
        }
    };
    let (kind, location, local) = if git_url {
        let location = base.strip_prefix("git+").unwrap_or(base);
        (SourceKind::Git, location.to_string(), false)
    } else if file_url {
        let path = file_path(base)?;
        let kind = if archive(&path) {
            one_version("a .tar.gz release")?;
            SourceKind::Tarball
        } else {
            one_version("a file: directory")?;
            SourceKind::Directory
        };
        (kind, path, true)
    } else if archive(base) {
        one_version("a .tar.gz release")?;
        (SourceKind::Tarball, base.to_string(), true)
    } else if git_ref.is_some() {
        (SourceKind::Git, base.to_string(), true)
    } else {
        (SourceKind::Local, base.to_string(), true)
    };
    Ok(ReleaseSpec {
        kind,
        source: base.to_string(),
        location,
        version: version.map(str::to_string),
        git_ref: git_ref.map(str::to_string),
        subpath: None,
        local,
    })
}

/// `(is a git URL, is a file: URL)`; an unknown scheme is refused.
fn classify_scheme(head: &str) -> std::result::Result<(bool, bool), String> {
    if head.starts_with("file:") {
        return Ok((false, true));
    }
    if let Some(i) = head.find("://") {
        let scheme = &head[..i];
        if is_scheme(scheme) {
            return match scheme {
                "git+https" | "git+http" | "git+ssh" | "git+file" | "ssh" | "git" => Ok((true, false)),
                "https" | "http" if split_version(head).0.ends_with(".git") => Ok((true, false)),
                "https" | "http" => Err(format!(
                    "an {scheme} URL is read as a git repository only with git+{scheme}:// or a .git ending; {FORMS}"
                )),
                _ => Err(format!("'{scheme}://' is not a source upkeep reads; {FORMS}")),
            };
        }
    }
    // scp-like git: user@host:path
    if let Some((user_host, path)) = head.split_once(':') {
        if let Some((user, host)) = user_host.split_once('@') {
            let word = |s: &str| {
                !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
            };
            if word(user) && word(host) && !path.is_empty() {
                return Ok((true, false));
            }
        }
        if is_scheme(user_host) {
            return Err(format!(
                "'{user_host}:' is not a source upkeep reads; {FORMS}"
            ));
        }
    }
    Ok((false, false))
}

/// Splits `base@version` or `base#ref`. A version's `@` comes after the last `/` and the
/// last `:`, so `git@host:o/r.git` and `ssh://git@host/r` keep their user.
fn split_version(head: &str) -> (&str, Option<&str>, Option<&str>) {
    if let Some(i) = head.rfind('#') {
        return (&head[..i], None, Some(&head[i + 1..]));
    }
    let last_sep = head.rfind(['/', ':']).map_or(0, |i| i + 1);
    match head[last_sep..].rfind('@') {
        Some(i) if i > 0 => {
            let at = last_sep + i;
            (&head[..at], Some(&head[at + 1..]), None)
        }
        _ => (head, None, None),
    }
}

fn check_ref(r: &str) -> std::result::Result<(), String> {
    let ok = !r.is_empty()
        && !r.starts_with(['-', '/'])
        && !r.contains("..")
        && !r
            .chars()
            .any(|c| c.is_whitespace() || "~^:?*[\\".contains(c));
    if ok {
        Ok(())
    } else {
        Err(format!("'#{r}' is not a git ref"))
    }
}

/// The path of a `file:` URL: `file:rel`, `file:/abs`, `file:///abs`, `file://localhost/abs`.
pub(crate) fn file_path(url: &str) -> std::result::Result<String, String> {
    let rest = &url["file:".len()..];
    let path = match rest.strip_prefix("//") {
        Some(after) if after.starts_with('/') => after,
        Some(after) => match after.strip_prefix("localhost") {
            Some(p) if p.starts_with('/') => p,
            _ => {
                return Err(format!(
                    "'{url}' names another host; upkeep reads file: URLs on this machine"
                ))
            }
        },
        None => rest,
    };
    let decoded = percent_decode(path).ok_or_else(|| format!("'{url}' has a bad %-escape"))?;
    if decoded.is_empty() {
        return Err(format!("'{url}' names no file"));
    }
    Ok(decoded)
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok().filter(|s| !s.contains('\0'))
}

/// Decides what a bare local path is, from what the shim found there: a git repository
/// (its top level, or a bare repository) is read at its tags, anything else is a directory
/// (whose `@<version>` must then be exact).
pub fn resolve_local(spec: &ReleaseSpec, git_repository: bool) -> Result<ReleaseSpec> {
    let mut out = spec.clone();
    if spec.kind != SourceKind::Local {
        return Ok(out);
    }
    out.kind = if git_repository {
        SourceKind::Git
    } else {
        SourceKind::Directory
    };
    if let (SourceKind::Directory, Some(v)) = (out.kind, &out.version) {
        if VersionReq::parse(v).ok().and_then(|r| r.exact()).is_none() {
            return Err(Error::new(
                ErrorKind::InvalidSpec,
                render_release_spec(&spec.source, Some(v), spec.subpath.as_deref()),
                format!("{} is a directory, not a git repository: it holds one version, so '@{v}' must be an exact version", spec.location),
            ));
        }
    }
    Ok(out)
}

/// The spec with its local path replaced by `location` (a path relative to the project,
/// as `.upkeep/source.json` records it); other specs are returned unchanged.
pub fn relocate(spec: &ReleaseSpec, location: &str) -> ReleaseSpec {
    let mut out = spec.clone();
    if !spec.local {
        return out;
    }
    let shown =
        if location.starts_with('/') || location.starts_with("./") || location.starts_with("../") {
            location.to_string()
        } else {
            format!("./{location}")
        };
    out.source = if spec.source.starts_with("file:") {
        format!("file:{shown}")
    } else {
        shown.clone()
    };
    out.location = shown;
    out
}

/// Writes a spec back: `<source>[@<version>][//<sub-path>]`.
pub fn render_release_spec(source: &str, version: Option<&str>, subpath: Option<&str>) -> String {
    let mut out = source.to_string();
    if let Some(v) = version {
        out.push('@');
        out.push_str(v);
    }
    if let Some(s) = subpath {
        out.push_str("//");
        out.push_str(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(
        text: &str,
    ) -> (
        SourceKind,
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
    ) {
        let s = parse_release_spec(text).unwrap();
        (
            s.kind, s.source, s.location, s.version, s.git_ref, s.subpath,
        )
    }

    #[test]
    fn every_form_parses() {
        use SourceKind::*;
        let o = |s: &str| Some(s.to_string());
        for (text, want) in [
            ("./tpl", (Local, "./tpl", "./tpl", None, None, None)),
            ("tpl", (Local, "tpl", "tpl", None, None, None)),
            (
                "/abs/tpl//app/",
                (Local, "/abs/tpl", "/abs/tpl", None, None, o("app")),
            ),
            (
                "../tpl.tar.gz",
                (Tarball, "../tpl.tar.gz", "../tpl.tar.gz", None, None, None),
            ),
            (
                "file:../t.tgz//x",
                (Tarball, "file:../t.tgz", "../t.tgz", None, None, o("x")),
            ),
            (
                "file:///srv/my%20t",
                (
                    Directory,
                    "file:///srv/my%20t",
                    "/srv/my t",
                    None,
                    None,
                    None,
                ),
            ),
            (
                "../tpl.git@1.2.0//app",
                (
                    Local,
                    "../tpl.git",
                    "../tpl.git",
                    o("1.2.0"),
                    None,
                    o("app"),
                ),
            ),
            (
                "../t.tgz@1.0.0",
                (Tarball, "../t.tgz", "../t.tgz", o("1.0.0"), None, None),
            ),
            (
                "../tpl#v1.2.0",
                (Git, "../tpl", "../tpl", None, o("v1.2.0"), None),
            ),
            (
                "git+https://h.example/o/r.git#main//a/b",
                (
                    Git,
                    "git+https://h.example/o/r.git",
                    "https://h.example/o/r.git",
                    None,
                    o("main"),
                    o("a/b"),
                ),
            ),
            (
                "https://h.example/o/r.git@^1",
                (
                    Git,
                    "https://h.example/o/r.git",
                    "https://h.example/o/r.git",
                    o("^1"),
                    None,
                    None,
                ),
            ),
            (
                "git@h.example:o/r.git",
                (
                    Git,
                    "git@h.example:o/r.git",
                    "git@h.example:o/r.git",
                    None,
                    None,
                    None,
                ),
            ),
            (
                "git@h.example:o/r.git@1.0.0",
                (
                    Git,
                    "git@h.example:o/r.git",
                    "git@h.example:o/r.git",
                    o("1.0.0"),
                    None,
                    None,
                ),
            ),
            (
                "ssh://git@h.example/o/r.git@~2.1",
                (
                    Git,
                    "ssh://git@h.example/o/r.git",
                    "ssh://git@h.example/o/r.git",
                    o("~2.1"),
                    None,
                    None,
                ),
            ),
            (
                "npm:create-vite",
                (Npm, "npm:create-vite", "create-vite", None, None, None),
            ),
            (
                "npm:@scope/tpl@latest//t",
                (
                    Npm,
                    "npm:@scope/tpl",
                    "@scope/tpl",
                    o("latest"),
                    None,
                    o("t"),
                ),
            ),
            (
                "npm:create-vite@>=5 <7",
                (
                    Npm,
                    "npm:create-vite",
                    "create-vite",
                    o(">=5 <7"),
                    None,
                    None,
                ),
            ),
        ] {
            let (k, s, l, v, r, sub) = want;
            assert_eq!(
                parts(text),
                (k, s.to_string(), l.to_string(), v, r, sub),
                "{text}"
            );
        }
    }

    #[test]
    fn bad_specs_name_the_problem() {
        for (text, detail) in [
            ("", "empty"),
            (" ./x", "whitespace"),
            ("-x", "starts with '-'"),
            ("svn://h/r", "'svn://' is not a source"),
            ("github:o/r", "'github:' is not a source"),
            ("https://h/o/r", "git+https://"),
            ("./tpl//../etc", "would leave the tree"),
            ("./tpl//", "no sub-path"),
            ("./t.tgz@^1.0.0", "must be an exact version"),
            ("./t.tgz#v1", "has no git refs"),
            ("file:./t@1.x", "must be an exact version"),
            ("./tpl@release-1", "a git ref is written #release-1"),
            ("./tpl#", "not a git ref"),
            ("./tpl#-x", "not a git ref"),
            ("npm:Bad Name", "not an npm package name"),
            ("npm:-x", "not an npm package name"),
            ("npm:x#main", "not #<ref>"),
            ("npm:x@", "not a version"),
            ("npm:x@1.2.3.4", "not a version"),
            ("file://other/x", "another host"),
            ("@1.0.0", "names no source"),
        ] {
            let err = parse_release_spec(text).unwrap_err();
            assert_eq!(err.code(), "invalid-spec", "{text}");
            assert!(err.to_string().contains(detail), "{text}: {err}");
        }
    }

    #[test]
    fn local_paths_resolve_and_relocate() {
        let spec = parse_release_spec("../tpl//app").unwrap();
        assert_eq!(resolve_local(&spec, true).unwrap().kind, SourceKind::Git);
        assert_eq!(
            resolve_local(&spec, false).unwrap().kind,
            SourceKind::Directory
        );
        let ranged = parse_release_spec("../tpl@^1").unwrap();
        assert_eq!(
            resolve_local(&ranged, true).unwrap().version.as_deref(),
            Some("^1")
        );
        assert!(resolve_local(&ranged, false)
            .unwrap_err()
            .to_string()
            .contains("must be an exact version"));
        let moved = relocate(&spec, "../../tpl");
        assert_eq!(
            (moved.source.as_str(), moved.location.as_str()),
            ("../../tpl", "../../tpl")
        );
        assert_eq!(relocate(&spec, "tpl").source, "./tpl");
        let file = parse_release_spec("file:../t.tgz").unwrap();
        assert_eq!(relocate(&file, "../x/t.tgz").source, "file:../x/t.tgz");
        let npm = parse_release_spec("npm:x").unwrap();
        assert_eq!(relocate(&npm, "y"), npm);
    }
}
