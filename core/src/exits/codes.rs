//! The command line's exit codes, and the exit code of every error code upkeep raises on
//! purpose: the engine's [`ErrorKind`] codes, the codes of the refusals core words for the
//! flows and the shells ([`crate::refusal::Refusal`]), and the operating system's `E…`
//! codes. Declared once here; the package's `EXIT` and its code lists are generated from
//! these tables (`scripts/generate-contracts.mjs`).
//!
//! ```
//! use upkeep_core::exits::code_exit;
//!
//! assert_eq!(code_exit("usage"), Some(2));
//! assert_eq!(code_exit("busy"), Some(75));
//! assert_eq!(code_exit("ENOSPC"), Some(74));
//! assert_eq!(code_exit("ENOTCONN"), Some(74));
//! assert_eq!(code_exit("bad-input"), None);
//! assert_eq!(code_exit("constructor"), None);
//! ```

use super::{
    ExitClass, BAD_INPUT, BUSY, CHECK_FAILED, FINDINGS, INTERNAL, INTERRUPTED, IO, MERGE_FAILED,
    OK, PARTLY_LANDED, REFUSED, TERMINATED,
};
use crate::error::ErrorKind;

/// One exit code of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExitCode {
    /// Its name, a key of the CLI's `EXIT` (`badInput`).
    pub name: &'static str,
    /// The number.
    pub number: u8,
    /// What it means, for the generated module's doc comment.
    pub doc: &'static str,
}

/// Every exit code of the command line, one meaning each, so scripts can branch on them.
pub const EXIT_CODES: &[ExitCode] = &[
    ExitCode { name: "ok", number: OK, doc: "Done; nothing needs attention." },
    ExitCode { name: "findings", number: FINDINGS, doc: "Done, with a finding: a blocking score, files that differ, conflicts left to resolve." },
    ExitCode { name: "badInput", number: BAD_INPUT, doc: "Bad usage or bad input (an unknown option, a missing or unreadable file)." },
    ExitCode { name: "partlyLanded", number: PARTLY_LANDED, doc: "`upkeep land`: a commit failed after the commits listed (possibly none) were made; the rest of the change is left staged. Re-run `upkeep land` to continue." },
    ExitCode { name: "refused", number: REFUSED, doc: "Refused, nothing changed. `upkeep land` / `upkeep sync`: the workspace moved since the seal; not a clean step forward; a cherry-pick conflicted; origin refused the push. `upkeep update`: managed files have uncommitted changes in git (`--allow-dirty`)." },
    ExitCode { name: "checkFailed", number: CHECK_FAILED, doc: "`upkeep sync`: a check failed on the tree to be pushed; nothing was pushed." },
    ExitCode { name: "io", number: IO, doc: "Reading or writing the file system failed (permissions, disk full, read-only)." },
    ExitCode { name: "busy", number: BUSY, doc: "Another run holds the lock (\"refresh already in progress\", \"update already in progress\")." },
    ExitCode { name: "interrupted", number: INTERRUPTED, doc: "Stopped by SIGINT (Ctrl-C) after finishing the current file, or cancelled at a prompt; re-run to resume." },
    ExitCode { name: "terminated", number: TERMINATED, doc: "Stopped by SIGTERM after finishing the current file; re-run to resume." },
    ExitCode { name: "internal", number: INTERNAL, doc: "An internal error: a bug in upkeep, reported with its stack." },
    ExitCode { name: "mergeFailed", number: MERGE_FAILED, doc: "`upkeep merge` only, whose other exit codes count conflicts (capped at 127): the merge could not be made (bad usage, an unreadable or binary input), and nothing was written. The code `git merge-file` uses." },
];

/// A code raised besides the engine's [`ErrorKind`] codes: by a refusal core words, or by
/// the shell itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaisedCode {
    /// The code.
    pub code: &'static str,
    /// Its exit class; none for a code answered inside the command that raises it.
    pub class: Option<ExitClass>,
    /// Who raises it and why.
    pub doc: &'static str,
}

const fn raised(code: &'static str, class: Option<ExitClass>, doc: &'static str) -> RaisedCode {
    RaisedCode { code, class, doc }
}

/// Every code a refusal or a shell raises on purpose besides the engine's and the OS's.
pub const RAISED_CODES: &[RaisedCode] = &[
    raised("usage", Some(ExitClass::BadInput), "usage and arguments: flags that exclude each other, an option of the wrong type"),
    raised("bad-path", Some(ExitClass::BadInput), "a folder or file named that is not there or cannot be used"),
    raised("interrupted", Some(ExitClass::Interrupted), "stopped by Ctrl-C or SIGTERM between safe points"),
    raised("cancelled", Some(ExitClass::Interrupted), "a prompt cancelled"),
    raised("busy", Some(ExitClass::Busy), "another run holds the lock"),
    raised("not-installed", Some(ExitClass::BadInput), "update and status: the project was never installed from a release"),
    raised("bad-state", Some(ExitClass::BadInput), "update and status: the project's install state cannot be read"),
    raised("no-record", Some(ExitClass::BadInput), "refresh: the host repository has no install record"),
    raised("changed-during-run", Some(ExitClass::Io), "a file changed between being hashed and being read for a merge: nothing was written; run again"),
    raised("backup-exists", Some(ExitClass::Io), "the file system: a backup that would differ"),
    raised("git", Some(ExitClass::BadInput), "git, land and sync: the repository is not in a state to act on"),
    raised("worktree", Some(ExitClass::Io), "sync: `git worktree add` could not make its worktree (a full disk, a permission, a stale lock)"),
    raised("no-handoff", Some(ExitClass::BadInput), "land: no sealed handoff"),
    raised("detached", Some(ExitClass::BadInput), "sync: the checkout is not on a branch"),
    raised("no-commits", Some(ExitClass::BadInput), "sync: the checkout has no commits"),
    raised("clone-unreadable", Some(ExitClass::BadInput), "sync: git cannot read the clone"),
    raised("dirty-checkout", Some(ExitClass::BadInput), "fleet step: a job starts from a clean checkout"),
    raised("bad-input", None, "raised and answered inside `upkeep score` and `upkeep loop`"),
    raised("git-failed", None, "raised and answered inside `upkeep loop`"),
    raised("unsupported", None, "the browser entry: a call that needs a file system"),
];

