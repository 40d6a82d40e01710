//! What a caller's flag values and answers mean, where the command line or the API only
//! passes them on: `--install shipped=installed`, `--ticket ID[:title]` with `--claim
//! ID=path`, `merge`'s and `diff`'s flags, and an API caller's answer to the update's
//! question. Each returns what the command runs with, or the refusal (its words and code
//! are [`usage_refusal`]'s), so no shell splits a value or counts flags itself.
//!
//! ```
//! use upkeep_core::command_args::install_pairs;
//!
//! let parsed = install_pairs(&["tpl.json=app.json".to_string()]);
//! assert_eq!(parsed.pairs, vec![("tpl.json".to_string(), "app.json".to_string())]);
//! assert_eq!(install_pairs(&["=x".to_string()]).refusal.unwrap().code, "usage");
//! ```

use crate::land::LandTicket;
use crate::refusal::Refusal;
use crate::text::{ConflictStyle, Favor, MergeOptions};
use crate::usage_refusal::{usage_refusal, UsageProblem};

/// `manifest init --install` pairs, split.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct InstallPairs {
    /// `[shipped name, installed name]`, in the order given (empty when refused).
    pub pairs: Vec<(String, String)>,
    /// The first pair not of the shape `<shipped>=<installed>`.
    pub refusal: Option<Refusal>,
}

/// Splits each `<shipped name>=<installed name>` at its first `=`; neither side may be empty.
pub fn install_pairs(given: &[String]) -> InstallPairs {
    let mut pairs = Vec::with_capacity(given.len());
    for pair in given {
        match pair.split_once('=') {
            Some((shipped, installed)) if !shipped.is_empty() && !installed.is_empty() => {
                pairs.push((shipped.to_string(), installed.to_string()));
            }
            _ => {
                return InstallPairs {
                    pairs: Vec::new(),
                    refusal: Some(usage_refusal(&UsageProblem::InstallPairShape {
                        pair: pair.clone(),
                    })),
                }
            }
        }
    }
    InstallPairs {
        pairs,
        refusal: None,
    }
}

/// `land --seal`'s tickets, with the files each claims.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LandTickets {
    /// The tickets in the order given (empty when refused).
    pub tickets: Vec<LandTicket>,
    /// The first claim that is not `ID=path` for a ticket named.
    pub refusal: Option<Refusal>,
}

/// Reads `--ticket ID[:title]` (split at the first `:`) in order, then gives each `--claim
/// ID=path` (split at the first `=`) to the first ticket with that id.
pub fn land_tickets(specs: &[String], claims: &[String]) -> LandTickets {
    let mut tickets: Vec<LandTicket> = specs
        .iter()
        .map(|spec| {
            let (id, title) = match spec.split_once(':') {
                Some((id, title)) => (id, Some(title.to_string())),
                None => (spec.as_str(), None),
            };
            LandTicket {
                id: id.to_string(),
                title,
                files: Vec::new(),
            }
        })
        .collect();
    for claim in claims {
        let ticket = claim
            .split_once('=')
            .and_then(|(id, path)| Some((tickets.iter_mut().find(|t| t.id == id)?, path)));
        match ticket {
            Some((ticket, path)) => ticket.files.push(path.to_string()),
            None => {
                return LandTickets {
                    tickets: Vec::new(),
                    refusal: Some(usage_refusal(&UsageProblem::ClaimShape {
                        claim: claim.clone(),
                    })),
                }
            }
        }
    }
    LandTickets {
        tickets,
        refusal: None,
    }
}

/// `upkeep merge`'s flags, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct MergeFlags {
    /// The three files, ours, base, theirs: each side's label when `-L` names none.
    pub paths: [String; 3],
    /// `-L`, in order: ours, base, theirs.
    #[cfg_attr(feature = "serde", serde(default))]
    pub labels: Vec<String>,
    /// `--ours`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub ours: bool,
    /// `--theirs`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub theirs: bool,
    /// `--union`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub union: bool,
    /// `--diff3`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub diff3: bool,
    /// `--zdiff3`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub zdiff3: bool,
    /// `--marker-size`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub marker_size: Option<usize>,
}

/// The merge `upkeep merge` makes, or why its flags cannot mean one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct MergeCommand {
    /// The merge's options (none when refused).
    pub options: Option<MergeOptions>,
    /// More than three labels, two favours, or two conflict styles.
    pub refusal: Option<Refusal>,
}

/// Reads `merge`'s flags as `git merge-file` does: a side without a label is labelled by
/// its path.
pub fn merge_command(flags: &MergeFlags) -> MergeCommand {
    let favors = [
        (flags.ours, Favor::Ours),
        (flags.theirs, Favor::Theirs),
        (flags.union, Favor::Union),
    ];
    let mut chosen = favors.iter().filter(|(on, _)| *on).map(|(_, f)| *f);
    let favor = chosen.next().unwrap_or(Favor::None);
    if flags.labels.len() > 3 || chosen.next().is_some() || (flags.diff3 && flags.zdiff3) {
        return MergeCommand {
            options: None,
            refusal: Some(usage_refusal(&UsageProblem::MergeFlags)),
        };
    }
    let label = |i: usize| Some(flags.labels.get(i).unwrap_or(&flags.paths[i]).clone());
    let defaults = MergeOptions::default();
    MergeCommand {
        options: Some(MergeOptions {
            style: if flags.zdiff3 {
                ConflictStyle::Zdiff3
            } else if flags.diff3 {
                ConflictStyle::Diff3
            } else {
                ConflictStyle::Merge
            },
            favor,
            ours_label: label(0),
            base_label: label(1),
            theirs_label: label(2),
            marker_size: flags.marker_size.unwrap_or(defaults.marker_size),
        }),
        refusal: None,
    }
}

