//! The shells' read and write limits, so every shell reads and writes the same way: the
//! executor's, the update's reads of whole files and the refresh journal's rotation.
//!
//! ```
//! let c = upkeep_core::writes::write_constants();
//! assert_eq!((c.default_mode, c.crlf_in_memory_max_bytes), (0o644, 64 << 20));
//! ```

/// The mode of a file the plan writes without one of its own (`rw-r--r--`).
pub const DEFAULT_FILE_MODE: u32 = 0o644;

/// The permission bits of a folder upkeep makes (the process's umask still applies).
pub const DEFAULT_DIR_MODE: u32 = 0o755;

/// A file the plan writes with CRLF line endings is converted in memory up to this size
/// and copied as it is above it (the memory a write may hold at once).
pub const CRLF_IN_MEMORY_MAX_BYTES: u32 = 64 << 20;

/// A file an update needs whole is read up to this many bytes: one past the content
/// limit ([`crate::update::MAX_CONTENT_BYTES`]), so a file that grew past it since it was
/// hashed is read only this far and the digest check calls it changed.
pub const NEEDED_READ_MAX_BYTES: u32 = (crate::update::MAX_CONTENT_BYTES + 1) as u32;

/// A refresh journal past this size is rotated before the next append (1 MiB).
pub const JOURNAL_ROTATE_BYTES: u32 = 1 << 20;

/// The executor's constants, as the shells read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
pub struct WriteConstants {
    /// [`DEFAULT_FILE_MODE`].
    pub default_mode: u32,
    /// [`DEFAULT_DIR_MODE`].
    pub dir_mode: u32,
    /// [`CRLF_IN_MEMORY_MAX_BYTES`].
    pub crlf_in_memory_max_bytes: u32,
    /// [`NEEDED_READ_MAX_BYTES`].
    pub needed_read_max_bytes: u32,
    /// [`JOURNAL_ROTATE_BYTES`].
    pub journal_rotate_bytes: u32,
}

/// [`WriteConstants`].
pub fn write_constants() -> WriteConstants {
    WriteConstants {
        default_mode: DEFAULT_FILE_MODE,
        dir_mode: DEFAULT_DIR_MODE,
        crlf_in_memory_max_bytes: CRLF_IN_MEMORY_MAX_BYTES,
        needed_read_max_bytes: NEEDED_READ_MAX_BYTES,
        journal_rotate_bytes: JOURNAL_ROTATE_BYTES,
    }
}
