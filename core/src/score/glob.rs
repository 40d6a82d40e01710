//! The glob dialect of risk scoring, compiled once and matched in time linear in the
//! length of the path.
//!
//! `*` and `?` stay inside one path segment; `**` crosses segments, and `**/` may match no
//! directory at all. Runs of `***` collapse to `**` and repeated `**/**/` to `**/`. A
//! backslash is a separator, never an escape; a leading `./` or `/` is dropped on both
//! sides; every other character (`[`, `{`, `.` ...) is literal. Like the JavaScript
//! reference, `**` does not cross a line break, and `?` is one UTF-16 code unit.
//!
//! ```
//! use upkeep_core::score::{glob_match, Glob, GlobSet};
//!
//! assert!(glob_match("**/yarn.lock", "yarn.lock"));
//! assert!(glob_match("src\\**\\*.js", "./src/a/b.js"));
//! assert!(!glob_match("*.js", "src/a.js"));
//!
//! let set = GlobSet::new(["docs/**", "**/*.md", "package.json"]);
//! assert_eq!(set.matches("docs/README.md"), vec![0, 1]);
//! assert!(Glob::new("a/**/b").is_match("a/x/y/b"));
//! ```

use std::borrow::Cow;

use super::nfa::{Nfa, Token};

/// Whether `file` matches `pattern`, compiling the pattern for this one test.
/// Use [`Glob`] or [`GlobSet`] to match many paths.
pub fn glob_match(pattern: &str, file: &str) -> bool {
    Glob::new(pattern).is_match(file)
}

/// A path as the dialect sees it: backslashes turned into slashes.
pub(crate) fn slash(path: &str) -> Cow<'_, str> {
    if path.contains('\\') {
        Cow::Owned(path.replace('\\', "/"))
    } else {
        Cow::Borrowed(path)
    }
}

/// A path with slashes normalised and every leading `./` or `/` dropped.
pub(crate) fn glob_path(path: &str) -> Cow<'_, str> {
    match slash(path) {
        Cow::Borrowed(p) => Cow::Borrowed(strip_leading(p)),
        Cow::Owned(p) => Cow::Owned(strip_leading(&p).to_owned()),
    }
}

fn strip_leading(p: &str) -> &str {
    let bytes = p.as_bytes();
    let mut at = 0;
    loop {
        match (bytes.get(at), bytes.get(at + 1)) {
            (Some(b'/'), _) => at += 1,
            (Some(b'.'), Some(b'/')) => at += 2,
            _ => return &p[at..],
        }
    }
}

/// A path prepared once for matching against many patterns: normalised, and scanned
/// once for line breaks (which `**` does not cross).
#[derive(Debug)]
pub(crate) struct Candidate<'a> {
    path: Cow<'a, str>,
    /// The path holds no line break, so no part of it does.
    unbroken: bool,
}

impl<'a> Candidate<'a> {
    pub(crate) fn new(path: &'a str) -> Self {
        let path = glob_path(path);
        let unbroken = no_break(&path);
        Candidate { path, unbroken }
    }
}

/// Whether a write-set entry counts as a glob: it needs a segment with no wildcard in it,
/// so that `**` or `**/*.java` cannot declare the whole repository.
pub(crate) fn has_literal_segment(pattern: &str) -> bool {
    glob_path(pattern)
        .split('/')
        .any(|segment| !segment.is_empty() && !segment.contains(['*', '?']))
}

/// Collapses runs of three or more `*` to `**`, then repeated `**/` to one.
fn collapse(pattern: &str) -> String {
    let mut stars = String::with_capacity(pattern.len());
    let mut run = 0;
    for c in pattern.chars() {
        if c == '*' {
            run += 1;
            continue;
        }
        stars.push_str(&"*".repeat(if run >= 3 { 2 } else { run }));
        run = 0;
        stars.push(c);
    }
    stars.push_str(&"*".repeat(if run >= 3 { 2 } else { run }));

    let mut out = String::with_capacity(stars.len());
    let mut rest = stars.as_str();
    while !rest.is_empty() {
        if rest.starts_with("**/**/") {
            while let Some(after) = rest.strip_prefix("**/") {
                rest = after;
            }
            out.push_str("**/");
        } else {
            let c = rest.chars().next().unwrap_or_default();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The tokens of a normalised, collapsed pattern.
fn tokenize(g: &str) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(g.len());
    let mut chars = g.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                if chars.peek() == Some(&'/') {
                    chars.next();
                    tokens.push(Token::AnyDirs);
                } else {
                    tokens.push(Token::AnyPath);
                }
            }
            '*' => tokens.push(Token::AnySegment),
            '?' => tokens.push(Token::OneUnit),
            c => {
                let mut units = [0u16; 2];
                for &unit in c.encode_utf16(&mut units).iter() {
                    tokens.push(Token::Literal(unit));
                }
            }
        }
    }
    tokens
}

