//! The glob compiler and matcher on arbitrary patterns and paths: no panic, a set agrees
//! with its globs one by one, and matching stays fast on any input (libFuzzer's -timeout
//! catches a super-linear blow-up).
#![no_main]

use libfuzzer_sys::fuzz_target;
use upkeep_core::score::{glob_match, Glob, GlobSet};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\u{0}');
    let path = parts.next().unwrap_or_default();
    let patterns: Vec<&str> = parts.collect();
    let set = GlobSet::new(&patterns);
    let expected: Vec<usize> = (0..patterns.len())
        .filter(|&i| Glob::new(patterns[i]).is_match(path))
        .collect();
    assert_eq!(set.matches(path), expected);
    assert_eq!(set.is_match(path), !expected.is_empty());
    for pattern in &patterns {
        // A long path built from the pattern itself: near misses for every shape.
        let long = pattern.repeat(64) + path;
        let _ = glob_match(pattern, &long);
    }
});
