//! Branch names for a fleet's change requests: `upkeep/<source-slug>/<version>`, a pure
//! function of the template source and the target version, so a re-run (or a second job
//! for the same repository) pushes to the same branch and updates the same pull request.
//!
//! The slug is the last two path segments of the source's location (its scheme, host,
//! `npm:` prefix, `.git` / `.tar.gz` / `.tgz` suffix and `.` / `..` segments left out),
//! lowercased, every run of other characters than `a-z0-9._` made one `-`, at most 60
//! characters: `https://github.com/acme/web-template.git` → `acme-web-template`,
//! `npm:@acme/create-app` → `acme-create-app`, `../template.git` → `template`.

const SLUG_MAX: usize = 60;

/// The slug of a template source (a release spec; its version and sub-path are ignored).
pub fn source_slug(source: &str) -> String {
    // The version (`@1.2.0`) and sub-path (`//app`) of a spec are not part of the source.
    let mut location = source.strip_prefix("npm:").unwrap_or(source);
    for prefix in ["git+", "file:"] {
        location = location.strip_prefix(prefix).unwrap_or(location);
    }
    let (scheme_less, had_scheme) = match location.find("://") {
        Some(at) => (&location[at + 3..], true),
        None => (location, false),
    };
    let mut rest = scheme_less;
    if let Some(at) = rest.find("//") {
        rest = &rest[..at];
    }
    if had_scheme {
        // host[:port]/path: the host is the same for a whole fleet and says nothing.
        rest = rest.split_once('/').map_or("", |(_, path)| path);
    } else if let Some((host, path)) = rest.split_once(':') {
        // scp form: git@host:owner/repo.git
        if host.contains('@') || !host.contains('/') && host.len() > 1 {
            rest = path;
        }
    }
    // A version after the last segment's `@` (not a scope's leading `@`).
    let cut_version = |segment: &str| -> String {
        match segment.rfind('@') {
            Some(0) | None => segment.to_string(),
            Some(at) => segment[..at].to_string(),
        }
    };
    let segments: Vec<String> = rest
        .split(['/', '\\'])
        .filter(|s| !s.is_empty() && *s != "." && *s != "..")
        .map(cut_version)
        .collect();
    let last_two = &segments[segments.len().saturating_sub(2)..];
    let mut joined = last_two.join("-");
    for suffix in [".git", ".tar.gz", ".tgz"] {
        if let Some(stripped) = joined.strip_suffix(suffix) {
            joined = stripped.to_string();
        }
    }
    let slug = sanitize(&joined);
    if slug.is_empty() {
        "template".into()
    } else {
        slug
    }
}

/// Lowercase `a-z0-9._`, other runs as one `-`, no leading or trailing `-` or `.`, no
/// `..`, at most [`SLUG_MAX`] characters: always a valid git ref component.
pub(super) fn sanitize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        let keep = c.is_ascii_alphanumeric() || c == '.' || c == '_';
        if keep && !(c == '.' && out.ends_with('.')) {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let mut out: String = out.chars().take(SLUG_MAX).collect();
    while out.ends_with(['-', '.']) || out.ends_with(".lock") {
        out = out
            .strip_suffix(".lock")
            .unwrap_or(&out[..out.len() - 1])
            .to_string();
    }
    out.trim_start_matches(['-', '.']).to_string()
}

/// `upkeep/<source-slug>/<version>`.
pub fn branch_name(source: &str, version: &str) -> String {
    let version = sanitize(version);
    let version = if version.is_empty() {
        "latest".into()
    } else {
        version
    };
    format!("upkeep/{}/{version}", source_slug(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_of_each_kind_of_source() {
        for (source, slug) in [
            (
                "https://github.com/acme/web-template.git",
                "acme-web-template",
            ),
            ("git+https://gitlab.com/a/b/c.git", "b-c"),
            ("git@github.com:Acme/Web_Template.git", "acme-web_template"),
            ("ssh://git@host:22/o/r", "o-r"),
            ("npm:create-vite", "create-vite"),
            ("npm:@acme/create-app", "acme-create-app"),
            ("../template.git", "template"),
            ("./tpl", "tpl"),
            ("/srv/templates/base", "templates-base"),
            ("../tpl-1.2.0.tar.gz", "tpl-1.2.0"),
            ("../tpl.git@1.2.0//app", "tpl"),
            ("..", "template"),
            ("C:\\work\\tpl", "work-tpl"),
        ] {
            assert_eq!(source_slug(source), slug, "{source}");
        }
    }

    #[test]
    fn branch_names_are_valid_refs() {
        assert_eq!(branch_name("../t.git", "1.3.0-rc.1"), "upkeep/t/1.3.0-rc.1");
        assert_eq!(
            branch_name("../t.git", "1.3.0+build.5"),
            "upkeep/t/1.3.0-build.5"
        );
        let long = format!("../{}.lock", "x".repeat(100));
        let name = branch_name(&long, "1.0.0");
        assert!(!name.contains(".lock") && name.len() <= "upkeep//1.0.0".len() + SLUG_MAX);
    }
}
