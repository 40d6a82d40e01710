//! What the terminal a command runs in can take, decided once per run from facts the CLI
//! reads (which standard streams are terminals, four environment variables, the flags):
//! whether to prompt, draw progress, colour each stream, show release notes, and how much
//! a summary says.
//!
//! ```
//! use upkeep_core::terminal::{terminal_policy, TerminalFacts};
//!
//! let person = TerminalFacts { stdin_tty: true, stdout_tty: true, stderr_tty: true, ..TerminalFacts::default() };
//! let policy = terminal_policy(&person);
//! assert!(policy.prompt && policy.progress && policy.color_stderr);
//! let piped = TerminalFacts { json: true, ..person };
//! assert!(!terminal_policy(&piped).prompt);
//! ```

use crate::refusal::Refusal;
use crate::render::Verbosity;
use crate::usage_refusal::{usage_refusal, UsageProblem};

/// The environment variables the policy reads, as set (`None`: unset).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct TerminalEnv {
    /// `CI`.
    #[cfg_attr(feature = "serde", serde(rename = "CI"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub ci: Option<String>,
    /// `TERM`.
    #[cfg_attr(feature = "serde", serde(rename = "TERM"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub term: Option<String>,
    /// `NO_COLOR`.
    #[cfg_attr(feature = "serde", serde(rename = "NO_COLOR"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub no_color: Option<String>,
    /// `FORCE_COLOR`.
    #[cfg_attr(feature = "serde", serde(rename = "FORCE_COLOR"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub force_color: Option<String>,
}

/// What the CLI knows about where it runs and what it was asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct TerminalFacts {
    /// Standard input is a terminal.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stdin_tty: bool,
    /// Standard output is a terminal.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stdout_tty: bool,
    /// Standard error is a terminal.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub stderr_tty: bool,
    /// The environment variables that matter.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub env: TerminalEnv,
    /// `--json`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub json: bool,
    /// `--yes`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub yes: bool,
    /// `--dry-run`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub dry_run: bool,
    /// `--quiet`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub quiet: bool,
    /// `--verbose`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub verbose: bool,
}

/// What this run may do with its terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct TerminalPolicy {
    /// Ask questions: a person at both ends (stdin and stderr on a terminal), not CI, and
    /// not `--json`, `--yes` or a dry run (which asks nothing).
    pub prompt: bool,
    /// Draw progress on stderr: a terminal that can redraw a line, not CI, not `--json`
    /// or `--quiet`.
    pub progress: bool,
    /// Colour what goes to stdout.
    pub color_stdout: bool,
    /// Colour what goes to stderr.
    pub color_stderr: bool,
    /// Show an update's release notes on stderr before it writes: not with `--json` or
    /// `--quiet`.
    pub release_notes: bool,
    /// How much a summary says.
    pub verbosity: Verbosity,
    /// `--quiet` with `--verbose`: bad usage, refused before anything runs.
    pub refusal: Option<Refusal>,
}

/// `CI` is set to something other than empty, `0` or `false` (any case).
fn in_ci(env: &TerminalEnv) -> bool {
    env.ci
        .as_deref()
        .is_some_and(|ci| !ci.is_empty() && ci != "0" && !ci.eq_ignore_ascii_case("false"))
}

/// Whether to colour a stream: `FORCE_COLOR` wins (`0` or `false` turns colour off, any
/// other value on, as Node's own console does); then a non-empty `NO_COLOR` and
/// `TERM=dumb` turn it off; otherwise colour only on a terminal.
fn colour(env: &TerminalEnv, tty: bool) -> bool {
    if let Some(force) = &env.force_color {
        return !(force == "0" || force.eq_ignore_ascii_case("false"));
    }
    if env.no_color.as_deref().is_some_and(|v| !v.is_empty()) {
        return false;
    }
    env.term.as_deref() != Some("dumb") && tty
}

/// The policy for a run with these facts.
pub fn terminal_policy(facts: &TerminalFacts) -> TerminalPolicy {
    let ci = in_ci(&facts.env);
    let dumb = facts.env.term.as_deref() == Some("dumb");
    TerminalPolicy {
        prompt: facts.stdin_tty
            && facts.stderr_tty
            && !ci
            && !facts.json
            && !facts.yes
            && !facts.dry_run,
        progress: facts.stderr_tty && !dumb && !ci && !facts.json && !facts.quiet,
        color_stdout: colour(&facts.env, facts.stdout_tty),
        color_stderr: colour(&facts.env, facts.stderr_tty),
        release_notes: !facts.json && !facts.quiet,
        verbosity: if facts.quiet {
            Verbosity::Quiet
        } else if facts.verbose {
            Verbosity::Verbose
        } else {
            Verbosity::Normal
        },
        refusal: (facts.quiet && facts.verbose)
            .then(|| usage_refusal(&UsageProblem::QuietWithVerbose)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> TerminalFacts {
        TerminalFacts {
            stdin_tty: true,
            stdout_tty: true,
            stderr_tty: true,
            ..TerminalFacts::default()
        }
    }

    fn env(
        ci: Option<&str>,
        term: Option<&str>,
        no_color: Option<&str>,
        force: Option<&str>,
    ) -> TerminalEnv {
        TerminalEnv {
            ci: ci.map(Into::into),
            term: term.map(Into::into),
            no_color: no_color.map(Into::into),
            force_color: force.map(Into::into),
        }
    }

    #[test]
    fn ci_counts_unless_empty_zero_or_false() {
        for (value, ci) in [
            ("true", true),
            ("1", true),
            ("", false),
            ("0", false),
            ("FALSE", false),
        ] {
            let facts = TerminalFacts {
                env: env(Some(value), None, None, None),
                ..person()
            };
            assert_eq!(!terminal_policy(&facts).prompt, ci, "CI={value}");
        }
    }

    #[test]
    fn force_color_wins_then_no_color_then_dumb() {
        let piped = TerminalFacts {
            stdout_tty: false,
            ..person()
        };
        let on = TerminalFacts {
            env: env(None, Some("dumb"), Some("1"), Some("1")),
            ..piped
        };
        assert!(terminal_policy(&on).color_stdout);
        let off = TerminalFacts {
            env: env(None, None, None, Some("false")),
            ..person()
        };
        assert!(!terminal_policy(&off).color_stderr);
        let no = TerminalFacts {
            env: env(None, None, Some("1"), None),
            ..person()
        };
        assert!(!terminal_policy(&no).color_stdout);
        let empty = TerminalFacts {
            env: env(None, None, Some(""), None),
            ..person()
        };
        assert!(terminal_policy(&empty).color_stdout);
        assert!(!terminal_policy(&piped).color_stdout);
        assert!(terminal_policy(&piped).color_stderr);
    }

    #[test]
    fn quiet_with_verbose_is_refused() {
        let both = TerminalFacts {
            quiet: true,
            verbose: true,
            ..person()
        };
        let policy = terminal_policy(&both);
        assert_eq!(policy.refusal.map(|r| r.code), Some("usage".into()));
        assert!(!policy.progress && !policy.release_notes);
    }
}
