//! Times without a clock: a run id names when it ran (`20260101-120000-123` for an
//! update, `20260517T123456Z-1a2b3c4d` for a refresh), ages are given as `30d`, `12h`.

use crate::error::{Error, ErrorKind, Result};

const DAY_MS: u64 = 86_400_000;

/// When the run named `id` ran, in ms since the epoch, if its name says (an update's
/// `YYYYMMDD-HHMMSS-mmm`, a refresh's `YYYYMMDDTHHMMSSZ-…`, either with a suffix).
pub fn run_time(id: &str) -> Option<u64> {
    let b = id.as_bytes();
    let digits = |from: usize, len: usize| -> Option<u64> {
        let part = b.get(from..from + len)?;
        part.iter()
            .all(u8::is_ascii_digit)
            .then(|| part.iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0')))
    };
    let (year, month, day) = (digits(0, 4)?, digits(4, 2)?, digits(6, 2)?);
    if !matches!(b.get(8), Some(b'-' | b'T')) {
        return None;
    }
    let (hour, minute, second) = (digits(9, 2)?, digits(11, 2)?, digits(13, 2)?);
    let millis = if b.get(8) == Some(&b'-') && b.get(15) == Some(&b'-') {
        digits(16, 3).unwrap_or(0)
    } else {
        0
    };
    if !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let days = days_from_civil(year, month, day)?;
    Some(days * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + millis)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: u64, month: u64, day: u64) -> Option<u64> {
    let y = if month <= 2 {
        year.checked_sub(1)?
    } else {
        year
    };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe).checked_sub(719_468)
}

/// A time in ms since the epoch as its UTC calendar parts.
struct Civil {
    year: u64,
    month: u64,
    day: u64,
    hour: u64,
    minute: u64,
    second: u64,
    millis: u64,
}

/// The calendar parts of `ms` (Howard Hinnant's `civil_from_days`).
fn civil(ms: u64) -> Civil {
    let days = ms / DAY_MS;
    let in_day = ms % DAY_MS;
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    Civil {
        year: yoe + era * 400 + u64::from(month <= 2),
        month,
        day,
        hour: in_day / 3_600_000,
        minute: in_day / 60_000 % 60,
        second: in_day / 1000 % 60,
        millis: in_day % 1000,
    }
}

/// `YYYY-MM-DD HH:MM UTC` for a time in ms since the epoch.
pub(crate) fn format_time(ms: u64) -> String {
    let c = civil(ms);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        c.year, c.month, c.day, c.hour, c.minute
    )
}

/// How a command names its runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum RunIdStyle {
    /// An update's or a `new`'s: `20260101-120000-123` (the suffix is not used).
    Update,
    /// A refresh's or an install's: `20260517T123456Z-<suffix>` (random hex, so two runs in
    /// one second stay apart).
    Refresh,
    /// A sync's: `2026-01-01T12-00-00-123Z-<suffix>` (the process id).
    Sync,
}

/// The id of a run started at `now_ms` (ms since the epoch), in `style`, with `suffix`
/// where the style has one. [`run_time`] reads the time back from the update and refresh
/// styles.
pub fn run_id(style: RunIdStyle, now_ms: u64, suffix: &str) -> String {
    let c = civil(now_ms);
    let (y, mo, d, h, mi, s, ms) = (c.year, c.month, c.day, c.hour, c.minute, c.second, c.millis);
    match style {
        RunIdStyle::Update => format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}-{ms:03}"),
        RunIdStyle::Refresh => format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z-{suffix}"),
        RunIdStyle::Sync => {
            format!("{y:04}-{mo:02}-{d:02}T{h:02}-{mi:02}-{s:02}-{ms:03}Z-{suffix}")
        }
    }
}

/// An age such as `90m`, `12h`, `30d` or `2w`, in ms.
pub fn parse_duration(text: &str) -> Result<u64> {
    let bad = || {
        Error::new(
            ErrorKind::InvalidArgument,
            text,
            "an age is a whole number followed by m (minutes), h (hours), d (days) or w (weeks), such as 30d",
        )
    };
    let unit = text.chars().last().ok_or_else(bad)?;
    let number = &text[..text.len() - unit.len_utf8()];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u64 = number.parse().map_err(|_| bad())?;
    let scale = match unit {
        'm' => 60_000,
        'h' => 3_600_000,
        'd' => DAY_MS,
        'w' => 7 * DAY_MS,
        _ => return Err(bad()),
    };
    n.checked_mul(scale).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_ids_and_ages() {
        let t = run_time("20260101-120000-123").unwrap();
        assert_eq!(t, 1_767_268_800_123);
        assert_eq!(format_time(t), "2026-01-01 12:00 UTC");
        assert_eq!(
            run_time("20260517T123456Z-1a2b3c4d"),
            Some(1_779_021_296_000)
        );
        assert_eq!(run_time("20260101-120000-123-regen"), Some(t));
        assert_eq!(format_time(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_time(951_782_400_000), "2000-02-29 00:00 UTC");
        assert_eq!(run_id(RunIdStyle::Update, t, ""), "20260101-120000-123");
        let refresh = run_id(RunIdStyle::Refresh, 1_779_021_296_789, "1a2b3c4d");
        assert_eq!(refresh, "20260517T123456Z-1a2b3c4d");
        assert_eq!(run_time(&refresh), Some(1_779_021_296_000));
        assert_eq!(
            run_id(RunIdStyle::Sync, t, "42"),
            "2026-01-01T12-00-00-123Z-42"
        );
        for bad in ["", "x", "20261301-000000", "2026010-1200001", "run1"] {
            assert_eq!(run_time(bad), None, "{bad}");
        }
        assert_eq!(parse_duration("30d").unwrap(), 30 * DAY_MS);
        assert_eq!(parse_duration("2w").unwrap(), 14 * DAY_MS);
        assert_eq!(parse_duration("90m").unwrap(), 5_400_000);
        for bad in ["", "d", "3", "-3d", "3y", "1.5d", "99999999999999999999d"] {
            assert_eq!(
                parse_duration(bad).unwrap_err().code(),
                "invalid-argument",
                "{bad}"
            );
        }
    }
}
