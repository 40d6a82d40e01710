//! What a refresh observed, as it keeps it: one slot per path to observe, in the order
//! [`super::RefreshInputs::paths`] lists them, each the kind found there and a file's
//! digests as bytes. A batch of paths read by the shim lands in the next slots
//! ([`Observed::columns`]); observations handed over as objects, each naming its path,
//! are kept as given until the plan puts each in its path's slot (the first for a path
//! wins, as a search of the list found it).
//!
//! At 100,000 files the observations were 200,000 objects, each with its path and up to
//! two hex digests; the slots hold 34 bytes each and need no map from paths to find them.

use super::classify::Hashes;
use super::digest::{sha256, Sha, Spellings};
use super::plan::{Observations, PathObservation};
use crate::content::digest_parts;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;
use foldhash::{HashMap, HashMapExt};

/// One side's observation of one path: its kind and a file's digests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    pub(crate) kind: EntryKind,
    pub(crate) sha256: Option<Sha>,
    pub(crate) sha256_lf: Option<Sha>,
}

impl Seen {
    /// Nothing there.
    pub(crate) fn missing() -> Self {
        Seen {
            kind: EntryKind::Missing,
            sha256: None,
            sha256_lf: None,
        }
    }
}

impl Hashes for Seen {
    type Digest = Sha;

    fn kind(&self) -> EntryKind {
        self.kind
    }

    fn sha256(&self) -> Option<&Sha> {
        self.sha256.as_ref()
    }

    fn sha256_lf(&self) -> Option<&Sha> {
        self.sha256_lf.as_ref()
    }
}

/// What a slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// Nothing observed for the path (yet).
    Empty,
    /// An observation.
    Seen,
    /// An observation whose digests do not fit its kind (refused when the plan reaches it).
    Unfit,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    fill: Fill,
    kind: EntryKind,
    /// A file's raw digest (zeros otherwise).
    sha256: Sha,
}

const EMPTY: Slot = Slot {
    fill: Fill::Empty,
    kind: EntryKind::Missing,
    sha256: [0; 32],
};

/// One side's slots.
#[derive(Clone, Debug, Default)]
struct Slots {
    slots: Vec<Slot>,
    /// The CRLF-as-LF digests, by slot: few files have one.
    lf: HashMap<u32, Sha>,
    /// The next slot a batch of columns fills.
    next: usize,
}

impl Slots {
    fn seen(&self, i: usize, path: &str, side: &str) -> Result<Seen> {
        let slot = self.slots.get(i).copied().unwrap_or(EMPTY);
        match slot.fill {
            Fill::Empty => Err(Error::new(
                ErrorKind::InvalidArgument,
                path,
                format!("no {side} observation for this path"),
            )),
            Fill::Unfit => Err(crate::observe::unfit(path)),
            Fill::Seen => Ok(Seen {
                kind: slot.kind,
                sha256: (slot.kind == EntryKind::File).then_some(slot.sha256),
                sha256_lf: if self.lf.is_empty() {
                    None
                } else {
                    u32::try_from(i).ok().and_then(|i| self.lf.get(&i).copied())
                },
            }),
        }
    }

    fn put(&mut self, i: usize, seen: Seen) {
        if self.slots.len() <= i {
            self.slots.resize(i + 1, EMPTY);
        }
        self.slots[i] = Slot {
            fill: Fill::Seen,
            kind: seen.kind,
            sha256: seen.sha256.unwrap_or_default(),
        };
        if let (Some(lf), Ok(i)) = (seen.sha256_lf, u32::try_from(i)) {
            self.lf.insert(i, lf);
        }
    }

    fn is_empty(&self, i: usize) -> bool {
        self.slots.get(i).is_none_or(|s| s.fill == Fill::Empty)
    }
}

/// Which side of a refresh a batch of columns observes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Side {
    /// The source's paths (each manifest `src`): `"sources"`.
    Sources,
    /// The host's paths: `"hosts"`.
    Hosts,
}

impl Side {
    /// The side a word names (`sources`, `hosts`).
    pub fn named(word: &str) -> Result<Self> {
        match word {
            "sources" => Ok(Side::Sources),
            "hosts" => Ok(Side::Hosts),
            _ => Err(Error::new(
                ErrorKind::InvalidArgument,
                "side",
                format!("'{word}' is neither \"sources\" nor \"hosts\""),
            )),
        }
    }
}

