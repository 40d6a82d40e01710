//! Prints the engine facts the JavaScript package's generated contracts are made from, as
//! JSON on stdout: `scripts/generate-contracts.mjs` runs it and writes the files.

use std::io::Write;
use upkeep_core::ErrorKind;

fn main() -> std::io::Result<()> {
    let codes: Vec<String> = ErrorKind::ALL
        .iter()
        .map(|kind| format!("\"{}\"", kind.code()))
        .collect();
    let classes: Vec<String> = ErrorKind::ALL
        .iter()
        .map(|kind| match kind.exit_class() {
            Some(class) => format!("[\"{}\",\"{}\"]", kind.code(), class.name()),
            None => format!("[\"{}\",null]", kind.code()),
        })
        .collect();
    writeln!(
        std::io::stdout().lock(),
        "{{\"errorCodes\":[{}],\"errorClasses\":[{}]}}",
        codes.join(","),
        classes.join(",")
    )
}
