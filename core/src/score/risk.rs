//! The risk arithmetic: weights per declared action, presets of thresholds, and the
//! escalations a diff can add.
//!
//! Scores combine by maximum, never by sum: one critical action makes a change critical,
//! and ten trivial ones do not add up to it. The diff can only raise the declared score:
//! the actual score is `max(declared, escalations)`.
//!
//! ```
//! use upkeep_core::score::{actual_risk, decide, declared_risk, parse_numstat, Decision, Overrides, RiskOptions};
//!
//! let declared = declared_risk(&["rename", "logic"], &Overrides::default()).unwrap();
//! assert_eq!(declared, 0.4);
//!
//! let files = parse_numstat("1\t30\tsrc/a.js\n2\t0\tapi/schema.json\n");
//! let options = RiskOptions {
//!     write_set: vec!["src/**".into(), "api/schema.json".into()],
//!     contracts: vec!["api/**".into()],
//!     ..RiskOptions::default()
//! };
//! let risk = actual_risk(declared, &files, &options);
//! assert_eq!(risk.score, 0.8);
//! assert_eq!(risk.reasons, ["30 lines deleted", "contract files: api/schema.json"]);
//! assert_eq!(decide(risk.score, Some("balanced")).unwrap(), Decision::Blocking);
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::score::glob::{has_literal_segment, slash, Candidate, Glob};
use crate::score::js::{array_index, js_max, js_number_to_string, json_string};
use crate::score::numstat::FileStat;

/// The weight of each action a change may declare, in the reference's order.
pub const WEIGHTS: [(&str, f64); 8] = [
    ("format", 0.1),
    ("imports", 0.1),
    ("rename", 0.2),
    ("logic", 0.4),
    ("new-file", 0.4),
    ("api", 0.8),
    ("delete", 0.8),
    ("architecture", 0.9),
];

/// The presets as `[silent ceiling, soft ceiling]`; above the second is blocking.
pub const PRESETS: [(&str, [f64; 2]); 3] = [
    ("prudent", [0.1, 0.3]),
    ("balanced", [0.2, 0.6]),
    ("aggressive", [0.4, 0.8]),
];

/// The preset used when none is named.
pub const DEFAULT_PRESET: &str = "balanced";

/// More deleted lines than this in one diff count as a code deletion.
pub const DELETION_LINES: u32 = 20;

/// The score a file outside the write set raises the diff to.
const OUTSIDE_WRITE_SET: f64 = 0.8;

/// How a score is handled under a preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RiskDecision"))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Decision {
    /// At or under the silent ceiling: proceed without telling anyone.
    Silent,
    /// At or under the soft ceiling: proceed, and say so.
    Soft,
    /// Above the soft ceiling: stop for a person.
    Blocking,
}

impl Decision {
    /// Every decision, from the mildest.
    pub const ALL: [Decision; 3] = [Decision::Silent, Decision::Soft, Decision::Blocking];

    /// The decisions `upkeep score --fail-on` may name (failing on `silent` would fail
    /// every diff).
    pub const FAIL_ON: [Decision; 2] = [Decision::Soft, Decision::Blocking];

    /// The decision's name: `silent`, `soft` or `blocking`.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Silent => "silent",
            Decision::Soft => "soft",
            Decision::Blocking => "blocking",
        }
    }

    /// The decision called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Decision> {
        Decision::ALL.into_iter().find(|d| d.as_str() == name)
    }
}

/// A preset's thresholds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "PresetThresholds"))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Preset {
    /// The preset's name.
    pub name: &'static str,
    /// Scores at or under this are silent.
    pub silent: f64,
    /// Scores at or under this (and above `silent`) are soft; above, blocking.
    pub soft: f64,
}

impl Preset {
    /// The preset called `name`; `None` stands for JavaScript's `undefined`. An unknown
    /// name fails with [`ErrorKind::UnknownPreset`], whose message lists the valid ones.
    pub fn named(name: Option<&str>) -> Result<Preset> {
        let found = PRESETS.iter().find(|(n, _)| Some(*n) == name);
        match found {
            Some(&(name, [silent, soft])) => Ok(Preset { name, silent, soft }),
            None => {
                let shown = name.map_or_else(|| "undefined".to_owned(), json_string);
                let valid: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
                Err(Error::new(
                    ErrorKind::UnknownPreset,
                    name.unwrap_or("undefined"),
                    format!("unknown preset {shown} — one of {}", valid.join(", ")),
                ))
            }
        }
    }

