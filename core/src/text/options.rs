//! What callers can choose about diffs and merges, with the defaults of GNU diff and
//! `git merge-file`.
//!
//! Both option types deserialize (behind the `serde` feature) from camelCase objects with
//! every field optional (absent, `null` and `undefined` all mean the default); an unknown
//! field or a value of the wrong type is an error, never silently ignored.
//!
//! ```
//! use upkeep_core::text::{ConflictStyle, DiffOptions, Favor, MergeOptions};
//!
//! let diff = DiffOptions::default();
//! assert_eq!((diff.context, diff.old_label.as_str(), diff.ignore_eol), (3, "old", false));
//!
//! let merge = MergeOptions::default();
//! assert_eq!((merge.style, merge.favor, merge.marker_size), (ConflictStyle::Merge, Favor::None, 7));
//! ```

use crate::error::{Error, ErrorKind, Result};

/// Options of [`unified_diff`](super::unified_diff), [`diff_hunks`](super::diff_hunks),
/// [`apply_hunks`](super::apply_hunks) and [`same_text`](super::same_text).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", try_from = "from_js::DiffOptionsIn")
)]
pub struct DiffOptions {
    /// Unchanged lines shown around each change (`diff -U`); 3 by default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub context: usize,
    /// The name of the old side: the `---` line of a unified diff, and the input named
    /// when it is refused. `old` by default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub old_label: String,
    /// The name of the new side: the `+++` line. `new` by default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub new_label: String,
    /// Treat CRLF and LF line endings as equal (`diff --strip-trailing-cr`), so a file
    /// checked out with `core.autocrlf` compares equal to its LF original. A missing final
    /// newline still counts, and a lone CR is not a line ending.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub ignore_eol: bool,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            context: 3,
            old_label: "old".into(),
            new_label: "new".into(),
            ignore_eol: false,
        }
    }
}

impl DiffOptions {
    /// Refuses labels that would break the patch's header lines.
    pub(crate) fn check(&self) -> Result<()> {
        check_label("oldLabel", &self.old_label)?;
        check_label("newLabel", &self.new_label)
    }
}

/// How conflicts are written out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum ConflictStyle {
    /// Ours and theirs between `<<<<<<<`, `=======` and `>>>>>>>`; conflicts are narrowed
    /// to the lines that really differ (git's default).
    #[default]
    Merge,
    /// Also the base, after `|||||||`; conflicts are not narrowed (`--diff3`).
    Diff3,
    /// Like `Diff3`, but lines common to both sides at the start and end of a conflict are
    /// moved out of it (`--zdiff3`).
    Zdiff3,
}

/// How a conflict is resolved without markers (`git merge-file --ours/--theirs/--union`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Favor {
    /// Conflicts get markers and are counted.
    #[default]
    None,
    /// Our side of each conflict is taken.
    Ours,
    /// Their side of each conflict is taken.
    Theirs,
    /// Both sides are taken, ours first.
    Union,
}

/// Options of [`merge`](super::merge).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", try_from = "from_js::MergeOptionsIn")
)]
pub struct MergeOptions {
    /// How conflicts are written.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub style: ConflictStyle,
    /// Resolve conflicts to one side (or both) instead of writing markers.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub favor: Favor,
    /// Written after `<<<<<<<`; none by default (git merge-file uses the file names).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub ours_label: Option<String>,
    /// Written after `|||||||` in the diff3 styles.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub base_label: Option<String>,
    /// Written after `>>>>>>>`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub theirs_label: Option<String>,
    /// Length of the conflict markers; 7 by default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub marker_size: usize,
}

impl Default for MergeOptions {
    fn default() -> Self {
        MergeOptions {
            style: ConflictStyle::Merge,
            favor: Favor::None,
            ours_label: None,
            base_label: None,
            theirs_label: None,
            marker_size: 7,
        }
    }
}

impl MergeOptions {
    /// Refuses labels that would break a marker line, and markers too short to see.
    pub(crate) fn check(&self) -> Result<()> {
        for (name, label) in [
            ("oursLabel", &self.ours_label),
            ("baseLabel", &self.base_label),
            ("theirsLabel", &self.theirs_label),
        ] {
            if let Some(label) = label {
                check_label(name, label)?;
            }
        }
        if self.marker_size == 0 {
            return Err(Error::new(
                ErrorKind::InvalidOptions,
                "markerSize",
                "conflict markers need at least one character",
            ));
        }
        Ok(())
    }

    /// The name the merge uses for each input in messages: its label, or its role.
    pub(crate) fn names(&self) -> [&str; 3] {
        [
            self.ours_label.as_deref().unwrap_or("ours"),
            self.base_label.as_deref().unwrap_or("base"),
            self.theirs_label.as_deref().unwrap_or("theirs"),
        ]
    }
}

