//! The refusals of a command line or an options object that cannot mean anything: two
//! flags that exclude each other, a flag's value of the wrong shape, a source not named, an
//! option the API does not know or of the wrong type; and of an answer not given (a prompt
//! cancelled, a question stopped). The shells look at what the caller passed (only they see
//! argv, JavaScript values and the terminal) and say which problem they met; the codes and
//! words are decided here.
//!
//! ```
//! use upkeep_core::usage_refusal::{usage_refusal, UsageProblem};
//!
//! let refusal = usage_refusal(&UsageProblem::QuietWithVerbose);
//! assert_eq!(refusal.code, "usage");
//! assert_eq!(refusal.message, "--quiet and --verbose cannot be used together");
//! ```

use crate::refusal::Refusal;

/// What a JavaScript option had to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum OptionType {
    /// A non-empty string.
    String,
    /// `true` or `false`.
    Boolean,
    /// An array of non-empty strings.
    Strings,
    /// A function.
    Function,
    /// An `AbortSignal`.
    Signal,
    /// A function or an object of answers.
    Decide,
}

/// What a text command (`diff`, `merge`, `hash`) could not do to a file it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum FileAction {
    /// Read it.
    Read,
    /// Write it.
    Write,
    /// Hash it.
    Hash,
}

/// What the shell met in what it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum UsageProblem {
    /// `--quiet` and `--verbose` together.
    QuietWithVerbose,
    /// `fleet --gitlab-child` without `--batch`.
    GitlabChildWithoutBatch,
    /// A flag that takes a whole number was given something else.
    NotAWholeNumber {
        /// The flag (`--batch`).
        flag: String,
        /// What was given.
        value: String,
    },
    /// `land --ticket`, `--claim` or `--inherited` without `--seal`.
    SealOptionsWithoutSeal,
    /// A `land --claim` that is not `ID=path`, or has no `--ticket` to belong to.
    ClaimShape {
        /// The claim, as given.
        claim: String,
    },
    /// A `manifest --install` that is not `<shipped>=<installed>`.
    InstallPairShape {
        /// The pair, as given.
        pair: String,
    },
    /// `diff` with more than two `-L` labels.
    TooManyLabels,
    /// `merge` with more than three `-L` labels, two favours or two conflict styles.
    MergeFlags,
    /// A file a command was given that it could not read, write or hash.
    FileFailed {
        /// What it could not do.
        action: FileAction,
        /// What the file is (`weights file`, `brick catalogue`), when the command names it.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        what: Option<String>,
        /// The file, as given.
        path: String,
        /// The file system's words.
        error: String,
    },
    /// `hash` given a folder without `--recursive`.
    HashFolder {
        /// The folder, as given.
        path: String,
    },
    /// `help` for a command that does not exist.
    UnknownHelpTopic {
        /// The names asked for, joined by spaces.
        names: String,
    },
    /// `score` told to read both standard input and git.
    ScoreSourceBoth,
    /// `score` told neither where its diff comes from.
    ScoreSourceMissing,
    /// `loop score` given both or neither of `--declared` and `--diff`.
    LoopScoreWhich,
    /// A tool the command needs could not be started.
    ToolDidNotRun {
        /// The tool (`git`).
        tool: String,
        /// The system's words.
        error: String,
    },
    /// The git command `score` reads its diff with failed (`bad-input`, answered by `score`).
    ScoreGitFailed {
        /// The command after `git` (`diff --numstat …`).
        command: String,
        /// What git printed on stderr (quoted as [`crate::render::git_said`] quotes it).
        stderr: String,
        /// Its exit status (none: a signal ended it).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        status: Option<i32>,
    },
    /// A git command of `loop` failed (`git-failed`, answered by `loop`).
    LoopGitFailed {
        /// The command after `git` (`commit`).
        command: String,
        /// What git printed on stderr.
        stderr: String,
        /// Its exit status (none: a signal ended it).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        status: Option<i32>,
    },
    /// A file the command was pointed at is not JSON.
    NotJson {
        /// What it is (`weights file`, `graph`).
        what: String,
        /// Its path, as given.
        path: String,
        /// The parser's words.
        error: String,
    },
    /// A flag's value that is not a whole number of lines, as the parser reports it.
    NotACount,
    /// A flag's value that is not a finite number, as the parser reports it.
    NotANumber,
    /// An API function given something other than one options object.
    NotAnOptionsObject {
        /// The function (`update`).
        function: String,
        /// What it was given: `null`, `array`, or the JavaScript `typeof`.
        got: String,
    },
    /// An option the function does not take.
    UnknownOption {
        /// The function.
        function: String,
        /// The option, as given.
        key: String,
        /// The options the function takes, to suggest the one meant.
        known: Vec<String>,
    },
    /// A required option left out.
    RequiredOption {
        /// The function.
        function: String,
        /// The option.
        key: String,
    },
    /// An option of the wrong type.
    WrongOptionType {
        /// The function.
        function: String,
        /// The option.
        key: String,
        /// What it must be.
        expected: OptionType,
        /// What it was: `null`, `array`, or the JavaScript `typeof`.
        got: String,
    },
    /// A prompt cancelled (Ctrl-C or Escape at the question): nothing was written.
    CancelledAtPrompt,
    /// The API's `decide` callback stopped by the run's signal: nothing was written.
    StoppedAtQuestion {
        /// The question's id.
        question: String,
    },
    /// The API's `decide` callback answered a yes-or-no question with something else.
    DecideAnswer {
        /// The API function (`update`).
        function: String,
        /// The question's id.
        question: String,
        /// What it answered, as JSON (`undefined` for nothing).
        answer: String,
    },
    /// A call of the browser entry that needs a file system (`hashFile`).
    NeedsNode {
        /// The call.
        call: String,
    },
    /// The demo: something that is not a folder dropped on a release's box.
    NotAFolderDropped {
        /// The box's label.
        label: String,
    },
    /// The demo: a plan of your own asked for before a side's folder was picked or dropped.
    NoFolderPicked {
        /// The side (`baseline`, `latest`, `project`).
        side: String,
    },
    /// An option outside its choices, worded as the command line words the same flag.
    NotAChoice {
        /// The command line's flag (`--conflicts`).
        flag: String,
        /// The value, as text.
        value: String,
        /// The allowed values.
        choices: Vec<String>,
    },
}

