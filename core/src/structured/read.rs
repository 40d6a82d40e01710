//! Reading a config file as its own tools read it, without merging anything: every
//! document of a YAML stream, or the one JSON (or JSONC) value, with the reason a field
//! merge would refuse to edit it. This is what the public test suites run against, in
//! every engine.
//!
//! ```
//! use upkeep_core::structured::{read_file, Format, Value};
//!
//! let out = read_file("ci.yml", None, b"a: 0x1F\n---\n- .inf\n").unwrap();
//! assert_eq!(out.format, Format::Yaml);
//! assert_eq!(out.documents[1], Value::List(vec![Value::Number(".inf".into())]));
//! assert_eq!(out.cannot_edit.as_deref(), Some("the file holds 2 YAML documents"));
//! let err = read_file("tsconfig.json", None, b"{\"a\": \"\\u+041\"}").unwrap_err();
//! assert_eq!(err.code(), "invalid-config");
//! assert!(read_file("tsconfig.json", None, b"{// mine\n\"a\": 1,}").is_ok());
//! ```

use super::doc::{Format, Kind, Value};
use super::yaml_doc::{self, ReadError};
use crate::error::{Error, ErrorKind, Result};

/// A file read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "ConfigRead"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ReadOutcome {
    /// The format it was read in ([`Format::for_path`]).
    pub format: Format,
    /// Its documents: one for JSON, any number for a YAML stream.
    pub documents: Vec<Value>,
    /// Why a field merge would not edit it (several documents, a top level that is not a
    /// mapping); `None` when it would.
    pub cannot_edit: Option<String>,
}

/// Reads `bytes` (strict UTF-8) as `path`'s format: `format` when given (a JSONC name
/// still reads as JSONC), else what the name says.
pub fn read_file(path: &str, format: Option<Format>, bytes: &[u8]) -> Result<ReadOutcome> {
    let format = Format::for_path(path, format).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidArgument,
            path,
            "its name does not say whether it is JSON or YAML; name a format",
        )
    })?;
    let fail = |kind: ErrorKind, offset: usize, message: &str| {
        Error::new(kind, path, format!("at byte {offset}: {message}"))
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|e| fail(ErrorKind::InvalidConfig, e.valid_up_to(), "invalid UTF-8"))?;
    let roots = match format {
        Format::Yaml => yaml_doc::read_stream(text).map_err(|e| match e {
            ReadError::Invalid(e) => fail(ErrorKind::InvalidConfig, e.offset, &e.message),
            ReadError::Unsupported(e) => fail(ErrorKind::UnsupportedConfig, e.offset, &e.message),
        })?,
        _ => {
            let dialect = if format == Format::Jsonc {
                crate::json::Dialect::Jsonc
            } else {
                crate::json::Dialect::Strict
            };
            // A repeated key is JSON (the last one wins in JavaScript) but no edit of it is
            // safe: which one would it change?
            vec![super::json_doc::parse(text, dialect).map_err(|e| {
                match e.message.strip_prefix("cannot edit safely: ") {
                    Some(why) => fail(ErrorKind::UnsupportedConfig, e.offset, why),
                    None => fail(ErrorKind::InvalidConfig, e.offset, &e.message),
                }
            })?]
        }
    };
    let cannot_edit = match roots.as_slice() {
        [] => None,
        [root] if matches!(root.kind, Kind::Map(_)) => None,
        [root] if root.start == root.end && matches!(root.kind, Kind::Scalar(Value::Null)) => None,
        [_] => Some("the top level is not a mapping".to_string()),
        many => Some(format!("the file holds {} YAML documents", many.len())),
    };
    Ok(ReadOutcome {
        format,
        documents: roots.iter().map(|r| r.value()).collect(),
        cannot_edit,
    })
}
