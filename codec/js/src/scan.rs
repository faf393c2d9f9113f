//! `scan`: the engine of the package's `utf8lens scan` command (npm/bin/utf8lens.js), a thin layer
//! over the codec's `sanitize::scan`: one file's bytes in, its findings (byte range, line, column,
//! rule, character) out, and with `fix` the bytes the preset's fix (`Policy::fixing`) makes of it.

use js_sys::{Object, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::sanitize::{build_findings, configuration, Strings};

#[wasm_bindgen(typescript_custom_section)]
const SCAN_TS_TYPES: &'static str = r#"
/** Options of `scan`: the sanitiser's (a preset, default "code", and overrides), plus `fix`. */
export interface ScanOptions extends SanitizeOptions {
  /** Also return the file as the configuration's fix would write it (every flag made a removal). */
  fix?: boolean;
}

/** The rule a scan finding breaks. */
export type ScanRule = "invalid-utf8" | "bidi" | "invisible" | "control" | "noncharacter" | "confusable" | "other";

/** One finding of `scan`. */
export interface ScanFinding {
  rule: ScanRule;
  kind: SanitizeKind;
  action: SanitizeChange["action"];
  /** Byte offsets in the file. */
  start: number;
  end: number;
  /** From 1; lines end after LF, CR LF or a lone CR. */
  line: number;
  /** From 1, in characters (code points); an invalid sequence counts as one. */
  column: number;
  /** The code point, for findings that are one character. */
  codePoint?: number;
  /** The code point and its name, such as "U+202E RIGHT-TO-LEFT OVERRIDE". */
  found: string;
  /** Why it matters. */
  reason: string;
}

/** What `scan` returns. */
export interface ScanResult {
  findings: ScanFinding[];
  /** With `fix`, when the fix changes the file: its new bytes. */
  fixed?: Uint8Array;
}
"#;

/// Scans one file's bytes: every finding with its byte range, line, column and rule (preset `code`
/// unless `options.preset` says otherwise).
///
/// ```js
/// scan(new TextEncoder().encode("a\n\u202Eb"), { fix: true });
/// // { findings: [{ rule: "bidi", line: 2, column: 1, start: 2, end: 5, found: "U+202E RIGHT-TO-LEFT OVERRIDE", ... }],
/// //   fixed: Uint8Array [0x61, 0x0A, 0x62] }
/// ```
#[wasm_bindgen(unchecked_return_type = "ScanResult")]
pub fn scan(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ScanOptions | null")] options: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "scan";
    // `fix` is ours; the rest are the sanitiser's, with `code` as the default preset.
    let (fix, sanitizer_options) = split_options(options)?;
    let (_, policy, _) = configuration(&sanitizer_options, FUNC)?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    let findings = utf8lens::sanitize::scan(&bytes, &policy);
    let mut strings = Strings::default();
    let mut table: Vec<u32> = Vec::with_capacity(findings.len() * 10);
    for finding in &findings {
        let found = finding.found.to_string();
        table.extend([
            strings.index(finding.rule.name()),
            strings.index(finding.found.kind()),
            strings.index(finding.action.as_str()),
            finding.range.start as u32,
            finding.range.end as u32,
            finding.line as u32,
            finding.column as u32,
            finding.found.code_point().map_or(0, |cp| cp + 1),
            strings.index(&found),
            strings.index(&finding.found.reason()),
        ]);
    }
    let list = build_findings(&Uint32Array::from(&table[..]), &strings.into_array());
    let result = Object::new();
    args::set(&result, "findings", list);
    if fix && !findings.is_empty() {
        let fixed = utf8lens::sanitize::sanitize(&bytes, &policy.fixing()).text;
        if fixed.as_bytes() != bytes.as_slice() {
            args::set(&result, "fixed", Uint8Array::from(fixed.as_bytes()));
        }
    }
    Ok(result)
}

/// `fix`, and the other options with the preset `code` unless one is given, as a new object.
fn split_options(options: &JsValue) -> Result<(bool, JsValue), JsValue> {
    let Some(object) = args::options(options, "scan")? else {
        let defaults = Object::new();
        args::set(&defaults, "preset", "code");
        return Ok((false, defaults.into()));
    };
    let copy = Object::assign(&Object::new(), &object);
    let fix = args::property(&copy, "fix")?.is_truthy();
    let _ = js_sys::Reflect::delete_property(&copy, &JsValue::from_str("fix"));
    if args::property(&copy, "preset")?.is_undefined() {
        args::set(&copy, "preset", "code");
    }
    Ok((fix, copy.into()))
}
