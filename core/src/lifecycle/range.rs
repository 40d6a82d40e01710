//! Version ranges as npm writes them (`^1.2.0`, `~1.2`, `1.x`, `>=1.0.0 <2.0.0`,
//! `1.2.3 - 2.0.0`, `a || b`), so `npm:create-vite@^6` and `--to '~1.2'` mean what they
//! mean to npm.
//!
//! The rules are node-semver's: `^` allows changes that do not modify the left-most
//! non-zero part, `~` allows patch changes (minor changes when only a major is given),
//! missing or `x` parts are wildcards, and a pre-release version matches only when the
//! caller includes pre-releases or a comparator of the same set names a pre-release of the
//! same `major.minor.patch`.
//!
//! ```
//! use upkeep_core::lifecycle::VersionReq;
//! use upkeep_core::update::Version;
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let caret = VersionReq::parse("^1.2.0").unwrap();
//! assert!(caret.matches(&v("1.9.3"), false));
//! assert!(!caret.matches(&v("2.0.0"), false));
//! assert!(!caret.matches(&v("1.3.0-beta.1"), false));
//! assert!(caret.matches(&v("1.3.0-beta.1"), true));
//! assert!(VersionReq::parse("1.2.x || >=3").unwrap().matches(&v("3.1.0"), false));
//! assert_eq!(VersionReq::parse("=v1.2.3").unwrap().exact(), Some(v("1.2.3")));
//! assert_eq!(VersionReq::parse("1.2.3.4").unwrap_err().code(), "invalid-spec");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::update::Version;

/// A parsed range: sets of comparators, any one of which may match (`||`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionReq {
    sets: Vec<Vec<Comparator>>,
    exact: Option<Version>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Op {
    Ge,
    Gt,
    Le,
    Lt,
    Eq,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Comparator {
    op: Op,
    version: Version,
}

/// One `x.y.z` as written: `None` parts are wildcards (`x`, `*` or left out).
#[derive(Clone, Debug)]
struct Partial {
    major: Option<u64>,
    minor: Option<u64>,
    patch: Option<u64>,
    /// The full version, when all three parts are numbers (pre-release kept).
    full: Option<Version>,
}

fn bound(major: u64, minor: u64, patch: u64, pre: bool) -> Version {
    let text = if pre {
        format!("{major}.{minor}.{patch}-0")
    } else {
        format!("{major}.{minor}.{patch}")
    };
    // Built from numbers: always a valid version.
    text.parse().unwrap_or_else(|_| unreachable!("{text}"))
}

fn cmp(op: Op, version: Version) -> Comparator {
    Comparator { op, version }
}

impl VersionReq {
    /// Parses a range; the error (`invalid-spec`) names the text.
    pub fn parse(text: &str) -> Result<VersionReq> {
        let invalid = |detail: &str| Error::new(ErrorKind::InvalidSpec, text, detail);
        if text.len() > 256 || text.chars().any(char::is_control) {
            return Err(invalid("not a version range"));
        }
        let mut sets = Vec::new();
        for alternative in text.split("||") {
            sets.push(parse_set(alternative.trim()).map_err(|d| invalid(&d))?);
        }
        let trimmed = text.trim().trim_start_matches('=').trim();
        let exact = match trimmed.parse::<Version>() {
            Ok(v) if !text.contains("||") && !trimmed.starts_with(['<', '>', '~', '^']) => Some(v),
            _ => None,
        };
        Ok(VersionReq { sets, exact })
    }

    /// The one version this range allows, when it is an exact version (`1.2.3`, `=1.2.3`, `v1.2.3`).
    pub fn exact(&self) -> Option<Version> {
        self.exact.clone()
    }

    /// Whether `version` is in the range; pre-releases only as npm allows them, or all of
    /// them with `include_pre`.
    pub fn matches(&self, version: &Version, include_pre: bool) -> bool {
        self.sets.iter().any(|set| {
            set.iter().all(|c| c.test(version))
                && (!version.is_prerelease()
                    || include_pre
                    || set.iter().any(|c| {
                        c.version.is_prerelease() && c.version.triple() == version.triple()
                    }))
        })
    }
}

impl Comparator {
    fn test(&self, v: &Version) -> bool {
        match self.op {
            Op::Ge => *v >= self.version,
            Op::Gt => *v > self.version,
            Op::Le => *v <= self.version,
            Op::Lt => *v < self.version,
            Op::Eq => *v == self.version,
        }
    }
}

/// One set of space-separated comparators (or a hyphen range); empty means any version.
fn parse_set(text: &str) -> std::result::Result<Vec<Comparator>, String> {
    if let Some((low, high)) = text.split_once(" - ") {
        let (low, high) = (partial(low.trim())?, partial(high.trim())?);
        let mut out = vec![lower(&low)];
        out.extend(upper_inclusive(&high));
        return Ok(out);
    }
    // `>= 1.2.3` is `>=1.2.3`: glue an operator to the version after it.
    let mut tokens: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match tokens.last_mut() {
            Some(last)
                if matches!(
                    last.as_str(),
                    "<" | ">" | "<=" | ">=" | "=" | "~" | "^" | "~>"
                ) =>
            {
                last.push_str(word)
            }
            _ => tokens.push(word.to_string()),
        }
    }
    let mut out = Vec::new();
    for token in tokens {
        out.extend(comparators(&token)?);
    }
    Ok(out)
}

