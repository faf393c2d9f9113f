//! The WHATWG multi-byte encodings of Chinese, Japanese and Korean, recognised without their
//! mapping tables: by structure (which lead bytes may be followed by which trail bytes) and by the
//! lead and trail bytes that real text in each language uses most (`model.rs`).

use super::model::{CjkModel, CJK, COST_STEP, MAX_LEVEL};
use super::{figures, order, Scored};

/// What a structural error (a byte no sequence of the encoding allows there) costs, in bits.
const ERROR_BITS: f64 = 24.0;

/// What a character right next to a Latin letter costs on top, in bits.
const GLUE_BITS: f64 = 8.0;

/// An encoding's byte grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grammar {
    ShiftJis,
    EucJp,
    Gb18030,
    Big5,
    EucKr,
}

impl Grammar {
    fn of(name: &str) -> Option<Grammar> {
        match name {
            "shift_jis" => Some(Grammar::ShiftJis),
            "euc-jp" => Some(Grammar::EucJp),
            "gb18030" => Some(Grammar::Gb18030),
            "big5" => Some(Grammar::Big5),
            "euc-kr" => Some(Grammar::EucKr),
            _ => None,
        }
    }

    fn language(self) -> &'static str {
        match self {
            Grammar::ShiftJis | Grammar::EucJp => "ja",
            Grammar::Gb18030 | Grammar::Big5 => "zh",
            Grammar::EucKr => "ko",
        }
    }

    fn rule(self) -> &'static str {
        match self {
            Grammar::ShiftJis => "lead 81–9F or E0–FC, trail 40–7E or 80–FC; A1–DF alone",
            Grammar::EucJp => "A1–FE pairs, 8E + A1–DF, 8F + two of A1–FE",
            Grammar::Gb18030 => {
                "lead 81–FE, trail 40–7E or 80–FE, or four bytes 81–FE 30–39 81–FE 30–39"
            }
            Grammar::Big5 => "lead 81–FE, trail 40–7E or A1–FE",
            Grammar::EucKr => "lead 81–FE, trail 41–5A, 61–7A or 81–FE",
        }
    }
}

/// One step of a grammar: how many bytes the sequence at the start of `rest` takes and whether it
/// is valid. `None` when `rest` ends inside a sequence that could still be valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// An ASCII byte.
    Ascii,
    /// A character of `len` bytes; the first two are its lead and trail.
    Char(usize),
    /// A byte that begins no valid sequence here: skip it.
    Error,
}

fn step(grammar: Grammar, rest: &[u8]) -> Option<Step> {
    let b = *rest.first()?;
    if b < 0x80 {
        return Some(Step::Ascii);
    }
    let at = |i: usize| rest.get(i).copied();
    let pair = |ok: fn(u8) -> bool| match at(1) {
        None => None,
        Some(t) if ok(t) => Some(Step::Char(2)),
        Some(_) => Some(Step::Error),
    };
    match grammar {
        Grammar::ShiftJis => match b {
            0xA1..=0xDF => Some(Step::Char(1)),
            0x81..=0x9F | 0xE0..=0xFC => pair(|t| matches!(t, 0x40..=0x7E | 0x80..=0xFC)),
            _ => Some(Step::Error),
        },
        Grammar::EucJp => match b {
            0x8E => pair(|t| matches!(t, 0xA1..=0xDF)),
            0x8F => match (at(1), at(2)) {
                (Some(0xA1..=0xFE), Some(0xA1..=0xFE)) => Some(Step::Char(3)),
                (Some(0xA1..=0xFE), None) | (None, _) => None,
                _ => Some(Step::Error),
            },
            0xA1..=0xFE => pair(|t| matches!(t, 0xA1..=0xFE)),
            _ => Some(Step::Error),
        },
        Grammar::Gb18030 => match b {
            0x81..=0xFE => match at(1) {
                Some(0x30..=0x39) => match (at(2), at(3)) {
                    (Some(0x81..=0xFE), Some(0x30..=0x39)) => Some(Step::Char(4)),
                    (Some(0x81..=0xFE), None) | (None, _) => None,
                    _ => Some(Step::Error),
                },
                _ => pair(|t| matches!(t, 0x40..=0x7E | 0x80..=0xFE)),
            },
            _ => Some(Step::Error),
        },
        Grammar::Big5 => match b {
            0x81..=0xFE => pair(|t| matches!(t, 0x40..=0x7E | 0xA1..=0xFE)),
            _ => Some(Step::Error),
        },
        Grammar::EucKr => match b {
            0x81..=0xFE => pair(|t| matches!(t, 0x41..=0x5A | 0x61..=0x7A | 0x81..=0xFE)),
            _ => Some(Step::Error),
        },
    }
}

fn level(table: &[u8], i: usize) -> u8 {
    match table.get(i / 2) {
        Some(byte) if i % 2 == 0 => byte & 0x0F,
        Some(byte) => byte >> 4,
        None => MAX_LEVEL,
    }
}

/// The cost in bits of a character whose first bytes are `lead` and `trail`.
fn char_bits(model: &CjkModel, lead: u8, trail: Option<u8>) -> f64 {
    let lead_level = level(&model.leads, usize::from(lead.wrapping_sub(0x80)));
    let trail_level = match trail {
        Some(t) if t >= 0x40 => level(&model.trails, usize::from(t - 0x40)),
        _ => MAX_LEVEL,
    };
    f64::from(u32::from(lead_level) + u32::from(trail_level)) * f64::from(COST_STEP)
}

/// What parsing the input with one grammar found.
struct Parse {
    chars: u64,
    errors: u64,
    bits: f64,
}

