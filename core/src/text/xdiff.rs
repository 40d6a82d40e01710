//! The line diff three-way merges run on: the one `git merge-file` runs (git's xdiff, its
//! default Myers algorithm), so a merge's clean-or-conflicted verdict and its bytes are
//! git's whenever several shortest edit scripts exist.
//!
//! The steps, as xdiff takes them:
//!
//! 1. Lines equal at both ends are set aside.
//! 2. A line with no equal in the other file is changed, whatever else happens. A line with
//!    very many equals (at least about the square root of its file's length) is changed too
//!    when it sits in a run made mostly of such lines and lines without equals: it could
//!    only produce accidental matches there.
//! 3. Myers' divide-and-conquer search runs on the lines left, with xdiff's work limits:
//!    past a cost of 256 a long enough diagonal run is taken as the split, and past the
//!    square root of the sizes the furthest-reaching point is. No clock is read, so every
//!    build gives the same answer.
//! 4. Each run of changes is slid over equal neighbours as far up as it goes, then down,
//!    merging with runs it touches, and finally back up to the last place it lined up with
//!    a change in the other file (xdiff's `xdl_change_compact`, without the indent
//!    heuristic `git merge-file` leaves off).
//!
//! `unified_diff` and the hunk calls keep GNU diff's own algorithm ([`super::edits`]).
//!
//! ```
//! // Internal module; see `upkeep_core::text::merge` for the public face.
//! ```

use super::edits::Edit;

/// Runs of equal lines this long make a diagonal worth splitting at (xdiff's snake count).
const SNAKE: isize = 20;
/// The cost past which a long diagonal run is taken as the split.
const HEURISTIC_MIN_COST: isize = 256;
/// The smallest cost ceiling, whatever the sizes.
const MIN_COST_CEILING: isize = 256;
/// A line with this many equals or more is never "a few", whatever the file's size.
const MAX_EQUALS_LIMIT: usize = 1024;
/// How far around a many-equals line the run of discardable lines is looked for.
const SCAN_WINDOW: usize = 100;
/// A run is discardable when its many-equals lines are fewer than a quarter of it.
const KEEP_RUN: usize = 4;

/// The edits that turn `old` into `new` (lines given by identity), as git's xdiff finds
/// them.
pub(crate) fn xdiff_edits(old: &[u32], new: &[u32]) -> Vec<Edit> {
    let (n1, n2) = (old.len(), new.len());
    // Step 1: the common prefix and suffix.
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (range1, range2) = (prefix..n1 - suffix, prefix..n2 - suffix);
    let mut changed1 = Marks::new(n1);
    let mut changed2 = Marks::new(n2);
    // Step 2: lines set aside as changed; the rest go to the search.
    let kept1 = keep(old, range1, new, &mut changed1);
    let kept2 = keep(new, range2, old, &mut changed2);
    // Step 3: the search on the kept lines.
    let a: Vec<u32> = kept1.iter().map(|&i| old[i]).collect();
    let b: Vec<u32> = kept2.iter().map(|&i| new[i]).collect();
    let mut search = Search::new(&a, &b);
    search.run(|side, at| match side {
        0 => changed1.set(kept1[at], true),
        _ => changed2.set(kept2[at], true),
    });
    // Step 4: runs slid into place, in each file against the other.
    compact(&mut changed1, &changed2, old);
    compact(&mut changed2, &changed1, new);
    pair_runs(&changed1, &changed2)
}

/// A changed flag per line, with an unchanged line before the first and after the last.
struct Marks(Vec<bool>);

impl Marks {
    fn new(len: usize) -> Self {
        Marks(vec![false; len + 2])
    }
    fn len(&self) -> isize {
        self.0.len() as isize - 2
    }
    /// Line `i`; `-1` and `len` are the unchanged sentinels.
    fn get(&self, i: isize) -> bool {
        self.0[(i + 1) as usize]
    }
    fn set(&mut self, i: usize, value: bool) {
        self.0[i + 1] = value;
    }
}

/// How many times each line identity occurs in a file: a table when the identities are
/// small numbers (an interner's, for whole files), a map otherwise (a slice of a file).
enum Counts {
    Table(Vec<usize>),
    Map(foldhash::HashMap<u32, usize>),
}

