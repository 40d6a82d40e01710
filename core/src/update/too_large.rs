//! The largest file an update reads whole: files both sides changed are diffed and
//! merged, field merges parse all three sides, generated regions mask them. Past this
//! size a file is compared by digest and copied by streaming only; a file both sides
//! changed is left to the project with the limit named, never loaded (and a 3 GiB file
//! never reaches an engine that could not hold it: wasm's memory stops at 4 GiB).

use super::conflict::ConflictRoute;
use super::Walk;
use crate::update::manifest::FileClass;
use crate::update::report::Conflict;
use crate::update::table::Side;

/// The largest side, in bytes, the update loads to diff, merge or field-merge (64 MiB).
pub const MAX_CONTENT_BYTES: u64 = 64 << 20;

/// Why the sides are too large to load, naming the largest; `None` when they fit.
pub(super) fn too_large(sides: [(&str, &Side); 3]) -> Option<String> {
    let (which, size) = sides
        .iter()
        .filter_map(|(which, side)| Some((*which, side.size()?)))
        .max_by_key(|(_, size)| *size)?;
    (size > MAX_CONTENT_BYTES).then(|| {
        format!(
            "its {which} copy is {} ({size} bytes), over the {} MiB upkeep diffs and \
             merges: compared by digest only, nothing written for it; merge it by hand",
            human_size(size),
            MAX_CONTENT_BYTES >> 20
        )
    })
}

/// `3.0 GiB`, `200.0 MiB`: sizes as a person reads them.
fn human_size(size: u64) -> String {
    let (unit, name) = if size >= 1 << 30 {
        (1u64 << 30, "GiB")
    } else {
        (1 << 20, "MiB")
    };
    format!("{:.1} {name}", size as f64 / unit as f64)
}

/// The three sides of a path, named.
pub(super) fn named(s: &super::Sides) -> [(&'static str, &Side); 3] {
    [("current", &s.a), ("baseline", &s.b), ("latest", &s.l)]
}

impl Walk<'_> {
    /// A conflict no patch or merge could be made for, with the reason: the file is left
    /// as it is (the patch route, with no patch).
    pub(super) fn conflict_because(&mut self, path: &str, class: FileClass, reason: String) {
        self.report.conflicts.push(Conflict {
            reason: Some(reason),
            ..Conflict::new(path, class, ConflictRoute::Patch)
        });
    }
}