/// Everything observed so far; see the module documentation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Observed {
    sources: Slots,
    hosts: Slots,
    /// Observations handed over as objects, in the order given.
    given: Observations,
    /// The spellings of digests given as text that are not hex.
    pub(crate) spellings: Spellings,
}

impl Observed {
    /// Adds observations given as objects.
    pub(crate) fn objects(&mut self, batch: Observations) {
        self.given.sources.extend(batch.sources);
        self.given.hosts.extend(batch.hosts);
    }

    /// Whether any observation was given as an object.
    pub(crate) fn has_objects(&self) -> bool {
        !self.given.sources.is_empty() || !self.given.hosts.is_empty()
    }

    /// The source observations given as objects, in order.
    pub(crate) fn source_objects(&self) -> &[PathObservation] {
        &self.given.sources
    }

    /// Puts each observation given as an object in its path's slot (the first given for a
    /// path; a slot a batch of columns filled keeps that), and forgets the objects.
    /// `sources` and `hosts` name the paths of the slots, in order.
    pub(crate) fn settle<'p>(
        &mut self,
        sources: impl Iterator<Item = &'p str>,
        hosts: impl Iterator<Item = &'p str>,
    ) {
        let given = std::mem::take(&mut self.given);
        let spellings = &mut self.spellings;
        settle(&mut self.sources, given.sources, sources, spellings);
        settle(&mut self.hosts, given.hosts, hosts, spellings);
    }

    /// The source observation of slot `i` (path `path`), refused when there is none.
    pub(crate) fn source(&self, i: usize, path: &str) -> Result<Seen> {
        self.sources.seen(i, path, "source")
    }

    /// The host observation of slot `i` (path `path`), refused when there is none.
    pub(crate) fn host(&self, i: usize, path: &str) -> Result<Seen> {
        self.hosts.seen(i, path, "host")
    }

    /// The source slots filled so far, in order, as `(slot, digest)` (`None` for
    /// anything but a file), up to the first empty one.
    pub(crate) fn source_digests(&self) -> impl Iterator<Item = (usize, Option<&Sha>)> {
        (self.sources.slots.iter().enumerate())
            .take_while(|(_, s)| s.fill == Fill::Seen)
            .map(|(i, s)| (i, (s.kind == EntryKind::File).then_some(&s.sha256)))
    }

    /// Takes a batch of `side`'s next paths as columns (see [`Columns`]); `len` is how
    /// many paths the side has.
    pub(crate) fn columns(&mut self, side: Side, columns: Columns<'_>, len: usize) -> Result<()> {
        let slots = match side {
            Side::Sources => &mut self.sources,
            Side::Hosts => &mut self.hosts,
        };
        let Columns {
            kinds,
            joined,
            lengths,
            digests,
            lf_at,
            lf,
        } = columns;
        let invalid =
            |detail: String| Err(Error::new(ErrorKind::InvalidArgument, "columns", detail));
        if slots.next + kinds.len() > len {
            return invalid(format!(
                "a batch of {} paths after the first {} goes past the {len} paths of the side",
                kinds.len(),
                slots.next
            ));
        }
        let mut seen = Vec::with_capacity(kinds.len());
        for &code in kinds {
            seen.push(*KINDS.get(usize::from(code)).ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    "columns",
                    format!(
                        "kind {code} is none of 0 nothing, 1 a file, 2 a link, 3 a folder, 4 other"
                    ),
                )
            })?);
        }
        let files = seen.iter().filter(|&&k| k == EntryKind::File).count();
        if lengths.len() != files {
            return invalid(format!(
                "the batch has {files} files and {} lengths",
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
        if !digests.is_empty() && digests.len() != files * 32 {
            return invalid(format!(
                "the batch has {files} files, so {} bytes of digests (32 each) or none; got {}",
                files * 32,
                digests.len()
            ));
        }
        if lf.len() != lf_at.len() * 32 {
            return invalid(format!(
                "{} places of CRLF-as-LF digests, so {} bytes of them (32 each); got {}",
                lf_at.len(),
                lf_at.len() * 32,
                lf.len()
            ));
        }
        let mut given_lf = HashMap::with_capacity(lf_at.len());
        for (&at, sha) in lf_at.iter().zip(lf.chunks_exact(32)) {
            if seen.get(at as usize) != Some(&EntryKind::File) {
                return invalid(format!(
                    "path {at} of the batch has a CRLF-as-LF digest and is not a file"
                ));
            }
            given_lf.insert(at as usize, Sha::try_from(sha).unwrap_or_default());
        }
        let (mut file, mut from) = (0, 0);
        for (at, &kind) in seen.iter().enumerate() {
            let mut observed = Seen {
                kind,
                sha256: None,
                sha256_lf: None,
            };
            if kind == EntryKind::File {
                let bytes = &joined[from..from + lengths[file] as usize];
                from += bytes.len();
                observed.sha256 = Some(match digests.get(file * 32..file * 32 + 32) {
                    Some(given) => Sha::try_from(given).unwrap_or_default(),
                    None => sha256(bytes),
                });
                observed.sha256_lf = match given_lf.get(&at) {
                    Some(given) => Some(*given),
                    // Without a '\r' there is no CRLF, so no second digest: what counts as
                    // text and as a CRLF is the content digester's to say.
                    None if bytes.contains(&b'\r') => {
                        digest_parts(bytes, true).sha256_lf.map(|d| *d.as_bytes())
                    }
                    None => None,
                };
                file += 1;
            }
            slots.put(slots.next + at, observed);
        }
        slots.next += kinds.len();
        Ok(())
    }
}

/// A side's kind as [`Columns::kinds`] codes it.
const KINDS: [EntryKind; 5] = [
    EntryKind::Missing,
    EntryKind::File,
    EntryKind::Symlink,
    EntryKind::Directory,
    EntryKind::Other,
];

/// A batch of one side's next paths, in the order [`super::RefreshInputs::paths`] lists
/// them: what [`super::RefreshInputs::observe_columns`] takes, so a batch crosses into the
/// engine as a few arrays instead of an object per path.
#[derive(Clone, Copy, Debug)]
pub struct Columns<'a> {
    /// Per path: 0 nothing, 1 a regular file, 2 a symbolic link, 3 a directory, 4 anything else.
    pub kinds: &'a [u8],
    /// The files' bytes, one after another in path order (none for a file too large to
    /// hold, whose digests are given).
    pub joined: &'a [u8],
    /// Per file, the size of its bytes in `joined`.
    pub lengths: &'a [u32],
    /// Per file, its SHA-256 (32 bytes each), when the caller hashed the files; empty: the
    /// engine hashes each file's bytes (every file's bytes must then be in `joined`).
    pub digests: &'a [u8],
    /// The paths (by their place in the batch) whose CRLF-as-LF digest the caller gives
    /// in `lf` (a large file's, from its streamed digests); the engine works out the
    /// others' from their bytes.
    pub lf_at: &'a [u32],
    /// Those digests, 32 bytes each, in the order of `lf_at`.
    pub lf: &'a [u8],
}