fn comparators(token: &str) -> std::result::Result<Vec<Comparator>, String> {
    let (op, rest) = ["<=", ">=", "~>", "<", ">", "=", "~", "^"]
        .iter()
        .find_map(|op| token.strip_prefix(op).map(|rest| (*op, rest)))
        .unwrap_or(("", token));
    let p = partial(rest)?;
    let any = || Ok(Vec::new());
    Ok(match op {
        "" | "=" => match (&p.full, p.major, p.minor) {
            (Some(v), ..) => vec![cmp(Op::Eq, v.clone())],
            (None, None, _) => return any(),
            _ => {
                let mut out = vec![lower(&p)];
                out.extend(upper_inclusive(&p));
                out
            }
        },
        ">=" => match p.major {
            None => return any(),
            Some(_) => vec![lower(&p)],
        },
        "<" => match (&p.full, p.major, p.minor, p.patch) {
            (Some(v), ..) => vec![cmp(Op::Lt, v.clone())],
            (_, None, ..) => vec![cmp(Op::Lt, bound(0, 0, 0, true))],
            (_, Some(ma), mi, pa) => vec![cmp(
                Op::Lt,
                bound(ma, mi.unwrap_or(0), pa.unwrap_or(0), true),
            )],
        },
        ">" => match (&p.full, p.major, p.minor) {
            (Some(v), ..) => vec![cmp(Op::Gt, v.clone())],
            // Nothing is greater than every version.
            (_, None, _) => vec![cmp(Op::Lt, bound(0, 0, 0, true))],
            (_, Some(ma), None) => vec![cmp(Op::Ge, bound(ma + 1, 0, 0, false))],
            (_, Some(ma), Some(mi)) => vec![cmp(Op::Ge, bound(ma, mi + 1, 0, false))],
        },
        "<=" => match p.major {
            None => return any(),
            Some(_) => upper_inclusive(&p),
        },
        "~" | "~>" => {
            let Some(ma) = p.major else { return any() };
            let mut out = vec![lower(&p)];
            out.push(match p.minor {
                None => cmp(Op::Lt, bound(ma + 1, 0, 0, true)),
                Some(mi) => cmp(Op::Lt, bound(ma, mi + 1, 0, true)),
            });
            out
        }
        _ => {
            // "^": keep the left-most non-zero part.
            let Some(ma) = p.major else { return any() };
            let high = match (ma, p.minor, p.patch) {
                (0, None, _) => bound(1, 0, 0, true),
                (0, Some(0), None) => bound(0, 1, 0, true),
                (0, Some(0), Some(pa)) => bound(0, 0, pa + 1, true),
                (0, Some(mi), _) => bound(0, mi + 1, 0, true),
                (ma, ..) => bound(ma + 1, 0, 0, true),
            };
            vec![lower(&p), cmp(Op::Lt, high)]
        }
    })
}

/// `>=` the partial with its wildcards as zeros.
fn lower(p: &Partial) -> Comparator {
    match &p.full {
        Some(v) => cmp(Op::Ge, v.clone()),
        None => cmp(
            Op::Ge,
            bound(p.major.unwrap_or(0), p.minor.unwrap_or(0), 0, false),
        ),
    }
}

/// `<=` the partial, its wildcards allowing anything below the next part.
fn upper_inclusive(p: &Partial) -> Vec<Comparator> {
    match (&p.full, p.major, p.minor) {
        (Some(v), ..) => vec![cmp(Op::Le, v.clone())],
        (_, None, _) => Vec::new(),
        (_, Some(ma), None) => vec![cmp(Op::Lt, bound(ma + 1, 0, 0, true))],
        (_, Some(ma), Some(mi)) => vec![cmp(Op::Lt, bound(ma, mi + 1, 0, true))],
    }
}