impl Counts {
    fn of(file: &[u32], other: &[u32]) -> Counts {
        let top = file
            .iter()
            .chain(other)
            .copied()
            .max()
            .map_or(0, |m| m as usize + 1);
        if top <= 4 * (file.len() + other.len()) + 64 {
            let mut table = vec![0; top];
            file.iter().for_each(|&id| table[id as usize] += 1);
            Counts::Table(table)
        } else {
            let mut map = foldhash::HashMap::default();
            file.iter().for_each(|&id| *map.entry(id).or_insert(0) += 1);
            Counts::Map(map)
        }
    }

    fn get(&self, id: u32) -> usize {
        match self {
            Counts::Table(table) => table[id as usize],
            Counts::Map(map) => map.get(&id).copied().unwrap_or(0),
        }
    }
}

/// Step 2 for one file: marks the lines of `range` that are set aside as changed and
/// returns the others, in order.
fn keep(
    lines: &[u32],
    range: std::ops::Range<usize>,
    other: &[u32],
    changed: &mut Marks,
) -> Vec<usize> {
    let counts = Counts::of(other, lines);
    let limit = rough_sqrt(lines.len()).min(MAX_EQUALS_LIMIT);
    // 0: no equal, 1: a few, 2: many.
    let class: Vec<u8> = range
        .clone()
        .map(|i| match counts.get(lines[i]).min(limit) {
            0 => 0,
            n if n >= limit => 2,
            _ => 1,
        })
        .collect();
    let mut kept = Vec::new();
    for (at, i) in range.enumerate() {
        let keep = match class[at] {
            1 => true,
            2 => !in_discardable_run(&class, at),
            _ => false,
        };
        if keep {
            kept.push(i);
        } else {
            changed.set(i, true);
        }
    }
    kept
}

/// Whether the many-equals line at `at` lies between runs of lines without equals (and
/// other many-equals lines) that, together, hold few many-equals lines.
fn in_discardable_run(class: &[u8], at: usize) -> bool {
    let start = at.saturating_sub(SCAN_WINDOW);
    let end = (at + SCAN_WINDOW).min(class.len() - 1);
    let run = |indices: &mut dyn Iterator<Item = usize>| {
        let (mut none, mut many) = (0, 1);
        for i in indices {
            match class[i] {
                0 => none += 1,
                2 => many += 1,
                _ => break,
            }
        }
        (none, many)
    };
    let (none_before, many_before) = run(&mut (start..at).rev());
    if none_before == 0 {
        return false;
    }
    let (none_after, many_after) = run(&mut (at + 1..=end));
    if none_after == 0 {
        return false;
    }
    let (none, many) = (none_before + none_after, many_before + many_after);
    many * KEEP_RUN < many + none
}

/// xdiff's square-root estimate: 2 to the power of half the number of bits of `n`.
fn rough_sqrt(n: usize) -> usize {
    let (mut n, mut root) = (n, 1usize);
    while n > 0 {
        n >>= 2;
        root <<= 1;
    }
    root
}

/// Where a box is split, and whether each half must then be searched exhaustively.
#[derive(Clone, Copy)]
struct Split {
    i1: isize,
    i2: isize,
    exact_lo: bool,
    exact_hi: bool,
}

/// Myers' search over two line sequences, with xdiff's work limits.
struct Search<'s> {
    a: &'s [u32],
    b: &'s [u32],
    /// Furthest forward and backward reach per diagonal (`d + offset`).
    forward: Vec<isize>,
    backward: Vec<isize>,
    offset: isize,
    cost_ceiling: isize,
}

impl<'s> Search<'s> {
    fn new(a: &'s [u32], b: &'s [u32]) -> Self {
        let diagonals = a.len() + b.len() + 3;
        Search {
            a,
            b,
            forward: vec![0; diagonals],
            backward: vec![0; diagonals],
            offset: b.len() as isize + 1,
            cost_ceiling: (rough_sqrt(diagonals) as isize).max(MIN_COST_CEILING),
        }
    }

    fn same(&self, i1: isize, i2: isize) -> bool {
        self.a[i1 as usize] == self.b[i2 as usize]
    }

    fn f(&mut self, d: isize) -> &mut isize {
        &mut self.forward[(d + self.offset) as usize]
    }

