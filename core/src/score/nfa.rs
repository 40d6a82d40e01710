//! The matching engine behind [`Glob`](super::Glob): a bit-parallel (shift-and) simulation
//! of the pattern's automaton. Each pattern position is one bit; one step per UTF-16 code
//! unit of the path updates every position at once, so matching takes time linear in the
//! path length whatever the pattern — no backtracking, no blow-up on a near miss.
//!
//! ```
//! use upkeep_core::score::glob_match;
//!
//! // A near miss that takes a backtracking matcher O(n^4) steps is one pass here.
//! let path = "a/".repeat(4000) + "c";
//! assert!(!glob_match("**/a/**/a/**/a/**/b", &path));
//! ```

use crate::score::js::is_line_terminator;

/// One element of a compiled pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// One UTF-16 code unit, matched exactly.
    Literal(u16),
    /// `?`: one code unit other than `/`.
    OneUnit,
    /// `*`: any code units other than `/`.
    AnySegment,
    /// `**` not followed by `/`: any code units other than line breaks.
    AnyPath,
    /// `**/`: nothing, or code units other than line breaks ending with `/`.
    AnyDirs,
}

/// A set of automaton positions: one machine word, or several for very long patterns.
pub(crate) trait Bits: Clone + std::fmt::Debug {
    fn zero(words: usize) -> Self;
    fn set(&mut self, i: usize);
    fn get(&self, i: usize) -> bool;
    fn is_zero(&self) -> bool;
    /// `out = ((d & adv) << 1) | (d & stay)`.
    fn step(d: &Self, adv: &Self, stay: &Self, out: &mut Self);
    /// Adds the positions reachable without input: `d |= (d & e1) << 1 | (d & e3) << 3`,
    /// repeated until nothing changes.
    fn close(&mut self, e1: &Self, e3: &Self, rounds: u32);
    /// `self | other` into `out`.
    fn or(&self, other: &Self, out: &mut Self);
}

impl Bits for u64 {
    fn zero(_: usize) -> Self {
        0
    }
    fn set(&mut self, i: usize) {
        *self |= 1 << i;
    }
    fn get(&self, i: usize) -> bool {
        *self >> i & 1 == 1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline(always)]
    fn step(d: &Self, adv: &Self, stay: &Self, out: &mut Self) {
        *out = ((d & adv) << 1) | (d & stay);
    }
    #[inline(always)]
    fn close(&mut self, e1: &Self, e3: &Self, rounds: u32) {
        for _ in 0..rounds {
            *self |= ((*self & e1) << 1) | ((*self & e3) << 3);
        }
    }
    fn or(&self, other: &Self, out: &mut Self) {
        *out = self | other;
    }
}

/// Positions beyond 63: a little-endian array of words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wide(Vec<u64>);

impl Wide {
    /// `out |= (a & b) << by`, word by word, for `by` in 1..=3.
    fn and_shl(a: &[u64], b: &[u64], by: u32, out: &mut [u64]) {
        let mut carry = 0;
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            let v = x & y;
            *o |= (v << by) | carry;
            carry = v >> (64 - by);
        }
    }
}

