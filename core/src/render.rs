//! What the command line prints, as data: lines of text, each with a [`Tone`] the shell
//! may colour (or not), and the shared pieces every report's renderer uses — how much to
//! say ([`Verbosity`]), hints that are commands a person can paste ([`shell_command`]),
//! and counts written the way people read them.
//!
//! The words are decided here, once, for every shell; a shell only chooses colours.
//!
//! ```
//! use upkeep_core::render::{shell_command, to_text, Line, Tone};
//!
//! let hint = shell_command(&["upkeep", "refresh", "--source", "my vendor", "--target", "."]);
//! assert_eq!(hint, "upkeep refresh --source 'my vendor' --target .");
//! let lines = vec![Line::new(Tone::Title, "upkeep refresh: done"), Line::hint(&hint)];
//! assert_eq!(to_text(&lines), format!("upkeep refresh: done\n  {hint}\n"));
//! ```

mod choice;
mod release_notes;
mod tool;
pub use choice::Choice;
pub use release_notes::render_release_notes;
pub use tool::{git_said, tool_message, tool_said};

/// How a line reads, for a shell that colours its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Tone {
    /// The report's first line: what ran and how it ended.
    Title,
    /// Ordinary text.
    Plain,
    /// Something that went as hoped (written, synced).
    Good,
    /// Something that needs the person: a conflict, a decision, a delete, a failure.
    Attention,
    /// A warning: it went on, but something is probably not what was meant.
    Warning,
    /// A command to paste, on a line of its own.
    Hint,
    /// Detail a person may skip (unchanged files, paths of backups).
    Muted,
}

/// One printed line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RenderedLine"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Line {
    /// How it reads.
    pub tone: Tone,
    /// The text, without its newline.
    pub text: String,
}

impl Line {
    /// A line of `text` with `tone`.
    pub fn new(tone: Tone, text: impl Into<String>) -> Self {
        Line {
            tone,
            text: text.into(),
        }
    }

    /// An ordinary line.
    pub fn plain(text: impl Into<String>) -> Self {
        Line::new(Tone::Plain, text)
    }

    /// An empty line between sections.
    pub fn blank() -> Self {
        Line::new(Tone::Plain, "")
    }

    /// A command to paste, indented under the line that says what it does.
    pub fn hint(command: &str) -> Self {
        Line::new(Tone::Hint, format!("  {command}"))
    }
}

/// How much a report says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Verbosity {
    /// `--quiet`: only what needs the person (and nothing when nothing does).
    Quiet,
    /// The summary: counts per outcome, then every file that needs the person.
    #[default]
    Normal,
    /// `--verbose`: the summary, then every file.
    Verbose,
}

/// The lines as text, one newline after each.
pub fn to_text(lines: &[Line]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(&line.text);
        out.push('\n');
    }
    out
}

/// Drops blank lines at the start and end and collapses runs of them, so sections that
/// had nothing to say leave no gaps.
pub(crate) fn tidy(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for line in lines {
        let blank = line.text.is_empty();
        if blank && out.last().is_none_or(|l| l.text.is_empty()) {
            continue;
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| l.text.is_empty()) {
        out.pop();
    }
    out
}

/// One word of a POSIX shell command, quoted only when it must be: words of letters,
/// digits and `-_./:=@%+,` stay as they are; anything else goes in single quotes (a single
/// quote inside becomes `'\''`), so the pasted command passes exactly this word.
pub fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A command line a person can paste into a POSIX shell: each word quoted as
/// [`shell_word`] quotes it.
pub fn shell_command<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| shell_word(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `n` with thousands separated by commas: `5,001`.
pub fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `a`, `a or b`, `a, b or c`: the words as a sentence lists them, the last two joined by
/// `conjunction`.
pub(crate) fn listed<S: AsRef<str>>(words: &[S], conjunction: &str) -> String {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {conjunction} {last}", rest.join(", "))
        }
        _ => words.concat(),
    }
}

/// `1 file`, `2 files`: a count and its noun, singular or plural.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", count(n), noun(n, one, many))
}

/// `one` for a count of 1, else `many`: the words after a count shown apart from them.
pub fn noun<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// What a run that stopped early knows about itself: which command, what stopped it, and
/// how far it got (its last progress event).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct StopFacts {
    /// The command (`update`, `install`, ...).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub command: String,
    /// The signal that stopped it (`SIGINT`, `SIGTERM`); none when Ctrl-C answered a prompt.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub signal: Option<String>,
    /// Ctrl-C at a prompt: the run was cancelled before it wrote anything.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub cancelled: bool,
    /// The phase it was in (`fetch`, `read`, `plan`, `backup`, `write`, `regenerate`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub phase: Option<String>,
    /// How many items of that phase were done.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub done: u64,
    /// How many the phase had.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub total: u64,
    /// The last `write` event, when files were written before the stop. Backing up and
    /// writing alternate batch by batch, so a stop among a later batch's backups is told
    /// by the files written so far rather than by that batch's backups.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub written: Option<PhaseCount>,
    /// The command as the person typed it: the hint to resume.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub argv: Vec<String>,
}

/// How far a phase got: items done of its total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PhaseCount {
    /// Items done.
    pub done: u64,
    /// Items the phase had.
    pub total: u64,
}

