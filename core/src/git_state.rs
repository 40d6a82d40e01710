//! The names upkeep gives its own state inside a repository's git dir, and the refs and
//! remote its git runs use: kept out of the work tree, so `git status` stays clean and a
//! clone never carries them. The shim joins these to the git dir git reports; it names
//! none of them itself.
//!
//! ```
//! use upkeep_core::git_state::GIT_STATE;
//!
//! assert_eq!(GIT_STATE.sync_lock, "upkeep/sync.lock");
//! assert!(GIT_STATE.sync_worktree("sync-1").starts_with("upkeep/"));
//! ```

/// Paths relative to a git dir (`/`-separated) and ref names, one per piece of state.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct GitStateNames {
    /// The lock one `sync` at a time holds (under the common git dir, shared by worktrees).
    pub sync_lock: &'static str,
    /// The passed checks, one JSON line each, that a later sync carries.
    pub check_records: &'static str,
    /// Where a sync's own worktree goes, before its run id.
    pub sync_worktree_prefix: &'static str,
    /// The ref a sync fetches the work clone's head to, before its run id.
    pub sync_ref_prefix: &'static str,
    /// Where `land --seal` puts the handoff when `--handoff` names none.
    pub handoff: &'static str,
    /// The brick catalogue `loop init` keeps for the later loop commands.
    pub loop_bricks: &'static str,
    /// The marker of an unfinished `fleet step` run.
    pub fleet_marker: &'static str,
    /// The ref `fleet step` fetches the remote branch to.
    pub fleet_remote_ref: &'static str,
    /// The change-request folder `fleet step` has the update write when `--payload` names
    /// none.
    pub fleet_payload: &'static str,
}

impl GitStateNames {
    /// The worktree path of the sync with this run id.
    pub fn sync_worktree(&self, run_id: &str) -> String {
        format!("{}{run_id}", self.sync_worktree_prefix)
    }
}

/// Every name of [`GitStateNames`].
pub const GIT_STATE: GitStateNames = GitStateNames {
    sync_lock: "upkeep/sync.lock",
    check_records: "upkeep/checks.jsonl",
    sync_worktree_prefix: "upkeep/sync-",
    sync_ref_prefix: "refs/upkeep/sync/",
    handoff: "upkeep/handoff.json",
    loop_bricks: "upkeep/loop-bricks.json",
    fleet_marker: "upkeep-fleet-step.json",
    fleet_remote_ref: "refs/upkeep-fleet/remote",
    fleet_payload: "upkeep-pr",
};

/// The remote `sync` reads and pushes to: the checkout's own, as a plain `git push` uses.
pub const SYNC_REMOTE: &str = "origin";

/// The file `fleet step` writes its outcome to, beside the change request it wrote.
pub const FLEET_STEP_OUTCOME: &str = "step.json";
