//! The digest route of the update plan: the same plan as [`plan_update`] (the same walk,
//! the same decision code), fed digests first and bytes only where the plan needs them.
//!
//! [`plan_update`] takes every side's bytes in one input; at 100,000 files that is the
//! whole of three trees in memory at once. A session instead takes the sides in batches
//! as digests ([`UpdateSession::observe`]: the bytes a shim passes are hashed and
//! dropped, or it passes [`crate::content::ContentDigest`]s of large files it streamed),
//! then names the few paths whose bytes the plan needs ([`UpdateSession::needs`]: files
//! both sides changed, field merges, generated regions). Those bytes come back in
//! batches ([`UpdateSession::supply`]); each is hashed again and must be what was
//! observed: a file that changed in between is a conflict, never merged from a stale
//! read. [`UpdateSession::finish`] returns the plan, byte for byte the in-memory one.
//!
//! Which paths need bytes is not a second copy of the rules: each path is planned once
//! from its digests, and every side whose bytes that planning asked for
//! ([`super::Side::content`]) is a need.
//!
//! ```
//! use upkeep_core::update::{plan_update, FileInput, SideInput, SuppliedContent, UpdateInput, UpdateSession};
//!
//! let manifest = r#"{"schema":1,"files":{"a.txt":"shared","b.txt":"shared"}}"#;
//! let files = || vec![
//!     FileInput { path: "a.txt".into(), current: Some(SideInput::file(b"mine\n")),
//!         baseline: Some(SideInput::file(b"v1\n")), latest: Some(SideInput::file(b"v2\n")) },
//!     FileInput { path: "b.txt".into(), current: Some(SideInput::file(b"v1\n")),
//!         baseline: Some(SideInput::file(b"v1\n")), latest: Some(SideInput::file(b"v2\n")) },
//! ];
//! let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
//! input.options.run_id = "run".into();
//!
//! let mut session = UpdateSession::new(input.clone()).unwrap();
//! session.observe(files(), None).unwrap(); // hashed, bytes dropped
//! let needs = session.needs().unwrap();
//! assert_eq!(needs.len(), 1); // only the file both sides changed
//! assert_eq!(needs[0].path, "a.txt");
//! session.supply(vec![SuppliedContent { path: "a.txt".into(), current: Some(b"mine\n".to_vec().into()),
//!     baseline: Some(b"v1\n".to_vec().into()), latest: Some(b"v2\n".to_vec().into()) }]).unwrap();
//!
//! input.files = files();
//! assert_eq!(session.finish().unwrap(), plan_update(input).unwrap());
//! assert_eq!(session.finish().unwrap_err().code(), "invalid-update-input"); // spent
//! ```

use foldhash::HashMapExt;
use std::collections::BTreeMap;
use std::collections::HashSet;

use super::prepare::{insert_columns, SideColumns, SideMap};
use super::{
    insert_sides, plan_file, plan_walk, prepare, same_side, Action, FileOutcome, Keep, Prepared,
    Sides, UpdateInput, UpdatePlan, Walk,
};
use crate::error::{Error, ErrorKind, Result};
use crate::hash::Digest;
use crate::paths::byte_order;
use crate::regions::{PathRegionVerdict, RegionFallback};
use crate::update::bytes::Bytes;
use crate::update::manifest::FileClass;
use crate::update::report::{Conflict, UpdateReport};
use crate::update::table::Side;
use crate::update::ConflictRoute;
use crate::update::{ClaimFile, FileInput};

/// The sides of one path whose bytes the plan needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ContentNeed {
    /// The path.
    pub path: String,
    /// The project's copy.
    pub current: bool,
    /// The baseline release's copy.
    pub baseline: bool,
    /// The latest release's copy.
    pub latest: bool,
}

/// The bytes of the sides a [`ContentNeed`] named.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SuppliedContent {
    /// The path.
    pub path: String,
    /// The project's copy, when needed.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<Bytes>,
    /// The baseline release's copy, when needed.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<Bytes>,
    /// The latest release's copy, when needed.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest: Option<Bytes>,
}