/// What a progress bar calls each phase of a run's events, by phase.
pub const PROGRESS_PHASES: [(&str, &str); 6] = [
    ("fetch", "fetching"),
    ("read", "reading"),
    ("plan", "planning"),
    ("backup", "backing up"),
    ("write", "writing"),
    ("regenerate", "regenerating"),
];

/// The lines for a run that stopped early: what stopped it, what it had done, and the
/// command that resumes it (every write is whole, so running it again is always safe).
pub fn render_stopped(facts: &StopFacts) -> Vec<Line> {
    let command = &facts.command;
    if facts.cancelled {
        return vec![Line::new(
            Tone::Attention,
            format!("upkeep {command}: cancelled, nothing changed"),
        )];
    }
    let by = match facts.signal.as_deref() {
        Some("SIGINT") | None => "Ctrl-C (SIGINT)".to_string(),
        Some(other) => other.to_string(),
    };
    let (phase, done, total) = match (facts.phase.as_deref(), facts.written) {
        (Some("backup"), Some(written)) => ("write", written.done, written.total),
        (phase, _) => (phase.unwrap_or(""), facts.done, facts.total),
    };
    let doing = match phase {
        // `new` and `adopt` read one release; an update two.
        "fetch" if matches!(command.as_str(), "new" | "adopt") => "fetching the release",
        "fetch" => "fetching the releases",
        "read" => "reading the files",
        other => PROGRESS_PHASES
            .iter()
            .find(|(phase, _)| *phase == other)
            .map_or("starting", |(_, doing)| doing),
    };
    let wrote = matches!(phase, "backup" | "write" | "regenerate");
    let mut lines = vec![Line::new(
        Tone::Attention,
        if wrote {
            format!(
                "upkeep {command}: stopped by {by} while {doing} ({} of {} done); every file is whole",
                count(done as usize),
                count(total as usize)
            )
        } else {
            format!("upkeep {command}: stopped by {by} while {doing}; nothing changed")
        },
    )];
    if !facts.argv.is_empty() {
        lines.push(Line::plain(if wrote {
            "Run the same command again to resume where it stopped:"
        } else {
            "Run the same command again when you are ready:"
        }));
        lines.push(Line::hint(&shell_command(&facts.argv)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_when_a_shell_would_split_or_expand_them() {
        let cases = [
            ("svc/server.mjs", "svc/server.mjs"),
            ("../vendor", "../vendor"),
            ("", "''"),
            ("my file", "'my file'"),
            ("it's", "'it'\\''s'"),
            ("$HOME", "'$HOME'"),
            ("a*b", "'a*b'"),
            ("--auto=keep-mine", "--auto=keep-mine"),
            ("naïve", "'naïve'"),
        ];
        for (word, quoted) in cases {
            assert_eq!(shell_word(word), quoted, "{word}");
        }
    }

    #[test]
    fn counts_read_as_people_write_them() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (5001, "5,001"),
            (1234567, "1,234,567"),
        ];
        for (n, text) in cases {
            assert_eq!(count(n), text);
        }
        assert_eq!(counted(1, "file", "files"), "1 file");
        assert_eq!(counted(2, "file", "files"), "2 files");
    }

    #[test]
    fn a_stopped_run_says_what_it_did_and_how_to_resume() {
        let argv = vec!["upkeep".to_string(), "update".into(), "--yes".into()];
        let facts = |phase: &str, signal: Option<&str>| StopFacts {
            command: "update".into(),
            signal: signal.map(str::to_string),
            phase: Some(phase.into()),
            done: 1200,
            total: 10000,
            argv: argv.clone(),
            ..StopFacts::default()
        };
        assert_eq!(
            to_text(&render_stopped(&facts("write", Some("SIGTERM")))),
            "upkeep update: stopped by SIGTERM while writing (1,200 of 10,000 done); every file is whole\nRun the same command again to resume where it stopped:\n  upkeep update --yes\n"
        );
        assert_eq!(
            to_text(&render_stopped(&facts("read", Some("SIGINT")))),
            "upkeep update: stopped by Ctrl-C (SIGINT) while reading the files; nothing changed\nRun the same command again when you are ready:\n  upkeep update --yes\n"
        );
        let among_backups = StopFacts {
            written: Some(PhaseCount {
                done: 1000,
                total: 10000,
            }),
            ..facts("backup", Some("SIGINT"))
        };
        assert!(to_text(&render_stopped(&among_backups)).starts_with(
            "upkeep update: stopped by Ctrl-C (SIGINT) while writing (1,000 of 10,000 done)"
        ));
        let first_backups = facts("backup", Some("SIGINT"));
        assert!(to_text(&render_stopped(&first_backups)).starts_with(
            "upkeep update: stopped by Ctrl-C (SIGINT) while backing up (1,200 of 10,000 done)"
        ));
        let cancelled = StopFacts {
            command: "refresh".into(),
            cancelled: true,
            ..StopFacts::default()
        };
        assert_eq!(
            to_text(&render_stopped(&cancelled)),
            "upkeep refresh: cancelled, nothing changed\n"
        );
    }

    #[test]
    fn tidy_leaves_no_gaps() {
        let lines = vec![
            Line::blank(),
            Line::plain("a"),
            Line::blank(),
            Line::blank(),
            Line::plain("b"),
            Line::blank(),
        ];
        assert_eq!(to_text(&tidy(lines)), "a\n\nb\n");
    }
}
