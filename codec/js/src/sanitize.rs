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
    normalization_rule, Bidi, Bom, Change, Confusables, Controls, Found, Input, Invalid, Invisible,
    LineEndings, Locator, Noncharacters, NormalForm, Normalizer, Policy, Preset, Sanitized,
    SoftHyphens, VariationSelectors,
};
use utf8lens::Utf16Cursor;

#[wasm_bindgen(typescript_custom_section)]
const SANITIZE_TS_TYPES: &'static str = r##"
/**
 * A vetted configuration: "display" (the defaults, for text shown to people), "identifier" (user
 * names and slugs: NFKC, nothing invisible, no bidi controls), "code" (Trojan Source: every bidi
 * control, invisible and control character flagged, nothing rewritten), "prompt" (text handed to a
 * language model: hidden tag text, invisibles, bidi controls and stray variation selectors removed).
 */
export type SanitizePreset = "display" | "identifier" | "code" | "prompt";

/** Options of `sanitize` (and of `sanitizeDocument` and `observe`). Every one has a safe default. */
export interface SanitizeOptions {
  /** The preset the other options start from; default "display". */
  preset?: SanitizePreset;
  /** Invalid UTF-8 and lone surrogates: replace each with U+FFFD (default) or drop it. */
  invalid?: "replace" | "drop";
  /** C0 controls (not TAB, LF, CR), DEL and C1 controls: remove (default), show as a picture (␛) or only flag. NUL is always removed. */
  controls?: "remove" | "picture" | "flag";
  /** U+FEFF as a byte order mark: remove it at the start (default) or everywhere. */
  bom?: "start" | "everywhere";
  /** Bidirectional controls (Trojan Source, CVE-2021-42574): remove (default) or balance so none leaks past the text. */
  bidi?: "remove" | "balance" | "flag";
  /** Invisible characters: every format character (Cf) and default-ignorable code point no other option is about, blanks such as the Hangul fillers and U+2800, tags outside emoji flags: remove (default) or only flag. */
  invisible?: "remove" | "flag";
  /** Variation selectors outside registered variation sequences (StandardizedVariants, emoji-variation-sequences, ideographic variation sequences): remove (default), flag, or keep every one. */
  variationSelectors?: "remove" | "flag" | "keep";
  /** U+00AD SOFT HYPHEN: an invisible character like the others, as `invisible` says (default), or kept as a hyphenation hint. */
  softHyphens?: "invisible" | "keep";
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
  | "line-break" | "mojibake" | "unnormalized" | "hidden-text" | "confusable";

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
  /**
   * For kind "hidden-text": what the run of tags or variation selectors starting here spells, decoded as
   * UTF-8 (U+FFFD for invalid bytes), such as "ignore previous instructions". The run's other characters
   * are changes of their own (kind "tag" or "variation-selector").
   */
  hidden?: string;
  /** For kind "hidden-text": what the text was hidden in. */
  carrier?: "tags" | "variation-selectors";
  /** Why it matters, in a sentence (for mojibake: how it was repaired). */
  reason: string;
  /** For a "confusable" word: how sure the finding is ("high": its skeleton is single-script). */
  severity?: "medium" | "high";
  /** For a "confusable" word: its UTS #39 skeleton, what it compares as ("paypal"). */
  skeleton?: string;
  /** For a "confusable" word: the English names of the scripts it mixes. */
  scripts?: string[];
}

/**
 * One finding of `check`: a change of `sanitize`, with where it starts as people count it. Lines end
 * after LF, CR LF or a lone CR; the column counts characters (code points) from 1, a lone surrogate
 * or an invalid UTF-8 sequence counting as one.
 */
