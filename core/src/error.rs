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
    /// A release manifest is not strict JSON or not the documented shape.
    InvalidManifest,
    /// A path from a manifest or an archive could escape the tree or hide a file.
    UnsafePath,
    /// A version is not semantic versioning (`1.2.3`, `1.2.3-rc.1`).
    InvalidVersion,
    /// The shim handed the update planner something inconsistent (a bug in the caller).
    InvalidUpdateInput,
    /// An interrupted update is on record for other versions than the ones asked for.
    UpdateInProgress,
}

impl ErrorKind {
    /// The stable identifier of this kind, exposed to JavaScript as `error.code`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::InvalidDigest => "invalid-digest",
            ErrorKind::HasherFinished => "hasher-finished",
            ErrorKind::InvalidManifest => "invalid-manifest",
            ErrorKind::UnsafePath => "unsafe-path",
            ErrorKind::InvalidVersion => "invalid-version",
            ErrorKind::InvalidUpdateInput => "invalid-update-input",
            ErrorKind::UpdateInProgress => "update-in-progress",
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
            ErrorKind::InvalidManifest => "invalid manifest",
            ErrorKind::UnsafePath => "unsafe path",
            ErrorKind::InvalidVersion => "invalid version",
            ErrorKind::InvalidUpdateInput => "invalid update input",
            ErrorKind::UpdateInProgress => "another update is in progress",
        };
        // Control characters (a NUL in a hostile path) are shown escaped: a message must
        // stay one printable line, and JavaScript engines refuse NULs in error messages.
        let input: String = self
            .input
            .chars()
            .map(|c| match c.is_control() {
                true => c.escape_default().to_string(),
                false => c.to_string(),
            })
            .collect();
        write!(f, "{what} '{input}': {}", self.detail)
    }
}

impl std::error::Error for Error {}