/// An update planned in steps: sides observed in batches, bytes supplied where needed.
#[derive(Debug)]
pub struct UpdateSession {
    prepared: Prepared,
    sides: SideMap,
    /// Paths planned from supplied bytes, absorbed in path order by [`Self::finish`].
    fragments: BTreeMap<String, Fragment>,
    /// Needs not supplied yet, each with its path's class (for planning it when its bytes
    /// come); `None` until computed (again after more observations).
    needs: Option<BTreeMap<String, (ContentNeed, FileClass)>>,
    /// Whether any side came as a digest (an in-memory session needs nothing).
    digests: bool,
    /// [`Self::finish`] produced the plan: the session takes nothing more.
    finished: bool,
    /// The plan [`Self::plan`] keeps for the calls after it.
    held: Option<UpdatePlan>,
    /// The kept plan's report before a run finished it (what a second finish starts from).
    run_base: Option<UpdateReport>,
}

impl UpdateSession {
    /// Checks everything but the sides (manifests, versions, claims, options) and takes
    /// `input.files` as [`plan_update`](super::plan_update) does, bytes kept.
    pub fn new(input: UpdateInput) -> Result<Self> {
        Self::prepared(prepare(input)?)
    }

    /// [`Self::new`] from a prepared input (the manifests parsed already).
    pub(super) fn prepared(
        (mut prepared, files, claim_files): (Prepared, Vec<FileInput>, Vec<ClaimFile>),
    ) -> Result<Self> {
        // Room for every managed path at once: grown batch by batch, the map rehashes its
        // whole content again each time it doubles.
        let managed = prepared
            .latest
            .files
            .len()
            .max(prepared.baseline.files.len());
        let mut sides = SideMap::with_capacity(managed);
        let digests = insert_sides(&mut sides, files, Keep::Bytes)?;
        prepared.claims(claim_files)?;
        Ok(UpdateSession {
            prepared,
            sides,
            fragments: BTreeMap::new(),
            needs: None,
            digests,
            finished: false,
            held: None,
            run_base: None,
        })
    }

    /// Whether the digests a shim computes must carry the CRLF-as-LF digest (the
    /// line-ending option is on).
    pub fn line_endings(&self) -> bool {
        self.prepared.options.ignore_eol
    }

    /// Takes a batch of paths' sides. `keep_bytes: false` (the digest route, and the
    /// default): bytes are hashed and dropped, digests (with `size`) kept as they are;
    /// `true`: as [`Self::new`] takes them.
    pub fn observe(&mut self, files: Vec<FileInput>, keep_bytes: Option<bool>) -> Result<()> {
        let keep_bytes = keep_bytes.unwrap_or(false);
        self.live("observe")?;
        let keep = if keep_bytes {
            Keep::Bytes
        } else {
            Keep::Digests {
                eol: self.line_endings(),
            }
        };
        self.digests |= insert_sides(&mut self.sides, files, keep)?;
        self.needs = None;
        Ok(())
    }

    /// Whether [`Self::observe_columns`] would rather be given the files' SHA-256
    /// ([`SideColumns::digests`]): this build hashes more slowly than its host.
    pub fn host_digests(&self) -> bool {
        crate::hash::HOST_DIGESTS
    }

    /// Takes a batch of paths' sides as columns (the digest route's fast path): each
    /// regular file's bytes hashed and dropped, as [`Self::observe`] does with objects.
    pub fn observe_columns(&mut self, columns: SideColumns<'_>) -> Result<()> {
        self.live("observe")?;
        let eol = self.line_endings();
        insert_columns(&mut self.sides, columns, eol)?;
        self.digests |= !columns.paths.is_empty();
        self.needs = None;
        Ok(())
    }

    /// The paths whose bytes the plan needs and not supplied yet, in path order.
    pub fn needs(&mut self) -> Result<Vec<ContentNeed>> {
        self.live("needs")?;
        Ok(self
            .pending_needs()
            .values()
            .map(|(need, _)| need.clone())
            .collect())
    }