    /// Where `score` falls: at or under the silent ceiling, at or under the soft one, or
    /// above (NaN is blocking).
    pub fn decide(&self, score: f64) -> Decision {
        if score <= self.silent {
            Decision::Silent
        } else if score <= self.soft {
            Decision::Soft
        } else {
            Decision::Blocking
        }
    }
}

/// Decides `score` under the preset called `preset` (`None`: JavaScript's `undefined`).
pub fn decide(score: f64, preset: Option<&str>) -> Result<Decision> {
    Ok(Preset::named(preset)?.decide(score))
}

/// The more severe of two decisions given by name, exactly as the reference ranks them: a
/// missing one yields the other; otherwise the first wins when it ranks at least as high,
/// else the second — so when a name is not a decision, the second one wins (JavaScript's
/// comparison rules for the few names an object inherits are reproduced too).
pub fn worst<'a>(a: Option<&'a str>, b: Option<&'a str>) -> Option<&'a str> {
    match worst_pick(a, b) {
        Pick::First => a,
        Pick::Second => b,
    }
}

/// Which argument [`worst`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pick {
    /// The first.
    First,
    /// The second.
    Second,
}

/// Which of two decisions [`worst`] returns, so a binding can hand back that argument
/// itself: the reference returns `b` whenever `a` is missing and `a` whenever `b` is —
/// which missing value (`null` or `undefined`) is part of the answer.
pub fn worst_pick(a: Option<&str>, b: Option<&str>) -> Pick {
    match (a, b) {
        (None, _) => Pick::Second,
        (Some(_), None) => Pick::First,
        (Some(a), Some(b)) if ranks_at_least(a, b) => Pick::First,
        _ => Pick::Second,
    }
}

/// `RANK[a] >= RANK[b]` for the reference's `RANK = { silent: 0, soft: 1, blocking: 2 }`.
fn ranks_at_least(a: &str, b: &str) -> bool {
    match (Decision::from_name(a), Decision::from_name(b)) {
        (Some(x), Some(y)) => x >= y,
        // An inherited member converts to a string; two strings compare as text. Anything
        // else involves `undefined` or a string against a number: NaN, false.
        _ => match (inherited_rank_text(a), inherited_rank_text(b)) {
            (Some(x), Some(y)) => x >= y,
            _ => false,
        },
    }
}

/// What `RANK[name]` converts to when `name` is a member every object inherits.
fn inherited_rank_text(name: &str) -> Option<String> {
    const METHODS: [&str; 10] = [
        "__defineGetter__",
        "__defineSetter__",
        "hasOwnProperty",
        "__lookupGetter__",
        "__lookupSetter__",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toString",
        "valueOf",
        "toLocaleString",
    ];
    match name {
        "__proto__" => Some("[object Object]".to_owned()),
        "constructor" => Some("function Object() { [native code] }".to_owned()),
        m if METHODS.contains(&m) => Some(format!("function {m}() {{ [native code] }}")),
        _ => None,
    }
}

/// Weights that replace or add to [`WEIGHTS`], in the order they were given.
///
/// Deserializes from a map of action names to numbers (a JavaScript object).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides(pub Vec<(String, f64)>);

/// The effective weights: [`WEIGHTS`] with the overrides applied, keys in the order a
/// JavaScript object would list them (array-index keys first, ascending; then the
/// defaults; then new names in the order given).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(Vec<(String, f64)>);

impl Weights {
    /// [`WEIGHTS`] with `overrides` applied.
    pub fn new(overrides: &Overrides) -> Weights {
        let mut entries: Vec<(String, f64)> =
            WEIGHTS.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect();
        for (key, value) in &overrides.0 {
            match entries.iter_mut().find(|(k, _)| k == key) {
                Some(entry) => entry.1 = *value,
                None => entries.push((key.clone(), *value)),
            }
        }
        // Stable: non-index keys keep their order.
        entries.sort_by_key(|(k, _)| array_index(k).map_or((1, 0), |i| (0, i)));
        Weights(entries)
    }

    /// The weight of `action`, if it has one.
    pub fn get(&self, action: &str) -> Option<f64> {
        self.0.iter().find(|(k, _)| k == action).map(|(_, v)| *v)
    }

