//! One call that turns a diff and a change's declaration into a verdict — what the
//! `upkeep score` command prints — and the scoring constants as data for JavaScript.
//!
//! ```
//! use upkeep_core::score::{assess, parse_numstat, AssessOptions, Decision};
//!
//! let files = parse_numstat("4\t1\tsrc/a.js\n");
//! let options = AssessOptions {
//!     actions: Some(vec!["logic".into()]),
//!     risk: upkeep_core::score::RiskOptions { write_set: vec!["src/**".into()], ..Default::default() },
//!     ..Default::default()
//! };
//! let verdict = assess(&files, &options).unwrap();
//! assert_eq!((verdict.score, verdict.decision, verdict.fails), (0.4, Decision::Soft, false));
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::render::{Line, Tone};
use crate::score::js::js_number_to_string;
use crate::score::numstat::FileStat;
use crate::score::risk::{
    actual_risk, declared_risk, Decision, Preset, RiskOptions, Weights, DEFAULT_PRESET,
    DELETION_LINES, PRESETS,
};
use crate::score::warnings::{glob_warnings, GlobWarning};

/// Everything a verdict depends on besides the diff. Every field may be left out.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct AssessOptions {
    /// The actions the change declared; their largest weight is the declared score.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "readonly string[] | null", "tsOptional" = "nullable")))]
    pub actions: Option<Vec<String>>,
    /// The declared score itself, instead of `actions`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub declared: Option<f64>,
    /// The preset deciding the score ([`DEFAULT_PRESET`] when absent).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub preset: Option<String>,
    /// The least severe decision that counts as a failure (`blocking` when absent).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub fail_on: Option<String>,
    /// Write set, contracts, ignored deletions and weight overrides.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub risk: RiskOptions,
}

/// The verdict on a diff.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Verdict {
    /// The declared score.
    pub declared: f64,
    /// The actual score: the declared one, raised by what the diff did.
    pub score: f64,
    /// How the preset handles the score.
    pub decision: Decision,
    /// The preset and its thresholds.
    pub preset: Preset,
    /// Why the score is above the declared one.
    pub reasons: Vec<String>,
    /// Whether the decision is at least as severe as `fail_on`.
    pub fails: bool,
    /// How many rows the diff had.
    pub files: usize,
}

/// Scores `files` under `options`: declared risk, escalations, decision, and whether the
/// decision fails. Errors: [`ErrorKind::InvalidArgument`] when both `actions` and
/// `declared` are given or `fail_on` names no decision; unknown actions and presets as
/// [`declared_risk`] and [`Preset::named`] report them.
pub fn assess(files: &[FileStat], options: &AssessOptions) -> Result<Verdict> {
    let preset = Preset::named(Some(options.preset.as_deref().unwrap_or(DEFAULT_PRESET)))?;
    let fail_on = match options.fail_on.as_deref() {
        None => Decision::Blocking,
        Some(name) => Decision::from_name(name).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                "failOn",
                format!("expected silent, soft or blocking, found {name:?}"),
            )
        })?,
    };
    let declared = match (&options.actions, options.declared) {
        (Some(_), Some(_)) => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "declared",
                "give either the actions or the declared score, not both",
            ))
        }
        (Some(actions), None) => declared_risk(actions, &options.risk.overrides)?,
        (None, declared) => declared.unwrap_or(0.0),
    };
    let risk = actual_risk(declared, files, &options.risk);
    let decision = preset.decide(risk.score);
    Ok(Verdict {
        declared,
        score: risk.score,
        decision,
        preset,
        reasons: risk.reasons,
        fails: decision >= fail_on,
        files: files.len(),
    })
}

/// What `upkeep score --json` prints: the verdict (exactly [`assess`]'s, the reference's
/// shape) and the globs that can never match under the scorer's rules (left out of the
/// JSON when there are none).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ScoreReport {
    /// The verdict.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub verdict: Verdict,
    /// Globs that can never match ([`glob_warnings`]).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub warnings: Vec<GlobWarning>,
}

/// The score report with its rendering: what `upkeep score` prints (`--json`: the
/// report; otherwise the lines), and the code it exits with.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct AssessView {
    /// The report.
    pub report: ScoreReport,
    /// It as lines ([`render_verdict`]).
    pub lines: Vec<Line>,
    /// The preset line alone, as it is among the lines: its name and thresholds, for a view
    /// that shows it apart.
    pub preset_line: String,
    /// The line a view shows instead of the reasons when there are none.
    pub reasons_none: Option<String>,
    /// The exit code of `upkeep score`: 1 when the verdict fails (`--fail-on`), else 0.
    pub exit: u8,
    /// The same verdict step by step, each step named by the engine call that answers it
    /// alone: `declaredRisk([logic]) = 0.4 → actualRisk = 0.55 → decide(0.55, 'balanced') = soft`.
    pub steps: String,
}

