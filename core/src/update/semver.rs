//! Semantic versions (semver 2.0): parsing and precedence, pre-release tags included.
//!
//! A leading `v` (as in git tags) and surrounding whitespace (as in a `VERSION` file) are
//! accepted; build metadata (`+...`) is kept for display and ignored for precedence.
//!
//! ```
//! use upkeep_core::update::Version;
//!
//! let rc: Version = "1.3.0-rc.1".parse().unwrap();
//! let release: Version = "v1.3.0\n".parse().unwrap();
//! assert!(rc < release);
//! assert_eq!(release.to_string(), "1.3.0");
//! assert!("1.3".parse::<Version>().is_err());
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};

/// A parsed semantic version. Equality and ordering follow semver precedence, so
/// `1.0.0+a == 1.0.0+b`.
#[derive(Clone, Debug)]
pub struct Version {
    major: u64,
    minor: u64,
    patch: u64,
    pre: Vec<Identifier>,
    build: String,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Identifier {
    // Declared first: numeric identifiers have lower precedence than alphanumeric ones.
    Numeric(u64),
    Alphanumeric(String),
}

impl Version {
    /// Whether this is a pre-release (`1.0.0-rc.1`).
    pub fn is_prerelease(&self) -> bool {
        !self.pre.is_empty()
    }

    /// `(major, minor, patch)`, for version ranges (npm's pre-release rule compares them).
    pub fn triple(&self) -> (u64, u64, u64) {
        (self.major, self.minor, self.patch)
    }
}

impl FromStr for Version {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let invalid = |detail: &str| Error::new(ErrorKind::InvalidVersion, text, detail);
        let trimmed = text.trim();
        let bare = trimmed.strip_prefix('v').unwrap_or(trimmed);
        let (rest, build) = match bare.split_once('+') {
            Some((rest, build)) => {
                if build.split('.').any(|part| !is_identifier(part)) {
                    return Err(invalid(
                        "build metadata must be dot-separated [0-9A-Za-z-] identifiers",
                    ));
                }
                (rest, build.to_string())
            }
            None => (bare, String::new()),
        };
        let (core, pre) = match rest.split_once('-') {
            Some((core, pre)) => (core, Some(pre)),
            None => (rest, None),
        };
        let numbers: Vec<&str> = core.split('.').collect();
        if numbers.len() != 3 {
            return Err(invalid("expected MAJOR.MINOR.PATCH, as in 1.2.3"));
        }
        let mut parsed = [0u64; 3];
        for (slot, part) in parsed.iter_mut().zip(&numbers) {
            *slot = numeric(part).ok_or_else(|| {
                invalid("MAJOR, MINOR and PATCH must be numbers without leading zeros")
            })?;
        }
        let mut identifiers = Vec::new();
        if let Some(pre) = pre {
            for part in pre.split('.') {
                if !is_identifier(part) {
                    return Err(invalid(
                        "a pre-release is dot-separated [0-9A-Za-z-] identifiers, as in rc.1",
                    ));
                }
                identifiers.push(match part.bytes().all(|b| b.is_ascii_digit()) {
                    true => Identifier::Numeric(numeric(part).ok_or_else(|| {
                        invalid("numeric pre-release identifiers must not have leading zeros")
                    })?),
                    false => Identifier::Alphanumeric(part.to_string()),
                });
            }
        }
        Ok(Version {
            major: parsed[0],
            minor: parsed[1],
            patch: parsed[2],
            pre: identifiers,
            build,
        })
    }
}

fn is_identifier(part: &str) -> bool {
    !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn numeric(part: &str) -> Option<u64> {
    let digits_only = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !digits_only || (part.len() > 1 && part.starts_with('0')) {
        return None;
    }
    part.parse().ok()
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                // A pre-release comes before its release.
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => self.pre.cmp(&other.pre),
            })
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Version {}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (i, id) in self.pre.iter().enumerate() {
            f.write_str(if i == 0 { "-" } else { "." })?;
            match id {
                Identifier::Numeric(n) => write!(f, "{n}")?,
                Identifier::Alphanumeric(s) => f.write_str(s)?,
            }
        }
        if !self.build.is_empty() {
            write!(f, "+{}", self.build)?;
        }
        Ok(())
    }
}

/// Compares two versions by semver precedence: -1, 0 or 1.
pub fn compare_versions(a: &str, b: &str) -> Result<i32, Error> {
    let (a, b) = (a.parse::<Version>()?, b.parse::<Version>()?);
    Ok(match a.cmp(&b) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_follows_semver() {
        // semver.org §11's own example, in ascending order.
        let ascending = [
            "1.0.0-alpha",
            "1.0.0-alpha.1",
            "1.0.0-alpha.beta",
            "1.0.0-beta",
            "1.0.0-beta.2",
            "1.0.0-beta.11",
            "1.0.0-rc.1",
            "1.0.0",
            "1.0.1",
            "1.1.0",
            "2.0.0",
            "10.0.0",
        ];
        for pair in ascending.windows(2) {
            assert_eq!(compare_versions(pair[0], pair[1]).unwrap(), -1, "{pair:?}");
            assert_eq!(compare_versions(pair[1], pair[0]).unwrap(), 1, "{pair:?}");
        }
        assert_eq!(compare_versions("1.0.0+a", "v1.0.0+b").unwrap(), 0);
    }

    #[test]
    fn refuses_what_is_not_semver() {
        for bad in [
            "",
            "1",
            "1.2",
            "1.2.3.4",
            "01.2.3",
            "1.2.x",
            "1.2.3-",
            "1.2.3-a..b",
            "1.2.3-01",
            "1.2.3+",
            "1.2.3 4",
        ] {
            let err = bad.parse::<Version>().unwrap_err();
            assert_eq!(err.code(), "invalid-version", "{bad:?}");
            assert!(err.to_string().contains(&format!("'{bad}'")));
        }
    }

    #[test]
    fn displays_normalized() {
        for (text, shown) in [
            (" v1.2.3\n", "1.2.3"),
            ("1.2.3-rc.1+build.5", "1.2.3-rc.1+build.5"),
        ] {
            assert_eq!(text.parse::<Version>().unwrap().to_string(), shown);
        }
    }
}