export interface SanitizeFinding extends SanitizeChange {
  line: number;
  column: number;
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
 * A reusable sanitiser: a preset name or options, checked once and kept frozen.
 *
 * ```ts
 * const names = new Sanitizer("identifier");
 * names.sanitize("ad\u200Bmin").text;            // "admin"
 * new Sanitizer("code").check("x\u202E = 1")[0]; // { kind: "bidi-control", line: 1, column: 2, ... }
 * ```
 */
export class Sanitizer {
  constructor(presetOrOptions?: SanitizePreset | SanitizeOptions);
  /** The configuration, as given (frozen). */
  readonly options: Readonly<SanitizeOptions>;
  /** The clean text and every change: `sanitize(text, this.options)`. */
  sanitize(text: string | ByteSource): SanitizeResult;
  /** What `sanitize` would change or flag, each with its line and column; nothing is changed. */
  check(text: string | ByteSource): SanitizeFinding[];
  /** Its rules in words: the preset's purpose, then one sentence per kind of character. */
  describe(): string[];
}

/** A change made by the hooks of `dompurifyHook`, with where: "#text" or the attribute's name. */
export interface DompurifyChange extends SanitizeChange {
  where: string;
}

/** What `dompurifyHook` returns: two DOMPurify hooks and a way to add both. */
export interface DompurifyHooks {
  /** Cleans a text node's data (DOMPurify calls it for every node it walks). */
  uponSanitizeElement(node: SanitizeNode): void;
  /** Cleans an attribute's value before DOMPurify checks it. */
  uponSanitizeAttribute(node: SanitizeNode, data: { attrName: string; attrValue: string }): void;
  /** Adds both hooks to a DOMPurify instance with `addHook`, and returns it. */
  install<T extends { addHook(...args: any[]): unknown }>(purify: T): T;
  /** The changes made since the last call, then forgets them. */
  takeChanges(): DompurifyChange[];
}

/**
 * DOMPurify hooks that clean text nodes and attribute values in DOMPurify's own pass. The sanitiser is
 * not an XSS filter: DOMPurify removes what runs scripts, these hooks the invisible and deceptive text.
 *
 * ```ts
 * dompurifyHook(new Sanitizer("display")).install(DOMPurify);
 * DOMPurify.sanitize('<p title="pay\u200Bpal">\u202Egpj.exe</p><img src=x onerror=alert(1)>');
 * // '<p title="paypal">gpj.exe</p><img src="x">'
 * ```
 */
export function dompurifyHook(sanitizer?: Sanitizer | SanitizePreset | SanitizeOptions): DompurifyHooks;

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
"##;

#[wasm_bindgen(inline_js = r#"
export function isWellFormed(text) {
  return typeof text.isWellFormed === "function"
    ? text.isWellFormed()
    : !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

// The result, from a table of 14 numbers per change and the distinct strings it indexes: kind,
// action, input start, input end, output start, output end, code point + 1 (0: none), found,
// reason, what the change wrote, hidden text + 1 and its carrier + 1 (0: none), and the line and
// column of its start (0: not asked for, by check). When `input` is a string and no step rewrote whole stretches,
// the text is the input with each change's stretch replaced by what it wrote: slices of a string
// the engine already has, instead of a second copy of the whole text through WebAssembly memory.
export function buildResult(table, strings, input, text) {
  const changes = new Array(table.length / 14);
  let rebuilt = text === undefined ? "" : undefined;
  let at = 0;
  for (let i = 0, j = 0; j < table.length; i++, j += 14) {
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
    if (table[j + 10] !== 0) change.hidden = strings[table[j + 10] - 1];
    if (table[j + 11] !== 0) change.carrier = strings[table[j + 11] - 1];
    if (table[j + 12] !== 0) {
      change.line = table[j + 12];
      change.column = table[j + 13];
    }
    changes[i] = change;
    if (rebuilt !== undefined && change.action !== "flagged") {
      rebuilt += input.slice(at, change.inputStart) + strings[table[j + 9]];
      at = change.inputEnd;
    }
  }
  return { text: rebuilt === undefined ? text : rebuilt + input.slice(at), changes };
}

// The findings, from a table of 10 numbers per finding and the distinct strings it indexes: rule,
// kind, action, start, end, line, column, code point + 1 (0: none), found, reason. A file with a
// hundred thousand findings (a PDF among the sources) costs two calls across the boundary.
export function buildFindings(table, strings) {
  const findings = new Array(table.length / 10);
  for (let i = 0, j = 0; j < table.length; i++, j += 10) {
    const finding = {
      rule: strings[table[j]],
      kind: strings[table[j + 1]],
      action: strings[table[j + 2]],
      start: table[j + 3],
      end: table[j + 4],
      line: table[j + 5],
      column: table[j + 6],
    };
    if (table[j + 7] !== 0) finding.codePoint = table[j + 7] - 1;
    finding.found = strings[table[j + 8]];
    finding.reason = strings[table[j + 9]];
    findings[i] = finding;
  }
  return findings;
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

    /// `scan`'s findings from their table (scan.rs); in this snippet rather than one of scan's own,
    /// so the text module's JS is one file.
    #[wasm_bindgen(js_name = buildFindings)]
    pub(super) fn build_findings(table: &Uint32Array, strings: &Array) -> Array;
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
    run_sanitize(input, options, "sanitize", false)
}

/// What `sanitize` would change or flag, without the text: each finding with its line and column.
///
/// ```js
/// check("let a = 1;\nlet b\u200B = 2;", { preset: "code" });
/// // [{ kind: "invisible", action: "flagged", line: 2, column: 6, found: "U+200B ZERO WIDTH SPACE", ... }]
/// ```
#[wasm_bindgen(unchecked_return_type = "SanitizeFinding[]")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string | ByteSource")] input: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SanitizeOptions | null")] options: &JsValue,
) -> Result<JsValue, JsValue> {
    let result = run_sanitize(input, options, "check", true)?;
    args::property(&result, "changes")
}

/// The rules of a configuration in words: the preset's purpose, then one sentence per kind of
/// character, as `Policy::describe` says them.
///
/// ```js
/// describeSanitizer({ preset: "code" });
/// // ["Source code (Trojan Source, CVE-2021-42574): ...", "Invalid UTF-8 ...: replaced by U+FFFD.", ...]
/// ```
#[wasm_bindgen(js_name = describeSanitizer, unchecked_return_type = "string[]")]
pub fn describe_sanitizer(
    #[wasm_bindgen(unchecked_optional_param_type = "SanitizeOptions | null")] options: &JsValue,
) -> Result<Array, JsValue> {
    let (preset, policy, form) = configuration(options, "describeSanitizer")?;
    let rules: Array = std::iter::once(preset.purpose())
        .chain(policy.describe())
        .map(JsValue::from_str)
        .collect();
    if cfg!(not(feature = "normalize")) {
        rules.push(&JsValue::from_str(normalization_rule(form)));
    }
    Ok(rules)
}

/// The preset, the policy and the normalisation form that `options` ask for; a TypeError names a
/// bad or unknown option.
pub(crate) fn configuration(
    options: &JsValue,
    func: &str,
) -> Result<(Preset, Policy, Option<NormalForm>), JsValue> {
    let options = args::known_options(options, func, OPTIONS)?;
    let preset = match args::string_option(&options, "preset", func)? {
        None => Preset::Display,
        Some(name) => name
            .parse()
            .map_err(|_| bad_choice(func, "preset", &name, &Preset::ALL.map(Preset::name)))?,
    };
    #[cfg_attr(not(feature = "normalize"), allow(unused_mut))]
    let mut policy = policy(&options, preset.policy(), func)?;
    let form = match args::string_option(&options, "normalize", func)?.as_deref() {
        None => preset.normal_form(),
        Some("none") => None,
        Some("nfc") => Some(NormalForm::Nfc),
        Some("nfkc") => Some(NormalForm::Nfkc),
        Some(other) => {
            return Err(bad_choice(
                func,
                "normalize",
                other,
                &["none", "nfc", "nfkc"],
            ))
        }
    };
    #[cfg(feature = "normalize")]
    {
        policy.normalization = form;
    }
    Ok((preset, policy, form))
}

/// `sanitize` and `check` (with `locate`: each change's line and column).
fn run_sanitize(
    input: &JsValue,
    options: &JsValue,
    func: &str,
    locate: bool,
) -> Result<Object, JsValue> {
    let (_, policy, form) = configuration(options, func)?;
    // Without the rewriting steps every change replaces its own stretch of the input, so a string's
    // result can be rebuilt from the string and the changes (see buildResult).
    let rebuild = form.is_none() && !policy.repair_mojibake && !locate;
    // NFC or NFKC: with the engine's own String.prototype.normalize, which every JS engine has and
    // which costs the wasm nothing; or, with the feature `normalize`, with the codec's tables.
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
                "{func}: the string has {} code units; at most {} are accepted",
                text.length(),
                args::MAX_INPUT_BYTES / 3
            )));
        }
        if is_well_formed(text) {
            // The usual case: one fast conversion to UTF-8, then offsets converted back.
            let utf8 = String::from(text);
            let result = run(Input::Utf8(utf8.as_bytes()));
            let places = locate.then(|| locations_utf8(utf8.as_bytes(), &result));
            return Ok(to_js(result, Some(&utf8), rebuild.then_some(input), places));
        }
        let units = args::text(input, func)?;
        let result = run(Input::Utf16(&units));
        let places = locate.then(|| locations_utf16(&units, &result));
        return Ok(to_js(result, None, rebuild.then_some(input), places));
    }
    // A TypeError (not bytes, or detached) names what came instead: "got a number", "got a detached
    // Uint8Array"; a RangeError (too large) is passed on as it is.
    let bytes = args::bytes(input, func, Detached::Refuse).map_err(|error| {
        if error.is_instance_of::<js_sys::RangeError>() {
            return error;
        }
        args::type_error(format!(
            "{func}: expected a string or a Uint8Array (or another BufferSource), got {}",
            super::glue::describe(input)
        ))
    })?;
    let result = run(Input::Utf8(&bytes));
    let places = locate.then(|| locations_utf8(&bytes, &result));
    Ok(to_js(result, None, None, places))
}

