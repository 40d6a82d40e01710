//! Three-way merges of bytes in the manner of `git merge-file`.
//!
//! Both sides are diffed against the base, with the line diff git's xdiff computes
//! ([`super::xdiff`]), so where several shortest edit scripts exist the merge picks git's. Changes that do not overlap (and do not touch:
//! an edit right next to the other side's edit conflicts, as in git) are combined; the
//! same change made on both sides is taken once; everything else is a conflict. In the
//! `merge` style a conflict is then narrowed to the lines where the two sides really
//! differ, and conflicts separated by at most three lines, or by lines holding no letter
//! or digit, are joined (git's `XDL_MERGE_ZEALOUS_ALNUM`). The `diff3` styles show the
//! base and keep conflicts whole (`zdiff3` only trims common lines at their ends).
//! Markers end with CRLF when the surrounding lines do, as git decides it.
//!
//! ```
//! use upkeep_core::text::{merge, MergeOptions};
//!
//! let base = b"one\ntwo\nthree\n";
//! let ours = b"ONE\ntwo\nthree\n";
//! let theirs = b"one\ntwo\nTHREE\n";
//! let clean = merge(ours, base, theirs, &MergeOptions::default()).unwrap();
//! assert_eq!((clean.content.as_slice(), clean.conflicts), (&b"ONE\ntwo\nTHREE\n"[..], 0));
//!
//! let options = MergeOptions {
//!     ours_label: Some("mine".into()),
//!     theirs_label: Some("upstream".into()),
//!     ..MergeOptions::default()
//! };
//! let conflict = merge(b"one\nmine\n", b"one\ntwo\n", b"one\ntheirs\n", &options).unwrap();
//! assert_eq!(conflict.conflicts, 1);
//! assert_eq!(
//!     conflict.content,
//!     b"one\n<<<<<<< mine\nmine\n=======\ntheirs\n>>>>>>> upstream\n"
//! );
//! ```

use super::edits::Edit;
use super::hunks::binary_input;
use super::lines::{ends_with_newline, is_binary, split_lines, Interner};
use super::options::{ConflictStyle, Favor, MergeOptions};
use super::xdiff::xdiff_edits;
use crate::error::Result;

/// The merged text and how many conflicts it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct MergeResult {
    /// The merged bytes, with conflict markers where the sides disagree.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "Uint8Array")))]
    #[cfg_attr(feature = "serde", serde(serialize_with = "super::serialize_bytes"))]
    pub content: Vec<u8>,
    /// The number of conflict blocks (0 when clean, and always 0 with a `favor`).
    pub conflicts: usize,
}

/// What a view says of a merge's result: clean, or how many conflicts it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct MergeSummary {
    /// No conflicts.
    pub clean: bool,
    /// `Clean merge`, `1 conflict`, `3 conflicts`.
    pub text: String,
}

/// The words for a merge that left `conflicts` conflict blocks.
///
/// ```
/// use upkeep_core::text::merge_summary;
///
/// assert_eq!(merge_summary(0).text, "Clean merge");
/// assert_eq!(merge_summary(1).text, "1 conflict");
/// assert!(!merge_summary(2).clean);
/// ```
pub fn merge_summary(conflicts: usize) -> MergeSummary {
    MergeSummary {
        clean: conflicts == 0,
        text: if conflicts == 0 {
            "Clean merge".into()
        } else {
            crate::render::counted(conflicts, "conflict", "conflicts")
        },
    }
}

/// Merges `ours` and `theirs`, both descended from `base` (the argument order of
/// `git merge-file`). Binary input is refused with
/// [`ErrorKind::BinaryInput`](crate::ErrorKind::BinaryInput), naming it by its label.
pub fn merge(
    ours: &[u8],
    base: &[u8],
    theirs: &[u8],
    options: &MergeOptions,
) -> Result<MergeResult> {
    options.check()?;
    for (name, bytes) in options.names().into_iter().zip([ours, base, theirs]) {
        if is_binary(bytes) {
            return Err(binary_input(name));
        }
    }
    let sides = Sides::new(ours, base, theirs);
    let ours_edits = xdiff_edits(&sides.base.ids, &sides.ours.ids);
    let theirs_edits = xdiff_edits(&sides.base.ids, &sides.theirs.ids);
    if ours_edits.is_empty() || theirs_edits.is_empty() {
        let content = if ours_edits.is_empty() { theirs } else { ours };
        return Ok(MergeResult {
            content: content.to_vec(),
            conflicts: 0,
        });
    }
    let mut regions = styled_regions(&sides, &ours_edits, &theirs_edits, options.style);
    if options.favor != Favor::None {
        let take = match options.favor {
            Favor::Ours => Take::Ours,
            Favor::Theirs => Take::Theirs,
            _ => Take::Both,
        };
        regions
            .iter_mut()
            .filter(|r| r.take == Take::Conflict)
            .for_each(|r| r.take = take);
    }
    let conflicts = regions.iter().filter(|r| r.take == Take::Conflict).count();
    let content = Writer::new(&sides, options, ours.len().max(theirs.len())).write(&regions);
    Ok(MergeResult { content, conflicts })
}

