//! The record an update writes before its first change and removes after its last one
//! (`.upkeep/update-in-progress.json`): which versions it went between and its run id. A
//! run that finds one resumes that run, under the same id, so its backups stay in one
//! folder, and a prune keeps that folder. Its format is decided here, read and written.
//!
//! ```
//! use upkeep_core::update::{progress_text, read_progress, InProgress};
//!
//! let record = InProgress { from: "1.0.0".into(), to: "2.0.0".into(), run_id: "20260101-000000-000".into() };
//! let text = progress_text(&record);
//! assert_eq!(text, "{\"from\":\"1.0.0\",\"to\":\"2.0.0\",\"runId\":\"20260101-000000-000\"}\n");
//! assert_eq!(read_progress(&text, ".upkeep/update-in-progress.json"), Ok(record));
//! assert_eq!(read_progress("{", "p.json").unwrap_err().code, "bad-state");
//! ```

use super::state_refusal::{state_refusal, StateProblem};
use super::versions::InProgress;
use crate::json::{self, Json};
use crate::refusal::Refusal;

/// The fields a record carries, in the order they are written.
const FIELDS: [&str; 3] = ["from", "to", "runId"];

/// The record `text` (read from `path` inside the project) holds, or the `bad-state`
/// refusal naming the file: not JSON, or not a record of this shape.
pub fn read_progress(text: &str, path: &str) -> Result<InProgress, Refusal> {
    let doc = json::parse(text.as_bytes()).map_err(|_| {
        state_refusal(&StateProblem::DamagedProgress {
            path: path.to_string(),
        })
    })?;
    let malformed = |why: String| {
        state_refusal(&StateProblem::MalformedProgress {
            path: path.to_string(),
            why,
        })
    };
    let Json::Object(members) = &doc.value else {
        return Err(malformed(format!("it holds {}", doc.type_phrase())));
    };
    if let Some((key, _)) = members.iter().find(|(k, _)| !FIELDS.contains(&k.as_str())) {
        return Err(malformed(format!("unknown field \"{key}\"")));
    }
    let field = |name: &str| match doc.get(name) {
        Some(node) => node
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| malformed(format!("\"{name}\" is {}", node.type_phrase()))),
        None => Err(malformed(format!("it has no \"{name}\""))),
    };
    Ok(InProgress {
        from: field(FIELDS[0])?,
        to: field(FIELDS[1])?,
        run_id: field(FIELDS[2])?,
    })
}

/// [`read_progress`] as one value for the bindings: the record, or the refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ProgressReading {
    /// The record, when the text holds one.
    pub record: Option<InProgress>,
    /// Why the text is refused, when it does not.
    pub refusal: Option<Refusal>,
}

/// [`read_progress`], as a [`ProgressReading`].
pub fn progress_reading(text: &str, path: &str) -> ProgressReading {
    match read_progress(text, path) {
        Ok(record) => ProgressReading {
            record: Some(record),
            refusal: None,
        },
        Err(refusal) => ProgressReading {
            record: None,
            refusal: Some(refusal),
        },
    }
}

/// The file's text for `record`: one line of JSON.
pub fn progress_text(record: &InProgress) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in FIELDS
        .iter()
        .zip([&record.from, &record.to, &record.run_id])
        .enumerate()
    {
        if i > 0 {
            out.push(',');
        }
        json::write_string(&mut out, name);
        out.push(':');
        json::write_string(&mut out, value);
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: &str = ".upkeep/update-in-progress.json";

    fn refused(text: &str) -> String {
        read_progress(text, PATH).unwrap_err().message
    }

    #[test]
    fn damaged_records_are_refused_by_name() {
        assert!(
            refused("not json").starts_with(".upkeep/update-in-progress.json is not valid JSON")
        );
        assert!(refused("[]").contains("(it holds an array)"));
        assert!(refused(r#"{"from":"1","to":"2"}"#).contains("(it has no \"runId\")"));
        assert!(refused(r#"{"from":"1","to":2,"runId":"r"}"#).contains("(\"to\" is a number)"));
        assert!(
            refused(r#"{"from":"1","to":"2","runId":"r","x":1}"#).contains("unknown field \"x\"")
        );
    }

    #[test]
    fn text_reads_back() {
        let record = InProgress {
            from: "1.0.0-\"q\"".into(),
            to: "2.0.0".into(),
            run_id: "r\\1".into(),
        };
        assert_eq!(read_progress(&progress_text(&record), PATH), Ok(record));
    }
}
