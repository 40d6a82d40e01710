//! The ceilings a regeneration program runs under: how long it may run and how much it may
//! print before upkeep stops it (and its processes). A program past either is killed and
//! the report says which ceiling it hit ([`super::RegenRun`]'s `ceiling`); the rest of the
//! update goes on. And how much of what it may touch is held to put back. The shim
//! enforces them; these are the numbers.
//!
//! ```
//! use upkeep_core::regions::region_limits;
//!
//! let limits = region_limits();
//! assert_eq!((limits.timeout_ms, limits.max_output_bytes), (300_000, 32 << 20));
//! ```

/// A regeneration program's ceilings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionLimits {
    /// How long it may run, in milliseconds: five minutes, ample for a generator and
    /// short enough that a hung one does not hold the update.
    pub timeout_ms: u64,
    /// How many bytes of output (standard output and error together) it may print:
    /// 32 MiB, far past what a generator logs and well below what fills a disk.
    pub max_output_bytes: u64,
    /// The largest file whose bytes are held before the program runs, so that a change
    /// to it outside the region's paths can be put back: 16 MiB. A larger one is
    /// reported, not put back.
    pub preimage_max_bytes: u64,
    /// The bytes held that way at once, in total: 128 MiB.
    pub preimage_budget_bytes: u64,
}

/// The ceilings (see the module docs).
pub fn region_limits() -> RegionLimits {
    RegionLimits {
        timeout_ms: 5 * 60 * 1000,
        max_output_bytes: 32 * 1024 * 1024,
        preimage_max_bytes: 16 << 20,
        preimage_budget_bytes: 128 << 20,
    }
}
