//! Numbers by their exact value: a JSON number or a YAML 1.2 core-schema number (`0x1F`,
//! `0o17`, `+12`, `1.`, `.inf`, `.NaN`) read into a canonical decimal, so `1.0`, `1` and
//! `10e-1` are the same value and 9007199254740993 is not 9007199254740992 (doubles would
//! say it is). What crosses to JavaScript is a number when a double holds the value exactly
//! as written, and the decimal text otherwise.
//!
//! ```
//! use upkeep_core::structured::Value;
//!
//! let n = |s: &str| Value::Number(s.into());
//! assert_eq!(n("1.50"), n("15e-1"));
//! assert_eq!(n("0x1F"), n("31"));
//! assert_ne!(n("9007199254740993"), n("9007199254740992"));
//! ```

/// A number's exact value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Exact {
    /// `±0.d₁d₂…dₙ × 10^exponent` with no trailing zero digit; zero has no digits and is
    /// never negative.
    Finite {
        negative: bool,
        digits: Vec<u8>,
        exponent: i128,
    },
    /// ±infinity.
    Infinite { negative: bool },
    /// Not a number (equal to itself here: an unchanged `.nan` is no change).
    NaN,
}

/// Exponents with more digits than this are compared by their text (no config file has one).
const MAX_EXPONENT_DIGITS: usize = 30;

impl Exact {
    /// The exact value of `text`, a JSON number or a YAML core-schema int or float; `None`
    /// for anything else.
    pub(crate) fn parse(text: &str) -> Option<Exact> {
        let (negative, body) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let signed = body.len() != text.len();
        match body {
            ".inf" | ".Inf" | ".INF" => return Some(Exact::Infinite { negative }),
            ".nan" | ".NaN" | ".NAN" if !signed => return Some(Exact::NaN),
            _ => {}
        }
        if !signed {
            if let Some(hex) = body.strip_prefix("0x") {
                return radix(hex, 16);
            }
            if let Some(oct) = body.strip_prefix("0o") {
                return radix(oct, 8);
            }
        }
        decimal(negative, body)
    }

    /// The double nearest the value, and whether it is exactly the value as written
    /// (the shortest text of the double reads back as the same value).
    pub(crate) fn to_f64(&self) -> (f64, bool) {
        match self {
            Exact::NaN => (f64::NAN, true),
            Exact::Infinite { negative } => (
                if *negative {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                },
                true,
            ),
            Exact::Finite {
                negative,
                digits,
                exponent,
            } => {
                if digits.is_empty() {
                    return (0.0, true);
                }
                let mut text = String::with_capacity(digits.len() + 8);
                if *negative {
                    text.push('-');
                }
                text.push_str("0.");
                text.extend(digits.iter().map(|d| char::from(b'0' + d)));
                text.push_str(&format!("e{exponent}"));
                let value: f64 = text.parse().unwrap_or(f64::NAN);
                let faithful =
                    value.is_finite() && Exact::parse(&format!("{value:e}")).as_ref() == Some(self);
                (value, faithful)
            }
        }
    }

    /// Whether the value is a whole number.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn is_integer(&self) -> bool {
        match self {
            Exact::Finite {
                digits, exponent, ..
            } => *exponent >= digits.len() as i128,
            _ => false,
        }
    }

    /// The value as decimal digits (`-12`, `0.5`, `1.5e+40`), for values a double cannot hold.
    pub(crate) fn to_text(&self) -> String {
        match self {
            Exact::NaN => ".nan".into(),
            Exact::Infinite { negative: true } => "-.inf".into(),
            Exact::Infinite { negative: false } => ".inf".into(),
            Exact::Finite {
                negative,
                digits,
                exponent,
            } => {
                let sign = if *negative { "-" } else { "" };
                let ds: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                let len = digits.len() as i128;
                if digits.is_empty() {
                    "0".into()
                } else if (len..=len + 40).contains(exponent) {
                    format!("{sign}{ds}{}", "0".repeat((exponent - len) as usize))
                } else if (-40..=0).contains(exponent) {
                    format!("{sign}0.{}{ds}", "0".repeat((-exponent) as usize))
                } else if (1..len).contains(exponent) {
                    let (int, frac) = ds.split_at(*exponent as usize);
                    format!("{sign}{int}.{frac}")
                } else {
                    let rest = if ds.len() > 1 { &ds[1..] } else { "" };
                    let dot = if rest.is_empty() { "" } else { "." };
                    format!("{sign}{}{dot}{rest}e{:+}", &ds[..1], exponent - 1)
                }
            }
        }
    }
}