/// The merge's regions in a conflict style: combined, then narrowed and joined (`merge`)
/// or trimmed at their ends (`zdiff3`).
fn styled_regions(
    sides: &Sides<'_>,
    ours_edits: &[Edit],
    theirs_edits: &[Edit],
    style: ConflictStyle,
) -> Vec<Region> {
    let mut regions = combine(sides, ours_edits, theirs_edits);
    match style {
        ConflictStyle::Merge => {
            regions = refine_conflicts(sides, regions);
            join_close_conflicts(sides, &mut regions);
        }
        ConflictStyle::Diff3 => {}
        ConflictStyle::Zdiff3 => trim_conflict_ends(sides, &mut regions),
    }
    regions
}

/// Who changed a region of a three-way merge (see [`merge_spans`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpanTake {
    /// Only ours changed it: the merge keeps ours.
    Ours,
    /// Only theirs changed it: the merge takes theirs.
    Theirs,
    /// Both made the same change.
    Same,
    /// Both changed it differently: a conflict block.
    Conflict,
}

/// One changed region as line ranges of ours, base and theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MergeSpan {
    pub take: SpanTake,
    pub base: std::ops::Range<usize>,
    pub ours: std::ops::Range<usize>,
    pub theirs: std::ops::Range<usize>,
}

/// The regions [`merge`] (default `merge` style) builds from the three texts, as line
/// ranges: what editors show as "upstream changes these lines" and "both changed these
/// lines", exactly where the merge would put them. Binary input gives no spans.
pub(crate) fn merge_spans(ours: &[u8], base: &[u8], theirs: &[u8]) -> Vec<MergeSpan> {
    if [ours, base, theirs].iter().any(|b| is_binary(b)) {
        return Vec::new();
    }
    let sides = Sides::new(ours, base, theirs);
    let ours_edits = xdiff_edits(&sides.base.ids, &sides.ours.ids);
    let theirs_edits = xdiff_edits(&sides.base.ids, &sides.theirs.ids);
    let range = |(start, len): (isize, isize)| start as usize..(start + len) as usize;
    styled_regions(&sides, &ours_edits, &theirs_edits, ConflictStyle::Merge)
        .into_iter()
        .map(|r| MergeSpan {
            take: match r.take {
                Take::Ours => SpanTake::Ours,
                Take::Theirs => SpanTake::Theirs,
                Take::Same => SpanTake::Same,
                Take::Conflict | Take::Both => SpanTake::Conflict,
            },
            base: range(r.base),
            ours: range(r.ours),
            theirs: range(r.theirs),
        })
        .collect()
}

/// One input's lines and their identities (shared by all three inputs).
#[derive(Debug)]
struct Side<'a> {
    lines: Vec<&'a [u8]>,
    ids: Vec<u32>,
}

#[derive(Debug)]
struct Sides<'a> {
    ours: Side<'a>,
    base: Side<'a>,
    theirs: Side<'a>,
}

impl<'a> Sides<'a> {
    fn new(ours: &'a [u8], base: &'a [u8], theirs: &'a [u8]) -> Self {
        let mut interner = Interner::new(false);
        let mut side = |bytes: &'a [u8]| {
            let lines = split_lines(bytes);
            let ids = interner.intern(&lines);
            Side { lines, ids }
        };
        Sides {
            base: side(base),
            ours: side(ours),
            theirs: side(theirs),
        }
    }
}