    fn bk(&mut self, d: isize) -> &mut isize {
        &mut self.backward[(d + self.offset) as usize]
    }

    /// Marks every changed line (`mark(0, i)` in `a`, `mark(1, i)` in `b`). The boxes are
    /// kept on a stack rather than recursed into: an unbalanced split on a big file would
    /// go deeper than a WebAssembly stack.
    fn run(&mut self, mut mark: impl FnMut(u8, usize)) {
        let mut boxes = vec![(0, self.a.len() as isize, 0, self.b.len() as isize, false)];
        while let Some((mut off1, mut lim1, mut off2, mut lim2, exact)) = boxes.pop() {
            while off1 < lim1 && off2 < lim2 && self.same(off1, off2) {
                off1 += 1;
                off2 += 1;
            }
            while off1 < lim1 && off2 < lim2 && self.same(lim1 - 1, lim2 - 1) {
                lim1 -= 1;
                lim2 -= 1;
            }
            if off1 == lim1 {
                (off2..lim2).for_each(|i| mark(1, i as usize));
            } else if off2 == lim2 {
                (off1..lim1).for_each(|i| mark(0, i as usize));
            } else {
                let s = self.split(off1, lim1, off2, lim2, exact);
                boxes.push((s.i1, lim1, s.i2, lim2, s.exact_hi));
                boxes.push((off1, s.i1, off2, s.i2, s.exact_lo));
            }
        }
    }

    /// The middle of the shortest path through the box, or xdiff's approximation of it
    /// once the cost passes its limits (never when `exact`).
    fn split(&mut self, off1: isize, lim1: isize, off2: isize, lim2: isize, exact: bool) -> Split {
        let (dmin, dmax) = (off1 - lim2, lim1 - off2);
        let (fmid, bmid) = (off1 - off2, lim1 - lim2);
        let odd = (fmid - bmid) & 1 != 0;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        *self.f(fmid) = off1;
        *self.bk(bmid) = lim1;
        let found = |i1, i2| Split {
            i1,
            i2,
            exact_lo: true,
            exact_hi: true,
        };
        for cost in 1.. {
            let mut long_run = false;
            // Forward: one more diagonal each way, unless that leaves the box.
            if fmin > dmin {
                fmin -= 1;
                *self.f(fmin - 1) = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                *self.f(fmax + 1) = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let (below, above) = (*self.f(d - 1), *self.f(d + 1));
                let mut i1 = if below >= above { below + 1 } else { above };
                let start = i1;
                let mut i2 = i1 - d;
                while i1 < lim1 && i2 < lim2 && self.same(i1, i2) {
                    i1 += 1;
                    i2 += 1;
                }
                long_run |= i1 - start > SNAKE;
                *self.f(d) = i1;
                if odd && bmin <= d && d <= bmax && *self.bk(d) <= i1 {
                    return found(i1, i2);
                }
                d -= 2;
            }
            // Backward, the same way.
            if bmin > dmin {
                bmin -= 1;
                *self.bk(bmin - 1) = isize::MAX;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                *self.bk(bmax + 1) = isize::MAX;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let (below, above) = (*self.bk(d - 1), *self.bk(d + 1));
                let mut i1 = if below < above { below } else { above - 1 };
                let start = i1;
                let mut i2 = i1 - d;
                while i1 > off1 && i2 > off2 && self.same(i1 - 1, i2 - 1) {
                    i1 -= 1;
                    i2 -= 1;
                }
                long_run |= start - i1 > SNAKE;
                *self.bk(d) = i1;
                if !odd && fmin <= d && d <= fmax && i1 <= *self.f(d) {
                    return found(i1, i2);
                }
                d -= 2;
            }
            if exact {
                continue;
            }
            if long_run && cost > HEURISTIC_MIN_COST {
                if let Some(s) =
                    self.forward_run(cost, (off1, lim1, off2, lim2), (fmin, fmax, fmid))
                {
                    return s;
                }
                if let Some(s) =
                    self.backward_run(cost, (off1, lim1, off2, lim2), (bmin, bmax, bmid))
                {
                    return s;
                }
            }
            if cost >= self.cost_ceiling {
                return self.furthest((off1, lim1, off2, lim2), (fmin, fmax), (bmin, bmax));
            }
        }
        unreachable!("the cost loop only ends by returning")
    }

