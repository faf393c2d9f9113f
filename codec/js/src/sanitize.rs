//! `sanitize`: the sanitiser for JavaScript strings and bytes.
//!
//! Offsets given to JS: `inputStart`/`inputEnd` in the input's units (UTF-16 code units for a
//! string, bytes for bytes), `outputStart`/`outputEnd` in UTF-16 code units of `text`. The change
//! objects are built on the JS side from one numeric table and a list of distinct strings, so a
//! text with ten thousand findings costs two calls across the boundary, not a hundred thousand; and
//! without the rewriting steps the text of a string is rebuilt on the JS side from the string itself.

use js_sys::{Array, JsString, Object, Uint32Array};
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use utf8lens::sanitize::{
    Bidi, Bom, Change, Confusables, Controls, Found, Input, Invalid, Invisible, LineEndings,
    Noncharacters, NormalForm, Normalizer, Policy, Sanitized, VariationSelectors,
};
use utf8lens::Utf16Cursor;

#[wasm_bindgen(typescript_custom_section)]
const SANITIZE_TS_TYPES: &'static str = r#"
/** Options of `sanitize` (and of `sanitizeDocument` and `observe`). Every one has a safe default. */
export interface SanitizeOptions {
  /** Invalid UTF-8 and lone surrogates: replace each with U+FFFD (default) or drop it. */
  invalid?: "replace" | "drop";
  /** C0 controls (not TAB, LF, CR), DEL and C1 controls: remove (default) or show as a picture (␛). NUL is always removed. */
  controls?: "remove" | "picture";
  /** U+FEFF as a byte order mark: remove it at the start (default) or everywhere. */
  bom?: "start" | "everywhere";
  /** Bidirectional controls (Trojan Source, CVE-2021-42574): remove (default) or balance so none leaks past the text. */
  bidi?: "remove" | "balance";
  /** Zero-width and other invisible characters, tags outside emoji flags: remove (default) or only flag. */
  invisible?: "remove" | "flag";
  /** Variation selectors outside emoji: keep (default), flag or remove. */
  variationSelectors?: "keep" | "flag" | "remove";
  /** Noncharacters: replace with U+FFFD (default) or remove. */
  noncharacters?: "replace" | "remove";
  /** Line breaks (CR LF, CR, LF, NEL, LS, PS): keep (default) or make them all LF or CR LF. */
  lineEndings?: "keep" | "lf" | "crlf";
  /** Unicode normalisation: none (default), NFC or NFKC. */
  normalize?: "none" | "nfc" | "nfkc";
  /** Find and undo mojibake line by line (default false). */
  mojibake?: boolean;
  /** Words that mix scripts in a confusable way (`p\u0430ypal`): flag them (default), never changing them, or ignore them. */
  confusables?: "flag" | "ignore";
}

/** What a change was about; also the `data-issue` names of the inspector. */
export type SanitizeKind =
  | "malformed" | "lone-surrogate" | "nul" | "control" | "bom" | "bidi-control" | "bidi-unmatched"
  | "bidi-unclosed" | "bidi-overflow" | "invisible" | "tag" | "variation-selector" | "noncharacter"
  | "line-break" | "mojibake" | "unnormalized" | "confusable";

/** One finding of `sanitize`. */
export interface SanitizeChange {
  kind: SanitizeKind;
  action: "removed" | "replaced" | "inserted" | "flagged" | "repaired" | "normalized";
  /** Where it was in the input: UTF-16 code units for a string, bytes for bytes. Empty for an insertion. */
  inputStart: number;
  inputEnd: number;
  /** What it became in `text`, in UTF-16 code units: empty when removed. */
  outputStart: number;
  outputEnd: number;
  /** The code point found, for findings that are one character (a lone surrogate's code unit). */
  codePoint?: number;
  /** What was found, such as "U+202E RIGHT-TO-LEFT OVERRIDE". */
  found: string;
  /** Why it matters, in a sentence (for mojibake: how it was repaired). */
  reason: string;
  /** For a "confusable" word: how sure the finding is ("high": its skeleton is single-script). */
  severity?: "medium" | "high";
  /** For a "confusable" word: its UTS #39 skeleton, what it compares as ("paypal"). */
  skeleton?: string;
  /** For a "confusable" word: the English names of the scripts it mixes. */
  scripts?: string[];
}

/** What `sanitize` returns. */
export interface SanitizeResult {
  /** The clean text: always well-formed, and sanitising it again changes nothing. */
  text: string;
  /** Every change, ordered by position in `text`. */
  changes: SanitizeChange[];
}