/// What a region of the result is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Take {
    /// Both sides changed it differently: markers.
    Conflict,
    /// Only ours changed it (or a favor chose ours).
    Ours,
    /// Only theirs changed it (or a favor chose theirs).
    Theirs,
    /// Union favor: ours, then theirs.
    Both,
    /// Both sides made the same change: nothing to do, ours already holds it.
    Same,
}

/// A changed region: where it lies in the base, in ours and in theirs (start, length).
/// For a change made on one side only, the other side's range is the corresponding
/// unchanged base lines.
#[derive(Clone, Copy, Debug)]
struct Region {
    take: Take,
    base: (isize, isize),
    ours: (isize, isize),
    theirs: (isize, isize),
}

/// `start` and `length` of an edit's old (base) and new (side) ranges.
fn spans(edit: &Edit) -> ((isize, isize), (isize, isize)) {
    let span = |r: &std::ops::Range<usize>| (r.start as isize, r.len() as isize);
    (span(&edit.old), span(&edit.new))
}

/// Walks both edit lists along the base, pairing overlapping or touching edits into
/// conflicts unless they are the same change, and joining regions that overlap.
fn combine(sides: &Sides<'_>, ours: &[Edit], theirs: &[Edit]) -> Vec<Region> {
    let mut regions: Vec<Region> = Vec::new();
    let (mut a, mut b) = (ours.iter().peekable(), theirs.iter().peekable());
    let growth = |side: &Side<'_>| side.lines.len() as isize - sides.base.lines.len() as isize;
    loop {
        let (region, step_ours, step_theirs) = match (a.peek(), b.peek()) {
            (None, None) => break,
            (Some(&e1), None) => {
                let ((i0, c0), (i1, c1)) = spans(e1);
                let region = one_sided(
                    Take::Ours,
                    (i0, c0),
                    (i1, c1),
                    (i0 + growth(&sides.theirs), c0),
                );
                (Some(region), true, false)
            }
            (None, Some(&e2)) => {
                let ((i0, c0), (i2, c2)) = spans(e2);
                let region = one_sided(
                    Take::Theirs,
                    (i0, c0),
                    (i0 + growth(&sides.ours), c0),
                    (i2, c2),
                );
                (Some(region), false, true)
            }
            (Some(&e1), Some(&e2)) => {
                let ((o0, oc0), (i1, c1)) = spans(e1);
                let ((t0, tc0), (i2, c2)) = spans(e2);
                if o0 + oc0 < t0 {
                    let region = one_sided(Take::Ours, (o0, oc0), (i1, c1), (i2 - t0 + o0, oc0));
                    (Some(region), true, false)
                } else if t0 + tc0 < o0 {
                    let region = one_sided(Take::Theirs, (t0, tc0), (i1 - o0 + t0, tc0), (i2, c2));
                    (Some(region), false, true)
                } else {
                    let same = o0 == t0
                        && oc0 == tc0
                        && c1 == c2
                        && sides.ours.ids[i1 as usize..(i1 + c1) as usize]
                            == sides.theirs.ids[i2 as usize..(i2 + c2) as usize];
                    // Both ends of the conflict reach as far as the wider of the two edits.
                    let conflict = (!same).then(|| {
                        let off = o0 - t0;
                        let ffo = off + oc0 - tc0;
                        let (mut b0, mut s1, mut s2) = (o0, i1, i2);
                        if off > 0 {
                            b0 -= off;
                            s1 -= off;
                        } else {
                            s2 += off;
                        }
                        let (mut l0, mut l1, mut l2) = (o0 + oc0 - b0, i1 + c1 - s1, i2 + c2 - s2);
                        if ffo < 0 {
                            l0 -= ffo;
                            l1 -= ffo;
                        } else {
                            l2 += ffo;
                        }
                        Region {
                            take: Take::Conflict,
                            base: (b0, l0),
                            ours: (s1, l1),
                            theirs: (s2, l2),
                        }
                    });
                    let (end1, end2) = (o0 + oc0, t0 + tc0);
                    (conflict, end2 >= end1, end1 >= end2)
                }
            }
        };
        if let Some(region) = region {
            append(&mut regions, region);
        }
        if step_ours {
            a.next();
        }
        if step_theirs {
            b.next();
        }
    }
    regions
}

fn one_sided(
    take: Take,
    base: (isize, isize),
    ours: (isize, isize),
    theirs: (isize, isize),
) -> Region {
    Region {
        take,
        base,
        ours,
        theirs,
    }
}