    fn pending_needs(&mut self) -> &BTreeMap<String, (ContentNeed, FileClass)> {
        if self.needs.is_none() {
            let needs = if self.digests {
                self.probe()
            } else {
                BTreeMap::new()
            };
            self.needs = Some(needs);
        }
        self.needs.get_or_insert_with(BTreeMap::new)
    }

    /// Plans every digest-only path once on a scratch walk and collects the sides whose
    /// bytes that planning asked for. Errors are left to [`Self::finish`], which meets
    /// them again in walk order.
    fn probe(&self) -> BTreeMap<String, (ContentNeed, FileClass)> {
        let mut needs = BTreeMap::new();
        for (path, class) in self.walk_order() {
            let Some(s) = self.sides.get(path) else {
                continue;
            };
            if self.fragments.contains_key(path) || !s.has_digests() || !s.l.is_present() {
                continue; // planned already, all bytes here, or refused by the walk
            }
            let mut scratch = self.prepared.probe_walk(true);
            let _ = plan_file(&mut scratch, path, class, s);
            let wanted =
                [&s.a, &s.b, &s.l].map(|side| side.facts().is_some_and(|f| f.take_wanted()));
            if wanted.contains(&true) {
                // Every side sent as a digest, not only the first one asked for: planning
                // stops at the first missing side, and the rest follow it.
                let digest_only = |side: &Side| side.facts().is_some();
                needs.insert(
                    path.to_string(),
                    (
                        ContentNeed {
                            path: path.to_string(),
                            current: digest_only(&s.a),
                            baseline: digest_only(&s.b),
                            latest: digest_only(&s.l),
                        },
                        class,
                    ),
                );
            }
        }
        needs
    }

    /// The latest manifest's paths the walk plans, unclaimed, in path order.
    fn walk_order(&self) -> Vec<(&str, FileClass)> {
        let mut entries: Vec<(&str, FileClass)> = self
            .prepared
            .latest
            .files
            .iter()
            .filter(|e| !self.prepared.claimed.contains(&e.path))
            .map(|e| (e.path.as_str(), e.class))
            .collect();
        entries.sort_unstable_by(|x, y| byte_order(x.0, y.0));
        entries
    }

    /// Takes the bytes of needed sides, hashes each again and plans the path from them;
    /// the bytes are dropped once planned. A side whose bytes no longer hash to what was
    /// observed makes the path a conflict, planned from nothing read.
    pub fn supply(&mut self, contents: Vec<SuppliedContent>) -> Result<()> {
        self.live("supply")?;
        self.pending_needs();
        for content in contents {
            let path = content.path.clone();
            let (need, class) = self
                .needs
                .as_mut()
                .and_then(|needs| needs.remove(&path))
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidUpdateInput,
                        &path,
                        "bytes were supplied for a path whose bytes the plan did not ask for",
                    )
                })?;
            let Some(s) = self.sides.get(&path) else {
                continue; // a need names an observed, managed path
            };
            let mut changed = Vec::new();
            let supplied = Sides {
                a: with_bytes(
                    &s.a,
                    need.current,
                    content.current,
                    "current",
                    &path,
                    &mut changed,
                )?,
                b: with_bytes(
                    &s.b,
                    need.baseline,
                    content.baseline,
                    "baseline",
                    &path,
                    &mut changed,
                )?,
                l: with_bytes(
                    &s.l,
                    need.latest,
                    content.latest,
                    "latest",
                    &path,
                    &mut changed,
                )?,
            };
            let mut walk = self.prepared.walk(true);
            if changed.is_empty() {
                plan_file(&mut walk, &path, class, &supplied)?;
            } else {
                changed_while_read(&mut walk, &path, class, s, &changed);
            }
            self.fragments.insert(path, Fragment::of(walk));
        }
        Ok(())
    }

    /// The plan; refused while a needed path's bytes were not supplied. The session is
    /// spent afterwards.
    pub fn finish(&mut self) -> Result<UpdatePlan> {
        self.live("finish")?;
        if let Some((need, _)) = self.pending_needs().values().next() {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                &need.path,
                "the plan needs this path's bytes, and they were not supplied",
            ));
        }
        self.finished = true;
        let mut fragments = std::mem::take(&mut self.fragments);
        let plan = plan_walk(&self.prepared, &self.sides, &mut fragments);
        self.sides.clear();
        plan
    }

    fn live(&self, call: &str) -> Result<()> {
        if self.finished {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                call,
                "this update session already produced its plan; start a new one",
            ));
        }
        Ok(())
    }
}