/// Whether two number texts have the same exact value (texts whose value cannot be read
/// exactly are compared as text).
pub(crate) fn same_number(x: &str, y: &str) -> bool {
    x == y
        || match (Exact::parse(x), Exact::parse(y)) {
            (Some(p), Some(q)) => p == q,
            _ => false,
        }
}

fn decimal(negative: bool, body: &str) -> Option<Exact> {
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !all_digits(int) || !all_digits(frac) {
        return None;
    }
    let exponent: i128 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['-', '+']).unwrap_or(e);
            if digits.is_empty() || !all_digits(digits) {
                return None;
            }
            if digits.trim_start_matches('0').len() > MAX_EXPONENT_DIGITS {
                return None;
            }
            e.parse().ok()?
        }
    };
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|c| c - b'0').collect();
    let mut exponent = exponent + int.len() as i128;
    let leading = digits.iter().take_while(|&&d| d == 0).count();
    digits.drain(..leading);
    exponent -= leading as i128;
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Some(finite(negative, digits, exponent))
}

fn finite(negative: bool, digits: Vec<u8>, exponent: i128) -> Exact {
    if digits.is_empty() {
        Exact::Finite {
            negative: false,
            digits,
            exponent: 0,
        }
    } else {
        Exact::Finite {
            negative,
            digits,
            exponent,
        }
    }
}

/// A non-negative integer in base 16 or 8, converted to decimal digits.
fn radix(text: &str, base: u32) -> Option<Exact> {
    if text.is_empty() {
        return None;
    }
    // Decimal digits, least significant first.
    let mut acc: Vec<u8> = Vec::new();
    for c in text.chars() {
        let mut carry = c.to_digit(base)?;
        for d in acc.iter_mut() {
            let v = u32::from(*d) * base + carry;
            *d = (v % 10) as u8;
            carry = v / 10;
        }
        while carry > 0 {
            acc.push((carry % 10) as u8);
            carry /= 10;
        }
    }
    acc.reverse();
    let len = acc.len() as i128;
    let leading = acc.iter().take_while(|&&d| d == 0).count();
    acc.drain(..leading);
    let exponent = len - leading as i128;
    while acc.last() == Some(&0) {
        acc.pop();
    }
    Some(finite(false, acc, exponent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values() {
        let same = [
            ("1", "1.0"),
            ("1", "10e-1"),
            ("0x1F", "31"),
            ("0o17", "15"),
            ("+12", "12"),
            ("1.", "1"),
            (".5", "0.5"),
            ("-0", "0"),
            ("0.0e5", "0"),
            (".Inf", "+.inf"),
            (".NaN", ".nan"),
            ("1E400", "10e399"),
        ];
        for (x, y) in same {
            assert!(same_number(x, y), "{x} = {y}");
        }
        let differ = [
            ("9007199254740993", "9007199254740992"),
            ("0.1", "0.10000000000000001"),
            ("-.inf", ".inf"),
            ("1", "-1"),
        ];
        for (x, y) in differ {
            assert!(!same_number(x, y), "{x} ≠ {y}");
        }
        for not_a_number in [
            "-0x1F", "+0x1F", "-0o17", "0x", "0o8", "+.nan", "1e", "e1", ".",
        ] {
            assert_eq!(Exact::parse(not_a_number), None, "{not_a_number}");
        }
    }

    #[test]
    fn doubles_and_texts() {
        let f = |s: &str| Exact::parse(s).unwrap().to_f64();
        assert_eq!(f("0.1"), (0.1, true));
        assert_eq!(f("450.00"), (450.0, true));
        assert_eq!(f("9007199254740992"), (9007199254740992.0, true));
        assert!(!f("9007199254740993").1);
        assert!(!f("1e400").1);
        assert_eq!(f("-.inf"), (f64::NEG_INFINITY, true));
        let t = |s: &str| Exact::parse(s).unwrap().to_text();
        assert_eq!(t("9007199254740993"), "9007199254740993");
        assert_eq!(t("-0.0012"), "-0.0012");
        assert_eq!(t("12.5"), "12.5");
        assert_eq!(t("1.5e100"), "1.5e+100");
        assert_eq!(t("0xFFFFFFFFFFFFFFFFFFFF"), "1208925819614629174706175");
        assert!(Exact::parse("12e3").unwrap().is_integer());
        assert!(!Exact::parse("1.5").unwrap().is_integer());
    }
}