    /// The forward diagonal that got furthest (net of its distance from the middle) and
    /// ends in a run of at least [`SNAKE`] equal lines, if one got far enough.
    fn forward_run(
        &mut self,
        cost: isize,
        (off1, lim1, off2, lim2): (isize, isize, isize, isize),
        (fmin, fmax, fmid): (isize, isize, isize),
    ) -> Option<Split> {
        let mut best = 0;
        let mut split = None;
        let mut d = fmax;
        while d >= fmin {
            let i1 = *self.f(d);
            let i2 = i1 - d;
            let v = (i1 - off1) + (i2 - off2) - (d - fmid).abs();
            if v > 4 * cost
                && v > best
                && off1 + SNAKE <= i1
                && i1 < lim1
                && off2 + SNAKE <= i2
                && i2 < lim2
                && (1..=SNAKE).all(|k| self.same(i1 - k, i2 - k))
            {
                best = v;
                split = Some(Split {
                    i1,
                    i2,
                    exact_lo: true,
                    exact_hi: false,
                });
            }
            d -= 2;
        }
        split
    }

    /// The same as [`Self::forward_run`] for the backward search.
    fn backward_run(
        &mut self,
        cost: isize,
        (off1, lim1, off2, lim2): (isize, isize, isize, isize),
        (bmin, bmax, bmid): (isize, isize, isize),
    ) -> Option<Split> {
        let mut best = 0;
        let mut split = None;
        let mut d = bmax;
        while d >= bmin {
            let i1 = *self.bk(d);
            let i2 = i1 - d;
            let v = (lim1 - i1) + (lim2 - i2) - (d - bmid).abs();
            if v > 4 * cost
                && v > best
                && off1 < i1
                && i1 <= lim1 - SNAKE
                && off2 < i2
                && i2 <= lim2 - SNAKE
                && (0..SNAKE).all(|k| self.same(i1 + k, i2 + k))
            {
                best = v;
                split = Some(Split {
                    i1,
                    i2,
                    exact_lo: false,
                    exact_hi: true,
                });
            }
            d -= 2;
        }
        split
    }

    /// Past the cost ceiling: whichever search reached furthest (by `i1 + i2`).
    fn furthest(
        &mut self,
        (off1, lim1, off2, lim2): (isize, isize, isize, isize),
        (fmin, fmax): (isize, isize),
        (bmin, bmax): (isize, isize),
    ) -> Split {
        let (mut fbest, mut fbest1) = (-1, -1);
        let mut d = fmax;
        while d >= fmin {
            let mut i1 = (*self.f(d)).min(lim1);
            let mut i2 = i1 - d;
            if lim2 < i2 {
                i1 = lim2 + d;
                i2 = lim2;
            }
            if fbest < i1 + i2 {
                fbest = i1 + i2;
                fbest1 = i1;
            }
            d -= 2;
        }
        let (mut bbest, mut bbest1) = (isize::MAX, isize::MAX);
        let mut d = bmax;
        while d >= bmin {
            let mut i1 = off1.max(*self.bk(d));
            let mut i2 = i1 - d;
            if i2 < off2 {
                i1 = off2 + d;
                i2 = off2;
            }
            if i1 + i2 < bbest {
                bbest = i1 + i2;
                bbest1 = i1;
            }
            d -= 2;
        }
        if (lim1 + lim2) - bbest < fbest - (off1 + off2) {
            Split {
                i1: fbest1,
                i2: fbest - fbest1,
                exact_lo: true,
                exact_hi: false,
            }
        } else {
            Split {
                i1: bbest1,
                i2: bbest - bbest1,
                exact_lo: false,
                exact_hi: true,
            }
        }
    }
}

/// A run of changed lines in one file: `start..end` (empty: the gap above line `start`).
#[derive(Clone, Copy)]
struct Group {
    start: isize,
    end: isize,
}

impl Group {
    fn first(m: &Marks) -> Group {
        let mut g = Group { start: 0, end: 0 };
        while m.get(g.end) {
            g.end += 1;
        }
        g
    }

    fn next(&mut self, m: &Marks) -> bool {
        if self.end == m.len() {
            return false;
        }
        self.start = self.end + 1;
        self.end = self.start;
        while m.get(self.end) {
            self.end += 1;
        }
        true
    }

