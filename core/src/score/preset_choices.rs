//! The presets as a chooser and a help line offer them: each with its ceilings, the
//! default marked (`upkeep score --help`, the demo's risk view).
//!
//! ```
//! use upkeep_core::score::preset_choices;
//!
//! let presets = preset_choices();
//! assert_eq!(presets.help, "prudent, balanced (default) or aggressive");
//! assert_eq!(presets.choices[1].label, "balanced (silent ≤ 0.2, soft ≤ 0.6)");
//! assert!(presets.choices[1].default);
//! ```

use super::js::js_number_to_string;
use super::{DEFAULT_PRESET, PRESETS};
use crate::render::Choice;

/// The presets, as a chooser and a help line offer them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PresetChoices {
    /// Every name in order, the default marked (`prudent, balanced (default) or aggressive`).
    pub help: String,
    /// Each preset, in order: its name, its ceilings, whether it is the default.
    pub choices: Vec<Choice>,
}

/// The presets, as a chooser and a help line offer them.
pub fn preset_choices() -> PresetChoices {
    let choices: Vec<Choice> = PRESETS
        .iter()
        .map(|(name, [silent, soft])| Choice {
            value: (*name).into(),
            label: format!(
                "{name} (silent ≤ {}, soft ≤ {})",
                js_number_to_string(*silent),
                js_number_to_string(*soft)
            ),
            default: *name == DEFAULT_PRESET,
        })
        .collect();
    PresetChoices {
        help: Choice::help_line(&choices),
        choices,
    }
}