impl Sides {
    pub(super) fn has_digests(&self) -> bool {
        [&self.a, &self.b, &self.l]
            .iter()
            .any(|side| side.facts().is_some())
    }
}

/// `side` with the bytes supplied for it (when `needed`), checked against its digest; a
/// mismatch is recorded in `changed` and the side kept as observed.
fn with_bytes(
    side: &Side,
    needed: bool,
    bytes: Option<Bytes>,
    which: &'static str,
    path: &str,
    changed: &mut Vec<&'static str>,
) -> Result<Side> {
    match (needed, bytes) {
        (false, None) => Ok(side.clone()),
        (false, Some(_)) => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!("the {which} side's bytes were supplied, and the plan did not ask for them"),
        )),
        (true, None) => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!("the plan needs the {which} side's bytes, and they were not supplied"),
        )),
        (true, Some(bytes)) => {
            let digest = Digest::of(&bytes.0);
            if Some(digest) != side.digest() {
                changed.push(which);
                return Ok(side.clone());
            }
            Ok(Side::File {
                bytes: Some(bytes.0),
                digest: Some(digest),
                facts: None,
            })
        }
    }
}

/// A path whose bytes changed between hashing and reading: a conflict, nothing written.
fn changed_while_read(
    walk: &mut Walk<'_>,
    path: &str,
    class: FileClass,
    s: &Sides,
    changed: &[&str],
) {
    let ignore_eol = walk.options.ignore_eol;
    let local = s.a.is_present() && s.b.is_present() && !same_side(&s.a, &s.b, ignore_eol);
    let upstream = !s.b.is_present() || !same_side(&s.b, &s.l, ignore_eol);
    walk.outcome(path, class, None, local, upstream);
    walk.report.conflicts.push(Conflict {
        reason: Some(format!(
            "its {} copy changed while upkeep was reading it, so nothing was merged or \
             written for it: run the update again",
            changed.join(" and ")
        )),
        ..Conflict::new(path, class, ConflictRoute::Patch)
    });
}

/// One path's share of a walk, planned ahead of the walk from supplied bytes.
#[derive(Debug)]
pub(super) struct Fragment {
    actions: Vec<Action>,
    files: Vec<FileOutcome>,
    report: UpdateReport,
    backups: bool,
    verdicts: Vec<PathRegionVerdict>,
    fallbacks: Vec<RegionFallback>,
    patched: HashSet<String>,
}

impl Fragment {
    fn of(walk: Walk<'_>) -> Self {
        Fragment {
            actions: walk.actions,
            files: walk.files,
            report: walk.report,
            backups: walk.backups,
            verdicts: walk.regions.report.verdicts,
            fallbacks: walk.regions.report.fallbacks,
            patched: walk.regions.patched,
        }
    }
}

impl Walk<'_> {
    /// Adds a fragment where the walk stands: what planning its path here would have added.
    pub(super) fn absorb(&mut self, fragment: Fragment) {
        let Fragment {
            actions,
            files,
            report,
            backups,
            verdicts,
            fallbacks,
            patched,
        } = fragment;
        self.actions.extend(actions);
        self.files.extend(files);
        self.backups |= backups;
        self.regions.report.verdicts.extend(verdicts);
        self.regions.report.fallbacks.extend(fallbacks);
        self.regions.patched.extend(patched);
        let r = &mut self.report;
        r.overwrite.extend(report.overwrite);
        r.merge.extend(report.merge);
        r.add.extend(report.add);
        r.removed.extend(report.removed);
        r.skip.extend(report.skip);
        r.delete.extend(report.delete);
        r.conflicts.extend(report.conflicts);
        r.structured.extend(report.structured);
    }
}

#[path = "session_held.rs"]
mod held;
pub use held::{PlanOutline, PlannedContent, RunEnd};

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
