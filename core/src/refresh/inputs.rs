//! What a refresh reads before it plans, gathered in the engine: the manifest and the
//! record parsed once, the paths to observe, the observations fed in batches as the shim
//! reads them. Neither document crosses the binding, and each batch of observations is
//! handed over as soon as it is read: as columns ([`RefreshInputs::observe_columns`]: the
//! kinds, the files' bytes or digests, no paths: a batch fills the next paths of its side
//! in the order [`RefreshInputs::paths`] lists them) or as objects naming their paths
//! ([`RefreshInputs::observe`]).
//!
//! ```
//! use upkeep_core::refresh::{Columns, Observations, PathObservation, RefreshInputs, RefreshOptions, Side};
//! use upkeep_core::sha256_hex;
//!
//! let manifest = br#"{"schema":1,"files":[{"src":"a","target":"b"}]}"#;
//! let old = sha256_hex(b"old");
//! let record = format!(r#"{{"schema":1,"files":[{{"src":"a","target":"b","sha256":"{old}"}}]}}"#);
//! let mut inputs = RefreshInputs::open(manifest, "install/manifest.json").unwrap();
//! assert_eq!(inputs.record_path(), ".upkeep-source.json");
//! inputs.read_record(Some(record.as_bytes()), ".upkeep-source.json").unwrap();
//! let paths = inputs.paths();
//! assert_eq!((paths.sources, paths.hosts), (vec!["a".to_string()], vec!["b".to_string()]));
//! // The source's file as columns (its bytes, hashed by the engine), the host's as an object.
//! let file = Columns { kinds: &[1], joined: b"new", lengths: &[3], digests: &[], lf_at: &[], lf: &[] };
//! inputs.observe_columns(Side::Sources, file).unwrap();
//! inputs.observe(Observations { sources: vec![], hosts: vec![PathObservation::file("b", old)] });
//! let session = inputs.plan(RefreshOptions::default()).unwrap();
//! assert!(session.mutating());
//! ```

use super::digest::{push_hex, sha256};
use super::journal::IdentityHasher;
use super::manifest::{
    parse_install_manifest, read_record, InstallManifest, Record, RecordLine, RecordWriter,
};
use super::plan::{Observations, RefreshOptions};
use super::planner::TextSink;
use super::seen::{Columns, Observed, Side};
use super::session::RefreshSession;
use crate::error::{Error, ErrorKind, Result};
use foldhash::HashMap;

/// The paths a refresh observes: each manifest `src` in the source, and on the host each
/// manifest `target` then each recorded target the manifest no longer lists (once each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct RefreshPaths {
    /// Paths in the source, in manifest order.
    pub sources: Vec<String>,
    /// Paths in the host repository.
    pub hosts: Vec<String>,
}

/// A parsed record, and whether its bytes are exactly what the engine writes for it:
/// then the new record's text differs from them exactly when its entries differ, so a
/// session keeps neither the text nor a digest of it, and hashes neither record.
#[derive(Debug)]
pub(crate) struct ReadRecord {
    pub(crate) record: Record,
    pub(crate) canonical: bool,
    /// Its length in bytes.
    pub(crate) len: usize,
}

/// Whether `record` written by the engine is `bytes`, compared as it is written.
fn canonical(record: &Record, bytes: &[u8]) -> bool {
    let mut same = Same {
        expected: bytes,
        at: 0,
        same: true,
    };
    let mut buffer = String::with_capacity(1 << 16);
    let mut writer = RecordWriter::start(&mut buffer);
    let (mut sha, mut kept) = (String::new(), String::new());
    for e in &record.files {
        sha.clear();
        push_hex(&mut sha, &e.sha256);
        kept.clear();
        if let Some(k) = &e.kept_against {
            push_hex(&mut kept, k);
        }
        writer.entry(
            &mut buffer,
            RecordLine {
                src: &e.src,
                target: &e.target,
                sha256: &sha,
                kept_against: e.kept_against.map(|_| kept.as_str()),
                extra: &e.extra,
            },
        );
        if buffer.len() >= 1 << 16 {
            same.flush(&mut buffer);
            if !same.same {
                return false;
            }
        }
    }
    writer.finish(&mut buffer, &record.extra);
    same.flush(&mut buffer);
    same.same && same.at == bytes.len()
}

