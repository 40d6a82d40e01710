//! Region markers in one side of a file: the scan (present, absent, malformed) and the
//! masking of a present region's body.
//!
//! A marker matches a whole line: the line, with its line ending and surrounding
//! whitespace trimmed, equals the marker (trimmed the same way). One start line followed
//! by one end line is a region; neither is the pre-region state; anything else — a marker
//! twice, one without the other, the end before the start — is malformed. Masking keeps
//! both marker lines and drops what lies between them.
//!
//! ```
//! use upkeep_core::regions::{mask, scan, MarkerScan};
//!
//! let text = b"# Team\n<!-- s -->\nann\nbob\n<!-- e -->\nend\n";
//! let found = scan(text, "<!-- s -->", "<!-- e -->");
//! assert!(matches!(found, MarkerScan::Present { .. }));
//! assert_eq!(mask(text, &found), b"# Team\n<!-- s -->\n<!-- e -->\nend\n");
//! assert_eq!(scan(b"none\n", "<!-- s -->", "<!-- e -->"), MarkerScan::Absent);
//! ```

/// What a side holds for one region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerScan {
    /// One start line, then one end line: the body is `body_start..body_end` (bytes).
    Present {
        /// The first byte after the start marker's line.
        body_start: usize,
        /// The first byte of the end marker's line.
        body_end: usize,
    },
    /// Neither marker: the file does not carry the region yet.
    Absent,
    /// The markers cannot delimit one region.
    Malformed(MarkerAnomaly),
}

/// Why a side's markers cannot delimit a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum MarkerAnomaly {
    /// A marker appears more than once.
    Duplicated,
    /// One marker appears without the other.
    Unbalanced,
    /// The end marker comes before the start marker.
    OutOfOrder,
}

/// The state of one side, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionScanState"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ScanState {
    /// Every region declared for the path is present.
    Present,
    /// Some region is absent (and none is malformed).
    Absent,
    /// Some region's markers are malformed.
    Malformed,
}

impl MarkerScan {
    /// The report's name for this state.
    pub fn state(&self) -> ScanState {
        match self {
            MarkerScan::Present { .. } => ScanState::Present,
            MarkerScan::Absent => ScanState::Absent,
            MarkerScan::Malformed(_) => ScanState::Malformed,
        }
    }
}

/// Lines of `text` with their byte ranges (line ending included).
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        let start = at;
        let end = text[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |i| at + i + 1);
        at = end;
        Some((start, end))
    })
}

fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

/// Scans one side for the region `start`..`end`.
pub fn scan(text: &[u8], start: &str, end: &str) -> MarkerScan {
    let (start, end) = (trim(start.as_bytes()), trim(end.as_bytes()));
    let mut starts = Vec::new();
    let mut ends = Vec::new();
    for (from, to) in lines(text) {
        let line = trim(&text[from..to]);
        if line == start {
            starts.push((from, to));
        } else if line == end {
            ends.push((from, to));
        }
    }
    match (starts.as_slice(), ends.as_slice()) {
        ([], []) => MarkerScan::Absent,
        ([s], [e]) if s.1 <= e.0 => MarkerScan::Present {
            body_start: s.1,
            body_end: e.0,
        },
        ([_], [_]) => MarkerScan::Malformed(MarkerAnomaly::OutOfOrder),
        (s, e) if s.len() > 1 || e.len() > 1 => MarkerScan::Malformed(MarkerAnomaly::Duplicated),
        _ => MarkerScan::Malformed(MarkerAnomaly::Unbalanced),
    }
}

/// `text` with a present region's body removed (the marker lines stay); any other scan
/// leaves the text as it is.
pub fn mask(text: &[u8], found: &MarkerScan) -> Vec<u8> {
    match *found {
        MarkerScan::Present {
            body_start,
            body_end,
        } => {
            let mut out = Vec::with_capacity(text.len() - (body_end - body_start));
            out.extend_from_slice(&text[..body_start]);
            out.extend_from_slice(&text[body_end..]);
            out
        }
        _ => text.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MarkerAnomaly::*;

    #[test]
    fn scan_states() {
        let (s, e) = ("<!-- s -->", "<!-- e -->");
        #[rustfmt::skip]
        let table: &[(&str, Option<MarkerAnomaly>, &str)] = &[
            // (text, anomaly, masked) — None with masked == text for absent.
            ("a\n<!-- s -->\nbody\n<!-- e -->\nz\n", None, "a\n<!-- s -->\n<!-- e -->\nz\n"),
            ("  <!-- s -->  \r\nbody\r\n\t<!-- e -->\r\n", None, "  <!-- s -->  \r\n\t<!-- e -->\r\n"),
            ("<!-- s -->\n<!-- e -->", None, "<!-- s -->\n<!-- e -->"),
            ("<!-- s -->\nb\n<!-- e -->", None, "<!-- s -->\n<!-- e -->"),
            ("a\nb\n", None, "a\nb\n"),
            ("", None, ""),
            ("x <!-- s --> y\n", None, "x <!-- s --> y\n"),
            ("<!-- s -->\n<!-- s -->\n<!-- e -->\n", Some(Duplicated), ""),
            ("<!-- s -->\n<!-- e -->\n<!-- e -->\n", Some(Duplicated), ""),
            ("<!-- s -->\n<!-- e -->\n<!-- s -->\n<!-- e -->\n", Some(Duplicated), ""),
            ("<!-- s -->\nbody\n", Some(Unbalanced), ""),
            ("body\n<!-- e -->\n", Some(Unbalanced), ""),
            ("<!-- s -->\n<!-- s -->\n", Some(Duplicated), ""),
            ("<!-- e -->\nbody\n<!-- s -->\n", Some(OutOfOrder), ""),
        ];
        for &(text, anomaly, masked) in table {
            let found = scan(text.as_bytes(), s, e);
            match anomaly {
                Some(a) => assert_eq!(found, MarkerScan::Malformed(a), "{text:?}"),
                None => {
                    assert!(!matches!(found, MarkerScan::Malformed(_)), "{text:?}");
                    assert_eq!(
                        String::from_utf8(mask(text.as_bytes(), &found)).unwrap(),
                        masked,
                        "{text:?}"
                    );
                }
            }
        }
        assert_eq!(scan(b"a\n", s, e).state(), ScanState::Absent);
        assert_eq!(scan(b"<!-- e -->\n", s, e).state(), ScanState::Malformed);
    }

    #[test]
    fn malformed_masks_nothing() {
        let text = b"<!-- s -->\nbody\n";
        assert_eq!(mask(text, &scan(text, "<!-- s -->", "<!-- e -->")), text);
    }
}
