//! The planner's inputs, checked: each side of a file as the walk compares it (bytes, or a
//! digest with the facts the table needs), and everything else a plan is made from (the
//! manifests, versions, claims, field-merge and region declarations, the dirty guard, the
//! package manager the lockfiles show). Both routes ([`super::plan_update`] and
//! [`super::UpdateSession`]) start here, so each refuses and names the same things.

use foldhash::{HashSet, HashSetExt};
use std::collections::BTreeMap;

use super::{
    manifests, merge_specs, regions_step, ClaimFile, FileInput, SideInput, UpdateInput,
    UpdateOptions, Walk,
};
use crate::error::{Error, ErrorKind, Result};
use crate::hash::{parse_digest, Digest};
use crate::observe::{BlockedBy, EntryKind};
use crate::structured::{MergeSpec, NotesContext, PackageManager};
use crate::text::is_binary;
use crate::update::bytes::Bytes;
use crate::update::dirty;
use crate::update::manifest::{claim_holds, Manifest};
use crate::update::report::UpdateReport;
use crate::update::table::{DigestFacts, Side};

/// What becomes of a side's bytes: the in-memory route keeps them for the walk; the digest
/// route hashes them and keeps only the digests (and facts) until the plan asks for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    Bytes,
    Digests { eol: bool },
}

/// A side that is not a regular file: the project's copy is never written through
/// (`NotAFile`); a release holds regular files only; nothing there is a side left out,
/// never one that says `missing`. `None` for a file.
fn non_file(kind: EntryKind, path: &str, which: &str) -> Result<Option<Side>> {
    match kind {
        EntryKind::File => Ok(None),
        EntryKind::Missing => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!("the {which} side says \"missing\"; leave the side out (null) where nothing is at the path"),
        )),
        _ if which == "current" => Ok(Some(Side::NotAFile)),
        kind => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!(
                "the {which} release has a {} here, not a file; releases hold regular files only",
                kind.name()
            ),
        )),
    }
}

/// A regular file's side from its bytes, hashed, the bytes not kept (the digest route).
fn digested(bytes: &[u8], eol: bool) -> Side {
    let d = crate::content::digest_parts(bytes, eol);
    Side::File {
        bytes: None,
        digest: Some(d.sha256),
        facts: Some(DigestFacts::new(d.size, d.binary, d.sha256_lf)),
    }
}

/// [`digested`] with the SHA-256 the shim computed: only what it does not give is read
/// from the bytes (the binary probe; with `eol`, a file holding a CRLF is hashed whole
/// for its CRLF-as-LF digest).
fn digested_as(bytes: &[u8], sha256: Digest, eol: bool) -> Side {
    if eol && bytes.windows(2).any(|w| w == b"\r\n") {
        return digested(bytes, eol);
    }
    Side::File {
        bytes: None,
        digest: Some(sha256),
        facts: Some(DigestFacts::new(bytes.len() as u64, is_binary(bytes), None)),
    }
}

fn side(input: Option<SideInput>, path: &str, which: &str, keep: Keep) -> Result<Side> {
    let Some(input) = input else {
        return Ok(Side::Missing);
    };
    if let Some(blocked) = input.blocked_by {
        return match seen_under(blocked) {
            None => Ok(Side::Missing),
            Some(kind) => Ok(non_file(kind, path, which)?.unwrap_or(Side::Missing)),
        };
    }
    if let Some(side) = non_file(input.kind, path, which)? {
        return Ok(side);
    }
    let digest = input.digest.as_deref().map(parse_digest).transpose()?;
    match (input.bytes, keep) {
        (Some(bytes), Keep::Bytes) => Ok(Side::File {
            bytes: Some(bytes.0),
            digest,
            facts: None,
        }),
        (Some(bytes), Keep::Digests { eol }) => Ok(digested(&bytes.0, eol)),
        (None, _) if digest.is_none() => Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            path,
            format!("the {which} side has neither bytes nor a digest"),
        )),
        (None, _) => {
            let digest_lf = input.digest_lf.as_deref().map(parse_digest).transpose()?;
            Ok(Side::File {
                bytes: None,
                digest,
                facts: input
                    .size
                    .map(|size| DigestFacts::new(size, input.binary, digest_lf)),
            })
        }
    }
}

/// The three sides of one managed path.
#[derive(Debug)]
pub(super) struct Sides {
    pub(super) a: Side,
    pub(super) b: Side,
    pub(super) l: Side,
}

/// Every observed path's sides, looked up by path (the walk goes in manifest order, never
/// in this map's): hashed rather than ordered, as a 100,000-path tree is probed per path.
pub(super) type SideMap = foldhash::HashMap<String, Sides>;