/// Adds a region, joining it with the previous one when they overlap or touch on either
/// side; a join of different kinds is a conflict.
fn append(regions: &mut Vec<Region>, region: Region) {
    match regions.last_mut() {
        Some(last)
            if region.ours.0 <= last.ours.0 + last.ours.1
                || region.theirs.0 <= last.theirs.0 + last.theirs.1 =>
        {
            if region.take != last.take {
                last.take = Take::Conflict;
            }
            last.base.1 = region.base.0 + region.base.1 - last.base.0;
            last.ours.1 = region.ours.0 + region.ours.1 - last.ours.0;
            last.theirs.1 = region.theirs.0 + region.theirs.1 - last.theirs.0;
        }
        _ => regions.push(region),
    }
}

/// Diffs ours against theirs inside each conflict and keeps only the lines that differ
/// as conflicts; a conflict whose two sides turn out equal is no conflict.
fn refine_conflicts(sides: &Sides<'_>, regions: Vec<Region>) -> Vec<Region> {
    let mut refined = Vec::with_capacity(regions.len());
    for region in regions {
        if region.take != Take::Conflict || region.ours.1 == 0 || region.theirs.1 == 0 {
            refined.push(region);
            continue;
        }
        let range = |(start, len): (isize, isize)| start as usize..(start + len) as usize;
        let edits = xdiff_edits(
            &sides.ours.ids[range(region.ours)],
            &sides.theirs.ids[range(region.theirs)],
        );
        if edits.is_empty() {
            refined.push(Region {
                take: Take::Same,
                ..region
            });
            continue;
        }
        refined.extend(edits.iter().map(|edit| {
            let ((o, ol), (t, tl)) = spans(edit);
            Region {
                take: Take::Conflict,
                base: region.base,
                ours: (region.ours.0 + o, ol),
                theirs: (region.theirs.0 + t, tl),
            }
        }));
    }
    refined
}

/// Joins neighbouring conflicts separated by at most three lines, or by lines without a
/// letter or digit: one bigger conflict reads better than two with noise between them.
fn join_close_conflicts(sides: &Sides<'_>, regions: &mut Vec<Region>) {
    let mut at = 0;
    while at + 1 < regions.len() {
        let (this, next) = (regions[at], regions[at + 1]);
        let (begin, end) = (this.ours.0 + this.ours.1, next.ours.0);
        let gap_has_words = || {
            sides.ours.lines[begin as usize..end as usize]
                .iter()
                .any(|line| line.iter().any(u8::is_ascii_alphanumeric))
        };
        let join = this.take == Take::Conflict
            && next.take == Take::Conflict
            && (end - begin <= 3 || !gap_has_words());
        if join {
            let merged = &mut regions[at];
            merged.ours.1 = next.ours.0 + next.ours.1 - merged.ours.0;
            merged.theirs.1 = next.theirs.0 + next.theirs.1 - merged.theirs.0;
            regions.remove(at + 1);
        } else {
            at += 1;
        }
    }
}

/// zdiff3: moves lines both sides share at the start and end of a conflict out of it.
fn trim_conflict_ends(sides: &Sides<'_>, regions: &mut [Region]) {
    let (ours, theirs) = (&sides.ours.ids, &sides.theirs.ids);
    for region in regions.iter_mut().filter(|r| r.take == Take::Conflict) {
        let (o, t) = (&mut region.ours, &mut region.theirs);
        while o.1 > 0 && t.1 > 0 && ours[o.0 as usize] == theirs[t.0 as usize] {
            *o = (o.0 + 1, o.1 - 1);
            *t = (t.0 + 1, t.1 - 1);
        }
        while o.1 > 0
            && t.1 > 0
            && ours[(o.0 + o.1 - 1) as usize] == theirs[(t.0 + t.1 - 1) as usize]
        {
            o.1 -= 1;
            t.1 -= 1;
        }
    }
}

/// Renders the regions over the lines of ours.
#[derive(Debug)]
struct Writer<'s, 'a> {
    sides: &'s Sides<'a>,
    options: &'s MergeOptions,
    out: Vec<u8>,
}

impl<'s, 'a> Writer<'s, 'a> {
    fn new(sides: &'s Sides<'a>, options: &'s MergeOptions, capacity: usize) -> Self {
        Writer {
            sides,
            options,
            out: Vec::with_capacity(capacity + 64),
        }
    }