/// `upkeep diff`'s `-L` labels, one per side, or why there are too many.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct DiffLabels {
    /// The old side's label; none: its name and time.
    pub old: Option<String>,
    /// The new side's.
    pub new: Option<String>,
    /// More than two labels.
    pub refusal: Option<Refusal>,
}

/// The first label is the old side's, the second the new side's.
pub fn diff_labels(labels: &[String]) -> DiffLabels {
    if labels.len() > 2 {
        return DiffLabels {
            refusal: Some(usage_refusal(&UsageProblem::TooManyLabels)),
            ..DiffLabels::default()
        };
    }
    DiffLabels {
        old: labels.first().cloned(),
        new: labels.get(1).cloned(),
        refusal: None,
    }
}

/// Who answers an API caller's questions (`decide`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Decider {
    /// A callback: it is asked every question and must answer.
    Callback,
    /// A map of answers by question id, or no `decide` at all: an unanswered question takes
    /// its default, as a run with no terminal does.
    Answers,
}

/// What a caller answered, as the API saw the JavaScript value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
pub enum AnswerSeen {
    /// Nothing (`undefined`, or no entry in the map).
    None,
    /// `true` or `false`.
    Boolean {
        /// The answer.
        value: bool,
    },
    /// Anything else.
    Other {
        /// The value as JSON (`undefined` when it has none).
        shown: String,
    },
}

/// Whether the update goes ahead, or why the answer cannot say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateAnswer {
    /// Whether the update writes.
    pub proceed: bool,
    /// An answer that is not true or false (a callback's silence included).
    pub refusal: Option<Refusal>,
}

/// The API's `update` question ("update from X to Y?"): a boolean is the answer; no answer
/// from a map (or without `decide`) goes ahead, as `--yes` does; a callback must answer.
pub fn update_answer(decider: Decider, answer: &AnswerSeen) -> UpdateAnswer {
    let refused = |shown: &str| UpdateAnswer {
        proceed: false,
        refusal: Some(usage_refusal(&UsageProblem::DecideAnswer {
            function: "update".into(),
            question: "update".into(),
            answer: shown.into(),
        })),
    };
    match (answer, decider) {
        (AnswerSeen::Boolean { value }, _) => UpdateAnswer {
            proceed: *value,
            refusal: None,
        },
        (AnswerSeen::None, Decider::Answers) => UpdateAnswer {
            proceed: true,
            refusal: None,
        },
        (AnswerSeen::None, Decider::Callback) => refused("undefined"),
        (AnswerSeen::Other { shown }, _) => refused(shown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_pair_splits_at_its_first_equals_sign() {
        let parsed = install_pairs(&strings(&["a=b=c"]));
        assert_eq!(parsed.pairs, vec![("a".into(), "b=c".into())]);
        for bad in ["a", "a=", "=b"] {
            let refusal = install_pairs(&strings(&[bad])).refusal.unwrap();
            assert!(refusal.message.contains(&format!("'{bad}'")), "{bad}");
        }
    }

    #[test]
    fn claims_go_to_the_ticket_they_name() {
        let parsed = land_tickets(&strings(&["T-1:Fix: it", "T-2"]), &strings(&["T-2=a=b"]));
        assert_eq!(parsed.tickets[0].title.as_deref(), Some("Fix: it"));
        assert_eq!(parsed.tickets[1].files, vec!["a=b".to_string()]);
        for bad in ["T-3=a", "T-1"] {
            let refused = land_tickets(&strings(&["T-1"]), &strings(&[bad]));
            assert_eq!(refused.refusal.unwrap().code, "usage", "{bad}");
        }
    }

    #[test]
    fn merge_flags_label_sides_by_their_paths() {
        let flags = MergeFlags {
            paths: ["o".into(), "b".into(), "t".into()],
            labels: strings(&["mine"]),
            diff3: true,
            ..MergeFlags::default()
        };
        let options = merge_command(&flags).options.unwrap();
        assert_eq!(options.style, ConflictStyle::Diff3);
        assert_eq!(options.ours_label.as_deref(), Some("mine"));
        assert_eq!(options.theirs_label.as_deref(), Some("t"));
        let two = MergeFlags {
            ours: true,
            union: true,
            ..flags
        };
        assert!(merge_command(&two).refusal.is_some());
    }

    #[test]
    fn a_callback_must_answer_and_a_map_may_not() {
        assert!(update_answer(Decider::Answers, &AnswerSeen::None).proceed);
        let silent = update_answer(Decider::Callback, &AnswerSeen::None);
        assert!(silent.refusal.unwrap().message.contains("with undefined"));
        let no = update_answer(Decider::Callback, &AnswerSeen::Boolean { value: false });
        assert_eq!((no.proceed, no.refusal), (false, None));
    }
}
