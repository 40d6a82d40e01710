//! The sync plan: bring the checkout's branch up to date with the work clone by a clean
//! step forward only — a fast-forward to the clone's head, or the named commits
//! cherry-picked — and whether the checkout itself may follow afterwards.
//!
//! ```
//! use upkeep_core::land::{plan_sync, SyncAction, SyncFacts};
//!
//! let facts = SyncFacts {
//!     checkout_head: "c0".into(),
//!     clone_head: "c2".into(),
//!     clone_ahead: vec!["c1".into(), "c2".into()],
//!     checkout_ahead: vec![],
//!     picks: vec![],
//! };
//! let plan = plan_sync(&facts);
//! assert_eq!(plan.action, SyncAction::FastForward);
//! assert_eq!(plan.target.as_deref(), Some("c2"));
//! ```

/// A commit named with `--pick`, and where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SyncPick {
    /// The name as given.
    pub name: String,
    /// The full commit id, when the clone knows the name.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha: Option<String>,
    /// Whether the checkout's branch already has that commit.
    #[cfg_attr(feature = "serde", serde(default))]
    pub on_checkout: bool,
}

/// What the shim read from both repositories.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SyncFacts {
    /// The checkout branch's commit.
    pub checkout_head: String,
    /// The work clone's commit.
    pub clone_head: String,
    /// Commits on the clone's branch the checkout lacks, oldest first.
    pub clone_ahead: Vec<String>,
    /// Commits on the checkout's branch the clone lacks.
    pub checkout_ahead: Vec<String>,
    /// The commits named to cherry-pick, in the order given.
    pub picks: Vec<SyncPick>,
}

/// How the branch moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum SyncAction {
    /// Move to the clone's head.
    FastForward,
    /// Cherry-pick the named commits onto the checkout's head.
    CherryPick,
    /// Not a clean step forward; see the refusal.
    Refused,
}

/// Why a sync is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SyncRefusal {
    /// A stable code: `nothing-new`, `checkout-ahead`, `not-on-clone`, `already-on-checkout`,
    /// `named-twice`.
    pub code: String,
    /// The reason, for a person.
    pub reason: String,
}

/// The plan of a sync.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SyncPlan {
    /// Fast-forward, cherry-pick or refused.
    pub action: SyncAction,
    /// The checkout's head the plan starts from.
    pub base: String,
    /// With a fast-forward, the commit the branch moves to.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub target: Option<String>,
    /// The commits brought over, oldest first (cherry-picks in the clone's order).
    pub commits: Vec<String>,
    /// With [`SyncAction::Refused`], why.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub refusal: Option<SyncRefusal>,
}

fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

/// Decides the sync: a fast-forward when no commit is named, the named commits
/// cherry-picked (in the clone's order) otherwise; anything else is refused with its reason.
pub fn plan_sync(facts: &SyncFacts) -> SyncPlan {
    let refuse = |code: &str, reason: String| SyncPlan {
        action: SyncAction::Refused,
        base: facts.checkout_head.clone(),
        target: None,
        commits: Vec::new(),
        refusal: Some(SyncRefusal {
            code: code.into(),
            reason,
        }),
    };
    if facts.picks.is_empty() {
        if facts.clone_ahead.is_empty() {
            return refuse(
                "nothing-new",
                "nothing new: the checkout's branch already has every commit of the clone's".into(),
            );
        }
        if !facts.checkout_ahead.is_empty() {
            return refuse(
                "checkout-ahead",
                format!(
                    "the checkout has {} commit(s) the clone lacks (first {}); name the commits to cherry-pick with --pick",
                    facts.checkout_ahead.len(),
                    short(&facts.checkout_ahead[0])
                ),
            );
        }
        return SyncPlan {
            action: SyncAction::FastForward,
            base: facts.checkout_head.clone(),
            target: Some(facts.clone_head.clone()),
            commits: facts.clone_ahead.clone(),
            refusal: None,
        };
    }
    let mut chosen = Vec::new();
    for pick in &facts.picks {
        let Some(sha) = &pick.sha else {
            return refuse(
                "not-on-clone",
                format!("commit '{}' is not on the clone's branch", pick.name),
            );
        };
        if chosen.contains(&sha) {
            return refuse(
                "named-twice",
                format!("commit '{}' is named twice", pick.name),
            );
        }
        if !facts.clone_ahead.contains(sha) {
            return if pick.on_checkout
                || facts.checkout_ahead.contains(sha)
                || sha == &facts.checkout_head
            {
                refuse(
                    "already-on-checkout",
                    format!("commit '{}' is already on the checkout's branch", pick.name),
                )
            } else {
                refuse(
                    "not-on-clone",
                    format!("commit '{}' is not on the clone's branch", pick.name),
                )
            };
        }
        chosen.push(sha);
    }
    SyncPlan {
        action: SyncAction::CherryPick,
        base: facts.checkout_head.clone(),
        target: None,
        commits: facts
            .clone_ahead
            .iter()
            .filter(|c| chosen.contains(c))
            .cloned()
            .collect(),
        refusal: None,
    }
}

