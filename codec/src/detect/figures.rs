//! Numbers in the detector's reasons, written as `format!("{x:.1}")` writes them, with integer
//! arithmetic.
//!
//! `{:.1}` and `{:.0}` on an `f64` bring in the standard library's float formatting (Grisu with
//! its Dragon fallback and their tables), about 15 KB of the `utf8lens/text` WebAssembly module,
//! for a handful of figures with one decimal or none. [`fixed`] writes the same text: the exact
//! binary value rounded to the nearest, ties to even, as `core` rounds it.

/// `x` with `decimals` (0, 1 or 2) digits after the point, the text `format!("{x:.N}")` writes:
/// the sign of negative values (of -0.0 too), `NaN`, `inf`. Exact for every value whose scaled
/// magnitude `|x| * 10^decimals` is below 2^64 (the detector's figures are bits per byte pair,
/// bits in all, percentages: far below); beyond, the figure is capped at `u64::MAX` units.
pub(super) fn fixed(x: f64, decimals: u32) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let decimals = decimals.min(2);
    let scale = 10u64.pow(decimals);
    let units = scaled(x.abs(), scale);
    if decimals == 0 {
        format!("{sign}{units}")
    } else {
        format!(
            "{sign}{}.{:0width$}",
            units / scale,
            units % scale,
            width = decimals as usize
        )
    }
}

/// The exact value of `x * scale` rounded to the nearest integer, ties to even, for a finite
/// `x >= 0` and `scale <= 100`.
fn scaled(x: f64, scale: u64) -> u64 {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7FF) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // x = mantissa * 2^exponent, exactly.
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    // Below 2^60, as the mantissa is below 2^53 and scale at most 100.
    let value = mantissa * scale.min(100);
    if exponent >= 0 {
        return if (value.leading_zeros() as i32) >= exponent {
            value << exponent
        } else {
            u64::MAX
        };
    }
    let shift = exponent.unsigned_abs();
    if shift >= 64 {
        // value / 2^shift < 2^60 / 2^64: rounds to 0.
        return 0;
    }
    let whole = value >> shift;
    let rest = value & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && whole & 1 == 1) {
        whole + 1
    } else {
        whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against `core`'s float formatting: ties (exact and not), the figures' ranges, extremes.
    #[test]
    fn same_text_as_format() {
        let mut values = vec![
            0.0,
            -0.0,
            0.05,
            0.15,
            0.25,
            0.35,
            0.5,
            1.5,
            2.5,
            0.95,
            9.95,
            99.5,
            99.95,
            -0.04,
            -1.25,
            1e-300,
            f64::MIN_POSITIVE,
            5e-324,
            123456.789,
            4503599627370495.5,
            9007199254740993.0,
            1e17,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        // A sweep through the ranges the reasons print: hundredths to thousands.
        let mut x = 0.001_f64;
        while x < 5000.0 {
            values.push(x);
            values.push(x / 3.0);
            values.push(100.0 * (x / 5000.0));
            x = x * 1.01 + 0.003;
        }
        for &v in &values {
            assert_eq!(fixed(v, 0), format!("{v:.0}"), "{v:e}");
            assert_eq!(fixed(v, 1), format!("{v:.1}"), "{v:e}");
            assert_eq!(fixed(v, 2), format!("{v:.2}"), "{v:e}");
        }
    }
}