    fn previous(&mut self, m: &Marks) -> bool {
        if self.start == 0 {
            return false;
        }
        self.end = self.start - 1;
        self.start = self.end;
        while m.get(self.start - 1) {
            self.start -= 1;
        }
        true
    }

    fn slide_down(&mut self, m: &mut Marks, ids: &[u32]) -> bool {
        if self.end < m.len() && ids[self.start as usize] == ids[self.end as usize] {
            m.set(self.start as usize, false);
            m.set(self.end as usize, true);
            self.start += 1;
            self.end += 1;
            while m.get(self.end) {
                self.end += 1;
            }
            true
        } else {
            false
        }
    }

    fn slide_up(&mut self, m: &mut Marks, ids: &[u32]) -> bool {
        if self.start > 0 && ids[(self.start - 1) as usize] == ids[(self.end - 1) as usize] {
            self.start -= 1;
            self.end -= 1;
            m.set(self.start as usize, true);
            m.set(self.end as usize, false);
            while m.get(self.start - 1) {
                self.start -= 1;
            }
            true
        } else {
            false
        }
    }
}

/// Step 4 for one file, keeping the other file's groups in step.
fn compact(marks: &mut Marks, other: &Marks, ids: &[u32]) {
    let mut g = Group::first(marks);
    let mut go = Group::first(other);
    loop {
        if g.end != g.start {
            let mut earliest_end;
            let mut end_matching_other;
            loop {
                let size = g.end - g.start;
                end_matching_other = None;
                while g.slide_up(marks, ids) {
                    go.previous(other);
                }
                earliest_end = g.end;
                if go.end > go.start {
                    end_matching_other = Some(g.end);
                }
                while g.slide_down(marks, ids) {
                    go.next(other);
                    if go.end > go.start {
                        end_matching_other = Some(g.end);
                    }
                }
                if size == g.end - g.start {
                    break;
                }
            }
            if g.end != earliest_end && end_matching_other.is_some() {
                while go.end == go.start {
                    g.slide_up(marks, ids);
                    go.previous(other);
                }
            }
        }
        if !g.next(marks) {
            break;
        }
        go.next(other);
    }
}

/// Pairs the runs of changed lines of both files into edits (unchanged lines correspond
/// one to one, in order).
fn pair_runs(old: &Marks, new: &Marks) -> Vec<Edit> {
    let (n1, n2) = (old.len(), new.len());
    let (mut i1, mut i2) = (0, 0);
    let mut out = Vec::new();
    while i1 < n1 || i2 < n2 {
        if old.get(i1) || new.get(i2) {
            let (s1, s2) = (i1, i2);
            while old.get(i1) {
                i1 += 1;
            }
            while new.get(i2) {
                i2 += 1;
            }
            out.push(Edit {
                old: s1 as usize..i1 as usize,
                new: s2 as usize..i2 as usize,
            });
        } else {
            i1 += 1;
            i2 += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<u32> {
        text.bytes().map(u32::from).collect()
    }

    #[test]
    fn prefers_the_lines_git_keeps() {
        // Two shortest scripts; xdiff sets aside lines without equals first, which keeps
        // `b` as the anchor (git merge-file's choice).
        let edits = xdiff_edits(&ids("AbAcX"), &ids("yzbwA cX"));
        let kept: usize = 8 - edits.iter().map(|e| e.new.len()).sum::<usize>();
        assert!(kept >= 3, "{edits:?}");
        assert!(xdiff_edits(&ids("abc"), &ids("abc")).is_empty());
        assert_eq!(
            xdiff_edits(&ids(""), &ids("ab")),
            [Edit {
                old: 0..0,
                new: 0..2
            }]
        );
        assert_eq!(
            xdiff_edits(&ids("aXb"), &ids("ab")),
            [Edit {
                old: 1..2,
                new: 1..1
            }]
        );
    }

    #[test]
    fn a_big_unrelated_input_stays_bounded() {
        let a: Vec<u32> = (0..20_000).map(|i| (i * 7919) % 50).collect();
        let b: Vec<u32> = (0..20_000).map(|i| (i * 104_729) % 50).collect();
        let edits = xdiff_edits(&a, &b);
        let old: usize = edits.iter().map(|e| e.old.len()).sum();
        assert!(old > 0 && old <= a.len());
    }
}