fn parse(grammar: Grammar, model: &CjkModel, input: &[u8], truncated: bool) -> Parse {
    let mut p = Parse {
        chars: 0,
        errors: 0,
        bits: 0.0,
    };
    let mut i = 0;
    while i < input.len() {
        let rest = &input[i..];
        match step(grammar, rest) {
            Some(Step::Ascii) => i += 1,
            Some(Step::Char(len)) => {
                p.chars += 1;
                p.bits += char_bits(model, rest[0], rest.get(1).copied());
                // CJK text seldom glues a character to a Latin letter; European text read as
                // CJK does it all the time ("K\xF6ln" as F6 6C), with letters as trail bytes.
                let letter = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphabetic);
                if i > 0 && letter(input.get(i - 1)) {
                    p.bits += GLUE_BITS;
                }
                if letter(rest.get(len - 1)) && letter(rest.get(len)) {
                    p.bits += GLUE_BITS;
                }
                if len > 2 {
                    // the rarer three- and four-byte forms: a fixed, high cost
                    p.bits += 8.0;
                }
                i += len;
            }
            Some(Step::Error) => {
                p.errors += 1;
                p.bits += ERROR_BITS;
                i += 1;
                if !fits(&p) && p.errors > 64 {
                    break; // hopeless already: stop paying for it
                }
            }
            None => {
                if !truncated {
                    p.errors += 1;
                    p.bits += ERROR_BITS;
                }
                break;
            }
        }
    }
    p
}

/// Whether a parse has few enough errors for its encoding to be a candidate: one per 50
/// characters, and a few more.
fn fits(p: &Parse) -> bool {
    p.errors * 50 <= p.chars + 50
}

/// Every CJK encoding whose grammar the input fits (a few errors allowed), with its cost in bits
/// for the bytes 80..=FF; `ascii_bits` is added for the rest, so that the totals compare with
/// the single-byte readings' totals.
pub(super) fn score(input: &[u8], truncated: bool, high: u64) -> Vec<Scored> {
    let mut parsed: Vec<(Grammar, &'static str, Parse)> = CJK
        .iter()
        .filter_map(|model| {
            let grammar = Grammar::of(model.name)?;
            Some((grammar, model.name, parse(grammar, model, input, truncated)))
        })
        .filter(|(_, _, p)| p.chars > 0 && fits(p))
        .collect();
    order::sort_by_key(&mut parsed, |p| p.2.bits);
    let runner_up = parsed
        .get(1)
        .map(|(_, name, p)| (*name, p.bits / p.chars.max(1) as f64));
    parsed
        .iter()
        .enumerate()
        .map(|(rank, (grammar, name, p))| {
            let per_char = p.bits / p.chars.max(1) as f64;
            let mut reasons = vec![format!(
                "The {high} bytes 80–FF form {} characters of {name}'s structure ({}), with {} error{}.",
                p.chars,
                grammar.rule(),
                p.errors,
                if p.errors == 1 { "" } else { "s" }
            )];
            let mut fit = format!(
                "Their lead and trail bytes are those of common {} text in {name}: {} bits per character",
                match grammar.language() {
                    "ja" => "Japanese",
                    "zh" => "Chinese",
                    _ => "Korean",
                },
                figures::fixed(per_char, 1)
            );
            if let (0, Some((other, other_per_char))) = (rank, runner_up) {
                fit += &format!("; as {other}, {}", figures::fixed(other_per_char, 1));
            }
            fit += ".";
            reasons.push(fit);
            reasons.push(
                "Checked by structure and byte statistics only: utf8lens has no CJK mapping tables, so decode it with the platform's decoder (TextDecoder).".to_string(),
            );
            Scored {
                charset: name,
                bits: p.bits,
                language: Some(grammar.language()),
                reasons,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammars_accept_their_own_sequences_and_reject_others() {
        // "日本語" in Shift_JIS, EUC-JP; "中文" in GB18030, Big5; "한국어" in EUC-KR.
        let cases: [(Grammar, &[u8]); 5] = [
            (Grammar::ShiftJis, b"\x93\xfa\x96\x7b\x8c\xea"),
            (Grammar::EucJp, b"\xc6\xfc\xcb\xdc\xb8\xec"),
            (Grammar::Gb18030, b"\xd6\xd0\xce\xc4"),
            (Grammar::Big5, b"\xa4\xa4\xa4\xe5"),
            (Grammar::EucKr, b"\xc7\xd1\xb1\xb9\xbe\xee"),
        ];
        let model = &CJK[0];
        for (grammar, bytes) in cases {
            let p = parse(grammar, model, bytes, false);
            assert_eq!(p.errors, 0, "{grammar:?}");
            assert_eq!(p.chars, bytes.len() as u64 / 2, "{grammar:?}");
        }
        // A lead byte followed by a space is an error everywhere (B0 alone is a half-width
        // katakana in Shift_JIS, 88 a lead byte).
        for grammar in [
            Grammar::EucJp,
            Grammar::Gb18030,
            Grammar::Big5,
            Grammar::EucKr,
        ] {
            assert_eq!(
                parse(grammar, model, b"\xb0 ", false).errors,
                1,
                "{grammar:?}"
            );
        }
        assert_eq!(parse(Grammar::ShiftJis, model, b"\x88 ", false).errors, 1);
        assert_eq!(parse(Grammar::ShiftJis, model, b"\xb0 ", false).errors, 0);
        // A truncated input may end inside a character.
        assert_eq!(parse(Grammar::EucKr, model, b"\xb0", true).errors, 0);
        assert_eq!(parse(Grammar::EucKr, model, b"\xb0", false).errors, 1);
    }
}
