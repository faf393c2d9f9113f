//! Mojibake: `garble`, `garbleRounds`, `misreadAsUtf8`, `mojibakeMatrix` and `repair` (feature
//! `text`, the `utf8lens/text` module of the npm package).
//!
//! Offsets given to JS count UTF-16 code units, as everything in JS does.

use js_sys::{Array, Object, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args;
use super::glue;
use super::legacy::{charset_arg, unmappable_error};
use utf8lens::charset::{Charset, Fallback};
use utf8lens::Utf16Cursor;

#[wasm_bindgen(typescript_custom_section)]
const MOJIBAKE_TS_TYPES: &'static str = r#"
/** One byte of a garbling: which byte of which character became which glyph. */
export interface GlyphTraceInfo {
  /** Index of the source character, counted in code points. */
  charIndex: number;
  /** Offset of the source character in the text, in UTF-16 code units. */
  charOffset: number;
  char: string;
  /** Which byte of the character's UTF-8 form, from 0. */
  byteIndex: number;
  byte: number;
  /** The glyph the charset shows, or null if the byte is undefined there (shown as U+FFFD). */
  glyph: string | null;
}

/** What `garble` returns. */
export interface GarbleResult {
  text: string;
  trace: GlyphTraceInfo[];
  /** Whether every byte was defined in the charset (so the garbling can be undone exactly). */
  reversible: boolean;
}

/** One piece of `misreadAsUtf8`: bytes (= source characters) UTF-8 read as one character or one U+FFFD. */
export interface MisreadPieceInfo {
  /** First byte, which is also the index of the first source character (in code points). */
  start: number;
  /** One past the last byte. */
  end: number;
  /** What UTF-8 shows: a character, or "\uFFFD". */
  output: string;
  /** Why the bytes are malformed, when `output` is a U+FFFD for an error. */
  error?: Utf8ErrorKind;
  /** Source characters that vanished into this piece beyond the first. */
  swallowed: number;
}

/** What `misreadAsUtf8` returns. */
export interface MisreadResult {
  text: string;
  /** The text in the legacy charset, one byte per character. */
  bytes: Uint8Array;
  pieces: MisreadPieceInfo[];
  /** How many U+FFFD the reader sees. */
  replacements: number;
}

/** One row of `mojibakeMatrix`. */
export interface MatrixRowInfo {
  charset: Charset;
  title: string;
  /** The text's UTF-8 bytes read as this charset. */
  garbled: string;
  /** How many of those bytes are undefined in the charset (0: the garbling can be undone). */
  undefinedBytes: number;
  /** The text encoded in this charset and read as UTF-8, or null if the charset cannot encode it. */
  misread: string | null;
  /** When `misread` is null: the first character the charset lacks, and its offset in UTF-16 code units. */
  unmappable?: { char: string; codePoint: number; offset: number };
}

/** One undone layer of mojibake. */
export interface RepairStepInfo {
  /** The charset the text was wrongly shown in: encoding in it gives the original bytes back. */
  encode: Charset;
  /** What the bytes really were. */
  decode: Charset | "utf-8";
  /** Whether the step applied to the whole text, or only to `pieces` stretches of it. */
  whole: boolean;
  pieces: number;
  before: string;
  after: string;
  /** A short example from this text: what some characters looked like and what they became. */
  example: { from: string; to: string };
  /** The step in a sentence a person understands. */
  sentence: string;
}

/** What `repair` returns. */
export interface RepairResult {
  text: string;
  /** The layers undone, outermost first; empty when the text was not mojibake. */
  steps: RepairStepInfo[];
  /** How sure the answer is, from 0 to 1 (a heuristic score, not a probability). */
  confidence: number;
}
"#;

/// The UTF-8 bytes of `text` read as `charset`, with a trace of which byte of which character
/// became which glyph.
///
/// ```js
/// garble("ä", "windows-1252").text;          // "Ã¤"
/// garble("\uFEFF", "windows-1252").text;     // "ï»¿"
/// garble("ä", "windows-1252").trace[1];      // { charIndex: 0, charOffset: 0, char: "ä", byteIndex: 1, byte: 0xA4, glyph: "¤" }
/// ```
#[wasm_bindgen(unchecked_return_type = "GarbleResult")]
pub fn garble(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "garble";
    let cs = charset_arg(charset, FUNC)?;
    let text = args::text_lossy(text, FUNC)?;
    args::ensure_room(FUNC, text.len(), 64 * text.len())?;
    let garbled = utf8lens::mojibake::garble_traced(&text, cs);
    let mut utf16_offsets = Vec::with_capacity(text.len());
    let mut at = 0usize;
    for ch in text.chars() {
        utf16_offsets.push(at);
        at += ch.len_utf16();
    }
    let trace: Array = garbled
        .trace
        .iter()
        .map(|t| {
            let o = Object::new();
            args::set(&o, "charIndex", t.char_index as f64);
            args::set(
                &o,
                "charOffset",
                utf16_offsets.get(t.char_index).copied().unwrap_or(0) as f64,
            );
            args::set(&o, "char", t.ch.to_string());
            args::set(&o, "byteIndex", t.byte_index as f64);
            args::set(&o, "byte", t.byte);
            args::set(
                &o,
                "glyph",
                t.glyph
                    .map_or(JsValue::NULL, |g| JsValue::from(g.to_string())),
            );
            JsValue::from(o)
        })
        .collect();
    let result = Object::new();
    args::set(&result, "reversible", garbled.is_reversible());
    args::set(&result, "text", garbled.text);
    args::set(&result, "trace", trace);
    Ok(result)
}

/// `garble` applied `rounds` times (double, triple encoding): the text after each round. At most 8
/// rounds (RangeError beyond): each round makes the text about twice as long.
///
/// ```js
/// garbleRounds("ä", "windows-1252", 2); // ["Ã¤", "ÃƒÂ¤"]
/// ```
#[wasm_bindgen(js_name = garbleRounds, unchecked_return_type = "string[]")]
pub fn garble_rounds(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] rounds: &JsValue,
) -> Result<Array, JsValue> {
    const FUNC: &str = "garbleRounds";
    let cs = charset_arg(charset, FUNC)?;
    let Some(n) = rounds.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0) else {
        // A number says which ("got -1", "got 1.5", "got NaN"); anything else its type.
        let got = rounds
            .as_f64()
            .map_or_else(|| glue::describe(rounds), args::number_text);
        return Err(args::type_error(format!(
            "{FUNC}: rounds must be a whole number from 0, got {got}"
        )));
    };
    if n > utf8lens::mojibake::MAX_GARBLE_ROUNDS as f64 {
        return Err(args::range_error(format!(
            "{FUNC}: {} rounds of garbling asked for; at most {} are allowed",
            args::number_text(n),
            utf8lens::mojibake::MAX_GARBLE_ROUNDS
        )));
    }
    let n = n as usize;
    let text = args::text_lossy(text, FUNC)?;
    // Each round at most triples the size (a byte becomes a character of up to three bytes).
    let growth = 3usize.saturating_pow(n as u32);
    args::ensure_room(
        FUNC,
        text.len(),
        text.len().saturating_mul(growth).saturating_mul(2),
    )?;
    let all = utf8lens::mojibake::garble_rounds(&text, cs, n)
        .map_err(|e| args::range_error(format!("{FUNC}: {e}")))?;
    Ok(all.into_iter().map(JsValue::from).collect())
}

