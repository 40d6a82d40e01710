//! The numstat parsers on arbitrary bytes: no panic, and the two entry points agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use upkeep_core::score::{parse_numstat, parse_numstat_bytes, parse_numstat_z};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let plain = parse_numstat(&text);
    let z = parse_numstat_z(data);
    let either = parse_numstat_bytes(data);
    if data.contains(&0) {
        assert_eq!(either, z);
    } else {
        assert_eq!(either.ok(), Some(plain));
    }
});
