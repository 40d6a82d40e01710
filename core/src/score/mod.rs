//! Risk scoring of a diff: the glob dialect, `git diff --numstat` parsing, and the risk
//! arithmetic, behaving exactly like the loop's JavaScript `score.mjs` for every input —
//! including its JavaScript-specific edges (`parseInt` counts, number formatting, object
//! key order) — while matching globs in linear time.
//!
//! ```
//! use upkeep_core::score::{actual_risk, decide, parse_numstat, Decision, RiskOptions};
//!
//! let files = parse_numstat("10\t2\tsrc/lib.rs\n1\t0\tREADME.md\n");
//! let options = RiskOptions { write_set: vec!["src/**".into()], ..Default::default() };
//! let risk = actual_risk(0.2, &files, &options);
//! assert_eq!(risk.reasons, ["outside the write set: README.md"]);
//! assert_eq!(decide(risk.score, Some("aggressive")).unwrap(), Decision::Soft);
//! ```

mod assess;
mod columns;
mod git_diff;
mod glob;
pub(crate) mod js;
mod nfa;
mod numstat;
mod preset_choices;
mod risk;
mod warnings;

pub use assess::{
    assess, assess_view, render_verdict, score_constants, AssessOptions, AssessView,
    ScoreConstants, ScoreReport, Verdict,
};
pub use columns::{rows_from_columns, rows_to_columns, split_utf16_lengths};
pub use git_diff::{score_diff_args, ScoreDiff};
pub use glob::{glob_match, Glob, GlobSet};
pub use js::js_number_to_string;
pub use numstat::{parse_numstat, parse_numstat_bytes, parse_numstat_z, FileStat};
pub use preset_choices::{preset_choices, PresetChoices};
pub use risk::{
    actual_risk, decide, declared_risk, parse_actions, risk_files, worst, worst_pick, Decision,
    FileRisk, Overrides, Pick, Preset, Risk, RiskOptions, Weights, DEFAULT_PRESET, DELETION_LINES,
    PRESETS, WEIGHTS,
};
pub use warnings::{glob_warnings, GlobWarning};