    /// Every action and its weight, in order.
    pub fn entries(&self) -> &[(String, f64)] {
        &self.0
    }
}

/// The actions named in a comma-separated list (`--actions logic,docs`), each trimmed;
/// empty entries (`logic,`, a blank field) name none.
pub fn parse_actions(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(String::from)
        .collect()
}

/// The declared risk of a change: the largest weight among its actions (0 for none).
/// An unknown action fails with [`ErrorKind::UnknownAction`], listing the valid ones.
pub fn declared_risk<S: AsRef<str>>(actions: &[S], overrides: &Overrides) -> Result<f64> {
    let weights = Weights::new(overrides);
    let mut score = 0.0;
    for action in actions {
        let action = action.as_ref();
        let Some(weight) = weights.get(action) else {
            let valid: Vec<&str> = weights.0.iter().map(|(k, _)| k.as_str()).collect();
            return Err(Error::new(
                ErrorKind::UnknownAction,
                action,
                format!(
                    "unknown action {} — one of {}",
                    json_string(action),
                    valid.join(", ")
                ),
            ));
        };
        score = js_max(score, weight);
    }
    Ok(score)
}

/// What [`actual_risk`] checks a diff against. Every field may be left out.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct RiskOptions {
    /// The paths the change may touch: exact paths, or globs with at least one literal
    /// segment (a wildcard-only entry such as `**` matches nothing). Empty: nothing may
    /// be touched.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "readonly string[] | null", "tsOptional" = "nullable")))]
    pub write_set: Vec<String>,
    /// Globs of contract files (public APIs, schemas): touching one raises the score to
    /// the `api` weight.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "readonly string[] | null", "tsOptional" = "nullable")))]
    pub contracts: Vec<String>,
    /// Globs of files whose deleted lines do not count towards [`DELETION_LINES`].
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "readonly string[] | null", "tsOptional" = "nullable")))]
    pub ignore_deletions: Vec<String>,
    /// Weights replacing or adding to [`WEIGHTS`].
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub overrides: Overrides,
}

/// The actual risk of a diff, and why it is higher than declared.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Risk {
    /// `max(declared, escalations)`.
    pub score: f64,
    /// One sentence per escalation, in the order: write set, deletions, contracts.
    pub reasons: Vec<String>,
}

/// Compiled globs, matched against paths normalised once.
struct Globs(Vec<Glob>);

impl Globs {
    fn new<'a>(patterns: impl IntoIterator<Item = &'a String>) -> Self {
        Globs(patterns.into_iter().map(|p| Glob::new(p)).collect())
    }

    fn any(&self, path: &Candidate<'_>) -> bool {
        self.0.iter().any(|g| g.is_match_candidate(path))
    }
}

/// The options' three path rules, compiled once: what [`actual_risk`] escalates on and
/// what [`risk_files`] shows per file are the same answers.
struct PathRules<'o> {
    exact: std::collections::HashSet<std::borrow::Cow<'o, str>>,
    write_globs: Globs,
    ignored: Globs,
    contracts: Globs,
}

impl<'o> PathRules<'o> {
    fn new(options: &'o RiskOptions) -> Self {
        PathRules {
            exact: options.write_set.iter().map(|p| slash(p)).collect(),
            write_globs: Globs::new(options.write_set.iter().filter(|p| has_literal_segment(p))),
            ignored: Globs::new(&options.ignore_deletions),
            contracts: Globs::new(&options.contracts),
        }
    }

    /// Inside the write set: an exact entry, or a glob with a literal segment (a
    /// wildcard-only entry such as `**` matches nothing).
    fn inside(&self, file: &str, path: &Candidate<'_>) -> bool {
        self.exact.contains(slash(file).as_ref()) || self.write_globs.any(path)
    }
}

/// What the options say about one file of a diff.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct FileRisk {
    /// The path, slashes normalised.
    pub file: String,
    /// Inside the write set (a file outside raises the score to 0.8).
    pub in_write_set: bool,
    /// A contract file (raises the score to the `api` weight).
    pub contract: bool,
    /// Its deleted lines do not count towards [`DELETION_LINES`].
    pub deletions_ignored: bool,
}