/// The refusal for `problem`: its code and the words a person reads.
pub fn usage_refusal(problem: &UsageProblem) -> Refusal {
    let usage = |message: String| Refusal::new("usage", message);
    let bad_input = |message: String| Refusal::new("bad-input", message);
    match problem {
        UsageProblem::DecideAnswer {
            function,
            question,
            answer,
        } => usage(format!(
            "{function}: decide answered the question '{question}' with {answer}; it takes true or false"
        )),
        UsageProblem::NotAFolderDropped { label } => usage(format!("drop a folder on \"{label}\"")),
        UsageProblem::NoFolderPicked { side } => usage(format!("pick or drop the {side} folder first")),
        UsageProblem::NeedsNode { call } => Refusal::new(
            "unsupported",
            format!("{call} needs Node: browsers have no file system"),
        ),
        UsageProblem::QuietWithVerbose => {
            usage("--quiet and --verbose cannot be used together".into())
        }
        UsageProblem::GitlabChildWithoutBatch => usage("--gitlab-child needs --batch <n>".into()),
        UsageProblem::NotAWholeNumber { flag, value } => {
            usage(format!("{flag} must be a whole number, not '{value}'"))
        }
        UsageProblem::SealOptionsWithoutSeal => {
            usage("--ticket, --claim and --inherited go with --seal".into())
        }
        UsageProblem::ClaimShape { claim } => usage(format!(
            "--claim '{claim}' must be ID=path for a ticket named with --ticket"
        )),
        UsageProblem::InstallPairShape { pair } => usage(format!(
            "--install takes <shipped name>=<installed name>, not '{pair}'"
        )),
        UsageProblem::TooManyLabels => {
            usage("diff takes at most two -L labels (old, then new)".into())
        }
        UsageProblem::MergeFlags => usage(
            "merge takes at most three -L labels (ours, base, theirs), one of --ours/--theirs/--union, one of --diff3/--zdiff3"
                .into(),
        ),
        UsageProblem::FileFailed {
            action,
            what,
            path,
            error,
        } => {
            let action = match action {
                FileAction::Read => "read",
                FileAction::Write => "write",
                FileAction::Hash => "hash",
            };
            let what = what.as_deref().map(|w| format!("{w} ")).unwrap_or_default();
            bad_input(format!("cannot {action} {what}'{path}': {error}"))
        }
        UsageProblem::HashFolder { path } => bad_input(format!(
            "cannot hash '{path}': is a directory (use --recursive to hash what it holds)"
        )),
        UsageProblem::UnknownHelpTopic { names } => {
            usage(format!("unknown command '{names}' (see upkeep --help)"))
        }
        UsageProblem::ScoreSourceBoth => {
            bad_input("choose one source: --diff (standard input) or --git".into())
        }
        UsageProblem::ScoreSourceMissing => bad_input(
            "say where the diff comes from: --diff (numstat on standard input) or --git [<range>]"
                .into(),
        ),
        UsageProblem::LoopScoreWhich => bad_input("say which score: --declared or --diff".into()),
        UsageProblem::ToolDidNotRun { tool, error } => {
            bad_input(format!("cannot run {tool}: {error}"))
        }
        UsageProblem::ScoreGitFailed {
            command,
            stderr,
            status,
        } => bad_input(format!(
            "git {command} failed: {}",
            crate::render::git_said(stderr, *status)
        )),
        UsageProblem::LoopGitFailed {
            command,
            stderr,
            status,
        } => Refusal::new(
            "git-failed",
            format!(
                "git {command} failed: {}",
                crate::render::git_said(stderr, *status)
            ),
        ),
        UsageProblem::NotJson { what, path, error } => {
            bad_input(format!("{what} '{path}' is not JSON: {error}"))
        }
        UsageProblem::NotACount => usage("expected a non-negative whole number".into()),
        UsageProblem::NotANumber => usage("expected a number.".into()),
        UsageProblem::NotAnOptionsObject { function, got } => usage(format!(
            "{function} takes one options object, not {}",
            described(got)
        )),
        UsageProblem::UnknownOption {
            function,
            key,
            known,
        } => usage(format!(
            "{function}: unknown option '{key}'{}",
            suggestion(key, known)
        )),
        UsageProblem::RequiredOption { function, key } => {
            usage(format!("{function}: the option '{key}' is required"))
        }
        UsageProblem::WrongOptionType {
            function,
            key,
            expected,
            got,
        } => usage(format!(
            "{function}: the option '{key}' must be {}, not {}",
            expected_words(*expected),
            described(got)
        )),
        UsageProblem::CancelledAtPrompt => {
            Refusal::new("cancelled", "cancelled at a prompt; nothing changed")
        }
        UsageProblem::StoppedAtQuestion { question } => Refusal::new(
            "interrupted",
            format!("stopped at the question '{question}'; nothing was written"),
        ),
        UsageProblem::NotAChoice {
            flag,
            value,
            choices,
        } => usage(format!(
            "option '{flag}' argument '{value}' is invalid. Allowed choices are {}.",
            choices.join(", ")
        )),
    }
}

