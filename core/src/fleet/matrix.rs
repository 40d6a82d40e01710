//! What `upkeep fleet plan` prints around its plan: the lines for the terminal (the
//! summary, each skipped repository and each unread record), which platform a
//! `--platform` names, and the matrix of one batch (`--batch <n>`: `{"include": [...]}`,
//! what a GitHub `strategy.matrix` takes).
//!
//! An empty plan has no batch, yet a workflow asks for batch 0 before it knows: batch 0 of
//! an empty plan is an empty matrix, and only a batch past that is refused.
//!
//! ```
//! use upkeep_core::fleet::{batch_matrix, plan_fleet, FleetInput};
//!
//! let plan = plan_fleet(&FleetInput::new("https://example.com/a.git\n", "repos.txt")).unwrap();
//! assert_eq!(batch_matrix(&plan, 0).matrix.unwrap().include.len(), 1);
//! assert_eq!(batch_matrix(&plan, 1).refusal.unwrap().message,
//!     "--batch 1 is past the last batch (the plan has 1, numbered from 0)");
//! ```

use super::list::FleetRepo;
use super::plan::{FleetPlan, Platform};
use crate::refusal::Refusal;

/// One batch as a CI matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct BatchMatrix {
    /// The batch's jobs (none for batch 0 of an empty plan).
    pub include: Vec<FleetRepo>,
}

/// The matrix of a batch, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct MatrixChoice {
    /// The matrix to print.
    pub matrix: Option<BatchMatrix>,
    /// A batch past the last: a usage mistake.
    pub refusal: Option<Refusal>,
}

/// The matrix of batch `index` of `plan` (see the module docs).
pub fn batch_matrix(plan: &FleetPlan, index: usize) -> MatrixChoice {
    match plan.batches.get(index) {
        Some(batch) => MatrixChoice {
            matrix: Some(BatchMatrix {
                include: batch.include.clone(),
            }),
            refusal: None,
        },
        None if index == 0 && plan.batches.is_empty() => MatrixChoice {
            matrix: Some(BatchMatrix { include: vec![] }),
            refusal: None,
        },
        None => MatrixChoice {
            matrix: None,
            refusal: Some(Refusal::usage(format!(
                "--batch {index} is past the last batch (the plan has {}, numbered from 0)",
                plan.batches.len()
            ))),
        },
    }
}

/// Why a `--platform` value is refused (none: it names a platform, or none was given and
/// the plan takes the default).
pub fn platform_refusal<'a>(text: impl Into<Option<&'a str>>) -> Option<Refusal> {
    let text = text.into()?;
    if Platform::ALL.iter().any(|p| p.name() == text) {
        return None;
    }
    let names: Vec<&str> = Platform::ALL.iter().map(|p| p.name()).collect();
    Some(Refusal::usage(format!(
        "--platform must be {}, not '{text}'",
        crate::render::listed(&names, "or")
    )))
}

/// What `upkeep fleet plan` writes to standard error: the summary, then each repository
/// skipped and each record that could not be read, with why.
pub fn render_fleet_plan(plan: &FleetPlan) -> String {
    let mut out = format!("{}\n", plan.summary);
    for skip in &plan.skipped {
        out.push_str(&format!("  skipped {}: {}\n", skip.key, skip.reason));
    }
    for unread in &plan.unread {
        out.push_str(&format!(
            "  unread {}: {}\n",
            unread.key,
            unread.error.as_deref().unwrap_or_default()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::{plan_fleet, FleetInput};

    #[test]
    fn batch_zero_of_an_empty_plan_is_an_empty_matrix() {
        let mut plan = plan_fleet(&FleetInput::new("https://example.com/a.git\n", "r")).unwrap();
        plan.batches.clear();
        assert_eq!(batch_matrix(&plan, 0).matrix.unwrap().include, vec![]);
        assert_eq!(
            batch_matrix(&plan, 1).refusal.unwrap().message,
            "--batch 1 is past the last batch (the plan has 0, numbered from 0)"
        );
    }

    #[test]
    fn platforms_are_named_as_the_plan_names_them() {
        assert_eq!(platform_refusal("github"), None);
        assert_eq!(platform_refusal("gitlab"), None);
        assert_eq!(
            platform_refusal("foo").unwrap().message,
            "--platform must be github or gitlab, not 'foo'"
        );
    }
}