fn partial(text: &str) -> std::result::Result<Partial, String> {
    let text = text.strip_prefix('v').unwrap_or(text);
    if text.is_empty() || matches!(text, "*" | "x" | "X") {
        return Ok(Partial {
            major: None,
            minor: None,
            patch: None,
            full: None,
        });
    }
    if let Ok(full) = text.parse::<Version>() {
        let (major, minor, patch) = full.triple();
        return Ok(Partial {
            major: Some(major),
            minor: Some(minor),
            patch: Some(patch),
            full: Some(full),
        });
    }
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() > 3 {
        return Err(format!(
            "{text:?} is not a version, a partial version (1, 1.2, 1.x) or a range"
        ));
    }
    let mut numbers = [None; 3];
    let mut wild = false;
    for (slot, part) in numbers.iter_mut().zip(&parts) {
        if matches!(*part, "x" | "X" | "*") {
            wild = true;
            continue;
        }
        let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if wild || !digits || (part.len() > 1 && part.starts_with('0')) {
            return Err(format!(
                "{text:?} is not a version, a partial version (1, 1.2, 1.x) or a range"
            ));
        }
        *slot = part.parse::<u64>().ok();
    }
    Ok(Partial {
        major: numbers[0],
        minor: numbers[1],
        patch: numbers[2],
        full: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        s.parse().unwrap()
    }

    #[test]
    fn ranges_follow_node_semver() {
        // (range, version, matches without pre-releases)
        for (range, version, yes) in [
            ("*", "1.2.3", true),
            ("", "0.0.1", true),
            ("*", "1.2.3-rc.1", false),
            ("1", "1.9.9", true),
            ("1", "2.0.0", false),
            ("1.2", "1.2.9", true),
            ("1.2", "1.3.0", false),
            ("1.2.x", "1.2.0", true),
            ("1.2.3", "1.2.3", true),
            ("v1.2.3", "1.2.4", false),
            ("=1.2.3", "1.2.3", true),
            ("~1.2.3", "1.2.9", true),
            ("~1.2.3", "1.3.0", false),
            ("~1", "1.9.0", true),
            ("~1", "2.0.0", false),
            ("~1.2.3-beta.2", "1.2.3-beta.4", true),
            ("~1.2.3-beta.2", "1.2.4-beta.2", false),
            ("^1.2.3", "1.9.0", true),
            ("^1.2.3", "2.0.0", false),
            ("^1.2.3", "1.2.2", false),
            ("^0.2.3", "0.2.9", true),
            ("^0.2.3", "0.3.0", false),
            ("^0.0.3", "0.0.3", true),
            ("^0.0.3", "0.0.4", false),
            ("^0.0", "0.0.9", true),
            ("^0.0", "0.1.0", false),
            ("^0.x", "0.9.0", true),
            ("^0.x", "1.0.0", false),
            ("^1.x", "1.5.0", true),
            (">=1.2.3", "1.2.3", true),
            (">= 1.2.3", "1.2.2", false),
            (">1.2.3", "1.2.3", false),
            (">1.2", "1.2.9", false),
            (">1.2", "1.3.0", true),
            (">1", "2.0.0", true),
            ("<1.2", "1.1.9", true),
            ("<1.2", "1.2.0", false),
            ("<=1.2", "1.2.9", true),
            ("<=1.2", "1.3.0", false),
            (">=1.0.0 <2.0.0", "1.5.0", true),
            (">=1.0.0 <2.0.0", "2.0.0", false),
            ("1.2.3 - 2.3.4", "2.3.4", true),
            ("1.2.3 - 2.3.4", "2.3.5", false),
            ("1.2.3 - 2.3", "2.3.9", true),
            ("1.2.3 - 2", "2.9.0", true),
            ("1.2 - 2.3.4", "1.2.0", true),
            ("1.2.x || >=3", "3.0.0", true),
            ("1.2.x || >=3", "2.0.0", false),
            (">*", "1.0.0", false),
            ("^1.2.3-beta.1", "1.2.3-beta.5", true),
            ("^1.2.3-beta.1", "1.3.0-beta.1", false),
        ] {
            let req = VersionReq::parse(range).unwrap();
            assert_eq!(req.matches(&v(version), false), yes, "{range:?} {version}");
        }
    }

    #[test]
    fn pre_releases_on_request() {
        let req = VersionReq::parse("^1.2.0").unwrap();
        assert!(req.matches(&v("1.4.0-rc.1"), true));
        assert!(!req.matches(&v("2.0.0-rc.1"), true));
    }

    #[test]
    fn exact_versions_are_recognised() {
        for (text, exact) in [
            ("1.2.3", Some("1.2.3")),
            ("v1.2.3-rc.1", Some("1.2.3-rc.1")),
            ("=1.2.3", Some("1.2.3")),
            ("^1.2.3", None),
            ("1.2", None),
            ("1.2.3 || 1.2.4", None),
        ] {
            assert_eq!(
                VersionReq::parse(text).unwrap().exact(),
                exact.map(v),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_what_is_not_a_range() {
        for bad in ["1.2.3.4", "latest", "1.x.3", "01.2", "^abc", ">=1.2.3a"] {
            let err = VersionReq::parse(bad).unwrap_err();
            assert_eq!(err.code(), "invalid-spec", "{bad}");
        }
    }
}
