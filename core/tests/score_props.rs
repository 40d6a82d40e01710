//! Property tests of risk scoring: the linear-time matcher agrees with a plain
//! backtracking reading of the dialect, sets agree with single globs, and the numstat
//! parsers read back what git would write.

use proptest::prelude::*;
use upkeep_core::score::{glob_match, parse_numstat, parse_numstat_z, FileStat, GlobSet};

/// The dialect read the way the reference's regex reads it, by plain backtracking over
/// UTF-16 units: exponential, but fine on the short inputs generated here.
fn naive(pattern: &str, path: &str) -> bool {
    fn norm(p: &str) -> String {
        let mut p = p.replace('\\', "/");
        while let Some(rest) = p.strip_prefix("./").or_else(|| p.strip_prefix('/')) {
            p = rest.to_owned();
        }
        p
    }
    let mut g = norm(pattern);
    while g.contains("***") {
        g = g.replace("***", "**");
    }
    while g.contains("**/**/") {
        g = g.replace("**/**/", "**/");
    }
    let g: Vec<u16> = g.encode_utf16().collect();
    let p: Vec<u16> = norm(path).encode_utf16().collect();
    let brk = |u: u16| matches!(u, 0x0A | 0x0D | 0x2028 | 0x2029);
    fn go(g: &[u16], p: &[u16], brk: &dyn Fn(u16) -> bool) -> bool {
        let star = u16::from(b'*');
        let slash = u16::from(b'/');
        match g {
            [] => p.is_empty(),
            [a, b, c, rest @ ..] if *a == star && *b == star && *c == slash => {
                go(rest, p, brk)
                    || (0..p.len()).any(|i| {
                        p[i] == slash
                            && p[..i].iter().all(|&u| !brk(u))
                            && go(rest, &p[i + 1..], brk)
                    })
            }
            [a, b, rest @ ..] if *a == star && *b == star => {
                (0..=p.len()).any(|i| p[..i].iter().all(|&u| !brk(u)) && go(rest, &p[i..], brk))
            }
            [a, rest @ ..] if *a == star => {
                (0..=p.len()).any(|i| p[..i].iter().all(|&u| u != slash) && go(rest, &p[i..], brk))
            }
            [q, rest @ ..] if *q == u16::from(b'?') => {
                !p.is_empty() && p[0] != slash && go(rest, &p[1..], brk)
            }
            [c, rest @ ..] => !p.is_empty() && p[0] == *c && go(rest, &p[1..], brk),
        }
    }
    go(&g, &p, &brk)
}

fn pattern() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "b", "/", "*", "**", "***", "?", ".", "./", "\\", "é", "😀", "\n", "{", "[",
        ]),
        0..7,
    )
    .prop_map(|parts| parts.concat())
}

fn path() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "b", "/", "./", "\\", ".", "é", "😀", "\n", "\r", "\u{2028}", "{",
        ]),
        0..9,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn matcher_agrees_with_backtracking(pattern in pattern(), path in path()) {
        prop_assert_eq!(glob_match(&pattern, &path), naive(&pattern, &path), "{:?} vs {:?}", pattern, path);
    }

    #[test]
    fn sets_agree_with_single_globs(patterns in prop::collection::vec(pattern(), 0..5), path in path()) {
        let set = GlobSet::new(&patterns);
        let expected: Vec<usize> = (0..patterns.len()).filter(|&i| glob_match(&patterns[i], &path)).collect();
        prop_assert_eq!(set.is_match(&path), !expected.is_empty());
        prop_assert_eq!(set.matches(&path), expected);
    }

    #[test]
    fn z_form_reads_back_what_git_writes(
        rows in prop::collection::vec(("[^\0]{1,12}", proptest::option::of("[^\0]{1,12}"), 0u32..5000, 0u32..5000), 0..6)
    ) {
        let mut bytes = Vec::new();
        let mut expected = Vec::new();
        for (path, renamed_from, added, deleted) in &rows {
            match renamed_from {
                Some(old) => {
                    bytes.extend(format!("{added}\t{deleted}\t\0{old}\0{path}\0").bytes());
                    expected.push(FileStat::new(path.clone(), f64::from(*added), f64::from(*deleted)));
                    expected.push(FileStat::new(old.clone(), 0.0, 0.0));
                }
                None => {
                    bytes.extend(format!("{added}\t{deleted}\t{path}\0").bytes());
                    expected.push(FileStat::new(path.clone(), f64::from(*added), f64::from(*deleted)));
                }
            }
        }
        prop_assert_eq!(parse_numstat_z(&bytes).unwrap(), expected);
    }

    #[test]
    fn plain_form_never_panics_and_keeps_simple_rows(text in "[0-9a-z\t\n\r{}=> \"\\\\-]{0,80}", name in "[a-z][a-z./]{0,10}", n in 0u32..999) {
        let _ = parse_numstat(&text);
        let rows = parse_numstat(&format!("{text}\n{n}\t-\t{name}\n"));
        prop_assert_eq!(rows.last().cloned(), Some(FileStat::new(name, f64::from(n), 0.0)));
    }
}
