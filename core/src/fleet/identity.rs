//! Who the fleet step's commit is by: `--author "Name <email>"`, or upkeep's own identity
//! when none is given (the step runs in CI, where git often has no user configured).
//!
//! ```
//! use upkeep_core::fleet::commit_identity;
//!
//! let who = commit_identity(Some("Ada <ada@example.com>")).unwrap();
//! assert_eq!((who.name.as_str(), who.email.as_str()), ("Ada", "ada@example.com"));
//! assert_eq!(commit_identity(None).unwrap().name, "upkeep");
//! assert_eq!(commit_identity(Some("ada")).unwrap_err().code(), "invalid-argument");
//! ```

use crate::error::{Error, ErrorKind, Result};

/// The identity used when the step is given none.
pub const DEFAULT_AUTHOR: &str = "upkeep <upkeep@users.noreply.github.com>";

/// A commit's author and committer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CommitIdentity {
    /// The name (`upkeep` when the text gives only an address).
    pub name: String,
    /// The address between `<` and `>`.
    pub email: String,
}

/// Reads `Name <email>` (surrounding spaces ignored; an empty name is `upkeep`).
pub fn commit_identity(author: Option<&str>) -> Result<CommitIdentity> {
    let text = author.unwrap_or(DEFAULT_AUTHOR);
    let refuse = || {
        Error::new(
            ErrorKind::InvalidArgument,
            "--author",
            format!("must be \"Name <email>\", not {text:?}"),
        )
    };
    let trimmed = text.trim_end();
    let inner = trimmed.strip_suffix('>').ok_or_else(refuse)?;
    let open = inner.rfind('<').ok_or_else(refuse)?;
    let email = &inner[open + 1..];
    if email.contains('<') || email.contains('>') || inner[..open].contains(['<', '>']) {
        return Err(refuse());
    }
    let name = inner[..open].trim_end();
    Ok(CommitIdentity {
        name: if name.is_empty() {
            "upkeep".into()
        } else {
            name.into()
        },
        email: email.into(),
    })
}
