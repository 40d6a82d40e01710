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
//! ## Content digests
//!
//! [`content`] computes what the engine compares when it plans without a file's bytes:
//! its SHA-256, size, whether it is binary, and the SHA-256 of its text with CRLF read as
//! LF, in one streaming pass.
//!
//! ## Text engine
//!
//! Unified diffs exactly as GNU `diff -u` writes them, three-way merges as
//! `git merge-file` makes them, hunks as data and line-ending detection, all on bytes
//! (see [`text`]):
//!
//! ```
//! use upkeep_core::text::{unified_diff, DiffOptions, DiffStatus};
//!
//! let diff = unified_diff(b"a\r\n", b"b\r\n", &DiffOptions::default()).unwrap();
//! assert_eq!(diff.status, DiffStatus::Different);
//! assert_eq!(diff.patch, b"--- old\n+++ new\n@@ -1 +1 @@\n-a\r\n+b\r\n");
//! ```
//!
//! ## Refresh
//!
//! [`refresh`] classifies files a source copied into a host repository and plans how to
//! bring them up to date without clobbering local edits; the shim executes the plan.
//!
//! ## Observations
//!
//! [`observe`] is what the shim found at a path, one type for every command: its kind
//! (file, missing, symlink, directory, other) and, for a file, its digests.
//!
//! ## Paths
//!
//! [`paths`] validates every path a manifest or a release names (relative, no `..`, no
//! `.git` under any spelling, no case or Unicode collisions) before anything is written.
//!
//! ## Risk scoring
//!
//! [`score`] scores how risky a diff is: the declared actions' weights, raised by what the
//! `git diff --numstat` shows (files outside the write set, deleted lines, contract files),
//! decided by a preset. Its globs match in time linear in the path length.
//!
//! ```
//! use upkeep_core::score::{declared_risk, glob_match, Overrides};
//!
//! assert!(glob_match("**/*.rs", "core/src/lib.rs"));
//! assert_eq!(declared_risk(&["rename"], &Overrides::default()).unwrap(), 0.2);
//! ```
//!
//! ## Update
//!
//! [`update`] brings a project scaffolded from a template up to a new release: version
//! checks, the CHANGELOG range, the per-file decision table, the deletion sweep and the
//! report. See the module for an example. [`regions`] compares files carrying generated
//! regions with the regions masked out, and decides what their regeneration may write.
//!
//! ## From nothing to updated
//!
//! [`lifecycle`] names releases (`npm:create-vite@^6//template-react-ts`, `../tpl.git@1.2.0`),
//! chooses versions from tags and published versions, lays a release out as a project sees
//! it (the default manifest when it ships none, renames such as `_gitignore`), and plans
//! `upkeep new`, `upkeep adopt`, the recorded source behind a bare `upkeep update`, and
//! `upkeep manifest init|check`.
//!
//! ## Writes and backups
//!
//! [`writes`] is the vocabulary of the one executor update, refresh and install share:
//! every write is a step with what must be at its path right before the swap
//! (compare-and-swap), and each step's outcome comes back for the report. [`backups`]
//! lists a project's backup folders and decides what an explicit prune may remove —
//! never a backup holding content that exists nowhere else.
//!
//! ## Structured merges
//!
//! [`structured`] merges JSON, JSONC and YAML config files field by field: only the parts
//! a manifest's `merges` declares are compared, upstream's changes are applied as minimal
//! text edits in the file's own style that must read back as exactly the intended data,
//! and what the project changed too is kept and noted.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Yaml, values: vec![], maps: vec!["overrides".into()],
//!     tokens: vec![], lists: vec![], couple: Default::default() };
//! let out = merge(&spec, "overrides:\n  a: 1 # pinned\n  mine: 2\n", "overrides:\n  a: 1\n",
//!     "overrides:\n  a: 3\n");
//! assert_eq!(out.merged.as_deref(), Some("overrides:\n  a: 3 # pinned\n  mine: 2\n"));
//! ```
//!
//! The reader of each format is the one its own tools would use: strict JSON, JSON with
//! comments (the same reader with a flag) for `tsconfig.json` and its kin, and YAML 1.2
//! through saphyr-parser. [`structured::read_file`] reads a file whole, as the public suites
//! are run against it.
//!
//! ### The public suites
//!
//! Run by `core/tests/suites.rs` and, in every engine, by `tests/js/suites.test.js`, from
//! `../shared/peer-data/` (none of it committed). No wrong read and no accepted error:
//!
//! | suite | cases | result |
//! |---|---|---|
//! | yaml-test-suite (`ccfa74e`) | 402 (308 valid, 94 errors) | every error refused; 279 valid read equal to `in.json`, 13 read (no `in.json` to compare), 16 refused as not plain data (15 with a mapping or list as a key, 1 with two empty keys) |
//! | — of the 292 valid read | | a field merge edits 136; 137 have a top level that is not a mapping and 19 several documents: "cannot edit safely" |
//! | JSONTestSuite `test_parsing` | 95 `y_`, 188 `n_`, 35 `i_` | 93 `y_` read equal to serde_json and `JSON.parse`, 2 (repeated keys) refused as unsafe to edit; every `n_` refused; 10 `i_` read (equal where a reference reads them), 25 refused |
//! | — as JSONC | | the same, except 6 `n_` with comments or trailing commas, read |
//! | real config files | 44 (workflows, compose, `.gitlab-ci.yml`, `package.json`, ...) | all read and editable; 1,810 values changed one at a time, each written byte-exact in the file's own style (255 of them from a differently quoted latest value) |
//!
//! ## Editors
//!
//! [`editor`] computes what an editor shows for a managed file — upstream's changes, ranges
//! both sides changed, conflict blocks, generated regions, field-merge entries — and the code
//! actions that apply them, as data a language server puts on the wire.
//!
//! ## Land and sync
//!
//! [`land`] seals an approved change, splits it into one commit per ticket, and plans a
//! sync that moves a branch only by a fast-forward or named cherry-picks.
//!
//! ## What the command line prints
//!
//! [`render`] holds the pieces every report's renderer shares: lines with a tone a shell
//! may colour, `--quiet` / `--verbose`, and hints quoted so they work when pasted.
//! [`terminal`] decides what a run's terminal takes: prompts, progress, colour.
//!
//! ## Errors
//!
//! A refusal whose code belongs to the command line's own list (`usage`) is decided here
//! as data, [`refusal::Refusal`], which the caller raises.
//!
//! Every fallible function returns [`Error`], whose [`Error::code`] is a stable string that
//! the bindings expose as the JavaScript error's `.code`, and whose message names the input
//! at fault.
#![deny(missing_docs)]

pub mod backups;
pub mod command_args;
pub mod content;
#[cfg(feature = "contracts")]
pub mod contracts;
pub mod editor;
mod error;
pub mod exits;
pub mod fleet;
pub mod git_state;
mod hash;
pub mod input_names;
pub mod input_refusal;
pub mod json;
pub mod land;
pub mod lifecycle;
pub mod looping;
pub mod observe;
pub mod paths;
pub mod refresh;
pub mod refusal;
pub mod regions;
pub mod render;
#[cfg(feature = "contracts")]
pub mod schemas;
pub mod score;
#[cfg(feature = "serde")]
mod serde_absent;
pub mod structured;
pub mod terminal;
pub mod text;
pub mod update;
pub mod usage_refusal;
pub mod writes;

pub use error::{Error, ErrorKind, Result};
pub use hash::{checksum_line, hash_walk_order, parse_digest, sha256_hex, Digest, Sha256Stream};
