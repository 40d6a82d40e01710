//! Deeply nested input (up to 200,000 levels, built from a short pattern) through every
//! reader that recurses: YAML block and flow, JSON and JSONC, update and install manifests,
//! the loop file. Each refuses input past its depth limit; none may overflow the stack.
#![no_main]

use libfuzzer_sys::fuzz_target;
use upkeep_core::structured::{merge_file, read_file, Format, MergeSpec};

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let depth = (usize::from(data[1]) << 8 | usize::from(data[2])) * 3 + 1;
    let pattern = String::from_utf8_lossy(&data[3..]);
    let (open, close) = pattern.split_once('\u{0}').unwrap_or((&pattern, ""));
    let units = [
        "- ", "[", "{a: ", "? ", "a:\n  ", "{\"a\": ", "[[", "- [", "&x [", "!t {k: ",
    ];
    let unit = if open.is_empty() { units[usize::from(data[0]) % units.len()] } else { open };
    if unit.len() * depth > 1 << 22 {
        return;
    }
    let text = format!("k: {}x{}", unit.repeat(depth), close.repeat(depth.min(1000)));
    let json = format!("{{\"k\": {}1{}}}", unit.repeat(depth), close.repeat(depth));
    for (path, body) in [("deep.yaml", &text), ("deep.json", &json), ("tsconfig.json", &json)] {
        let _ = read_file(path, None, body.as_bytes());
    }
    let spec = |format| MergeSpec {
        format,
        values: vec!["k".into()],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
        couple: Default::default(),
    };
    let _ = merge_file("deep.yaml", &spec(Format::Yaml), &text, "k: 1\n", "k: 2\n");
    let _ = merge_file("deep.json", &spec(Format::Json), "{\"k\": 1}", "{\"k\": 1}", &json);
    let _ = upkeep_core::update::parse_manifest(&format!("{{\"schema\": 1, \"files\": {json}}}"), "manifest");
    let _ = upkeep_core::looping::parse_loop_file(&format!(
        "<!-- loop-state:begin -->\n```json\n{json}\n```\n<!-- loop-state:end -->\n"
    ));
});