/// The line and column of each change's input start, in UTF-8 input.
fn locations_utf8(bytes: &[u8], result: &Sanitized) -> Vec<(u32, u32)> {
    let mut locator = Locator::new(bytes);
    result
        .changes
        .iter()
        .map(|c| {
            let at = locator.locate(c.input.start);
            (at.line as u32, at.column as u32)
        })
        .collect()
}

/// The same for UTF-16 input with lone surrogates: located in its lossy UTF-8 form (a lone
/// surrogate is one U+FFFD, one column), its offsets in code units mapped to that form's bytes.
fn locations_utf16(units: &[u16], result: &Sanitized) -> Vec<(u32, u32)> {
    let lossy = String::from_utf16_lossy(units);
    // The byte offset in `lossy` of each code unit offset, walked forward as the changes come.
    let mut byte_at = Vec::with_capacity(units.len() + 1);
    let mut bytes = 0;
    for c in char::decode_utf16(units.iter().copied()) {
        let (width, len) = match c {
            Ok(c) => (c.len_utf16(), c.len_utf8()),
            Err(_) => (1, 3),
        };
        byte_at.push(bytes);
        if width == 2 {
            byte_at.push(bytes);
        }
        bytes += len;
    }
    byte_at.push(bytes);
    let mut locator = Locator::new(lossy.as_bytes());
    result
        .changes
        .iter()
        .map(|c| {
            let at = locator.locate(byte_at.get(c.input.start).copied().unwrap_or(bytes));
            (at.line as u32, at.column as u32)
        })
        .collect()
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
    "preset",
    "invalid",
    "controls",
    "bom",
    "bidi",
    "invisible",
    "variationSelectors",
    "softHyphens",
    "noncharacters",
    "lineEndings",
    "normalize",
    "mojibake",
    "confusables",
];

