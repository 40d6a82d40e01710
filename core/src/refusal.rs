//! A refusal the engine decides but the JavaScript raises: the command line's own usage
//! mistakes and the flows' refusals have codes of the flows' list (`usage`, declared with
//! their exit classes in `npm/lib/shim/flow-error-codes.js`), not engine error kinds. The
//! engine says whether to refuse and in which words; the caller throws
//! `UpkeepError(code, message)` with them, so the message is the one a person reads.
//!
//! ```
//! use upkeep_core::refusal::Refusal;
//!
//! let refusal = Refusal::usage("--batch needs a whole number");
//! assert_eq!((refusal.code.as_str(), refusal.message.as_str()), ("usage", "--batch needs a whole number"));
//! ```

/// A refusal: its code and its message, worded for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Refusal {
    /// The error code the caller raises (`usage`: exit 2).
    pub code: String,
    /// The message, as printed after `upkeep: `.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` (one of the flows' codes) and `message`.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Refusal {
            code: code.into(),
            message: message.into(),
        }
    }

    /// A usage mistake: what was given cannot mean anything (exit 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Refusal::new("usage", message)
    }
}