/**
 * Something `sanitizeDocument` and `observe` can start from: any DOM Node (an Element, a Document,
 * a Text node...). Declared structurally so that the package's types need no DOM library.
 */
export interface SanitizeNode {
  readonly nodeType: number;
}

/** Options of `sanitizeDocument` and `observe`: those of `sanitize`, plus where to look. */
export interface SanitizeDocumentOptions extends SanitizeOptions {
  /** Attributes to clean besides text; default ["title", "alt", "aria-label", "value"]. */
  attributes?: readonly string[];
  /** A CSS selector of subtrees to leave alone (script, style, noscript and template always are). */
  skip?: string;
}

/** One text node or attribute that `sanitizeDocument` or `observe` changed or flagged. */
export interface SanitizedTarget {
  /** The Text node, or the Element whose attribute it was. */
  node: SanitizeNode;
  /** The attribute's name, or null for a text node. */
  attribute: string | null;
  before: string;
  after: string;
  changes: SanitizeChange[];
}

/** What `sanitizeDocument` found, and what `observe` reports for each batch of mutations. */
export interface SanitizeReport {
  /** How many text nodes and attributes were examined. */
  textNodes: number;
  attributes: number;
  /** Each text node or attribute with a change or a flag, in document order. */
  targets: SanitizedTarget[];
  /** How many changes of each kind. */
  counts: Partial<Record<SanitizeKind, number>>;
}

/** Options of `observe`. */
export interface ObserveOptions extends SanitizeDocumentOptions {
  /** Called after each batch of mutations that changed or flagged something. */
  onChange?: (report: SanitizeReport) => void;
}

/** What `observe` returns. */
export interface SanitizeObserver {
  /** Stops watching. */
  disconnect(): void;
}

/**
 * Cleans the text nodes and the chosen attributes under `root` in place (never the content of
 * script, style, noscript or template, and never by writing markup) and says what it changed.
 */
export function sanitizeDocument(root: SanitizeNode, options?: SanitizeDocumentOptions | null): SanitizeReport;

/**
 * Cleans text and attributes added or changed under `root` from now on, with a MutationObserver.
 * Call `sanitizeDocument(root)` first for what is already there.
 */
export function observe(root: SanitizeNode, options?: ObserveOptions | null): SanitizeObserver;
"#;

#[wasm_bindgen(inline_js = r#"
export function isWellFormed(text) {
  return typeof text.isWellFormed === "function"
    ? text.isWellFormed()
    : !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

// The result, from a table of 10 numbers per change and the distinct strings it indexes: kind,
// action, input start, input end, output start, output end, code point + 1 (0: none), found,
// reason, and what the change wrote. When `input` is a string and no step rewrote whole stretches,
// the text is the input with each change's stretch replaced by what it wrote: slices of a string
// the engine already has, instead of a second copy of the whole text through WebAssembly memory.
export function buildResult(table, strings, input, text) {
  const changes = new Array(table.length / 10);
  let rebuilt = text === undefined ? "" : undefined;
  let at = 0;
  for (let i = 0, j = 0; j < table.length; i++, j += 10) {
    const change = {
      kind: strings[table[j]],
      action: strings[table[j + 1]],
      inputStart: table[j + 2],
      inputEnd: table[j + 3],
      outputStart: table[j + 4],
      outputEnd: table[j + 5],
      found: strings[table[j + 7]],
      reason: strings[table[j + 8]],
    };
    if (table[j + 6] !== 0) change.codePoint = table[j + 6] - 1;
    changes[i] = change;
    if (rebuilt !== undefined && change.action !== "flagged") {
      rebuilt += input.slice(at, change.inputStart) + strings[table[j + 9]];
      at = change.inputEnd;
    }
  }
  return { text: rebuilt === undefined ? text : rebuilt + input.slice(at), changes };
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = isWellFormed)]
    fn is_well_formed(text: &JsString) -> bool;

    #[wasm_bindgen(js_name = buildResult)]
    fn build_result(
        table: &Uint32Array,
        strings: &Array,
        input: &JsValue,
        text: &JsValue,
    ) -> Object;
}