/// How a compiled pattern decides, cheapest first.
#[derive(Clone, Debug)]
enum Strategy {
    /// No wildcard: the path must equal the literal.
    Exact,
    /// `prefix**suffix`: the middle must hold no line break.
    AnyPath,
    /// `prefix*suffix`: the middle must hold no `/`.
    AnySegment,
    /// `prefix**/suffix`: the middle is empty, or ends with `/` and holds no line break.
    AnyDirs,
    /// `prefix**/*suffix`: the directories before the last `/` hold no line break.
    AnyDirsThenSegment,
    /// Anything else: the bit-parallel automaton over the middle, run only when the
    /// middle contains the pattern's longest literal run.
    Automaton { nfa: Nfa, required: String },
}

/// One compiled pattern.
#[derive(Clone, Debug)]
pub struct Glob {
    pattern: String,
    prefix: String,
    suffix: String,
    strategy: Strategy,
}

impl Glob {
    /// Compiles `pattern`. Every string is a valid pattern: characters that are not
    /// wildcards match themselves.
    pub fn new(pattern: &str) -> Glob {
        let tokens = tokenize(&collapse(&glob_path(pattern)));
        let literal = |t: &Token| matches!(t, Token::Literal(_));
        let head = tokens.iter().take_while(|t| literal(t)).count();
        let tail = if head == tokens.len() {
            0
        } else {
            tokens.iter().rev().take_while(|t| literal(t)).count()
        };
        let text = |ts: &[Token]| -> String {
            let units: Vec<u16> = ts
                .iter()
                .filter_map(|t| match t {
                    Token::Literal(u) => Some(*u),
                    _ => None,
                })
                .collect();
            String::from_utf16_lossy(&units)
        };
        let middle = &tokens[head..tokens.len() - tail];
        let strategy = match middle {
            [] => Strategy::Exact,
            [Token::AnyPath] => Strategy::AnyPath,
            [Token::AnySegment] => Strategy::AnySegment,
            [Token::AnyDirs] => Strategy::AnyDirs,
            [Token::AnyDirs, Token::AnySegment] => Strategy::AnyDirsThenSegment,
            _ => Strategy::Automaton {
                nfa: Nfa::new(middle),
                required: longest_literal_run(middle),
            },
        };
        Glob {
            pattern: pattern.to_owned(),
            prefix: text(&tokens[..head]),
            suffix: text(&tokens[tokens.len() - tail..]),
            strategy,
        }
    }

    /// The pattern as given.
    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// Whether `path` matches.
    pub fn is_match(&self, path: &str) -> bool {
        self.is_match_candidate(&Candidate::new(path))
    }

    /// Whether a prepared path matches.
    pub(crate) fn is_match_candidate(&self, candidate: &Candidate<'_>) -> bool {
        let path: &str = &candidate.path;
        let no_break = |text: &str| candidate.unbroken || no_break(text);
        if let Strategy::Exact = self.strategy {
            return same_bytes(path.as_bytes(), self.prefix.as_bytes());
        }
        let (p, s) = (self.prefix.len(), self.suffix.len());
        let bytes = path.as_bytes();
        if bytes.len() < p + s
            || !same_bytes(&bytes[..p], self.prefix.as_bytes())
            || !same_bytes(&bytes[bytes.len() - s..], self.suffix.as_bytes())
        {
            return false;
        }
        let middle = &path[p..path.len() - s];
        match &self.strategy {
            Strategy::Exact => unreachable!("handled above"),
            Strategy::AnyPath => no_break(middle),
            Strategy::AnySegment => !middle.contains('/'),
            Strategy::AnyDirs => middle.is_empty() || (middle.ends_with('/') && no_break(middle)),
            Strategy::AnyDirsThenSegment => match middle.rfind('/') {
                None => true,
                Some(last) => no_break(&middle[..last]),
            },
            Strategy::Automaton { nfa, required } => {
                contains_literal(middle, required) && nfa.is_match(middle)
            }
        }
    }
}

