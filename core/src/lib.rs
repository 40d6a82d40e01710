//! # upkeep-core
//!
//! The engine behind upkeep: it keeps files a project copied from upstream in step with new
//! upstream releases, and scores how risky a diff is. Every decision upkeep makes is taken
//! here; the Node addon, the WebAssembly build and the JavaScript shim only carry bytes in
//! and answers out. This crate does no I/O, reads no clock and knows no JavaScript type.
//!
//! ## Hashing
//!
//! Files are identified by their SHA-256, as lowercase hex:
//!
//! ```
//! use upkeep_core::{sha256_hex, Sha256Stream};
//!
//! assert_eq!(
//!     sha256_hex(b"abc"),
//!     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
//! );
//!
//! // Large inputs stream through a hasher in chunks of any size.
//! let mut stream = Sha256Stream::new();
//! stream.update(b"a").unwrap();
//! stream.update(b"bc").unwrap();
//! assert_eq!(stream.finish().unwrap(), sha256_hex(b"abc"));
//! ```
//!
//! ## Update
//!
//! [`update`] brings a project scaffolded from a template up to a new release: version
//! checks, the CHANGELOG range, the per-file decision table, the deletion sweep and the
//! report. See the module for an example.
//!
//! ## Errors
//!
//! Every fallible function returns [`Error`], whose [`Error::code`] is a stable string that
//! the bindings expose as the JavaScript error's `.code`, and whose message names the input
//! at fault.
#![deny(missing_docs)]

mod error;
mod hash;
pub mod json;
pub mod update;

pub use error::{Error, ErrorKind, Result};
pub use hash::{checksum_line, parse_digest, sha256_hex, Digest, Sha256Stream};
