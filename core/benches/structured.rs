//! Reading and editing a 1 MB YAML file against the parser alone (saphyr-parser's event
//! stream over the same text), in the same run: `cargo bench -p upkeep-core --bench
//! structured` (make bench). Prints the median time of each and its ratio to the parser.
#![allow(clippy::print_stdout)] // the counts are the report

use std::time::Instant;

use upkeep_core::structured::{merge, parse_doc, Format, MergeSpec};

/// A GitHub-workflow-shaped file of about `bytes`: jobs with env maps, step lists, run blocks.
fn workflow(bytes: usize) -> String {
    let mut out = String::from("name: ci\non:\n  push:\n    branches: [main]\njobs:\n");
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&format!(
            "  job{i}:\n    runs-on: ubuntu-22.04 # pinned\n    env:\n      NODE: '20'\n      SHARD: {i}\n    steps:\n      - uses: actions/checkout@v4\n      - name: \"Install {i}\"\n        run: |\n          npm ci\n          npm run build -- --shard {i}\n      - name: Test\n        run: >-\n          npm test\n          -- --reporter dot\n        with: {{cache: npm, retries: 3}}\n"
        ));
        i += 1;
    }
    out
}

/// A named measure and its times.
type Measure<'f> = (&'static str, &'f mut dyn FnMut(), Vec<f64>);

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn seconds(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

fn main() {
    let text = workflow(1 << 20);
    let jobs = text.matches("\n  job").count();
    let target = format!("jobs.job{}.runs-on", jobs / 2);
    let latest = text.replacen(
        &format!("  job{}:\n    runs-on: ubuntu-22.04", jobs / 2),
        &format!("  job{}:\n    runs-on: ubuntu-24.04", jobs / 2),
        1,
    );
    let spec = MergeSpec {
        format: Format::Yaml,
        values: vec![target],
        maps: vec![],
        tokens: vec![],
        lists: vec![],
        couple: Default::default(),
    };
    let small_base = format!("jobs:\n  job{}:\n    runs-on: ubuntu-22.04\n", jobs / 2);
    let small_latest = small_base.replace("22.04", "24.04");
    let out = merge(&spec, &text, &text, &latest);
    assert_eq!(
        out.merged.as_deref(),
        Some(latest.as_str()),
        "{:?}",
        out.fallback
    );
    let out = merge(&spec, &text, &small_base, &small_latest);
    assert_eq!(
        out.merged.as_deref(),
        Some(latest.as_str()),
        "{:?}",
        out.fallback
    );

    // Rounds interleave the four measures, so load from other processes falls on all of
    // them alike; each ratio is the median of the per-round ratios.
    let rounds = 21;
    let mut parser = || {
        let events = saphyr_parser::Parser::new_from_str(&text).count();
        assert!(events > 1000);
    };
    let mut read = || {
        parse_doc(Format::Yaml, &text).unwrap();
    };
    let mut edit_small = || {
        merge(&spec, &text, &small_base, &small_latest);
    };
    let mut edit_full = || {
        merge(&spec, &text, &text, &latest);
    };
    let mut measures: [Measure<'_>; 4] = [
        (
            "saphyr-parser alone: every event of the file",
            &mut parser,
            vec![],
        ),
        (
            "upkeep reads it (tree with spans, core-schema values)",
            &mut read,
            vec![],
        ),
        (
            "upkeep reads it, edits one value, re-reads it",
            &mut edit_small,
            vec![],
        ),
        (
            "the same, baseline and latest 1 MB too (three files read)",
            &mut edit_full,
            vec![],
        ),
    ];
    for (_, f, _) in measures.iter_mut() {
        f();
    }
    for _ in 0..rounds {
        for (_, f, runs) in measures.iter_mut() {
            runs.push(seconds(*f));
        }
    }
    let base = measures[0].2.clone();
    println!(
        "YAML, {} bytes ({jobs} workflow jobs), {rounds} interleaved rounds, release build:",
        text.len()
    );
    for (name, _, runs) in &measures {
        let ratios: Vec<f64> = runs.iter().zip(&base).map(|(r, b)| r / b).collect();
        println!(
            "  {name:<60} {:>7.1} ms  {:.2}x",
            median(runs.clone()) * 1000.0,
            median(ratios)
        );
    }
}
