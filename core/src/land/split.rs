//! Planning a land: the moved-since-seal check and how a batch splits into commits.
//!
//! The tickets' file sets disjoint → one commit per ticket, in ticket order, each named
//! for its ticket; overlapping → one commit named for all of them. Inherited files go
//! with the first commit and are named apart in its message. A commit whose files all
//! match `HEAD` already landed (a re-run after a partial land continues from there).
//!
//! ```
//! use upkeep_core::land::{plan_land, seal_handoff, CurrentFile, LandStatus, LandTicket, SealedFile};
//!
//! let d = "1".repeat(64);
//! let sealed = |p: &str| SealedFile { path: p.into(), sha256: Some(d.clone()) };
//! let t = |id: &str, f: &str| LandTicket { id: id.into(), title: None, files: vec![f.into()] };
//! let handoff = seal_handoff(vec![sealed("a"), sealed("b")], vec![t("T-1", "a"), t("T-2", "b")], vec![]).unwrap();
//! let now = |p: &str| CurrentFile { path: p.into(), sha256: Some(d.clone()), dirty: true };
//! let plan = plan_land(&handoff, &[now("a"), now("b")]).unwrap();
//! assert_eq!(plan.status, LandStatus::Ready);
//! assert_eq!(plan.commits.len(), 2);
//! assert_eq!(plan.commits[0].subject, "T-1");
//! ```

use std::collections::BTreeSet;

use super::handoff::{Handoff, LandTicket};
use crate::error::{Error, ErrorKind, Result};

/// A file of the handoff as it is in the workspace now.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandCurrentFile"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CurrentFile {
    /// The path, as in the handoff.
    pub path: String,
    /// Its SHA-256 now; `None` when it does not exist.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
    /// Whether it differs from `HEAD` (git status lists it).
    pub dirty: bool,
}

/// A file whose content is not what was sealed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandMovedFile"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct MovedFile {
    /// The path.
    pub path: String,
    /// The sealed SHA-256 (`None`: sealed as deleted).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sealed: Option<String>,
    /// The SHA-256 now (`None`: missing now).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<String>,
}

/// One commit of a land.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "LandPlannedCommit"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct PlannedCommit {
    /// The ids of the tickets it is named for (none when the handoff has no ticket).
    pub tickets: Vec<String>,
    /// The changed files it commits, sorted.
    pub files: Vec<String>,
    /// The inherited files it also commits, sorted.
    pub inherited: Vec<String>,
    /// The message's first line.
    pub subject: String,
    /// The whole commit message, ending with a newline.
    pub message: String,
}

/// Whether a handoff can be landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum LandStatus {
    /// Commits to make.
    Ready,
    /// No changed files (or every commit already landed): nothing to commit.
    NothingToLand,
    /// The workspace moved since the seal: refused, nothing is committed.
    Moved,
}

/// What `upkeep land` will do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LandPlan {
    /// Ready, nothing to land, or moved.
    pub status: LandStatus,
    /// Whether the tickets' file sets overlap (one commit for all of them).
    pub overlap: bool,
    /// The commits to make, in order.
    pub commits: Vec<PlannedCommit>,
    /// Commits of the split whose files already match `HEAD`.
    pub already_landed: Vec<PlannedCommit>,
    /// With [`LandStatus::Moved`], the files that moved.
    pub moved: Vec<MovedFile>,
}

/// Plans the land of `handoff` given the workspace's files now (`current` must list every
/// changed and inherited file of the handoff).
pub fn plan_land(handoff: &Handoff, current: &[CurrentFile]) -> Result<LandPlan> {
    let now = |path: &str| {
        current.iter().find(|c| c.path == path).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                path,
                "the workspace state does not list this handoff file",
            )
        })
    };
    let mut moved = Vec::new();
    for file in handoff.files.iter().chain(&handoff.inherited) {
        let c = now(&file.path)?;
        if c.sha256 != file.sha256 {
            moved.push(MovedFile {
                path: file.path.clone(),
                sealed: file.sha256.clone(),
                current: c.sha256.clone(),
            });
        }
    }
    let mut plan = LandPlan {
        status: LandStatus::Moved,
        overlap: false,
        commits: Vec::new(),
        already_landed: Vec::new(),
        moved,
    };
    if !plan.moved.is_empty() {
        return Ok(plan);
    }
    let all: Vec<String> = handoff.files.iter().map(|f| f.path.clone()).collect();
    let mut claimed = BTreeSet::new();
    plan.overlap = handoff
        .tickets
        .iter()
        .flat_map(|t| &t.files)
        .any(|f| !claimed.insert(f.as_str()));
    let groups: Vec<(Vec<&LandTicket>, Vec<String>)> = if handoff.tickets.len() <= 1 || plan.overlap
    {
        vec![(handoff.tickets.iter().collect(), all.clone())]
    } else {
        handoff
            .tickets
            .iter()
            .map(|t| (vec![t], t.files.clone()))
            .collect()
    };
    let inherited: Vec<String> = handoff.inherited.iter().map(|f| f.path.clone()).collect();
    if all.is_empty() {
        plan.status = LandStatus::NothingToLand;
        return Ok(plan);
    }
    for (index, (tickets, mut files)) in groups.into_iter().enumerate() {
        files.sort();
        let inherited = if index == 0 {
            inherited.clone()
        } else {
            Vec::new()
        };
        let (subject, message) = message(&tickets, &files, &inherited);
        let commit = PlannedCommit {
            tickets: tickets.iter().map(|t| t.id.clone()).collect(),
            files,
            inherited,
            subject,
            message,
        };
        let landed = commit
            .files
            .iter()
            .chain(&commit.inherited)
            .all(|p| now(p).map(|c| !c.dirty).unwrap_or(false));
        if landed {
            plan.already_landed.push(commit);
        } else {
            plan.commits.push(commit);
        }
    }
    plan.status = if plan.commits.is_empty() {
        LandStatus::NothingToLand
    } else {
        LandStatus::Ready
    };
    Ok(plan)
}