    fn write(mut self, regions: &[Region]) -> Vec<u8> {
        let ours = &self.sides.ours.lines;
        let mut at = 0;
        for region in regions {
            let (start, len) = (region.ours.0 as usize, region.ours.1 as usize);
            match region.take {
                Take::Same => continue,
                Take::Conflict => {
                    self.copy(&ours[at..start], None);
                    self.conflict(region);
                }
                take => {
                    self.copy(&ours[at..start], None);
                    if matches!(take, Take::Ours | Take::Both) {
                        let eol = (take == Take::Both).then(|| self.crlf_needed(region));
                        self.copy(&ours[start..start + len], eol);
                    }
                    if matches!(take, Take::Theirs | Take::Both) {
                        let (t, tl) = (region.theirs.0 as usize, region.theirs.1 as usize);
                        self.copy(&self.sides.theirs.lines[t..t + tl], None);
                    }
                }
            }
            at = start + len;
        }
        self.copy(&ours[at..], None);
        self.out
    }

    fn conflict(&mut self, region: &Region) {
        let crlf = self.crlf_needed(region);
        let lines = |side: &Side<'a>, (start, len): (isize, isize)| -> Vec<&'a [u8]> {
            side.lines[start as usize..(start + len) as usize].to_vec()
        };
        self.marker(b'<', self.options.ours_label.as_deref(), crlf);
        self.copy(&lines(&self.sides.ours, region.ours), Some(crlf));
        if self.options.style != ConflictStyle::Merge {
            self.marker(b'|', self.options.base_label.as_deref(), crlf);
            self.copy(&lines(&self.sides.base, region.base), Some(crlf));
        }
        self.marker(b'=', None, crlf);
        self.copy(&lines(&self.sides.theirs, region.theirs), Some(crlf));
        self.marker(b'>', self.options.theirs_label.as_deref(), crlf);
    }

