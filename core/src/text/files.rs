//! The unified diff of two files as GNU `diff -u <old> <new>` prints it: without `-L`
//! labels the header names each file the way GNU quotes it and adds its modification time
//! (`--- a.txt\t2024-05-17 12:34:56.123456789 +0200`); a `-L` label replaces both, verbatim;
//! binary files are named as given.
//!
//! GNU quotes a name holding a space, a `"`, a `\`, a control character or a byte
//! outside ASCII: in double quotes, with C escapes (`\t`, `\n`, `\"`, `\\`, `\303`).
//! The time is the file's, in the zone of the offset the caller passes.
//!
//! ```
//! use upkeep_core::text::{diff_files, FileDiffOptions, FileSide, FileTime};
//!
//! let side = |name: &str, seconds| FileSide { name: name.into(), label: None,
//!     time: Some(FileTime { seconds, nanoseconds: 5, utc_offset_minutes: 90 }) };
//! let options = FileDiffOptions { old: side("a.txt", 0), new: side("my b.txt", 60), ..Default::default() };
//! let diff = diff_files(b"a\n", b"b\n", &options).unwrap();
//! assert!(diff.patch.starts_with(
//!     b"--- a.txt\t1970-01-01 01:30:00.000000005 +0130\n+++ \"my b.txt\"\t1970-01-01 01:31:00.000000005 +0130\n"
//! ));
//! ```

use super::lines::is_binary;
use super::options::DiffOptions;
use super::udiff::{unified_diff, DiffStatus, UnifiedDiff};
use crate::error::Result;

/// A file's modification time: seconds and nanoseconds since the Unix epoch, and the
/// offset from UTC of the zone to print it in (the local zone, for GNU's output).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FileTime {
    /// Whole seconds since 1970-01-01 00:00:00 UTC (negative before).
    pub seconds: i64,
    /// Nanoseconds past `seconds` (0 to 999,999,999).
    pub nanoseconds: u32,
    /// Minutes east of UTC (`+0200` is 120).
    pub utc_offset_minutes: i32,
}

/// One side of a file diff.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FileSide {
    /// The name as given on the command line (`-` for standard input).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub name: String,
    /// `-L`: printed instead of the name and time, verbatim.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub label: Option<String>,
    /// Its modification time (standard input: the time it was read, as GNU does).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub time: Option<FileTime>,
}

/// Options of [`diff_files`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FileDiffOptions {
    /// Lines of context (`-U`), 3 by default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub context: usize,
    /// Treat CRLF and LF as equal (`--strip-trailing-cr`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub ignore_eol: bool,
    /// The old file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub old: FileSide,
    /// The new file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub new: FileSide,
}

impl Default for FileDiffOptions {
    fn default() -> Self {
        FileDiffOptions {
            context: 3,
            ignore_eol: false,
            old: FileSide::default(),
            new: FileSide::default(),
        }
    }
}

/// The diff GNU `diff -u` prints for two files, header included.
pub fn diff_files(old: &[u8], new: &[u8], options: &FileDiffOptions) -> Result<UnifiedDiff> {
    if is_binary(old) || is_binary(new) {
        let named = |side: &FileSide| side.label.clone().unwrap_or_else(|| side.name.clone());
        if old == new {
            return Ok(UnifiedDiff {
                status: DiffStatus::Identical,
                patch: Vec::new(),
            });
        }
        let notice = format!(
            "Binary files {} and {} differ\n",
            named(&options.old),
            named(&options.new)
        );
        return Ok(UnifiedDiff {
            status: DiffStatus::Binary,
            patch: notice.into_bytes(),
        });
    }
    let diff_options = DiffOptions {
        context: options.context,
        old_label: header(&options.old),
        new_label: header(&options.new),
        ignore_eol: options.ignore_eol,
    };
    unified_diff(old, new, &diff_options)
}

/// What follows `---` or `+++`.
fn header(side: &FileSide) -> String {
    match (&side.label, &side.time) {
        (Some(label), _) => label.clone(),
        (None, Some(time)) => format!("{}\t{}", quote_name(&side.name), format_time(time)),
        (None, None) => quote_name(&side.name),
    }
}