/// Whether `text` holds no line break (`\n`, `\r`, U+2028, U+2029), scanning bytes.
fn no_break(text: &str) -> bool {
    // U+2028 and U+2029 are E2 80 A8/A9 in UTF-8; E2 alone is only a candidate. Paths are
    // short: a table lookup per byte beats setting up a vectorised scan.
    const CANDIDATE: [bool; 256] = {
        let mut table = [false; 256];
        table[b'\n' as usize] = true;
        table[b'\r' as usize] = true;
        table[0xE2] = true;
        table
    };
    if !text.bytes().any(|b| CANDIDATE[b as usize]) {
        return true;
    }
    !text.contains(crate::score::js::is_line_terminator)
}

/// Whether `haystack` contains `needle`: a first-byte scan, cheaper than a full substring
/// searcher on paths a few dozen bytes long.
fn contains_literal(haystack: &str, needle: &str) -> bool {
    let (hay, needle) = (haystack.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = needle.split_first() else {
        return true;
    };
    if hay.len() < needle.len() {
        return false;
    }
    let last_start = hay.len() - needle.len();
    let mut from = 0;
    while let Some(i) = hay[from..=last_start].iter().position(|&b| b == first) {
        let at = from + i;
        if same_bytes(&hay[at + 1..at + needle.len()], rest) {
            return true;
        }
        from = at + 1;
    }
    false
}

/// Byte equality without a call into libc's `memcmp`, which costs more than the compare
/// itself for the few bytes of a path's literal prefix or suffix.
#[inline(always)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // Eight bytes at a time, then the tail: LLVM turns a plain byte loop back into `bcmp`.
    let (mut a8, mut b8) = (a.chunks_exact(8), b.chunks_exact(8));
    for (x, y) in (&mut a8).zip(&mut b8) {
        let word = |s: &[u8]| u64::from_ne_bytes(s.try_into().unwrap_or([0; 8]));
        if word(x) != word(y) {
            return false;
        }
    }
    let diff = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .fold(0u8, |d, (x, y)| d | (x ^ y));
    diff == 0
}

/// The longest run of literal tokens, as text: a path must contain it to match.
fn longest_literal_run(tokens: &[Token]) -> String {
    let mut best: &[Token] = &[];
    for run in tokens.split(|t| !matches!(t, Token::Literal(_))) {
        if run.len() > best.len() {
            best = run;
        }
    }
    let units: Vec<u16> = best
        .iter()
        .filter_map(|t| match t {
            Token::Literal(u) => Some(*u),
            _ => None,
        })
        .collect();
    String::from_utf16_lossy(&units)
}

/// Patterns compiled once and matched together: each path is normalised once per test,
/// not once per pattern.
#[derive(Clone, Debug, Default)]
pub struct GlobSet {
    globs: Vec<Glob>,
}