/// Adds the sides of `files` to `sides`, refusing a path given twice; whether any side
/// came as a digest (or was reduced to one).
pub(super) fn insert_sides(sides: &mut SideMap, files: Vec<FileInput>, keep: Keep) -> Result<bool> {
    let mut digests = false;
    for file in files {
        let path = file.path;
        let entry = Sides {
            a: side(file.current, &path, "current", keep)?,
            b: side(file.baseline, &path, "baseline", keep)?,
            l: side(file.latest, &path, "latest", keep)?,
        };
        digests |= entry.has_digests();
        if sides.insert(path.clone(), entry).is_some() {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                path,
                "the path is given twice",
            ));
        }
    }
    Ok(digests)
}

/// What a side is in [`SideColumns::kinds`]: what is at the path, or (5, 6) what blocks
/// the way to it.
const KINDS: [Option<EntryKind>; 7] = [
    None,
    Some(EntryKind::File),
    Some(EntryKind::Symlink),
    Some(EntryKind::Directory),
    Some(EntryKind::Other),
    seen_under(BlockedBy::Symlink),
    seen_under(BlockedBy::NotADirectory),
];

/// [`BlockedBy::seen_as`] as a side's kind (`None` for nothing there).
const fn seen_under(blocked: BlockedBy) -> Option<EntryKind> {
    match blocked.seen_as() {
        EntryKind::Missing => None,
        kind => Some(kind),
    }
}

/// A batch of paths' sides as columns: what [`super::UpdateSession::observe_columns`]
/// takes, so a batch crosses into the engine as a few arrays instead of an object per
/// side (at 100,000 files the objects cost more than the hashing).
#[derive(Clone, Copy, Debug)]
pub struct SideColumns<'a> {
    /// The paths.
    pub paths: &'a [String],
    /// Per path, the current, baseline and latest side: 0 nothing, 1 a regular file, 2 a
    /// symbolic link, 3 a directory, 4 anything else; 5 a folder on the way is a link, 6
    /// a folder on the way is not a folder (the path was not looked at: [`BlockedBy`]).
    pub kinds: &'a [u8],
    /// The regular files' bytes, one after another in path and side order.
    pub joined: &'a [u8],
    /// Per side, the size of its bytes in `joined` (0 for a side that is not a file).
    pub lengths: &'a [u32],
    /// The SHA-256 of each regular file's bytes, 32 bytes each in the same order, when the
    /// shim hashed them ([`crate::hash::HOST_DIGESTS`]); the engine hashes them otherwise.
    pub digests: Option<&'a [u8]>,
}

/// Adds the sides of `columns` to `sides`, hashed (bytes never kept), as
/// [`insert_sides`] adds objects.
pub(super) fn insert_columns(
    sides: &mut SideMap,
    columns: SideColumns<'_>,
    eol: bool,
) -> Result<()> {
    let SideColumns {
        paths,
        kinds,
        joined,
        lengths,
        digests,
    } = columns;
    let invalid = |detail: String| Err(Error::new(ErrorKind::InvalidArgument, "columns", detail));
    if kinds.len() != paths.len() * 3 || lengths.len() != kinds.len() {
        return invalid(format!(
            "{} paths need {} kinds and as many lengths; got {} kinds and {} lengths",
            paths.len(),
            paths.len() * 3,
            kinds.len(),
            lengths.len()
        ));
    }
    let total: u64 = lengths.iter().map(|&n| u64::from(n)).sum();
    if total != joined.len() as u64 {
        return invalid(format!(
            "the lengths add up to {total} bytes, and the batch holds {}",
            joined.len()
        ));
    }
    if let Some(digests) = digests {
        let files = kinds.iter().filter(|&&k| k == 1).count();
        if digests.len() != files * 32 {
            return invalid(format!(
                "{files} regular files need {} bytes of digests; got {}",
                files * 32,
                digests.len()
            ));
        }
    }
    let mut host_digests = digests.map(|d| d.chunks_exact(32));
    let mut at = 0;
    for (i, path) in paths.iter().enumerate() {
        let mut three = [Side::Missing, Side::Missing, Side::Missing];
        for (j, (side, which)) in three
            .iter_mut()
            .zip(["current", "baseline", "latest"])
            .enumerate()
        {
            let n = lengths[i * 3 + j] as usize;
            let bytes = &joined[at..at + n];
            at += n;
            let kind = *KINDS.get(usize::from(kinds[i * 3 + j])).ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    path,
                    format!("side kind {} is not one of 0 to 6", kinds[i * 3 + j]),
                )
            })?;
            *side = match kind {
                None => Side::Missing,
                Some(kind) => match non_file(kind, path, which)? {
                    Some(other) => other,
                    None => match host_digests.as_mut().and_then(Iterator::next) {
                        Some(chunk) => {
                            let mut sha256 = [0; 32];
                            sha256.copy_from_slice(chunk);
                            digested_as(bytes, Digest::from_bytes(sha256), eol)
                        }
                        None => digested(bytes, eol),
                    },
                },
            };
        }
        let [a, b, l] = three;
        if sides.insert(path.clone(), Sides { a, b, l }).is_some() {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                path,
                "the path is given twice",
            ));
        }
    }
    Ok(())
}