/// A [`TextSink`] comparing what is written with the bytes expected.
struct Same<'b> {
    expected: &'b [u8],
    at: usize,
    same: bool,
}

impl TextSink for Same<'_> {
    fn flush(&mut self, buffer: &mut String) {
        let end = self.at + buffer.len();
        self.same = self.same && self.expected.get(self.at..end) == Some(buffer.as_bytes());
        self.at = end;
        buffer.clear();
    }
}

/// The manifest and the record as a refresh reads them, parsed once.
#[derive(Debug)]
pub(crate) struct Documents {
    pub(crate) manifest: InstallManifest,
    manifest_sha256: String,
    pub(crate) record: Option<ReadRecord>,
    /// The record's entries whose target the manifest does not list, in record order:
    /// their targets are the host paths after the manifest's.
    pub(crate) extras: Vec<u32>,
}

impl Documents {
    /// Parses the manifest (`name` is how errors refer to it).
    pub(crate) fn open(manifest: &[u8], name: &str) -> Result<Self> {
        Ok(Documents {
            manifest: parse_install_manifest(manifest, name)?,
            manifest_sha256: super::digest::hex(&sha256(manifest)),
            record: None,
            extras: Vec::new(),
        })
    }

    /// Parses the record (`None`: there is none yet); `name` is how errors refer to it.
    /// Refused, it leaves the record read before (if any) in place.
    pub(crate) fn read_record(&mut self, bytes: Option<&[u8]>, name: &str) -> Result<()> {
        let Some(bytes) = bytes else {
            self.record = None;
            self.extras.clear();
            return Ok(());
        };
        let files = &self.manifest.files;
        // A record the engine wrote lists the manifest's targets in its order: nothing to
        // look up. Otherwise, the manifest's targets by name.
        let aligned = |entries: &[super::manifest::Entry]| {
            entries.len() <= files.len()
                && entries.iter().zip(files).all(|(e, f)| e.target == f.target)
        };
        let mut index: Option<HashMap<&str, usize>> = None;
        let record = read_record(bytes, name, |entries| {
            if aligned(entries) {
                return true;
            }
            // Each target one of the manifest's (which passed the check), none twice: no
            // two of them can collide.
            let index = index.get_or_insert_with(|| by_target(files));
            let mut hit = vec![false; files.len()];
            entries.iter().all(|e| {
                index
                    .get(e.target.as_str())
                    .is_some_and(|&i| !std::mem::replace(&mut hit[i], true))
            })
        })?;
        let extras = if aligned(&record.files) {
            Vec::new()
        } else {
            let index = index.get_or_insert_with(|| by_target(files));
            (record.files.iter().enumerate())
                .filter(|(_, e)| !index.contains_key(e.target.as_str()))
                .map(|(j, _)| j as u32)
                .collect()
        };
        self.record = Some(ReadRecord {
            canonical: canonical(&record, bytes),
            record,
            len: bytes.len(),
        });
        self.extras = extras;
        Ok(())
    }

    /// The source paths, in slot order.
    pub(crate) fn sources(&self) -> impl Iterator<Item = &str> + '_ {
        self.manifest.files.iter().map(|f| f.src.as_str())
    }

    /// The host paths, in slot order.
    pub(crate) fn hosts(&self) -> impl Iterator<Item = &str> + '_ {
        let entries = self.record.as_ref().map_or(&[][..], |r| &r.record.files);
        (self.manifest.files.iter().map(|f| f.target.as_str())).chain(
            self.extras
                .iter()
                .map(move |&j| entries[j as usize].target.as_str()),
        )
    }

    fn host_count(&self) -> usize {
        self.manifest.files.len() + self.extras.len()
    }
}

fn by_target(files: &[super::manifest::ManifestFile]) -> HashMap<&str, usize> {
    (files.iter().enumerate())
        .map(|(i, f)| (f.target.as_str(), i))
        .collect()
}

