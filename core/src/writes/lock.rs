//! The advisory lock every writing run takes (`.upkeep/update.lock`, a refresh's
//! `.upkeep-source.refresh.lock`, a sync's): the holder its file names, and whether a lock
//! found there is refused as busy or broken as stale. The shim creates, reads and removes
//! the file (it alone sees the file system and the processes); the format and the rule are
//! decided here.
//!
//! The rule: a lock is stale only when it is from this host and its process is gone (the
//! shim says, from the pid and the process's start time). A lock whose owner is unknown
//! (empty, partial, a link) is never broken, nor is another host's: the refusal says which
//! file to remove by hand.
//!
//! ```
//! use upkeep_core::writes::{lock_refusal, lock_text, read_lock, LockFacts, LockHolder, LockSeen, LockedRun};
//!
//! let holder = LockHolder { pid: 42, host: "ci".into(), start: None, since: Some("2026-01-01T00:00:00.000Z".into()), run: None };
//! let text = lock_text(&holder);
//! assert_eq!(read_lock(&text), Some(holder.clone()));
//! let seen = |here, alive| LockSeen::Held { holder: holder.clone(), here, alive };
//! let facts = |seen| LockFacts { what: LockedRun::Update, shown: ".upkeep/update.lock".into(), seen };
//! assert_eq!(lock_refusal(&facts(seen(true, false))), None); // stale: broken
//! assert_eq!(lock_refusal(&facts(seen(true, true))).unwrap().code, "busy");
//! ```

use crate::json::{self, Json};
use crate::refusal::Refusal;

/// Who holds a lock, as its file says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LockHolder {
    /// The process id.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "number")))]
    pub pid: u64,
    /// The host name.
    pub host: String,
    /// The process's start time (Linux clock ticks since boot; empty when unknown): a pid
    /// reused by a later process does not hold the lock.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub start: Option<String>,
    /// When it was taken (ISO 8601).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub since: Option<String>,
    /// The run that took it.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub run: Option<String>,
}

/// What the shim found where it wanted to take the lock.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
pub enum LockSeen {
    /// A lock file whose owner is unknown: empty, partial, not a holder, or a link.
    Unknown,
    /// A lock held by `holder`.
    Held {
        /// Who its file names.
        holder: LockHolder,
        /// The holder is on this host.
        here: bool,
        /// Its process still runs (asked only on this host).
        alive: bool,
    },
    /// The lock changed hands at every try.
    Contended,
}

/// The run a lock keeps to one at a time, as its refusal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum LockedRun {
    /// `upkeep update` (and a prune of its backups).
    Update,
    /// `upkeep install` and `upkeep refresh`, which share the host's lock.
    Refresh,
    /// `upkeep sync`.
    Sync,
    /// Any run that writes into the project (`upkeep new`, `upkeep adopt`).
    AnyRun,
}

impl LockedRun {
    /// What is already in progress: `update`, `another upkeep run`.
    fn busy(self) -> &'static str {
        match self {
            LockedRun::AnyRun => "another upkeep run",
            other => other.noun(),
        }
    }

    /// The run, after "if no": `update`, `upkeep run`.
    fn noun(self) -> &'static str {
        match self {
            LockedRun::Update => "update",
            LockedRun::Refresh => "refresh",
            LockedRun::Sync => "sync",
            LockedRun::AnyRun => "upkeep run",
        }
    }
}

/// A lock the shim could not take, and how it names it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LockFacts {
    /// The run the lock guards.
    pub what: LockedRun,
    /// The lock file's path, as shown.
    pub shown: String,
    /// What was there.
    pub seen: LockSeen,
}

/// The lock file's text for `holder`: one line of JSON, fields present in a fixed order.
pub fn lock_text(holder: &LockHolder) -> String {
    let mut out = format!("{{\"pid\":{},\"host\":", holder.pid);
    json::write_string(&mut out, &holder.host);
    for (name, value) in [
        ("start", &holder.start),
        ("since", &holder.since),
        ("run", &holder.run),
    ] {
        if let Some(value) = value {
            out.push_str(&format!(",\"{name}\":"));
            json::write_string(&mut out, value);
        }
    }
    out.push_str("}\n");
    out
}

/// The holder a lock file's `text` names, or `None` when its owner is unknown (not JSON,
/// no whole-number `pid`, no `host`). Fields of other types are left out.
pub fn read_lock(text: &str) -> Option<LockHolder> {
    let doc = json::parse(text.as_bytes()).ok()?;
    let text_of = |name: &str| doc.get(name).and_then(|n| n.as_str()).map(str::to_string);
    let pid = match &doc.get("pid")?.value {
        Json::Number(n) => n.parse::<u64>().ok()?,
        _ => return None,
    };
    Some(LockHolder {
        pid,
        host: text_of("host")?,
        start: text_of("start"),
        since: text_of("since"),
        run: text_of("run"),
    })
}