impl Bits for Wide {
    fn zero(words: usize) -> Self {
        Wide(vec![0; words])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    fn step(d: &Self, adv: &Self, stay: &Self, out: &mut Self) {
        for ((o, x), s) in out.0.iter_mut().zip(&d.0).zip(&stay.0) {
            *o = x & s;
        }
        Wide::and_shl(&d.0, &adv.0, 1, &mut out.0);
    }
    fn close(&mut self, e1: &Self, e3: &Self, _rounds: u32) {
        loop {
            let mut next = self.clone();
            Wide::and_shl(&self.0, &e1.0, 1, &mut next.0);
            Wide::and_shl(&self.0, &e3.0, 3, &mut next.0);
            if next == *self {
                return;
            }
            *self = next;
        }
    }
    fn or(&self, other: &Self, out: &mut Self) {
        for ((o, a), b) in out.0.iter_mut().zip(&self.0).zip(&other.0) {
            *o = a | b;
        }
    }
}

/// The transition tables of one pattern over one kind of position set.
#[derive(Clone, Debug)]
pub(crate) struct Tables<B> {
    /// Per ASCII unit: positions that consume it and advance.
    adv: Vec<B>,
    /// Per ASCII unit: positions that consume it and stay (loops).
    stay: Vec<B>,
    /// Positions that advance on any unit but `/` (`?`).
    one_unit: B,
    /// Positions looping on any unit but `/` (`*`).
    segment_loop: B,
    /// Positions looping on any unit but a line break (`**`).
    path_loop: B,
    /// Literal positions for units beyond ASCII.
    wide_literals: Vec<(u16, B)>,
    e1: B,
    e3: B,
    /// How many closure rounds reach every position: the longest chain of empty moves.
    rounds: u32,
    start: B,
    accept: usize,
}

impl<B: Bits> Tables<B> {
    fn new(tokens: &[Token], words: usize) -> Self {
        let z = || B::zero(words);
        let mut t = Tables {
            adv: vec![z(); 128],
            stay: vec![z(); 128],
            one_unit: z(),
            segment_loop: z(),
            path_loop: z(),
            wide_literals: Vec::new(),
            e1: z(),
            e3: z(),
            rounds: 0,
            start: z(),
            accept: 0,
        };
        let literal = |t: &mut Tables<B>, pos: usize, unit: u16| {
            if unit < 128 {
                t.adv[unit as usize].set(pos);
            } else {
                match t.wide_literals.iter_mut().find(|(u, _)| *u == unit) {
                    Some((_, bits)) => bits.set(pos),
                    None => {
                        let mut bits = z();
                        bits.set(pos);
                        t.wide_literals.push((unit, bits));
                    }
                }
            }
        };
        let mut pos = 0;
        for token in tokens {
            match *token {
                Token::Literal(unit) => literal(&mut t, pos, unit),
                Token::OneUnit => t.one_unit.set(pos),
                Token::AnySegment => {
                    t.segment_loop.set(pos);
                    t.e1.set(pos);
                }
                Token::AnyPath => {
                    t.path_loop.set(pos);
                    t.e1.set(pos);
                }
                Token::AnyDirs => {
                    // An entry that consumes nothing and leads to a loop on anything but a
                    // line break then `/`, or past both. Only the entry may skip: once in
                    // the loop, the way out is a `/`.
                    t.e1.set(pos);
                    t.e3.set(pos);
                    pos += 1;
                    t.path_loop.set(pos);
                    t.e1.set(pos);
                    pos += 1;
                    literal(&mut t, pos, u16::from(b'/'));
                }
            }
            pos += 1;
        }
        t.accept = pos;
        for unit in 0..128u8 {
            let (adv, stay) = t.masks_for(u16::from(unit));
            t.adv[unit as usize] = adv;
            t.stay[unit as usize] = stay;
        }
        // Longest chain of empty moves ending at each position (moves only go forward).
        let mut chain = vec![0u32; t.accept + 1];
        for pos in 0..t.accept {
            for (mask, by) in [(&t.e1, 1), (&t.e3, 3)] {
                if mask.get(pos) && pos + by <= t.accept {
                    chain[pos + by] = chain[pos + by].max(chain[pos] + 1);
                }
            }
        }
        t.rounds = chain.into_iter().max().unwrap_or(0);
        t.start.set(0);
        t.start.close(&t.e1, &t.e3, t.rounds);
        t
    }

    /// The advance and stay sets of `unit`, from the class sets and the literals.
    fn masks_for(&self, unit: u16) -> (B, B) {
        let mut adv = if unit < 128 {
            self.adv[unit as usize].clone()
        } else {
            self.wide_literals
                .iter()
                .find(|(u, _)| *u == unit)
                .map(|(_, b)| b.clone())
                .unwrap_or_else(|| B::zero(self.words()))
        };
        let mut stay = B::zero(self.words());
        let mut scratch = B::zero(self.words());
        if unit != u16::from(b'/') {
            adv.or(&self.one_unit, &mut scratch);
            adv = scratch.clone();
            stay.or(&self.segment_loop, &mut scratch);
            stay = scratch.clone();
        }
        let breaks = char::from_u32(u32::from(unit)).is_some_and(is_line_terminator);
        if !breaks {
            stay.or(&self.path_loop, &mut scratch);
            stay = scratch;
        }
        (adv, stay)
    }

    fn words(&self) -> usize {
        self.accept / 64 + 1
    }

    fn is_match(&self, path: &str) -> bool {
        let mut d = self.start.clone();
        let mut next = B::zero(self.words());
        let feed = |d: &mut B, next: &mut B, unit: u16| -> bool {
            if unit < 128 {
                B::step(d, &self.adv[unit as usize], &self.stay[unit as usize], next);
            } else {
                let (adv, stay) = self.masks_for(unit);
                B::step(d, &adv, &stay, next);
            }
            std::mem::swap(d, next);
            d.close(&self.e1, &self.e3, self.rounds);
            !d.is_zero()
        };
        if path.is_ascii() {
            for &b in path.as_bytes() {
                if !feed(&mut d, &mut next, u16::from(b)) {
                    return false;
                }
            }
        } else {
            let mut units = [0u16; 2];
            for c in path.chars() {
                for &unit in c.encode_utf16(&mut units).iter() {
                    if !feed(&mut d, &mut next, unit) {
                        return false;
                    }
                }
            }
        }
        d.get(self.accept)
    }
}

/// A compiled automaton: one word of positions when the pattern fits, more otherwise.
#[derive(Clone, Debug)]
pub(crate) enum Nfa {
    Narrow(Box<Tables<u64>>),
    Wide(Box<Tables<Wide>>),
}

impl Nfa {
    pub(crate) fn new(tokens: &[Token]) -> Nfa {
        let positions = tokens.len() + 2 * tokens.iter().filter(|t| **t == Token::AnyDirs).count();
        if positions < 64 {
            Nfa::Narrow(Box::new(Tables::new(tokens, 1)))
        } else {
            Nfa::Wide(Box::new(Tables::new(tokens, positions / 64 + 1)))
        }
    }

    /// Whether the whole of `path` is accepted.
    pub(crate) fn is_match(&self, path: &str) -> bool {
        match self {
            Nfa::Narrow(t) => t.is_match(path),
            Nfa::Wide(t) => t.is_match(path),
        }
    }
}