/// [`assess`], with the options' never-matching globs and the rendering.
pub fn assess_view(files: &[FileStat], options: &AssessOptions) -> Result<AssessView> {
    let report = ScoreReport {
        verdict: assess(files, options)?,
        warnings: glob_warnings(&options.risk),
    };
    let lines = render_verdict(&report);
    let preset_line = render_preset(&report.verdict.preset);
    let exit = if report.verdict.fails {
        crate::exits::FINDINGS
    } else {
        0
    };
    let reasons_none = report
        .verdict
        .reasons
        .is_empty()
        .then(|| "None: the score is what was declared.".into());
    let steps = verdict_steps(&report.verdict, options.actions.as_deref());
    Ok(AssessView {
        report,
        lines,
        preset_line,
        reasons_none,
        exit,
        steps,
    })
}

/// The verdict as the chain of calls that give it one step at a time (a declared score
/// given as a number, not actions, is shown as `declared`).
fn verdict_steps(verdict: &Verdict, actions: Option<&[String]>) -> String {
    let n = js_number_to_string;
    let declared = match actions {
        Some(actions) => format!("declaredRisk([{}])", actions.join(", ")),
        None => "declared".into(),
    };
    format!(
        "{declared} = {} → actualRisk = {} → decide({}, '{}') = {}",
        n(verdict.declared),
        n(verdict.score),
        n(verdict.score),
        verdict.preset.name,
        verdict.decision.as_str()
    )
}

/// The report as `upkeep score` prints it: score, decision, preset, declared score, file
/// count and reasons, then a warning for each glob that can never match.
pub fn render_verdict(report: &ScoreReport) -> Vec<Line> {
    let verdict = &report.verdict;
    let n = js_number_to_string;
    let tone = match verdict.decision {
        Decision::Blocking => Tone::Attention,
        _ => Tone::Plain,
    };
    let mut lines = vec![
        Line::new(tone, format!("score: {}", n(verdict.score))),
        Line::new(tone, format!("decision: {}", verdict.decision.as_str())),
        Line::plain(render_preset(&verdict.preset)),
        Line::plain(format!("declared: {}", n(verdict.declared))),
        Line::plain(format!("files: {}", verdict.files)),
        Line::plain(if verdict.reasons.is_empty() {
            "reasons: none"
        } else {
            "reasons:"
        }),
    ];
    for reason in &verdict.reasons {
        lines.push(Line::plain(format!("  - {reason}")));
    }
    for w in &report.warnings {
        let flag = match w.option.as_str() {
            "writeSet" => "--write-set",
            "contracts" => "--contracts",
            _ => "--ignore-deletions",
        };
        lines.push(Line::new(
            Tone::Warning,
            format!(
                "warning: {flag} '{}' can never match: {}",
                w.pattern, w.rule
            ),
        ));
    }
    lines
}

/// A preset and what its thresholds decide: `preset: balanced (silent ≤ 0.2, soft ≤ 0.6,
/// blocking above)`.
pub fn render_preset(preset: &Preset) -> String {
    let n = js_number_to_string;
    format!(
        "preset: {} (silent ≤ {}, soft ≤ {}, blocking above)",
        preset.name,
        n(preset.silent),
        n(preset.soft)
    )
}

/// The scoring constants, for JavaScript modules that must expose them before the engine
/// is loaded (the browser build's `init()`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ScoreConstants {
    /// The default weights, in order.
    pub weights: Weights,
    /// Each preset's `[silent, soft]` ceilings, in order (an object in JavaScript).
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "Record<string, [number, number]>")))]
    #[cfg_attr(feature = "serde", serde(serialize_with = "presets_as_map"))]
    pub presets: Vec<(String, [f64; 2])>,
    /// The default preset's name.
    pub default_preset: String,
    /// The deletion threshold.
    pub deletion_lines: u32,
}

#[cfg(feature = "serde")]
fn presets_as_map<S: serde::Serializer>(
    presets: &[(String, [f64; 2])],
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    serializer.collect_map(presets.iter().map(|(k, v)| (k, v)))
}

/// The scoring constants.
pub fn score_constants() -> ScoreConstants {
    ScoreConstants {
        weights: Weights::new(&Default::default()),
        presets: PRESETS
            .iter()
            .map(|(name, t)| ((*name).to_owned(), *t))
            .collect(),
        default_preset: DEFAULT_PRESET.to_owned(),
        deletion_lines: DELETION_LINES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let files = vec![FileStat::new("a", 0.0, 0.0)];
        let mut options = AssessOptions {
            declared: Some(0.5),
            ..Default::default()
        };
        options.risk.write_set = vec!["a".into()];
        let v = assess(&files, &options).unwrap();
        assert_eq!((v.decision, v.fails), (Decision::Soft, false));
        options.fail_on = Some("soft".into());
        assert!(assess(&files, &options).unwrap().fails);
        options.fail_on = Some("never".into());
        assert_eq!(
            assess(&files, &options).unwrap_err().code(),
            "invalid-argument"
        );
        options.fail_on = None;
        options.actions = Some(vec![]);
        assert_eq!(
            assess(&files, &options).unwrap_err().code(),
            "invalid-argument"
        );
        options.declared = None;
        options.preset = Some("x".into());
        assert_eq!(
            assess(&files, &options).unwrap_err().code(),
            "unknown-preset"
        );
    }
}