/// A file name as GNU diff prints it in a header.
pub fn quote_name(name: &str) -> String {
    let needs = |b: u8| b <= b' ' || b == b'"' || b == b'\\' || b >= 0x80;
    if !name.bytes().any(needs) {
        return name.to_string();
    }
    let mut out = String::from("\"");
    for b in name.bytes() {
        match b {
            0x07 => out.push_str("\\a"),
            0x08 => out.push_str("\\b"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            0x0b => out.push_str("\\v"),
            0x0c => out.push_str("\\f"),
            b'\r' => out.push_str("\\r"),
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b' ' => out.push(' '),
            b if !(b' '..0x80).contains(&b) => out.push_str(&format!("\\{b:03o}")),
            b => out.push(char::from(b)),
        }
    }
    out.push('"');
    out
}

/// `2024-05-17 12:34:56.123456789 +0200`: the time in its zone, as `%Y-%m-%d %H:%M:%S.%N %z`.
pub fn format_time(time: &FileTime) -> String {
    let offset = i64::from(time.utc_offset_minutes);
    let local = time.seconds + offset * 60;
    let (days, secs) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let sign = if offset < 0 { '-' } else { '+' };
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}.{:09} {sign}{:02}{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60,
        time.nanoseconds,
        offset.abs() / 60,
        offset.abs() % 60
    )
}

/// Year, month and day of the proleptic Gregorian calendar for days since 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_quoted_as_gnu_diff_quotes_them() {
        let cases = [
            ("a.txt", "a.txt"),
            ("a$b*c'd?e", "a$b*c'd?e"),
            ("y z", "\"y z\""),
            ("a\"b", "\"a\\\"b\""),
            ("a\\b", "\"a\\\\b\""),
            ("naïve", "\"na\\303\\257ve\""),
            (
                "a\tb\n\r\x07\x08\x0b\x0c\x01",
                "\"a\\tb\\n\\r\\a\\b\\v\\f\\001\"",
            ),
            ("a\x7fb", "a\x7fb"),
        ];
        for (name, quoted) in cases {
            assert_eq!(quote_name(name), quoted, "{name:?}");
        }
    }

    #[test]
    fn times_print_in_their_zone() {
        let t = |seconds, nanoseconds, utc_offset_minutes| FileTime {
            seconds,
            nanoseconds,
            utc_offset_minutes,
        };
        let cases = [
            (t(0, 0, 0), "1970-01-01 00:00:00.000000000 +0000"),
            (
                t(981_173_106, 500_000_000, 0),
                "2001-02-03 04:05:06.500000000 +0000",
            ),
            (
                t(981_173_106, 500_000_000, 330),
                "2001-02-03 09:35:06.500000000 +0530",
            ),
            (
                t(981_173_106, 1, -210),
                "2001-02-03 00:35:06.000000001 -0330",
            ),
            (t(-1, 999_999_999, 0), "1969-12-31 23:59:59.999999999 +0000"),
            (t(951_782_400, 0, 0), "2000-02-29 00:00:00.000000000 +0000"),
            (
                t(4_102_444_800, 0, 0),
                "2100-01-01 00:00:00.000000000 +0000",
            ),
        ];
        for (time, text) in cases {
            assert_eq!(format_time(&time), text);
        }
    }

    #[test]
    fn a_label_replaces_name_and_time_and_binary_files_are_named_as_given() {
        let time = Some(FileTime::default());
        let options = FileDiffOptions {
            old: FileSide {
                name: "a b".into(),
                label: Some("A a".into()),
                time,
            },
            new: FileSide {
                name: "y z".into(),
                label: None,
                time,
            },
            ..FileDiffOptions::default()
        };
        let diff = diff_files(b"a\n", b"b\n", &options).unwrap();
        assert!(diff
            .patch
            .starts_with(b"--- A a\n+++ \"y z\"\t1970-01-01 00:00:00.000000000 +0000\n"));
        let binary = diff_files(b"\0", b"\x01\0", &options).unwrap();
        assert_eq!(binary.patch, b"Binary files A a and y z differ\n");
        assert_eq!(
            diff_files(b"\0", b"\0", &options).unwrap().status,
            DiffStatus::Identical
        );
    }
}