fn check_label(name: &str, label: &str) -> Result<()> {
    if label.contains(['\n', '\r']) {
        return Err(Error::new(
            ErrorKind::InvalidOptions,
            name,
            format!("the label {label:?} holds a line break, which would end its header line"),
        ));
    }
    Ok(())
}

/// The shapes options arrive in from JavaScript: every field may be missing, `null` or
/// `undefined`, which means its default; anything else must be the right type, and a field
/// the options do not have is refused. (Unknown fields are collected rather than denied by
/// serde because some deserializers, serde-wasm-bindgen's among them, only look up the
/// fields a struct declares.)
#[cfg(feature = "serde")]
mod from_js {
    use std::collections::BTreeMap;

    use serde::de::IgnoredAny;

    use super::{ConflictStyle, DiffOptions, Favor, MergeOptions};

    type Unknown = BTreeMap<String, IgnoredAny>;

    fn refuse_unknown(unknown: &Unknown, known: &[&str]) -> Result<(), String> {
        match unknown.keys().next() {
            None => Ok(()),
            Some(field) => Err(format!(
                "unknown field `{field}`, expected one of {}",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    // The declarations are of the options' own fields; this derive only lets the type
    // say it is read through this one.
    #[derive(serde::Deserialize)]
    #[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
    #[serde(rename_all = "camelCase")]
    pub(super) struct DiffOptionsIn {
        context: Option<usize>,
        old_label: Option<String>,
        new_label: Option<String>,
        ignore_eol: Option<bool>,
        #[serde(flatten)]
        #[cfg_attr(feature = "contracts", schemars(skip))]
        unknown: Unknown,
    }

    impl TryFrom<DiffOptionsIn> for DiffOptions {
        type Error = String;

        fn try_from(given: DiffOptionsIn) -> Result<Self, String> {
            refuse_unknown(
                &given.unknown,
                &["context", "oldLabel", "newLabel", "ignoreEol"],
            )?;
            let default = DiffOptions::default();
            Ok(DiffOptions {
                context: given.context.unwrap_or(default.context),
                old_label: given.old_label.unwrap_or(default.old_label),
                new_label: given.new_label.unwrap_or(default.new_label),
                ignore_eol: given.ignore_eol.unwrap_or(default.ignore_eol),
            })
        }
    }

    // The declarations are of the options' own fields; this derive only lets the type
    // say it is read through this one.
    #[derive(serde::Deserialize)]
    #[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
    #[serde(rename_all = "camelCase")]
    pub(super) struct MergeOptionsIn {
        style: Option<ConflictStyle>,
        favor: Option<Favor>,
        ours_label: Option<String>,
        base_label: Option<String>,
        theirs_label: Option<String>,
        marker_size: Option<usize>,
        #[serde(flatten)]
        #[cfg_attr(feature = "contracts", schemars(skip))]
        unknown: Unknown,
    }

    impl TryFrom<MergeOptionsIn> for MergeOptions {
        type Error = String;

        fn try_from(given: MergeOptionsIn) -> Result<Self, String> {
            let known = [
                "style",
                "favor",
                "oursLabel",
                "baseLabel",
                "theirsLabel",
                "markerSize",
            ];
            refuse_unknown(&given.unknown, &known)?;
            let default = MergeOptions::default();
            Ok(MergeOptions {
                style: given.style.unwrap_or(default.style),
                favor: given.favor.unwrap_or(default.favor),
                ours_label: given.ours_label,
                base_label: given.base_label,
                theirs_label: given.theirs_label,
                marker_size: given.marker_size.unwrap_or(default.marker_size),
            })
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn options_from_json() {
            let parse =
                |json: &str| serde_json::from_str::<DiffOptions>(json).map_err(|e| e.to_string());
            let expected = DiffOptions {
                context: 1,
                ..DiffOptions::default()
            };
            assert_eq!(parse(r#"{"context":1,"oldLabel":null}"#), Ok(expected));
            let error = parse(r#"{"contxt":1}"#).unwrap_err();
            assert!(
                error.starts_with("unknown field `contxt`, expected one of `context`"),
                "{error}"
            );
            assert!(parse(r#"{"context":"1"}"#).is_err());
            let merge: MergeOptions =
                serde_json::from_str(r#"{"style":"diff3","favor":"union"}"#).unwrap();
            assert_eq!(
                (merge.style, merge.favor),
                (ConflictStyle::Diff3, Favor::Union)
            );
            assert!(serde_json::from_str::<MergeOptions>(r#"{"style":"diff4"}"#).is_err());
        }
    }
}