/// Where each engine code without an exit class is answered (a raised one says so in its
/// [`RaisedCode::doc`]).
pub const KINDS_ANSWERED_ELSEWHERE: &[(ErrorKind, &str)] = &[
    (
        ErrorKind::HasherFinished,
        "a streaming hasher used after its digest: a bug in the caller",
    ),
    (
        ErrorKind::InvalidHunkSelection,
        "the API only (no command selects hunks): a bug in the caller",
    ),
    (
        ErrorKind::InvalidLoopGraph,
        "raised and answered inside `upkeep loop`",
    ),
    (
        ErrorKind::LoopRefused,
        "raised and answered inside `upkeep loop`",
    ),
    (
        ErrorKind::InvalidLoopFile,
        "raised and answered inside `upkeep loop`",
    ),
];

/// The operating system's codes by class: a path that does not exist is the input's fault;
/// a file system that refused a read or a write (or a file upkeep will not overwrite) is
/// I/O. Any other `E…` code is I/O too ([`code_exit`]).
pub const OS_CODES: &[(&str, ExitClass)] = &[
    ("ENOENT", ExitClass::BadInput),
    ("ENOTDIR", ExitClass::BadInput),
    ("EACCES", ExitClass::Io),
    ("EPERM", ExitClass::Io),
    ("ENOSPC", ExitClass::Io),
    ("EROFS", ExitClass::Io),
    ("EIO", ExitClass::Io),
    ("EDQUOT", ExitClass::Io),
    ("EISDIR", ExitClass::Io),
    ("EEXIST", ExitClass::Io),
];

impl ExitClass {
    /// Its exit code.
    pub fn number(&self) -> u8 {
        match self {
            ExitClass::BadInput => BAD_INPUT,
            ExitClass::Refused => REFUSED,
            ExitClass::Io => IO,
            ExitClass::Busy => BUSY,
            ExitClass::Interrupted => INTERRUPTED,
        }
    }
}

/// The exit class of an error code: the engine's, a raised one's, the OS's (an `E…` code
/// not listed is I/O); none for a code answered inside its command, or not upkeep's (a bug).
pub fn code_class(code: &str) -> Option<ExitClass> {
    if let Some(kind) = ErrorKind::ALL.iter().find(|k| k.code() == code) {
        return kind.exit_class();
    }
    if let Some(raised) = RAISED_CODES.iter().find(|r| r.code == code) {
        return raised.class;
    }
    if let Some((_, class)) = OS_CODES.iter().find(|(c, _)| *c == code) {
        return Some(*class);
    }
    let os_like = code.len() > 1
        && code.starts_with('E')
        && code[1..]
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    os_like.then_some(ExitClass::Io)
}

/// The exit code of a command that failed with an error of `code` (see [`code_class`]).
pub fn code_exit(code: &str) -> Option<u8> {
    code_class(code).map(|class| class.number())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_listed_once() {
        let mut codes: Vec<&str> = ErrorKind::ALL.iter().map(ErrorKind::code).collect();
        codes.extend(RAISED_CODES.iter().map(|r| r.code));
        codes.extend(OS_CODES.iter().map(|(c, _)| *c));
        let before = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), before);
    }

    #[test]
    fn every_kind_without_a_class_says_where_it_is_answered() {
        for kind in ErrorKind::ALL {
            let answered = KINDS_ANSWERED_ELSEWHERE.iter().any(|(k, _)| k == kind);
            assert_eq!(kind.exit_class().is_none(), answered, "{}", kind.code());
        }
    }

    #[test]
    fn every_exit_code_has_one_name_and_one_number() {
        let mut numbers: Vec<u8> = EXIT_CODES.iter().map(|e| e.number).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), EXIT_CODES.len());
        for class in [
            ExitClass::BadInput,
            ExitClass::Refused,
            ExitClass::Io,
            ExitClass::Busy,
            ExitClass::Interrupted,
        ] {
            let named = EXIT_CODES.iter().find(|e| e.name == class.name()).unwrap();
            assert_eq!(named.number, class.number());
        }
    }

    /// Every code a refusal in core is built with is listed: the refusals are the
    /// flows' and shells' errors, and each must map to an exit code (or say why not).
    #[test]
    fn every_refusal_code_in_core_is_listed() {
        // Spelled in two pieces, so this test does not find itself.
        const NEEDLE: &str = concat!("Refusal::", "new(");
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut missing = Vec::new();
        let mut found = 0;
        for text in rust_sources(&src) {
            for (at, _) in text.match_indices(NEEDLE) {
                let rest = text[at + NEEDLE.len()..].trim_start();
                let Some(literal) = rest.strip_prefix('"') else {
                    continue;
                };
                let code = &literal[..literal.find('"').unwrap()];
                found += 1;
                let listed = RAISED_CODES.iter().any(|r| r.code == code)
                    || ErrorKind::ALL.iter().any(|k| k.code() == code);
                if !listed {
                    missing.push(code.to_string());
                }
            }
        }
        assert_eq!(missing, Vec::<String>::new());
        assert!(
            found > 20,
            "only {found} refusals found: is the search still right?"
        );
    }

    fn rust_sources(dir: &std::path::Path) -> Vec<String> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(rust_sources(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
        out
    }
}