impl GlobSet {
    /// Compiles every pattern, keeping their order: [`matches`](Self::matches) reports
    /// indices into it.
    pub fn new<I, S>(patterns: I) -> GlobSet
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        GlobSet {
            globs: patterns
                .into_iter()
                .map(|p| Glob::new(p.as_ref()))
                .collect(),
        }
    }

    /// How many patterns the set holds.
    pub fn len(&self) -> usize {
        self.globs.len()
    }

    /// Whether the set holds no pattern (and so matches nothing).
    pub fn is_empty(&self) -> bool {
        self.globs.is_empty()
    }

    /// Whether any pattern matches `path`.
    pub fn is_match(&self, path: &str) -> bool {
        let path = Candidate::new(path);
        self.globs.iter().any(|g| g.is_match_candidate(&path))
    }

    /// The indices of the patterns that match `path`, ascending.
    pub fn matches(&self, path: &str) -> Vec<usize> {
        let mut out = Vec::new();
        self.matches_into(path, &mut out);
        out
    }

    /// Appends the indices of the patterns that match `path` to `out`.
    pub fn matches_into(&self, path: &str, out: &mut Vec<usize>) {
        let path = Candidate::new(path);
        out.extend(
            self.globs
                .iter()
                .enumerate()
                .filter(|(_, g)| g.is_match_candidate(&path))
                .map(|(i, _)| i),
        );
    }

    /// For each path, whether any pattern matches it.
    pub fn is_match_many<S: AsRef<str>>(&self, paths: &[S]) -> Vec<bool> {
        paths.iter().map(|p| self.is_match(p.as_ref())).collect()
    }

    /// Every match over many paths as flat pairs `[path index, pattern index, ...]`, in
    /// path order then pattern order: one compact answer for a whole batch.
    pub fn match_pairs<S: AsRef<str>>(&self, paths: &[S]) -> Vec<u32> {
        let mut pairs = Vec::new();
        for (i, path) in paths.iter().enumerate() {
            let path = Candidate::new(path.as_ref());
            for (j, glob) in self.globs.iter().enumerate() {
                if glob.is_match_candidate(&path) {
                    pairs.extend([i as u32, j as u32]);
                }
            }
        }
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapsing_matches_the_reference_rewrites() {
        for (pattern, collapsed) in [
            ("***", "**"),
            ("a/*****/b", "a/**/b"),
            ("**/**/a", "**/a"),
            ("**/**/**/", "**/"),
            ("x**/**/y", "x**/y"),
            ("*/**/**/*", "*/**/*"),
            ("***/**/a", "**/a"),
            ("a*b", "a*b"),
        ] {
            assert_eq!(collapse(pattern), collapsed, "{pattern}");
        }
    }

    #[test]
    fn dialect() {
        let yes = [
            ("**/yarn.lock", "yarn.lock"),
            ("**/yarn.lock", "a/b/yarn.lock"),
            ("src/*.js", "src/a.js"),
            ("src/**", "src/a/b"),
            ("src/**", "src/"),
            ("./a", "a"),
            ("/a", "./a"),
            ("a\\b", "a/b"),
            ("a/b", "a\\b"),
            ("[x].{y}", "[x].{y}"),
            ("a?c", "abc"),
            ("**", ""),
            ("*", ""),
            ("??", "😀"),
            ("a**b", "a/x/b"),
            ("***/x", "x"),
            ("a*", "a\n"),
        ];
        let no = [
            ("*.js", "src/a.js"),
            ("a?c", "a/c"),
            ("?", "😀"),
            ("a.js", "aXjs"),
            ("**/x", "a\n/x"),
            ("a**", "a\n"),
            ("src/**/", "src"),
            ("**/a/**/a/**/a/**/b", "a/a/a/a/c"),
        ];
        for (pattern, path) in yes {
            assert!(glob_match(pattern, path), "{pattern} should match {path:?}");
        }
        for (pattern, path) in no {
            assert!(
                !glob_match(pattern, path),
                "{pattern} should not match {path:?}"
            );
        }
    }

    #[test]
    fn literal_segments() {
        assert!(has_literal_segment("archunit_store/**"));
        assert!(has_literal_segment("a.txt"));
        for wildcard_only in ["**", "**/*.java", "*/?", "./**", ""] {
            assert!(!has_literal_segment(wildcard_only), "{wildcard_only}");
        }
    }

    #[test]
    fn sets_report_indices_and_pairs() {
        let set = GlobSet::new(["*.md", "docs/**", "**/*.md"]);
        assert_eq!(set.matches("docs/a.md"), vec![1, 2]);
        assert_eq!(set.matches("a.md"), vec![0, 2]);
        assert!(!set.is_match("src/a.js"));
        assert_eq!(
            set.match_pairs(&["a.md", "x", "docs/y"]),
            vec![0, 0, 0, 2, 2, 1]
        );
        assert_eq!(set.is_match_many(&["a.md", "x"]), vec![true, false]);
    }
}
