//! The region oracle: the verdict on one declared path with every side's region bodies
//! masked out, so a body a program regenerated does not read as drift.
//!
//! Each side is scanned for each region the path carries. A malformed side anywhere
//! bails: nothing is masked and the verdict is the whole-file table's. Otherwise each
//! present region is masked on its own side (an absent one is compared as it is: the
//! pre-region state), and the table's rows are taken on the masked texts — the same rows,
//! in the same order. A conflict is shown from the masked texts, so it holds only what
//! the project changed.
//!
//! ```
//! use upkeep_core::regions::{region_verdict, RegionMarkers};
//! use upkeep_core::update::{FileClass, Row};
//!
//! let m = [RegionMarkers { start: "<!-- s -->".into(), end: "<!-- e -->".into() }];
//! let base = b"top\n<!-- s -->\nv1 list\n<!-- e -->\n";
//! let mine = b"top\n<!-- s -->\nmy regenerated list\n<!-- e -->\n";
//! let latest = b"TOP\n<!-- s -->\nv2 list\n<!-- e -->\n";
//! let v = region_verdict(FileClass::Shared, mine, base, latest, &m, false);
//! assert_eq!(v.row, Row::NoLocalChange);
//! assert!(!v.markers.bailed);
//! ```

use super::markers::{mask, scan, MarkerScan, ScanState};
use crate::update::{classify, Bytes, FileClass, Row, Side};

/// One region's marker pair.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionMarkers {
    /// The start marker line.
    pub start: String,
    /// The end marker line.
    pub end: String,
}

/// What the scan found on each side.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionSideScans"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SideScans {
    /// Whether some side was malformed, so nothing was masked.
    pub bailed: bool,
    /// The project's copy.
    pub current: ScanState,
    /// The baseline release's copy.
    pub baseline: ScanState,
    /// The latest release's copy.
    pub latest: ScanState,
}

/// The masked texts the verdict was taken on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Normalized {
    /// The project's copy, masked.
    pub current: Bytes,
    /// The baseline's copy, masked.
    pub baseline: Bytes,
    /// The latest release's copy, masked.
    pub latest: Bytes,
}

/// The oracle's answer for one path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionVerdict {
    /// The decision-table row the (masked, or when bailed raw) texts take.
    pub row: Row,
    /// The marker scan per side.
    pub markers: SideScans,
    /// The masked texts; `None` when the oracle bailed.
    pub normalized: Option<Normalized>,
}

/// The oracle's arguments as one value, for the bindings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct RegionVerdictInput {
    /// The path's class.
    pub class: FileClass,
    /// The project's copy.
    pub current: Bytes,
    /// The baseline release's copy.
    pub baseline: Bytes,
    /// The latest release's copy.
    pub latest: Bytes,
    /// The regions the path carries.
    pub markers: Vec<RegionMarkers>,
    /// Compare with CRLF read as LF.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub ignore_eol: bool,
}

impl RegionVerdictInput {
    /// [`region_verdict`] on these arguments.
    pub fn verdict(&self) -> RegionVerdict {
        region_verdict(
            self.class,
            &self.current.0,
            &self.baseline.0,
            &self.latest.0,
            &self.markers,
            self.ignore_eol,
        )
    }
}

/// Masks every region in `text`; `Err` when one is malformed. The state is the worst
/// seen (malformed > absent > present).
fn mask_all(text: &[u8], markers: &[RegionMarkers]) -> (ScanState, Option<Vec<u8>>) {
    let mut out = text.to_vec();
    let mut state = ScanState::Present;
    for m in markers {
        let found = scan(&out, &m.start, &m.end);
        if let MarkerScan::Malformed(_) = found {
            return (ScanState::Malformed, None);
        }
        state = state.max(found.state());
        out = mask(&out, &found);
    }
    (state, Some(out))
}