/// Whether a lock found is stale: its holder is on this host and its process is gone.
/// Only a stale lock is ever broken.
pub fn lock_is_stale(seen: &LockSeen) -> bool {
    matches!(
        seen,
        LockSeen::Held {
            here: true,
            alive: false,
            ..
        }
    )
}

/// The `busy` refusal for a lock that cannot be taken, or `None` when it is stale
/// ([`lock_is_stale`]): the shim breaks it and tries again.
pub fn lock_refusal(facts: &LockFacts) -> Option<Refusal> {
    let LockFacts { what, shown, seen } = facts;
    if lock_is_stale(seen) {
        return None;
    }
    let (busy, noun) = (what.busy(), what.noun());
    let message = match seen {
        LockSeen::Unknown => format!(
            "{busy} already in progress (unknown owner: the lock file '{shown}' is empty or partial; if no {noun} is running, remove it by hand)"
        ),
        LockSeen::Held { holder, here, .. } => {
            let named = named(holder);
            if *here {
                format!("{busy} already in progress ({named})")
            } else {
                format!(
                    "{busy} already in progress ({named}); if no {noun} runs on {}, remove '{shown}' by hand",
                    holder.host
                )
            }
        }
        LockSeen::Contended => {
            format!("{busy} already in progress (the lock '{shown}' keeps changing hands)")
        }
    };
    Some(Refusal::new("busy", message))
}

/// `pid 42, host ci, since 2026-01-01T00:00:00.000Z` (the time left out when unknown).
pub(crate) fn named(holder: &LockHolder) -> String {
    match &holder.since {
        Some(since) => format!("pid {}, host {}, since {since}", holder.pid, holder.host),
        None => format!("pid {}, host {}", holder.pid, holder.host),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_reads_back_and_strangers_are_unknown() {
        let holder = LockHolder {
            pid: 7,
            host: "h\"1".into(),
            start: Some(String::new()),
            since: None,
            run: Some("r".into()),
        };
        assert_eq!(
            lock_text(&holder),
            "{\"pid\":7,\"host\":\"h\\\"1\",\"start\":\"\",\"run\":\"r\"}\n"
        );
        assert_eq!(read_lock(&lock_text(&holder)), Some(holder));
        for text in [
            "",
            "{\"pid\":7",
            "{\"pid\":-1,\"host\":\"h\"}",
            "{\"pid\":1.5,\"host\":\"h\"}",
            "{\"pid\":7}",
            "[]",
        ] {
            assert_eq!(read_lock(text), None, "{text}");
        }
        let lenient = read_lock("{\"pid\":7,\"host\":\"h\",\"since\":3,\"extra\":true}").unwrap();
        assert_eq!(lenient.since, None);
    }

    #[test]
    fn only_this_hosts_dead_holder_is_stale() {
        let holder = read_lock("{\"pid\":7,\"host\":\"far\",\"since\":\"t\"}").unwrap();
        let facts = |seen| LockFacts {
            what: LockedRun::Refresh,
            shown: "x.lock".into(),
            seen,
        };
        let held = |here, alive| LockSeen::Held {
            holder: holder.clone(),
            here,
            alive,
        };
        assert_eq!(lock_refusal(&facts(held(true, false))), None);
        assert!(lock_is_stale(&held(true, false)) && !lock_is_stale(&held(false, false)));
        assert_eq!(
            lock_refusal(&facts(held(false, false))).unwrap().message,
            "refresh already in progress (pid 7, host far, since t); if no refresh runs on far, remove 'x.lock' by hand"
        );
        assert_eq!(
            lock_refusal(&facts(held(true, true))).unwrap().message,
            "refresh already in progress (pid 7, host far, since t)"
        );
        assert!(lock_refusal(&facts(LockSeen::Unknown))
            .unwrap()
            .message
            .contains("unknown owner"));
        assert!(lock_refusal(&facts(LockSeen::Contended))
            .unwrap()
            .message
            .contains("keeps changing hands"));
    }

    #[test]
    fn a_lock_any_run_takes_is_named_as_such() {
        let holder = read_lock("{\"pid\":7,\"host\":\"far\",\"since\":\"t\"}").unwrap();
        let facts = LockFacts {
            what: LockedRun::AnyRun,
            shown: "x.lock".into(),
            seen: LockSeen::Held {
                holder,
                here: false,
                alive: false,
            },
        };
        assert_eq!(
            lock_refusal(&facts).unwrap().message,
            "another upkeep run already in progress (pid 7, host far, since t); if no upkeep run runs on far, remove 'x.lock' by hand"
        );
    }
}