/// `base` (the preset's policy) with each option given set as it says.
// `..base` carries `normalization`, a field only with the feature `normalize`.
#[allow(clippy::needless_update)]
fn policy(options: &Option<Object>, base: Policy, func: &str) -> Result<Policy, JsValue> {
    // Each option's choices, by their names; an option not given keeps the preset's.
    fn choose<T: Copy>(
        options: &Option<Object>,
        func: &str,
        name: &str,
        choices: &[(&'static str, T)],
        current: T,
    ) -> Result<T, JsValue> {
        match args::string_option(options, name, func)? {
            None => Ok(current),
            Some(value) => choices
                .iter()
                .find(|(n, _)| *n == value)
                .map(|&(_, choice)| choice)
                .ok_or_else(|| {
                    let names: Vec<&str> = choices.iter().map(|&(n, _)| n).collect();
                    bad_choice(func, name, &value, &names)
                }),
        }
    }
    use Invalid as I;
    Ok(Policy {
        invalid: choose(
            options,
            func,
            "invalid",
            &[("replace", I::Replace), ("drop", I::Drop)],
            base.invalid,
        )?,
        controls: choose(
            options,
            func,
            "controls",
            &[
                ("remove", Controls::Remove),
                ("picture", Controls::Picture),
                ("flag", Controls::Flag),
            ],
            base.controls,
        )?,
        bom: choose(
            options,
            func,
            "bom",
            &[("start", Bom::Start), ("everywhere", Bom::Everywhere)],
            base.bom,
        )?,
        bidi: choose(
            options,
            func,
            "bidi",
            &[
                ("remove", Bidi::Remove),
                ("balance", Bidi::Balance),
                ("flag", Bidi::Flag),
            ],
            base.bidi,
        )?,
        invisible: choose(
            options,
            func,
            "invisible",
            &[("remove", Invisible::Remove), ("flag", Invisible::Flag)],
            base.invisible,
        )?,
        variation_selectors: choose(
            options,
            func,
            "variationSelectors",
            &[
                ("keep", VariationSelectors::Keep),
                ("flag", VariationSelectors::Flag),
                ("remove", VariationSelectors::Remove),
            ],
            base.variation_selectors,
        )?,
        soft_hyphens: choose(
            options,
            func,
            "softHyphens",
            &[
                ("invisible", SoftHyphens::AsInvisible),
                ("keep", SoftHyphens::Keep),
            ],
            base.soft_hyphens,
        )?,
        noncharacters: choose(
            options,
            func,
            "noncharacters",
            &[
                ("replace", Noncharacters::Replace),
                ("remove", Noncharacters::Remove),
            ],
            base.noncharacters,
        )?,
        line_endings: choose(
            options,
            func,
            "lineEndings",
            &[
                ("keep", LineEndings::Keep),
                ("lf", LineEndings::Lf),
                ("crlf", LineEndings::CrLf),
            ],
            base.line_endings,
        )?,
        repair_mojibake: match options {
            Some(object) => match args::property(object, "mojibake")? {
                value if value.is_undefined() => base.repair_mojibake,
                value => value.is_truthy(),
            },
            None => base.repair_mojibake,
        },
        confusables: choose(
            options,
            func,
            "confusables",
            &[("flag", Confusables::Flag), ("ignore", Confusables::Ignore)],
            base.confusables,
        )?,
        ..base // normalization: set by `configuration` from the option `normalize`
    })
}

fn bad_choice(func: &str, name: &str, value: &str, choices: &[&str]) -> JsValue {
    args::type_error(format!(
        "{func}: option {name} must be one of {}, got \"{value}\"",
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
/// With `places`, each change's line and column (by `check`).
fn to_js(
    result: Sanitized,
    utf8_input: Option<&str>,
    rebuild: Option<&JsValue>,
    places: Option<Vec<(u32, u32)>>,
) -> Object {
    let Sanitized { text, changes } = result;
    let mut output_units = Utf16Cursor::new(&text);
    let mut input_units = utf8_input.map(Utf16Cursor::new);
    let mut strings = Strings::default();
    let mut table: Vec<u32> = Vec::with_capacity(changes.len() * 14);
    for (i, change) in changes.iter().enumerate() {
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
        match &change.found {
            Found::HiddenText(hidden) => table.extend([
                strings.index(&hidden.text()) + 1,
                strings.index(hidden.carrier.as_str()) + 1,
            ]),
            _ => table.extend([0, 0]),
        }
        let (line, column) = places
            .as_ref()
            .and_then(|places| places.get(i).copied())
            .unwrap_or((0, 0));
        table.extend([line, column]);
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

/// The distinct strings of the change table (and of `scan`'s findings table).
#[derive(Default)]
pub(crate) struct Strings(Vec<String>);

impl Strings {
    pub(crate) fn index(&mut self, s: &str) -> u32 {
        match self.0.iter().position(|t| t == s) {
            Some(i) => i as u32,
            None => {
                self.0.push(s.to_owned());
                (self.0.len() - 1) as u32
            }
        }
    }

    pub(crate) fn into_array(self) -> Array {
        self.0.iter().map(|s| JsValue::from_str(s)).collect()
    }
}