    /// Copies lines; with `eol`, a last line lacking its newline gets one (CRLF when
    /// `eol` is `Some(true)`), so a marker or the other side cannot run into it.
    fn copy(&mut self, lines: &[&[u8]], eol: Option<bool>) {
        lines
            .iter()
            .for_each(|line| self.out.extend_from_slice(line));
        if let (Some(crlf), Some(last)) = (eol, lines.last()) {
            if !ends_with_newline(last) {
                self.out
                    .extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
        }
    }

    fn marker(&mut self, mark: u8, label: Option<&str>, crlf: bool) {
        self.out
            .extend(std::iter::repeat_n(mark, self.options.marker_size));
        if let Some(label) = label {
            self.out.push(b' ');
            self.out.extend_from_slice(label.as_bytes());
        }
        self.out
            .extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }

    /// Whether markers end in CRLF: the line before the region in ours, then in theirs,
    /// then the base's first line must all use CRLF (or say nothing), as git decides.
    fn crlf_needed(&self, region: &Region) -> bool {
        let before = |start: isize| if start > 0 { start as usize - 1 } else { 0 };
        let mut needed = ends_in_crlf(&self.sides.ours.lines, before(region.ours.0));
        if needed != Some(false) {
            needed = ends_in_crlf(&self.sides.theirs.lines, before(region.theirs.0));
        }
        if needed != Some(false) {
            needed = ends_in_crlf(&self.sides.base.lines, 0);
        }
        needed == Some(true)
    }
}

/// Whether line `i` ends in CRLF; for a last line without a newline, the line before it
/// decides. `None` when nothing can tell (no lines, or one line with no newline).
fn ends_in_crlf(lines: &[&[u8]], i: usize) -> Option<bool> {
    let crlf = |line: &[u8]| line.ends_with(b"\r\n");
    let line = lines.get(i)?;
    if i + 1 < lines.len() || ends_with_newline(line) {
        return Some(crlf(line));
    }
    i.checked_sub(1).map(|previous| crlf(lines[previous]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(ours: &str, base: &str, theirs: &str, options: &MergeOptions) -> (String, usize) {
        let result = merge(ours.as_bytes(), base.as_bytes(), theirs.as_bytes(), options).unwrap();
        (String::from_utf8(result.content).unwrap(), result.conflicts)
    }

    fn labelled(style: ConflictStyle, favor: Favor) -> MergeOptions {
        MergeOptions {
            style,
            favor,
            ours_label: Some("ours".into()),
            base_label: Some("base".into()),
            theirs_label: Some("theirs".into()),
            ..MergeOptions::default()
        }
    }

    /// Expected outputs produced by `git merge-file -p -L ours -L base -L theirs` (2.47).
    #[test]
    fn merges_like_git_merge_file() {
        use ConflictStyle::{Diff3, Merge};
        use Favor::{None as Plain, Ours, Theirs, Union};
        let base = "a\nb\nc\nd\ne\n";
        let cases: [(&str, &str, ConflictStyle, Favor, &str, usize); 9] = [
            (
                "A\nb\nc\nd\ne\n",
                "a\nb\nc\nd\nE\n",
                Merge,
                Plain,
                "A\nb\nc\nd\nE\n",
                0,
            ),
            (
                "a\nB\nc\nd\ne\n",
                "a\nB\nc\nd\ne\n",
                Merge,
                Plain,
                "a\nB\nc\nd\ne\n",
                0,
            ),
            (
                "a\nX\nc\nd\ne\n",
                "a\nY\nc\nd\ne\n",
                Merge,
                Plain,
                "a\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\nc\nd\ne\n",
                1,
            ),
            (
                "a\nX\nc\nd\ne\n",
                "a\nY\nc\nd\ne\n",
                Diff3,
                Plain,
                "a\n<<<<<<< ours\nX\n||||||| base\nb\n=======\nY\n>>>>>>> theirs\nc\nd\ne\n",
                1,
            ),
            (
                "a\nX\nc\nd\ne\n",
                "a\nY\nc\nd\ne\n",
                Merge,
                Ours,
                "a\nX\nc\nd\ne\n",
                0,
            ),
            (
                "a\nX\nc\nd\ne\n",
                "a\nY\nc\nd\ne\n",
                Merge,
                Theirs,
                "a\nY\nc\nd\ne\n",
                0,
            ),
            (
                "a\nX\nc\nd\ne\n",
                "a\nY\nc\nd\ne\n",
                Merge,
                Union,
                "a\nX\nY\nc\nd\ne\n",
                0,
            ),
            // Adjacent edits conflict, as in git.
            (
                "a\nB\nc\nd\ne\n",
                "a\nb\nC\nd\ne\n",
                Merge,
                Plain,
                "a\n<<<<<<< ours\nB\nc\n=======\nb\nC\n>>>>>>> theirs\nd\ne\n",
                1,
            ),
            // Conflicts at most three lines apart are joined into one.
            (
                "a\nX\nc\nZ\ne\n",
                "a\nY\nc\nW\ne\n",
                Merge,
                Plain,
                "a\n<<<<<<< ours\nX\nc\nZ\n=======\nY\nc\nW\n>>>>>>> theirs\ne\n",
                1,
            ),
        ];
        for (ours, theirs, style, favor, expected, conflicts) in cases {
            let got = run(ours, base, theirs, &labelled(style, favor));
            assert_eq!(
                got,
                (expected.to_string(), conflicts),
                "{ours:?} / {theirs:?} {style:?} {favor:?}"
            );
        }
    }

    #[test]
    fn one_sided_changes_take_the_other_side_whole() {
        let options = MergeOptions::default();
        assert_eq!(
            run("a\nb", "a\nb", "x\r\ny", &options),
            ("x\r\ny".into(), 0)
        );
        assert_eq!(
            run("x\r\ny", "a\nb", "a\nb", &options),
            ("x\r\ny".into(), 0)
        );
    }

    #[test]
    fn markers_follow_crlf_files_and_end_unterminated_sides() {
        let (text, conflicts) = run(
            "a\r\nX",
            "a\r\nb",
            "a\r\nY",
            &labelled(ConflictStyle::Merge, Favor::None),
        );
        assert_eq!(conflicts, 1);
        assert_eq!(
            text,
            "a\r\n<<<<<<< ours\r\nX\r\n=======\r\nY\r\n>>>>>>> theirs\r\n"
        );
    }

    #[test]
    fn refuses_binary_input_by_label() {
        let error = merge(
            b"a",
            b"\0",
            b"b",
            &labelled(ConflictStyle::Merge, Favor::None),
        )
        .unwrap_err();
        assert_eq!(error.code(), "binary-input");
        assert!(error.to_string().contains("'base'"), "{error}");
    }
}
