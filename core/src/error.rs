//! The one error type of the engine.
//!
//! Each [`ErrorKind`] has a stable [`Error::code`] that JavaScript callers can branch on;
//! the message always names the input that caused it, so a user can act on it without a
//! stack trace.
//!
//! ```
//! use upkeep_core::{parse_digest, ErrorKind};
//!
//! let err = parse_digest("abc").unwrap_err();
//! assert_eq!(err.kind(), &ErrorKind::InvalidDigest);
//! assert_eq!(err.code(), "invalid-digest");
//! assert!(err.to_string().contains("'abc'"));
//! ```

use std::fmt;

/// The result type of every fallible engine function.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, independent of which input it concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A string that should be a SHA-256 digest (64 hex digits) is not one.
    InvalidDigest,
    /// A streaming hasher was used after it had produced its digest.
    HasherFinished,
    /// A declared action has no weight; the message lists the valid ones.
    UnknownAction,
    /// A preset name is not one of the presets; the message lists the valid ones.
    UnknownPreset,
    /// `git diff --numstat -z` output is malformed.
    InvalidNumstat,
    /// An argument from JavaScript has the wrong shape or an invalid value.
    InvalidArgument,
}

impl ErrorKind {
    /// The stable identifier of this kind, exposed to JavaScript as `error.code`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::InvalidDigest => "invalid-digest",
            ErrorKind::HasherFinished => "hasher-finished",
            ErrorKind::UnknownAction => "unknown-action",
            ErrorKind::UnknownPreset => "unknown-preset",
            ErrorKind::InvalidNumstat => "invalid-numstat",
            ErrorKind::InvalidArgument => "invalid-argument",
        }
    }
}

/// An engine error: a kind, the offending input, and what exactly is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    input: String,
    detail: String,
}

impl Error {
    /// Builds an error about `input` (quoted in the message) with a human-readable `detail`.
    pub fn new(kind: ErrorKind, input: impl Into<String>, detail: impl Into<String>) -> Self {
        Error {
            kind,
            input: input.into(),
            detail: detail.into(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The stable code of [`Self::kind`], for JavaScript's `error.code`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The input the error is about, as the caller gave it.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::InvalidDigest => "invalid SHA-256 digest",
            ErrorKind::HasherFinished => "hasher already finished",
            ErrorKind::InvalidNumstat => "invalid numstat record",
            ErrorKind::InvalidArgument => "invalid argument",
            // Worded as the JavaScript reference words them, input included: kept verbatim.
            ErrorKind::UnknownAction | ErrorKind::UnknownPreset => {
                return f.write_str(&self.detail)
            }
        };
        write!(f, "{what} '{}': {}", self.input, self.detail)
    }
}

impl std::error::Error for Error {}