/// `text` encoded in `charset` and read as UTF-8, traced: which bytes (one per source character)
/// became which character or U+FFFD, and how many characters each piece swallowed. A character the
/// charset lacks throws a TypeError with `.offset` (UTF-16 code units).
///
/// ```js
/// const m = misreadAsUtf8("Höhe", "iso-8859-1");
/// m.text;       // "H\uFFFDhe"
/// m.pieces[1];  // { start: 1, end: 2, output: "\uFFFD", error: "invalid-byte", swallowed: 0 }
/// misreadAsUtf8("Ã¤", "windows-1252").text; // "ä"
/// ```
#[wasm_bindgen(js_name = misreadAsUtf8, unchecked_return_type = "MisreadResult")]
pub fn misread_as_utf8(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Charset")] charset: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "misreadAsUtf8";
    let cs = charset_arg(charset, FUNC)?;
    let units = args::text(text, FUNC)?;
    let text = match utf8lens::utf16_to_utf8_strict(&units) {
        Ok(text) => text,
        Err(lone) => {
            let error = args::type_error(format!(
                "{FUNC}: the lone surrogate at offset {} cannot be encoded in {cs}",
                lone.index()
            ));
            args::set(error.unchecked_ref(), "offset", lone.index() as f64);
            return Err(error);
        }
    };
    let misread = utf8lens::mojibake::misread_as_utf8(&text, cs).map_err(|e| {
        // The same character, with its offset in UTF-16 code units as JS counts (the text has no
        // lone surrogate, so the first character the charset lacks is the same).
        let e = utf8lens::charset::encode_from_utf16(&units, cs, Fallback::Error)
            .err()
            .unwrap_or(e);
        unmappable_error(FUNC, &e)
    })?;
    let pieces: Array = misread
        .pieces
        .iter()
        .map(|p| {
            let o = Object::new();
            args::set(&o, "start", p.bytes.start as f64);
            args::set(&o, "end", p.bytes.end as f64);
            args::set(&o, "output", p.output.to_string());
            if let Some(kind) = p.error {
                args::set(&o, "error", kind.as_str());
            }
            args::set(&o, "swallowed", p.swallowed() as f64);
            JsValue::from(o)
        })
        .collect();
    let result = Object::new();
    args::set(&result, "replacements", misread.replacements() as f64);
    args::set(&result, "text", misread.text);
    args::set(&result, "bytes", Uint8Array::from(misread.bytes.as_slice()));
    args::set(&result, "pieces", pieces);
    Ok(result)
}