fn settle<'p>(
    side: &mut Slots,
    given: Vec<PathObservation>,
    paths: impl Iterator<Item = &'p str>,
    spellings: &mut Spellings,
) {
    if given.is_empty() {
        return;
    }
    let mut first: HashMap<&str, &PathObservation> = HashMap::with_capacity(given.len());
    for o in &given {
        first.entry(o.path.as_str()).or_insert(o);
    }
    for (i, path) in paths.enumerate() {
        if !side.is_empty(i) {
            continue;
        }
        let Some(o) = first.get(path) else {
            continue;
        };
        let observed = &o.observed;
        if !observed.fits() {
            if side.slots.len() <= i {
                side.slots.resize(i + 1, EMPTY);
            }
            side.slots[i].fill = Fill::Unfit;
            continue;
        }
        let seen = Seen {
            kind: observed.kind,
            sha256: observed.sha256.as_deref().map(|s| spellings.digest(s)),
            sha256_lf: observed.sha256_lf.as_deref().map(|s| spellings.digest(s)),
        };
        side.put(i, seen);
    }
}

#[cfg(test)]
mod kind_code_tests {
    use super::KINDS;
    use crate::observe::{EntryKind, KIND_CODES as C};

    #[test]
    fn the_table_reads_the_shared_codes() {
        let at = |code: u8| KINDS[usize::from(code)];
        assert_eq!(at(C.missing), EntryKind::Missing);
        assert_eq!(at(C.file), EntryKind::File);
        assert_eq!(at(C.symlink), EntryKind::Symlink);
        assert_eq!(at(C.directory), EntryKind::Directory);
        assert_eq!(at(C.other), EntryKind::Other);
        assert_eq!(KINDS.len(), usize::from(C.other) + 1);
    }
}
