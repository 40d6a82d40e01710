//! What upkeep quotes of a tool it ran (git, npm) when the tool failed: its error lines
//! (`fatal: …`, `error: …`, `npm error …`), else its last three lines, at most six lines
//! joined by ` / ` on one line, so the message stays one line a person can act on.
//!
//! ```
//! use upkeep_core::render::tool_message;
//!
//! let said = "Cloning into 'x'...\nfatal: repository 'x' not found\n";
//! assert_eq!(tool_message(said), "fatal: repository 'x' not found");
//! assert_eq!(tool_message(""), "no message");
//! ```

/// How many of a tool's last lines are quoted when none of them is an error line.
const LAST_LINES: usize = 3;
/// The most lines quoted.
const MOST_LINES: usize = 6;

/// Whether a line is one a tool marks as its error.
fn is_error_line(line: &str) -> bool {
    let lower = line.to_lowercase();
    ["npm error", "npm err!", "fatal:", "error"]
        .iter()
        .any(|mark| lower.starts_with(mark))
}

/// The part of a tool's standard error worth showing (see the module docs).
pub fn tool_message(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let errors: Vec<&str> = lines.iter().copied().filter(|l| is_error_line(l)).collect();
    let shown = if errors.is_empty() {
        &lines[lines.len().saturating_sub(LAST_LINES)..]
    } else {
        &errors[..]
    };
    let text = shown[..shown.len().min(MOST_LINES)].join(" / ");
    if text.is_empty() {
        "no message".into()
    } else {
        text
    }
}

/// What a tool that failed said: its words ([`tool_message`]), or `silent` when it printed
/// nothing (its exit status, the signal that ended it, why it did not start).
pub fn tool_said(stderr: &str, silent: impl FnOnce() -> String) -> String {
    if stderr.trim().is_empty() {
        silent()
    } else {
        tool_message(stderr)
    }
}

/// What a failed git said: its words, else its exit status or that a signal ended it.
pub fn git_said(stderr: &str, status: Option<i32>) -> String {
    tool_said(stderr, || match status {
        Some(status) => format!("exit {status}"),
        None => "it was ended by a signal".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_win_over_the_last_lines() {
        let npm = "npm warn config x\nnpm ERR! code E404\nnpm ERR! 404 Not Found\n";
        assert_eq!(
            tool_message(npm),
            "npm ERR! code E404 / npm ERR! 404 Not Found"
        );
        assert_eq!(tool_message("a\nb\nc\nd\n"), "b / c / d");
        let many = "error: 1\nerror: 2\nerror: 3\nerror: 4\nerror: 5\nerror: 6\nerror: 7\n";
        assert_eq!(tool_message(many).matches(" / ").count(), 5);
        assert_eq!(tool_message("  \n\t\n"), "no message");
    }
}
