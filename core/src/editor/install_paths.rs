//! The files of a host repository's install the editor speaks about: each file the source's
//! manifest ships, and each the record still holds that the source dropped (the next
//! refresh asks about it), with what the file view needs for it.

use std::collections::{HashMap, HashSet};

use crate::refresh::{InstallManifest, RecordFile, SourceRecord};

/// One installed file, looked up by `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct InstalledPath {
    /// Where it is in the host repository.
    pub target: String,
    /// Where it is in the source: the manifest's path, else the record's.
    pub src: String,
    /// Whether the manifest ships it: its latest bytes are then the source's `src`.
    pub shipped: bool,
    /// What the record says was written, when it holds the file.
    pub recorded_sha256: Option<String>,
    /// The record's keep-mine mark, when it has one.
    pub kept_against: Option<String>,
}

/// Every installed file, and the ones a background scan reads.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct EditorInstall {
    /// The manifest's files in its order, then the record's others in its order.
    pub files: Vec<InstalledPath>,
    /// The targets the manifest ships, in its order: what the status line counts and a
    /// scan reads.
    pub shipped: Vec<String>,
}

/// Joins the source's manifest and the host's record by target.
pub fn editor_install(manifest: &InstallManifest, record: &SourceRecord) -> EditorInstall {
    // Looked up by target: an install may hold thousands of files.
    let mut recorded: HashMap<&str, &RecordFile> = HashMap::with_capacity(record.files.len());
    for entry in &record.files {
        recorded.entry(entry.target.as_str()).or_insert(entry);
    }
    let mut files: Vec<InstalledPath> = manifest
        .files
        .iter()
        .map(|f| {
            let entry = recorded.get(f.target.as_str());
            InstalledPath {
                target: f.target.clone(),
                src: f.src.clone(),
                shipped: true,
                recorded_sha256: entry.map(|e| e.sha256.clone()),
                kept_against: entry.and_then(|e| e.kept_against.clone()),
            }
        })
        .collect();
    let shipped: Vec<String> = files.iter().map(|f| f.target.clone()).collect();
    let listed: HashSet<&str> = manifest.files.iter().map(|f| f.target.as_str()).collect();
    for entry in &record.files {
        if !listed.contains(entry.target.as_str()) {
            files.push(InstalledPath {
                target: entry.target.clone(),
                src: entry.src.clone(),
                shipped: false,
                recorded_sha256: Some(entry.sha256.clone()),
                kept_against: entry.kept_against.clone(),
            });
        }
    }
    EditorInstall { files, shipped }
}