/// Per file of the diff, the answers [`actual_risk`] escalates on, for a view that shows
/// each file against the write set, the contracts and the ignored deletions.
pub fn risk_files(files: &[FileStat], options: &RiskOptions) -> Vec<FileRisk> {
    let rules = PathRules::new(options);
    files
        .iter()
        .map(|f| {
            let path = Candidate::new(&f.file);
            FileRisk {
                file: slash(&f.file).into_owned(),
                in_write_set: rules.inside(&f.file, &path),
                contract: rules.contracts.any(&path),
                deletions_ignored: rules.ignored.any(&path),
            }
        })
        .collect()
}

/// Escalates the `declared` score for what the diff `files` actually did: files outside
/// the write set (0.8), more than [`DELETION_LINES`] deleted lines outside
/// `ignore_deletions` (the `delete` weight), contract files touched (the `api` weight).
pub fn actual_risk(declared: f64, files: &[FileStat], options: &RiskOptions) -> Risk {
    let weights = Weights::new(&options.overrides);
    let weight = |name: &str| weights.get(name).unwrap_or(f64::NAN);
    let mut score = declared;
    let mut reasons = Vec::new();
    let rules = PathRules::new(options);
    // Every path normalised and scanned once, for the three sets of globs below.
    let paths: Vec<Candidate<'_>> = files.iter().map(|f| Candidate::new(&f.file)).collect();

    let outside: Vec<String> = files
        .iter()
        .zip(&paths)
        .filter(|(f, path)| !rules.inside(&f.file, path))
        .map(|(f, _)| slash(&f.file).into_owned())
        .collect();
    if !outside.is_empty() {
        score = js_max(score, OUTSIDE_WRITE_SET);
        reasons.push(format!("outside the write set: {}", outside.join(", ")));
    }

    // Ignored deletions leave only the count: the write-set check above still saw the file.
    let deleted = files
        .iter()
        .zip(&paths)
        .filter(|(_, path)| !rules.ignored.any(path))
        .fold(0.0, |n, (f, _)| n + f.deleted);
    if deleted > f64::from(DELETION_LINES) {
        score = js_max(score, weight("delete"));
        reasons.push(format!("{} lines deleted", js_number_to_string(deleted)));
    }

    let hit: Vec<String> = files
        .iter()
        .zip(&paths)
        .filter(|(_, path)| rules.contracts.any(path))
        .map(|(f, _)| slash(&f.file).into_owned())
        .collect();
    if !hit.is_empty() {
        score = js_max(score, weight("api"));
        reasons.push(format!("contract files: {}", hit.join(", ")));
    }
    Risk { score, reasons }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overrides(pairs: &[(&str, f64)]) -> Overrides {
        Overrides(pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect())
    }

    #[test]
    fn risk_files_answer_as_actual_risk_escalates() {
        let files = crate::score::parse_numstat("1\t2\tsrc\\a.js\n0\t30\tapi/x.json\n");
        let options = RiskOptions {
            write_set: vec!["**".into(), "src/**".into()],
            contracts: vec!["api/**".into()],
            ignore_deletions: vec!["api/**".into()],
            ..RiskOptions::default()
        };
        let rows = risk_files(&files, &options);
        let shown: Vec<_> = rows
            .iter()
            .map(|r| {
                (
                    r.file.as_str(),
                    r.in_write_set,
                    r.contract,
                    r.deletions_ignored,
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("src/a.js", true, false, false),
                ("api/x.json", false, true, true)
            ]
        );
        let risk = actual_risk(0.0, &files, &options);
        assert_eq!(
            risk.reasons,
            [
                "outside the write set: api/x.json",
                "contract files: api/x.json"
            ]
        );
    }

    #[test]
    fn declared_is_the_largest_weight() {
        let none: [&str; 0] = [];
        assert_eq!(declared_risk(&none, &Overrides::default()).unwrap(), 0.0);
        assert_eq!(
            declared_risk(&["format", "api"], &Overrides::default()).unwrap(),
            0.8
        );
        let custom = overrides(&[("api", 0.3), ("docs", 0.05)]);
        assert_eq!(declared_risk(&["api", "docs"], &custom).unwrap(), 0.3);
    }

    #[test]
    fn unknown_actions_list_the_valid_ones_in_object_order() {
        let err = declared_risk(
            &["x\"y"],
            &overrides(&[("zz", 1.0), ("7", 1.0), ("api", 0.1)]),
        )
        .unwrap_err();
        assert_eq!(err.code(), "unknown-action");
        assert_eq!(
            err.to_string(),
            "unknown action \"x\\\"y\" — one of 7, format, imports, rename, logic, new-file, api, delete, architecture, zz"
        );
    }

    #[test]
    fn presets_and_decisions() {
        assert_eq!(decide(0.2, Some("balanced")).unwrap(), Decision::Silent);
        assert_eq!(decide(0.6, Some("balanced")).unwrap(), Decision::Soft);
        assert_eq!(decide(0.61, Some("balanced")).unwrap(), Decision::Blocking);
        assert_eq!(
            decide(f64::NAN, Some("prudent")).unwrap(),
            Decision::Blocking
        );
        let err = decide(0.0, Some("wild")).unwrap_err();
        assert_eq!(err.code(), "unknown-preset");
        assert_eq!(
            err.to_string(),
            "unknown preset \"wild\" — one of prudent, balanced, aggressive"
        );
        assert_eq!(
            decide(0.0, None).unwrap_err().to_string(),
            "unknown preset undefined — one of prudent, balanced, aggressive"
        );
    }

    #[test]
    fn worst_ranks_like_the_reference() {
        assert_eq!(worst(None, Some("soft")), Some("soft"));
        assert_eq!(worst(Some("soft"), None), Some("soft"));
        assert_eq!(worst(Some("blocking"), Some("soft")), Some("blocking"));
        assert_eq!(worst(Some("soft"), Some("soft")), Some("soft"));
        assert_eq!(worst(Some("silent"), Some("soft")), Some("soft"));
        assert_eq!(worst(Some("blocking"), Some("nope")), Some("nope"));
        assert_eq!(worst(Some("nope"), Some("silent")), Some("silent"));
        assert_eq!(worst(None, None), None);
        assert_eq!(worst(Some("toString"), Some("__proto__")), Some("toString"));
        assert_eq!(worst(Some("__proto__"), Some("toString")), Some("toString"));
        assert_eq!(worst(Some("valueOf"), Some("toString")), Some("valueOf"));
    }

    #[test]
    fn escalations() {
        let files = vec![
            FileStat::new("src\\a.js", 1.0, 15.0),
            FileStat::new("gen/x.snap", 0.0, 100.0),
            FileStat::new("api/v1.json", 0.0, 6.0),
        ];
        let options = RiskOptions {
            write_set: vec!["src/a.js".into(), "**".into(), "gen/**".into()],
            contracts: vec!["api/*.json".into()],
            ignore_deletions: vec!["**/*.snap".into()],
            overrides: overrides(&[("api", 0.85)]),
        };
        let risk = actual_risk(0.1, &files, &options);
        assert_eq!(risk.score, 0.85);
        assert_eq!(
            risk.reasons,
            [
                "outside the write set: api/v1.json",
                "21 lines deleted",
                "contract files: api/v1.json"
            ]
        );
        assert_eq!(actual_risk(0.3, &[], &RiskOptions::default()).score, 0.3);
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Overrides, Weights};
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use std::fmt;

    impl<'de> serde::Deserialize<'de> for Overrides {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct InOrder;
            impl<'de> Visitor<'de> for InOrder {
                type Value = Overrides;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("an object mapping action names to numbers")
                }
                fn visit_unit<E>(self) -> Result<Overrides, E> {
                    Ok(Overrides::default())
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Overrides, A::Error> {
                    let mut entries: Vec<(String, f64)> = Vec::new();
                    while let Some(key) = map.next_key::<String>()? {
                        let value: f64 = map.next_value().map_err(|e| {
                            serde::de::Error::custom(format!("weight {key:?}: {e}"))
                        })?;
                        // A repeated key keeps its first place and its last value, as in JS.
                        match entries.iter_mut().find(|(k, _)| *k == key) {
                            Some(entry) => entry.1 = value,
                            None => entries.push((key, value)),
                        }
                    }
                    Ok(Overrides(entries))
                }
            }
            deserializer.deserialize_any(InOrder)
        }
    }

    fn ordered_map<S: serde::Serializer>(
        entries: &[(String, f64)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(entries.len()))?;
        for (k, v) in entries {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }

    impl serde::Serialize for Overrides {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            ordered_map(&self.0, serializer)
        }
    }

    impl serde::Serialize for Weights {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            ordered_map(&self.0, serializer)
        }
    }
}