/// One text through every charset in both directions: what its UTF-8 looks like read as each
/// charset, and what its bytes in each charset look like read as UTF-8.
///
/// ```js
/// const row = mojibakeMatrix("Höhe").find(r => r.charset === "iso-8859-1");
/// row.garbled; // "HÃ¶he"
/// row.misread; // "H\uFFFDhe"
/// ```
#[wasm_bindgen(js_name = mojibakeMatrix, unchecked_return_type = "MatrixRowInfo[]")]
pub fn mojibake_matrix(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<Array, JsValue> {
    const FUNC: &str = "mojibakeMatrix";
    let text = args::text_lossy(text, FUNC)?;
    args::ensure_room(FUNC, text.len(), Charset::ALL.len() * 8 * text.len())?;
    Ok(utf8lens::mojibake::matrix(&text)
        .into_iter()
        .map(|row| {
            let o = Object::new();
            args::set(&o, "charset", row.charset.name());
            args::set(&o, "title", row.charset.title());
            args::set(&o, "garbled", row.garbled);
            args::set(&o, "undefinedBytes", row.undefined as f64);
            match row.misread {
                Ok(misread) => args::set(&o, "misread", misread),
                Err(e) => {
                    args::set(&o, "misread", JsValue::NULL);
                    let u = Object::new();
                    args::set(&u, "char", e.ch().map(String::from).unwrap_or_default());
                    args::set(&u, "codePoint", e.code_point());
                    // In UTF-16 code units, as JS counts.
                    let offset = Utf16Cursor::new(&text).units_at(e.offset());
                    args::set(&u, "offset", offset as f64);
                    args::set(&o, "unmappable", u);
                }
            }
            JsValue::from(o)
        })
        .collect())
}

/// Detects mojibake and undoes up to three layers of it, across every charset and mixes of them.
/// Each step is data (`encode`, `decode`) with a sentence; text that is not mojibake comes back
/// unchanged with no steps.
///
/// ```js
/// const r = repair("SchÃ¶ne GrÃ¼ÃŸe");
/// r.text;                 // "Schöne Grüße"
/// r.steps[0].encode;      // "windows-1252"
/// r.steps[0].decode;      // "utf-8"
/// r.steps[0].sentence;    // "The text was UTF-8 read as windows-1252 (Western European (Windows)): ..."
/// repair("Ελληνικά").steps.length; // 0
/// ```
#[wasm_bindgen(unchecked_return_type = "RepairResult")]
pub fn repair(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "repair";
    let text = args::text_lossy(text, FUNC)?;
    args::ensure_room(FUNC, text.len(), 64 * text.len())?;
    let repaired = utf8lens::mojibake::repair(&text);
    let steps: Array = repaired
        .steps
        .iter()
        .map(|step| {
            let o = Object::new();
            args::set(&o, "encode", step.encode.name());
            args::set(&o, "decode", step.decode.name());
            args::set(&o, "whole", step.whole);
            args::set(&o, "pieces", step.pieces as f64);
            args::set(&o, "before", step.before.as_str());
            args::set(&o, "after", step.after.as_str());
            let example = Object::new();
            args::set(&example, "from", step.example.0.as_str());
            args::set(&example, "to", step.example.1.as_str());
            args::set(&o, "example", example);
            args::set(&o, "sentence", step.sentence());
            JsValue::from(o)
        })
        .collect();
    let result = Object::new();
    args::set(&result, "text", repaired.text);
    args::set(&result, "steps", steps);
    args::set(&result, "confidence", f64::from(repaired.confidence));
    Ok(result)
}