/// The subject and message of a commit for `tickets` committing `files` and `inherited`.
fn message(tickets: &[&LandTicket], files: &[String], inherited: &[String]) -> (String, String) {
    let subject = match tickets {
        [] => "Land approved changes".to_string(),
        [one] => match &one.title {
            Some(title) => format!("{}: {title}", one.id),
            None => one.id.clone(),
        },
        many => many
            .iter()
            .map(|t| t.id.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    };
    let mut message = format!("{subject}\n");
    if tickets.len() > 1 {
        message.push_str("\nTickets (their changes overlap):\n");
        for t in tickets {
            match &t.title {
                Some(title) => message.push_str(&format!("  {}: {title}\n", t.id)),
                None => message.push_str(&format!("  {}\n", t.id)),
            }
        }
    }
    message.push_str("\nFiles:\n");
    for f in files {
        message.push_str(&format!("  {f}\n"));
    }
    if !inherited.is_empty() {
        message.push_str("\nInherited (already uncommitted when the work started):\n");
        for f in inherited {
            message.push_str(&format!("  {f}\n"));
        }
    }
    (subject, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::land::{seal_handoff, SealedFile};

    fn d(c: char) -> Option<String> {
        Some(c.to_string().repeat(64))
    }

    fn ticket(id: &str, files: &[&str]) -> LandTicket {
        LandTicket {
            id: id.into(),
            title: Some(format!("title {id}")),
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    fn handoff(files: &[&str], tickets: Vec<LandTicket>, inherited: &[&str]) -> Handoff {
        let dirty = files
            .iter()
            .chain(inherited)
            .map(|p| SealedFile {
                path: p.to_string(),
                sha256: d('1'),
            })
            .collect();
        seal_handoff(
            dirty,
            tickets,
            inherited.iter().map(|p| p.to_string()).collect(),
        )
        .unwrap()
    }

    fn state(paths: &[&str], clean: &[&str]) -> Vec<CurrentFile> {
        paths
            .iter()
            .map(|p| CurrentFile {
                path: p.to_string(),
                sha256: d('1'),
                dirty: !clean.contains(p),
            })
            .collect()
    }

    /// Files, tickets, inherited, clean now, the status, the commits' subjects.
    type SplitCase<'a> = (
        &'a [&'a str],
        Vec<LandTicket>,
        &'a [&'a str],
        &'a [&'a str],
        LandStatus,
        &'a [&'a str],
    );

    #[test]
    fn splits() {
        // (files, tickets, inherited, clean now, status, subjects of the commits)
        let cases: Vec<SplitCase> = vec![
            (
                &["a", "b"],
                vec![ticket("T1", &["b"]), ticket("T2", &["a"])],
                &[],
                &[],
                LandStatus::Ready,
                &["T1: title T1", "T2: title T2"],
            ),
            (
                &["a", "b"],
                vec![ticket("T1", &["a", "b"]), ticket("T2", &["a"])],
                &[],
                &[],
                LandStatus::Ready,
                &["T1, T2"],
            ),
            (
                &["a"],
                vec![ticket("T1", &[])],
                &["z"],
                &[],
                LandStatus::Ready,
                &["T1: title T1"],
            ),
            (
                &["a"],
                vec![],
                &[],
                &[],
                LandStatus::Ready,
                &["Land approved changes"],
            ),
            (&[], vec![], &[], &[], LandStatus::NothingToLand, &[]),
            (
                &["a", "b"],
                vec![ticket("T1", &["a"]), ticket("T2", &["b"])],
                &[],
                &["a"],
                LandStatus::Ready,
                &["T2: title T2"],
            ),
            (
                &["a", "b"],
                vec![ticket("T1", &["a"]), ticket("T2", &["b"])],
                &[],
                &["a", "b"],
                LandStatus::NothingToLand,
                &[],
            ),
        ];
        for (files, tickets, inherited, clean, status, subjects) in cases {
            let h = handoff(files, tickets, inherited);
            let all: Vec<&str> = files.iter().chain(inherited).copied().collect();
            let plan = plan_land(&h, &state(&all, clean)).unwrap();
            assert_eq!(plan.status, status, "{files:?}");
            let got: Vec<&str> = plan.commits.iter().map(|c| c.subject.as_str()).collect();
            assert_eq!(got, subjects, "{files:?}");
        }
    }

    #[test]
    fn moved_and_inherited() {
        let h = handoff(&["a"], vec![ticket("T1", &[])], &["z"]);
        let mut now = state(&["a", "z"], &[]);
        let plan = plan_land(&h, &now).unwrap();
        assert_eq!(plan.commits[0].inherited, ["z"]);
        assert!(plan.commits[0]
            .message
            .contains("Inherited (already uncommitted when the work started):\n  z\n"));
        now[1].sha256 = None;
        let plan = plan_land(&h, &now).unwrap();
        assert_eq!(plan.status, LandStatus::Moved);
        assert_eq!(plan.moved[0].path, "z");
        assert!(plan_land(&h, &now[..1]).is_err());
    }
}
