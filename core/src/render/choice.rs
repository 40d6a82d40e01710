//! One entry of a chooser a view offers (a `--conflicts` mode, a preset), and how a help
//! line lists them.

use super::listed;

/// One entry of a chooser: the value the option takes, its text, and whether it is the
/// default (chosen until another is, and marked).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Choice {
    /// The value, as the option takes it.
    pub value: String,
    /// The entry's text.
    pub label: String,
    /// Whether it is the default.
    pub default: bool,
}

impl Choice {
    /// Every value in order, the default marked: `prudent, balanced (default) or aggressive`.
    pub fn help_line(choices: &[Choice]) -> String {
        let names: Vec<String> = choices
            .iter()
            .map(|c| match c.default {
                true => format!("{} (default)", c.value),
                false => c.value.clone(),
            })
            .collect();
        listed(&names, "or")
    }
}