/// Cleans malformed and deceptive text: a string (lone surrogates and all) or UTF-8 bytes.
///
/// ```js
/// sanitize("pay\u200Bpal \u202Egpj.exe");
/// // { text: "paypal gpj.exe", changes: [{ kind: "invisible", action: "removed", inputStart: 3, ... }, ...] }
/// sanitize(new Uint8Array([0x63, 0x61, 0x66, 0xE9])).text; // "caf\uFFFD"
/// sanitize("a\u202Eb", { bidi: "balance" }).text;           // "a\u202Eb\u202C"
/// ```
#[wasm_bindgen(unchecked_return_type = "SanitizeResult")]
pub fn sanitize(
    #[wasm_bindgen(unchecked_param_type = "string | ByteSource")] input: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SanitizeOptions | null")] options: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "sanitize";
    let options = args::known_options(options, FUNC, OPTIONS)?;
    #[cfg_attr(not(feature = "normalize"), allow(unused_mut))]
    let mut policy = policy(&options)?;
    let form = match args::string_option(&options, "normalize", FUNC)?.as_deref() {
        None | Some("none") => None,
        Some("nfc") => Some(NormalForm::Nfc),
        Some("nfkc") => Some(NormalForm::Nfkc),
        Some(other) => return Err(bad_choice("normalize", other, &["none", "nfc", "nfkc"])),
    };
    // Without the rewriting steps every change replaces its own stretch of the input, so a string's
    // result can be rebuilt from the string and the changes (see buildResult).
    let rebuild = form.is_none() && !policy.repair_mojibake;
    // NFC or NFKC: with the engine's own String.prototype.normalize, which every JS engine has and
    // which costs the wasm nothing; or, with the feature `normalize`, with the codec's tables.
    #[cfg(feature = "normalize")]
    {
        policy.normalization = form;
    }
    let normalize = |text: &str| normalize_text(text, form.unwrap_or(NormalForm::Nfc));
    let normalizer = form
        .filter(|_| cfg!(not(feature = "normalize")))
        .map(|form| Normalizer::new(form, &normalize));
    let run = |input: Input<'_>| match &normalizer {
        Some(normalizer) => utf8lens::sanitize::sanitize_with(input, &policy, normalizer),
        None => utf8lens::sanitize::sanitize(input, &policy),
    };

    if let Some(text) = input.dyn_ref::<JsString>() {
        if text.length() as usize > args::MAX_INPUT_BYTES / 3 {
            return Err(args::range_error(format!(
                "{FUNC}: the string has {} code units; at most {} are accepted",
                text.length(),
                args::MAX_INPUT_BYTES / 3
            )));
        }
        if is_well_formed(text) {
            // The usual case: one fast conversion to UTF-8, then offsets converted back.
            let utf8 = String::from(text);
            let result = run(Input::Utf8(utf8.as_bytes()));
            return Ok(to_js(result, Some(&utf8), rebuild.then_some(input)));
        }
        let units = args::text(input, FUNC)?;
        let result = run(Input::Utf16(&units));
        return Ok(to_js(result, None, rebuild.then_some(input)));
    }
    // A TypeError (not bytes, or detached) names what came instead: "got a number", "got a detached
    // Uint8Array"; a RangeError (too large) is passed on as it is.
    let bytes = args::bytes(input, FUNC, Detached::Refuse).map_err(|error| {
        if error.is_instance_of::<js_sys::RangeError>() {
            return error;
        }
        args::type_error(format!(
            "{FUNC}: expected a string or a Uint8Array (or another BufferSource), got {}",
            super::glue::describe(input)
        ))
    })?;
    let result = run(Input::Utf8(&bytes));
    Ok(to_js(result, None, None))
}

/// NFC or NFKC (`form`) by the engine's own `String.prototype.normalize`.
fn normalize_text(text: &str, form: NormalForm) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let normalized = String::from(JsString::from(text).normalize(form.as_str()));
    (normalized != text).then_some(normalized)
}

/// The options `sanitize` reads (`policy` and `normalize`); any other key is a TypeError.
const OPTIONS: &[&str] = &[
    "invalid",
    "controls",
    "bom",
    "bidi",
    "invisible",
    "variationSelectors",
    "noncharacters",
    "lineEndings",
    "normalize",
    "mojibake",
    "confusables",
];

