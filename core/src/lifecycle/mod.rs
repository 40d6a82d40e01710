//! From nothing to updated (the README's "Start here"): release specs, choosing a version,
//! the release as a project sees it, the cache's keys and checks, `upkeep new`, `upkeep adopt`,
//! the recorded source behind a bare `upkeep update`, and `upkeep manifest init|check`.
//!
//! The shim fetches (git, npm, the file system) and writes; every decision is here:
//!
//! ```
//! use upkeep_core::lifecycle::{parse_release_spec, plan_layout, LayoutInput, ShippedEntry, SourceKind};
//!
//! // npm:create-vite@6.5.0//template-react-ts: an npm package, one folder of it…
//! let spec = parse_release_spec("npm:create-vite@6.5.0//template-react-ts").unwrap();
//! assert_eq!(spec.kind, SourceKind::Npm);
//! // …which ships no manifest: every file is shared, _gitignore becomes .gitignore.
//! let layout = plan_layout(&LayoutInput {
//!     label: "npm:create-vite@6.5.0//template-react-ts".into(),
//!     entries: vec![ShippedEntry::file("_gitignore"), ShippedEntry::file("index.html")],
//!     tag_version: Some("6.5.0".into()),
//!     state_dir: ".upkeep".into(),
//!     ..LayoutInput::default()
//! }).unwrap();
//! assert!(layout.manifest.contains("\".gitignore\": \"shared\""));
//! ```

mod adopt;
mod archive_root;
mod cache;
mod cache_move;
mod cache_place;
mod check;
mod conventions;
mod documents;
mod fetch_refusal;
mod first_commit;
mod first_commit_step;
mod git_folder;
mod git_ref;
mod layout;
mod manifest_write;
mod npm_output;
mod range;
mod record;
mod release_refusal;
mod release_words;
mod rules;
mod scaffold;
mod select;
mod sources;
mod spec;

pub use adopt::{
    adopt_refusal, plan_adopt, AdoptFile, AdoptInput, AdoptPlan, AdoptReport, AdoptedPath,
};
pub use archive_root::{archive_root, package_version, ArchiveRoot, TopEntry};
pub use cache::{
    cache_damaged_notice, cache_key, folder_fingerprint, render_cache_index, verify_cache_entry,
    CacheIndex, CacheKeyInput, CacheVerdict, CachedFile,
};
pub use cache_move::{release_cache_move, CacheMoment, CacheMove, CacheQuestion, FoundEntry};
pub use cache_place::{cache_root, CacheNames, CACHE_NAMES};
pub use check::{
    check_manifest, manifest_check_reads, CheckedText, ManifestCheck, ManifestCheckInput,
    ManifestProblem,
};
pub use conventions::{
    default_manifest, default_renames, is_package_json, managed_by_default, package_json_merge,
    render_manifest, DEFAULT_RENAMES, PACKAGE_JSON_MAPS, PACKAGE_JSON_VALUES,
};
pub use documents::{
    adopt_document, new_document, AdoptDocument, AdoptFacts, NewDocument, NewFacts,
};
pub use fetch_refusal::{fetch_refusal, FetchProblem, FetchStep, RefusedEntry};
pub use first_commit::{first_commit_subject, first_commit_words, FirstCommit, FirstCommitWords};
pub use first_commit_step::{first_commit_step, FirstCommitStep, GitRan};
pub use git_folder::{is_git_repository, LocalFolder};
pub use git_ref::{git_ref_found, git_ref_lookup, GitRefFound, GitRefLookup};
pub use layout::{
    install_renames, plan_layout, plan_layout_packed, LayoutFile, LayoutInput, PackedLayout,
    ReleaseLayout, ShippedEntry, RELEASE_SKIPPED_NAMES,
};
pub use manifest_write::{manifest_write, ManifestWrite, ManifestWriteFacts};
pub use npm_output::{npm_pack_integrity, parse_npm_view, NpmVersions};
pub use range::VersionReq;
pub use record::{
    parse_project_source, render_project_source, ProjectSource, PROJECT_SOURCE_FILE,
    PROJECT_SOURCE_SCHEMA,
};
pub use release_refusal::{release_refusal, ReleaseProblem};
pub(crate) use release_words::release_side;
pub use release_words::{release_words, resolved_identity, ReleaseWords, ResolvedFacts};
pub use rules::{
    manifest_init, parse_manifest_rules, ManifestInit, ManifestInitInput, ManifestRule,
    ManifestRules, RuleClass,
};
pub use scaffold::{
    plan_scaffold, scaffold_halt, scaffold_start, state_files, ProbedSide, ScaffoldFile,
    ScaffoldHalt, ScaffoldInput, ScaffoldMode, ScaffoldPlan, ScaffoldReport, ScaffoldRun,
    ScaffoldStart, ScaffoldStartInput, ScaffoldStatus, StateFile, BACKUPS_DIR,
    NEW_IN_PROGRESS_FILE,
};
pub use select::{parse_git_tags, select_version, Available, GitTag, Selected, VersionQuery};
pub use sources::{
    check_release_drift, installed_record, record_behind_notice, update_sources, InstalledRelease,
    OpenSide, OpenSides, UpdateSources, UpdateSourcesInput,
};
pub(crate) use spec::file_path as file_url_path;
pub use spec::{
    parse_release_spec, relocate, render_release_spec, resolve_local, ReleaseSpec, SourceKind,
};

use crate::error::{Error, ErrorKind, Result};

/// A run id names a backup folder: one plain path segment.
fn check_run_id(run_id: &str) -> Result<()> {
    let ok = !run_id.is_empty()
        && run_id.len() <= 64
        && !run_id.starts_with('.')
        && run_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    if ok {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::InvalidArgument,
            run_id,
            "a run id is 1-64 characters of [A-Za-z0-9._-], not starting with '.'",
        ))
    }
}
