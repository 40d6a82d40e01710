//! What a refresh reads before it plans, gathered in the engine: the manifest and the
//! record parsed once, the paths to observe, the observations fed in batches as the shim
//! reads them. At 100,000 files the shim used to parse both documents into JS objects
//! (to learn the paths) and the session parsed them again; it also held every
//! observation until the plan. Now neither document crosses the binding, and each batch
//! of observations is handed over as soon as it is read.
//!
//! ```
//! use upkeep_core::refresh::{Observations, PathObservation, RefreshInputs, RefreshOptions};
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
//! inputs.observe(Observations {
//!     sources: vec![PathObservation::file("a", sha256_hex(b"new"))],
//!     hosts: vec![PathObservation::file("b", old)],
//! });
//! let session = inputs.plan(RefreshOptions::default()).unwrap();
//! assert!(session.mutating());
//! ```

use std::collections::HashSet;

use super::journal::identity_of;
use super::manifest::{parse_install_manifest, InstallManifest};
use super::plan::{Observations, ReadRecord, RefreshOptions};
use super::session::RefreshSession;
use crate::error::{Error, ErrorKind, Result};
use crate::hash::sha256_hex;

/// The paths a refresh observes: each manifest `src` in the source, and on the host each
/// manifest `target` then each recorded target the manifest no longer lists (once each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct RefreshPaths {
    /// Paths in the source, in manifest order.
    pub sources: Vec<String>,
    /// Paths in the host repository.
    pub hosts: Vec<String>,
}

/// A refresh's inputs as they are read; see the module documentation.
#[derive(Debug)]
pub struct RefreshInputs {
    manifest: InstallManifest,
    manifest_sha256: String,
    record: Option<ReadRecord>,
    observations: Observations,
}

impl RefreshInputs {
    /// Parses the manifest (`name` is how errors refer to it).
    pub fn open(manifest: &[u8], name: &str) -> Result<Self> {
        Ok(RefreshInputs {
            manifest: parse_install_manifest(manifest, name)?,
            manifest_sha256: sha256_hex(manifest),
            record: None,
            observations: Observations::default(),
        })
    }

    /// The host folder for the record, journal, lock and backups (`.` is the root).
    pub fn home(&self) -> &str {
        &self.manifest.home
    }

    /// Where the record lives in the host repository.
    pub fn record_path(&self) -> String {
        self.manifest.record_path()
    }

    /// Parses the record (`None`: there is none yet); `name` is how errors refer to it.
    pub fn read_record(&mut self, bytes: Option<&[u8]>, name: &str) -> Result<()> {
        self.record = bytes.map(|b| ReadRecord::parse(b, name)).transpose()?;
        Ok(())
    }

    /// The paths to observe, from the manifest and the record read so far.
    pub fn paths(&self) -> RefreshPaths {
        let recorded = self.record.iter().flat_map(|r| &r.record.files);
        let mut seen = HashSet::new();
        let hosts = (self.manifest.files.iter().map(|f| f.target.as_str()))
            .chain(recorded.map(|f| f.target.as_str()))
            .filter(|t| seen.insert(*t))
            .map(str::to_string)
            .collect();
        RefreshPaths {
            sources: self.manifest.files.iter().map(|f| f.src.clone()).collect(),
            hosts,
        }
    }

    /// Adds a batch of observations, in the order read.
    pub fn observe(&mut self, batch: Observations) {
        self.observations.sources.extend(batch.sources);
        self.observations.hosts.extend(batch.hosts);
    }

    /// The identity of this source version (`source_identity` over the manifest and the
    /// source observations so far).
    pub fn source_identity(&self) -> String {
        identity_of(
            &self.manifest_sha256,
            self.observations
                .sources
                .iter()
                .map(|o| (o.path.as_str(), o.sha256.as_deref())),
        )
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
        RefreshSession::parsed(self.manifest, self.record, self.observations, options)
    }
}