/// What an option of `expected` type must be, in words.
fn expected_words(expected: OptionType) -> &'static str {
    match expected {
        OptionType::String => "a non-empty string",
        OptionType::Boolean => "true or false",
        OptionType::Strings => "an array of non-empty strings",
        OptionType::Function => "a function",
        OptionType::Signal => "an AbortSignal",
        OptionType::Decide => "a function or an object of answers",
    }
}

/// A JavaScript value's kind as a message names it: `null`, `an array`, `a string`.
fn described(got: &str) -> String {
    match got {
        "null" => "null".into(),
        "array" => "an array".into(),
        _ if got.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {got}"),
        _ => format!("a {got}"),
    }
}

/// ` (did you mean 'dryRun'?)` when a known name differs from `key` only in case, dashes
/// or underscores.
fn suggestion(key: &str, known: &[String]) -> String {
    let fold = |s: &str| {
        s.chars()
            .filter(|c| *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    known
        .iter()
        .find(|k| fold(k) == fold(key))
        .map(|k| format!(" (did you mean '{k}'?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_miss_is_suggested() {
        let problem = UsageProblem::UnknownOption {
            function: "update".into(),
            key: "dry_run".into(),
            known: vec!["cwd".into(), "dryRun".into()],
        };
        assert_eq!(
            usage_refusal(&problem).message,
            "update: unknown option 'dry_run' (did you mean 'dryRun'?)"
        );
    }

    #[test]
    fn a_value_is_named_with_its_article() {
        assert_eq!(described("object"), "an object");
        assert_eq!(described("number"), "a number");
        assert_eq!(described("array"), "an array");
        assert_eq!(described("null"), "null");
    }
}