/// Whether the checkout may follow the synced commit, and the note when it may not.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "SyncCheckoutFollow"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct CheckoutFollow {
    /// Whether to fast-forward the checkout.
    pub follows: bool,
    /// Why it is left behind, when it is.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub note: Option<String>,
}

/// The checkout follows only when that cannot touch anyone's work: it is still at
/// `seen_head` on its branch (`now_head`), has no uncommitted changes, and the synced
/// commit fast-forwards it.
pub fn checkout_follow(
    seen_head: &str,
    now_head: Option<&str>,
    uncommitted: bool,
    fast_forwards: bool,
) -> CheckoutFollow {
    let behind = |why: &str| CheckoutFollow {
        follows: false,
        note: Some(format!("the checkout was left behind: {why}")),
    };
    if now_head != Some(seen_head) {
        behind("it moved during the sync")
    } else if uncommitted {
        behind("it has uncommitted changes")
    } else if !fast_forwards {
        behind("it would not fast-forward")
    } else {
        CheckoutFollow {
            follows: true,
            note: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(ahead: &[&str], behind: &[&str], picks: &[(&str, Option<&str>)]) -> SyncFacts {
        SyncFacts {
            checkout_head: "base".into(),
            clone_head: ahead.last().unwrap_or(&"base").to_string(),
            clone_ahead: ahead.iter().map(|s| s.to_string()).collect(),
            checkout_ahead: behind.iter().map(|s| s.to_string()).collect(),
            picks: picks
                .iter()
                .map(|(n, s)| SyncPick {
                    name: n.to_string(),
                    sha: s.map(str::to_string),
                    on_checkout: *n == "shared",
                })
                .collect(),
        }
    }

    /// Clone ahead, checkout ahead, picks, the action, the refusal code, the commits.
    type PlanCase<'a> = (
        &'a [&'a str],
        &'a [&'a str],
        &'a [(&'a str, Option<&'a str>)],
        SyncAction,
        Option<&'a str>,
        &'a [&'a str],
    );

    #[test]
    fn plans() {
        let cases: &[PlanCase] = &[
            (
                &["c1", "c2"],
                &[],
                &[],
                SyncAction::FastForward,
                None,
                &["c1", "c2"],
            ),
            (&[], &[], &[], SyncAction::Refused, Some("nothing-new"), &[]),
            (
                &["c1"],
                &["x"],
                &[],
                SyncAction::Refused,
                Some("checkout-ahead"),
                &[],
            ),
            (
                &["c1", "c2"],
                &["x"],
                &[("c2", Some("c2")), ("c1", Some("c1"))],
                SyncAction::CherryPick,
                None,
                &["c1", "c2"],
            ),
            (
                &["c1"],
                &[],
                &[("zz", None)],
                SyncAction::Refused,
                Some("not-on-clone"),
                &[],
            ),
            (
                &["c1"],
                &[],
                &[("q", Some("q"))],
                SyncAction::Refused,
                Some("not-on-clone"),
                &[],
            ),
            (
                &["c1"],
                &["x"],
                &[("x", Some("x"))],
                SyncAction::Refused,
                Some("already-on-checkout"),
                &[],
            ),
            (
                &["c1"],
                &[],
                &[("c1", Some("c1")), ("c1", Some("c1"))],
                SyncAction::Refused,
                Some("named-twice"),
                &[],
            ),
        ];
        for (ahead, behind, picks, action, code, commits) in cases {
            let plan = plan_sync(&facts(ahead, behind, picks));
            assert_eq!(plan.action, *action, "{ahead:?} {picks:?}");
            assert_eq!(plan.refusal.as_ref().map(|r| r.code.as_str()), *code);
            assert_eq!(plan.commits, *commits);
        }
    }

    #[test]
    fn follows_only_when_safe() {
        assert!(checkout_follow("a", Some("a"), false, true).follows);
        for (now, dirty, ff, why) in [
            (Some("b"), false, true, "moved"),
            (None, false, true, "moved"),
            (Some("a"), true, true, "uncommitted"),
            (Some("a"), false, false, "fast-forward"),
        ] {
            let f = checkout_follow("a", now, dirty, ff);
            assert!(!f.follows && f.note.unwrap().contains(why));
        }
    }
}
