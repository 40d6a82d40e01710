//! Prints the engine facts the JavaScript package's generated contracts are made from, as
//! JSON on stdout: the error codes and their exit classes, the defaults the CLI shows, the
//! TypeScript declarations of the types that cross into JavaScript (ts-rs) and the JSON
//! schemas of the documents upkeep reads (schemars), both through core's `contracts`
//! feature. `scripts/generate-contracts.mjs` runs it and writes the files.

use std::io::Write;
use upkeep_core::contracts::{typescript_declarations, DECLARED_IN_INDEX};
use upkeep_core::schemas::json_schemas;
use upkeep_core::update::DEFAULT_STATE_DIR;
use upkeep_core::ErrorKind;

fn main() -> std::io::Result<()> {
    let codes: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.code()).collect();
    let classes: Vec<(&str, Option<&str>)> = ErrorKind::ALL
        .iter()
        .map(|kind| (kind.code(), kind.exit_class().map(|class| class.name())))
        .collect();
    let declarations = typescript_declarations().map_err(|clashes| {
        std::io::Error::other(format!(
            "two types would declare the same TypeScript name: {}; give one a `ts(rename)`",
            clashes.join(", ")
        ))
    })?;
    let facts = serde_json::json!({
        "errorCodes": codes,
        "errorClasses": classes,
        "declaredInIndex": DECLARED_IN_INDEX,
        "defaultStateDir": DEFAULT_STATE_DIR,
        "types": declarations
            .into_iter()
            .map(|(name, text)| serde_json::json!({ "name": name, "text": text }))
            .collect::<Vec<_>>(),
        "schemas": json_schemas()
            .into_iter()
            .map(|(stem, schema)| serde_json::json!({ "stem": stem, "schema": schema }))
            .collect::<Vec<_>>(),
    });
    writeln!(std::io::stdout().lock(), "{facts}")
}