/// Everything an update is planned from besides the files' sides, checked: the two
/// manifests, the versions, the claims that hold, the field-merge and region declarations.
#[derive(Debug)]
pub(super) struct Prepared {
    pub(super) options: UpdateOptions,
    pub(super) baseline: Manifest,
    pub(super) latest: Manifest,
    pub(super) from_text: String,
    pub(super) to_text: String,
    pub(super) from: crate::update::Version,
    pub(super) to: crate::update::Version,
    pub(super) claimed: HashSet<String>,
    pub(super) changelog: Option<String>,
    pub(super) package_json: Option<String>,
    pub(super) leftover_patches: Vec<String>,
    pub(super) merges: BTreeMap<String, MergeSpec>,
    pub(super) regions: regions_step::RegionSetup,
    /// What field-merge notes and the install hint say about the project (the latest
    /// version, the package manager its lockfiles show).
    pub(super) notes: NotesContext,
}

/// Checks everything but the sides; returns them (and the claim files) unread.
pub(super) fn prepare(input: UpdateInput) -> Result<(Prepared, Vec<FileInput>, Vec<ClaimFile>)> {
    let (baseline, latest) = manifests(
        &input.baseline_manifest,
        &input.latest_manifest,
        &input.options.state_dir,
    )?;
    prepare_parsed(baseline, latest, input)
}

/// [`prepare`] with the manifests parsed and checked already (`input`'s are not read).
pub(super) fn prepare_parsed(
    baseline: Manifest,
    latest: Manifest,
    input: UpdateInput,
) -> Result<(Prepared, Vec<FileInput>, Vec<ClaimFile>)> {
    let options = input.options;
    let from: crate::update::Version = input.from.parse()?;
    let to: crate::update::Version = input.to.parse()?;
    dirty::guard(&baseline, &latest, input.git.as_ref(), &options)?;
    let notes = NotesContext {
        latest_version: Some(to.to_string()),
        package_manager: PackageManager::detect(&input.lockfiles, input.package_json.as_deref()),
    };
    let merges = merge_specs(&latest)?;
    let regions = regions_step::load(&baseline, &latest, options.regions_off());
    let prepared = Prepared {
        options,
        baseline,
        latest,
        from_text: input.from,
        to_text: input.to,
        from,
        to,
        claimed: HashSet::new(),
        changelog: input.changelog,
        package_json: input.package_json,
        leftover_patches: input.leftover_patches,
        merges,
        regions,
        notes,
    };
    Ok((prepared, input.files, input.claim_files))
}

impl Prepared {
    /// Reads the claim files: the paths of every claim that holds are skipped.
    pub(super) fn claims(&mut self, claim_files: Vec<ClaimFile>) -> Result<()> {
        let claim_files: BTreeMap<String, Option<Bytes>> =
            claim_files.into_iter().map(|c| (c.path, c.bytes)).collect();
        for claim in &self.latest.claims {
            let Some(bytes) = claim_files.get(&claim.file) else {
                return Err(Error::new(
                    ErrorKind::InvalidUpdateInput,
                    &claim.file,
                    "a claim reads this file, and it was not supplied",
                ));
            };
            if claim_holds(claim, bytes.as_ref().map(Bytes::as_slice)) {
                self.claimed.extend(claim.paths.iter().cloned());
            }
        }
        Ok(())
    }

    /// A walk with nothing in it yet; `scratch`: for one path's plan, to be absorbed
    /// into the main walk later (no report but that path's).
    pub(super) fn walk(&self, scratch: bool) -> Walk<'_> {
        Walk {
            report: UpdateReport::new(&self.from, &self.to),
            ..self.probe_walk(scratch)
        }
    }

    /// A walk whose report names no versions: what a probe plans on and throws away (a
    /// report per path, and formatting both versions for each, cost more than the probe).
    pub(super) fn probe_walk(&self, scratch: bool) -> Walk<'_> {
        Walk {
            options: &self.options,
            actions: Vec::new(),
            report: UpdateReport::default(),
            files: Vec::new(),
            backups: false,
            regions: self.regions.walk(scratch),
            merges: &self.merges,
            notes: &self.notes,
        }
    }
}

#[cfg(test)]
mod kind_code_tests {
    use super::{seen_under, KINDS};
    use crate::observe::{BlockedBy, EntryKind, KIND_CODES as C};

    #[test]
    fn the_table_reads_the_shared_codes() {
        let at = |code: u8| KINDS[usize::from(code)];
        assert_eq!(at(C.missing), None);
        assert_eq!(at(C.file), Some(EntryKind::File));
        assert_eq!(at(C.symlink), Some(EntryKind::Symlink));
        assert_eq!(at(C.directory), Some(EntryKind::Directory));
        assert_eq!(at(C.other), Some(EntryKind::Other));
        assert_eq!(at(C.blocked_by_symlink), seen_under(BlockedBy::Symlink));
        assert_eq!(
            at(C.blocked_by_not_a_directory),
            seen_under(BlockedBy::NotADirectory)
        );
        assert_eq!(KINDS.len(), usize::from(C.blocked_by_not_a_directory) + 1);
    }
}
