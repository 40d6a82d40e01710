//! The few JavaScript behaviours the scoring API reproduces so that it is a drop-in
//! replacement for a JavaScript module: how a number prints, how `JSON.stringify` quotes a
//! string, in which order an object lists its keys, and `Math.max`.
//!
//! ```
//! use upkeep_core::score::js_number_to_string;
//!
//! assert_eq!(js_number_to_string(21.0), "21");
//! assert_eq!(js_number_to_string(0.1 + 0.2), "0.30000000000000004");
//! assert_eq!(js_number_to_string(1e21), "1e+21");
//! ```

/// Formats `x` exactly as JavaScript's `String(x)` does (ECMAScript `Number::toString`).
pub fn js_number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x < 0.0 {
        return format!("-{}", js_number_to_string(-x));
    }
    // Rust's `{:e}` prints the shortest digits that round-trip, as JavaScript requires.
    let scientific = format!("{x:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i64;
    let n = exponent.parse::<i64>().unwrap_or(0) + 1;
    if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let sign = if n - 1 < 0 { '-' } else { '+' };
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        format!("{first}{dot}{rest}e{sign}{}", (n - 1).abs())
    }
}

/// Quotes `s` as `JSON.stringify` does.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `key` is an array index, which JavaScript objects list before every other key,
/// in ascending numeric order.
pub(crate) fn array_index(key: &str) -> Option<u32> {
    let canonical = key == "0" || (!key.starts_with('0') && !key.is_empty());
    if !canonical || !key.bytes().all(|b| b.is_ascii_digit()) || key.len() > 10 {
        return None;
    }
    key.parse::<u64>()
        .ok()
        .filter(|&n| n < u64::from(u32::MAX))
        .map(|n| n as u32)
}

/// `Math.max(a, b)`: NaN wins, and `+0` beats `-0`.
pub(crate) fn js_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_positive() {
            a
        } else {
            b
        }
    } else if a > b {
        a
    } else {
        b
    }
}

/// `Number.parseInt(s, 10) || 0`: an optional sign and the longest run of leading digits;
/// anything else, and `-0`, is 0. Huge runs become the nearest double, or Infinity.
pub(crate) fn parse_int_or_zero(s: &str) -> f64 {
    let trimmed = s.trim_start_matches(is_js_whitespace);
    let (negative, rest) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return 0.0;
    }
    // Rust's float parser rounds correctly, as V8 does; overflow gives infinity.
    let value: f64 = rest[..digits].parse().unwrap_or(0.0);
    let value = if negative { -value } else { value };
    if value == 0.0 {
        0.0
    } else {
        value
    }
}

/// JavaScript's `\s`: the characters `\S` refuses.
pub(crate) fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// The characters JavaScript's `.` refuses (without the `s` flag): line terminators.
pub(crate) fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_like_javascript() {
        for (x, text) in [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-21.0, "-21"),
            (20.5, "20.5"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.25e-7, "1.25e-7"),
            (123456.789, "123456.789"),
            (f64::INFINITY, "Infinity"),
            (f64::NAN, "NaN"),
            (2f64.powi(60), "1152921504606847000"),
        ] {
            assert_eq!(js_number_to_string(x), text, "{x:e}");
        }
    }

    #[test]
    fn parse_int_keeps_the_leading_number() {
        for (s, n) in [
            ("12abc", 12.0),
            ("-", 0.0),
            ("abc", 0.0),
            ("-0", 0.0),
            ("+7", 7.0),
            ("-5x", -5.0),
            ("007", 7.0),
            ("1e3", 1.0),
        ] {
            assert_eq!(parse_int_or_zero(s), n, "{s}");
        }
        assert!(parse_int_or_zero("-0").is_sign_positive());
        assert_eq!(parse_int_or_zero(&"9".repeat(400)), f64::INFINITY);
    }

    #[test]
    fn array_indices() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("42"), Some(42));
        assert_eq!(array_index("4294967294"), Some(4294967294));
        for key in ["", "01", "-1", "1.5", "4294967295", "a1", "99999999999"] {
            assert_eq!(array_index(key), None, "{key}");
        }
    }

    #[test]
    fn json_quotes() {
        assert_eq!(json_string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