fn policy(options: &Option<Object>) -> Result<Policy, JsValue> {
    let choice = |name: &str, choices: &[&'static str]| -> Result<usize, JsValue> {
        match args::string_option(options, name, "sanitize")? {
            None => Ok(0),
            Some(value) => choices
                .iter()
                .position(|c| *c == value)
                .ok_or_else(|| bad_choice(name, &value, choices)),
        }
    };
    Ok(Policy {
        invalid: [Invalid::Replace, Invalid::Drop][choice("invalid", &["replace", "drop"])?],
        controls: [Controls::Remove, Controls::Picture]
            [choice("controls", &["remove", "picture"])?],
        bom: [Bom::Start, Bom::Everywhere][choice("bom", &["start", "everywhere"])?],
        bidi: [Bidi::Remove, Bidi::Balance][choice("bidi", &["remove", "balance"])?],
        invisible: [Invisible::Remove, Invisible::Flag][choice("invisible", &["remove", "flag"])?],
        variation_selectors: [
            VariationSelectors::Keep,
            VariationSelectors::Flag,
            VariationSelectors::Remove,
        ][choice("variationSelectors", &["keep", "flag", "remove"])?],
        noncharacters: [Noncharacters::Replace, Noncharacters::Remove]
            [choice("noncharacters", &["replace", "remove"])?],
        line_endings: [LineEndings::Keep, LineEndings::Lf, LineEndings::CrLf]
            [choice("lineEndings", &["keep", "lf", "crlf"])?],
        #[cfg(feature = "normalize")]
        normalization: None, // set by `sanitize` from the option `normalize`
        repair_mojibake: args::flag(options, "mojibake")?,
        confusables: [Confusables::Flag, Confusables::Ignore]
            [choice("confusables", &["flag", "ignore"])?],
    })
}

fn bad_choice(name: &str, value: &str, choices: &[&str]) -> JsValue {
    args::type_error(format!(
        "sanitize: option {name} must be one of {}, got \"{value}\"",
        choices.iter().fold(String::new(), |mut all, c| {
            if !all.is_empty() {
                all.push_str(", ");
            }
            all.push('"');
            all.push_str(c);
            all.push('"');
            all
        })
    ))
}

/// `{text, changes}`, with offsets in UTF-16 code units (and input offsets converted from UTF-8
/// when the input string was passed as UTF-8). With `rebuild`, the input string, JS rebuilds the
/// text from it and what each change wrote.
fn to_js(result: Sanitized, utf8_input: Option<&str>, rebuild: Option<&JsValue>) -> Object {
    let Sanitized { text, changes } = result;
    let mut output_units = Utf16Cursor::new(&text);
    let mut input_units = utf8_input.map(Utf16Cursor::new);
    let mut strings = Strings::default();
    let mut table: Vec<u32> = Vec::with_capacity(changes.len() * 10);
    for change in &changes {
        let (input_start, input_end) = match &mut input_units {
            Some(units) => (
                units.units_at(change.input.start),
                units.units_at(change.input.end),
            ),
            None => (change.input.start, change.input.end),
        };
        let written = match rebuild {
            Some(_) => strings.index(text.get(change.output.clone()).unwrap_or_default()),
            None => 0,
        };
        table.extend([
            strings.index(change.found.kind()),
            strings.index(change.action.as_str()),
            input_start as u32,
            input_end as u32,
            output_units.units_at(change.output.start) as u32,
            output_units.units_at(change.output.end) as u32,
            change.found.code_point().map_or(0, |cp| cp + 1),
            strings.index(&change.found.to_string()),
            strings.index(&change.reason()),
            written,
        ]);
    }
    let table = Uint32Array::from(&table[..]);
    let result = match rebuild {
        Some(input) => build_result(&table, &strings.into_array(), input, &JsValue::UNDEFINED),
        None => build_result(
            &table,
            &strings.into_array(),
            &JsValue::UNDEFINED,
            &JsValue::from_str(&text),
        ),
    };
    add_confusable_details(&result, &changes);
    result
}

/// The details of each "confusable" finding (rare, so set one by one): severity, skeleton, scripts.
fn add_confusable_details(result: &Object, changes: &[Change]) {
    let mut objects = None;
    for (i, change) in changes.iter().enumerate() {
        let Found::Confusable(word) = &change.found else {
            continue;
        };
        // `changes` is the array buildResult made: a plain array of plain objects.
        let objects = objects.get_or_insert_with(|| {
            super::glue::get_property(result, "changes").unchecked_into::<Array>()
        });
        let object: Object = objects.get(i as u32).unchecked_into();
        args::set(&object, "severity", word.severity.as_str());
        args::set(&object, "skeleton", word.skeleton.as_str());
        args::set(
            &object,
            "scripts",
            super::confusables::strings(word.scripts.clone()),
        );
    }
}

/// The distinct strings of the change table.
#[derive(Default)]
struct Strings(Vec<String>);

impl Strings {
    fn index(&mut self, s: &str) -> u32 {
        match self.0.iter().position(|t| t == s) {
            Some(i) => i as u32,
            None => {
                self.0.push(s.to_owned());
                (self.0.len() - 1) as u32
            }
        }
    }

    fn into_array(self) -> Array {
        self.0.iter().map(|s| JsValue::from_str(s)).collect()
    }
}