/// The verdict on a declared path whose three sides are regular files (presence triage
/// already done): `markers` are the regions the path carries.
pub fn region_verdict(
    class: FileClass,
    current: &[u8],
    baseline: &[u8],
    latest: &[u8],
    markers: &[RegionMarkers],
    ignore_eol: bool,
) -> RegionVerdict {
    let (a_state, a) = mask_all(current, markers);
    let (b_state, b) = mask_all(baseline, markers);
    let (l_state, l) = mask_all(latest, markers);
    let scans = |bailed| SideScans {
        bailed,
        current: a_state,
        baseline: b_state,
        latest: l_state,
    };
    match (a, b, l) {
        (Some(a), Some(b), Some(l)) => RegionVerdict {
            row: classify(
                class,
                &Side::bytes(&a),
                &Side::bytes(&b),
                &Side::bytes(&l),
                ignore_eol,
            ),
            markers: scans(false),
            normalized: Some(Normalized {
                current: Bytes(a),
                baseline: Bytes(b),
                latest: Bytes(l),
            }),
        },
        _ => RegionVerdict {
            row: classify(
                class,
                &Side::bytes(current),
                &Side::bytes(baseline),
                &Side::bytes(latest),
                ignore_eol,
            ),
            markers: scans(true),
            normalized: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use FileClass::{Owned, Shared};

    fn file(top: &str, body: Option<&str>) -> String {
        match body {
            Some(body) => format!("{top}\n<!-- s -->\n{body}<!-- e -->\nfoot\n"),
            None => format!("{top}\nfoot\n"),
        }
    }

    #[test]
    fn verdict_rows_on_masked_texts() {
        let m = [RegionMarkers {
            start: "<!-- s -->".into(),
            end: "<!-- e -->".into(),
        }];
        let dup = "top\n<!-- s -->\n<!-- s -->\nx\n<!-- e -->\n".to_string();
        #[rustfmt::skip]
        let table: Vec<(FileClass, String, String, String, Row, bool, ScanState)> = vec![
            // (class, A, B, L, row, bailed, A's state)
            // The project regenerated the region; upstream unchanged.
            (Shared, file("t", Some("mine\n")), file("t", Some("v1\n")), file("t", Some("v1\n")), Row::NoUpstreamChange, false, ScanState::Present),
            // Regenerated, and upstream changed outside the region: a clean update.
            (Owned, file("t", Some("mine\n")), file("t", Some("v1\n")), file("T", Some("v2\n")), Row::NoLocalChange, false, ScanState::Present),
            // Upstream changed only inside the region: nothing to take.
            (Shared, file("t", Some("mine\n")), file("t", Some("v1\n")), file("t", Some("v2\n")), Row::NoUpstreamChange, false, ScanState::Present),
            // Edited outside the region, upstream changed outside: conflict.
            (Shared, file("mine", Some("x\n")), file("t", Some("v1\n")), file("T", Some("v2\n")), Row::Conflict, false, ScanState::Present),
            // Edited outside, already what latest has outside.
            (Shared, file("T", Some("x\n")), file("t", Some("v1\n")), file("T", Some("v2\n")), Row::AlreadyLatest, false, ScanState::Present),
            // Markers removed by the project: compared as is (pre-region), a conflict here.
            (Shared, file("t", None), file("t", Some("v1\n")), file("T", Some("v2\n")), Row::Conflict, false, ScanState::Absent),
            // Pre-region baseline: the region arrives with latest.
            (Shared, file("t", None), file("t", None), file("t", Some("v2\n")), Row::NoLocalChange, false, ScanState::Absent),
            // Duplicated markers on the project's side: bail, whole-file rows.
            (Shared, dup.clone(), file("t", Some("v1\n")), file("t", Some("v2\n")), Row::Conflict, true, ScanState::Malformed),
            (Shared, dup, file("t", Some("v1\n")), file("t", Some("v1\n")), Row::NoUpstreamChange, true, ScanState::Malformed),
        ];
        for (i, (class, a, b, l, row, bailed, a_state)) in table.into_iter().enumerate() {
            let v = region_verdict(class, a.as_bytes(), b.as_bytes(), l.as_bytes(), &m, false);
            assert_eq!(
                (v.row, v.markers.bailed, v.markers.current),
                (row, bailed, a_state),
                "row {i}"
            );
            assert_eq!(v.normalized.is_none(), bailed, "row {i}");
        }
    }

    #[test]
    fn two_regions_in_one_file() {
        let m = [
            RegionMarkers {
                start: "[a]".into(),
                end: "[/a]".into(),
            },
            RegionMarkers {
                start: "[b]".into(),
                end: "[/b]".into(),
            },
        ];
        let text = |x: &str, y: &str| format!("1\n[a]\n{x}\n[/a]\n2\n[b]\n{y}\n[/b]\n3\n");
        let v = region_verdict(
            Shared,
            text("p", "q").as_bytes(),
            text("1", "1").as_bytes(),
            text("2", "2").as_bytes(),
            &m,
            false,
        );
        assert_eq!(v.row, Row::NoUpstreamChange);
        assert_eq!(
            v.normalized.unwrap().current.0,
            b"1\n[a]\n[/a]\n2\n[b]\n[/b]\n3\n"
        );
        let broken = "1\n[a]\n[/a]\n[b]\n";
        let v = region_verdict(
            Shared,
            broken.as_bytes(),
            text("1", "1").as_bytes(),
            text("2", "2").as_bytes(),
            &m,
            false,
        );
        assert!(v.markers.bailed);
    }
}