/// A refresh's inputs as they are read; see the module documentation.
#[derive(Debug)]
pub struct RefreshInputs {
    docs: Documents,
    observed: Observed,
}

impl RefreshInputs {
    /// Parses the manifest (`name` is how errors refer to it).
    pub fn open(manifest: &[u8], name: &str) -> Result<Self> {
        Ok(RefreshInputs {
            docs: Documents::open(manifest, name)?,
            observed: Observed::default(),
        })
    }

    /// The host folder for the record, journal, lock and backups (`.` is the root).
    pub fn home(&self) -> &str {
        &self.docs.manifest.home
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    pub fn home_files(&self) -> super::HomeFiles {
        super::home_files::files_in(&self.docs.manifest.home)
    }

    /// Where the record lives in the host repository.
    pub fn record_path(&self) -> String {
        self.docs.manifest.record_path()
    }

    /// Parses the record (`None`: there is none yet); `name` is how errors refer to it.
    pub fn read_record(&mut self, bytes: Option<&[u8]>, name: &str) -> Result<()> {
        self.docs.read_record(bytes, name)
    }

    /// The paths to observe, from the manifest and the record read so far.
    pub fn paths(&self) -> RefreshPaths {
        RefreshPaths {
            sources: self.docs.sources().map(str::to_string).collect(),
            hosts: self.docs.hosts().map(str::to_string).collect(),
        }
    }

    /// [`Self::paths`] as two texts, each side's paths joined by NUL (which no path
    /// holds): one string per side crosses the binding instead of one per path.
    pub fn joined_paths(&self) -> (String, String) {
        let join = |paths: &mut dyn Iterator<Item = &str>| {
            let mut text = String::new();
            for (i, path) in paths.enumerate() {
                if i > 0 {
                    text.push('\0');
                }
                text.push_str(path);
            }
            text
        };
        (join(&mut self.docs.sources()), join(&mut self.docs.hosts()))
    }

    /// Adds a batch of observations given as objects, in the order read.
    pub fn observe(&mut self, batch: Observations) {
        self.observed.objects(batch);
    }

    /// Whether [`Self::observe_columns`] would rather be given the files' SHA-256
    /// ([`Columns::digests`]): this build hashes more slowly than its host
    /// ([`crate::hash::HOST_DIGESTS`]); the engine still reads the bytes for what only it
    /// decides (a CRLF-as-LF digest, binary or not).
    pub fn host_digests(&self) -> bool {
        crate::hash::HOST_DIGESTS
    }

    /// Adds a batch of `side`'s next paths as columns ([`Columns`]).
    pub fn observe_columns(&mut self, side: Side, columns: Columns<'_>) -> Result<()> {
        let len = match side {
            Side::Sources => self.docs.manifest.files.len(),
            Side::Hosts => self.docs.host_count(),
        };
        self.observed.columns(side, columns, len)
    }

    /// The identity of this source version (`source_identity` over the manifest and the
    /// source observations so far: those given as columns, in path order, then those
    /// given as objects, in the order given).
    pub fn source_identity(&self) -> String {
        let mut identity = IdentityHasher::new(&self.docs.manifest_sha256);
        let mut hex = String::with_capacity(64);
        let srcs = &self.docs.manifest.files;
        for (i, sha) in self.observed.source_digests() {
            hex.clear();
            if let Some(sha) = sha {
                push_hex(&mut hex, sha);
            }
            identity.file(&srcs[i].src, sha.map(|_| hex.as_str()));
        }
        for o in self.observed.source_objects() {
            identity.file(&o.path, o.observed.sha256.as_deref());
        }
        identity.finish()
    }

    /// The error for inputs asked for again once [`Self::plan`] took them (a binding holds
    /// them until then).
    pub fn spent() -> Error {
        Error::new(
            ErrorKind::InvalidArgument,
            "inputs",
            "these inputs are already planned; open the manifest again",
        )
    }

    /// Plans the refresh; the inputs become the session's.
    pub fn plan(self, options: RefreshOptions) -> Result<RefreshSession> {
        RefreshSession::planned(self.docs, self.observed, options)
    }
}
