//! Look-alikes (UTS #39): `skeleton`, `areConfusable` and `scripts` (feature `text`, the
//! `utf8lens/text` module of the npm package).
//!
//! Strings are read as UTF-8 (lone surrogates become U+FFFD, as `TextEncoder` does); offsets given
//! to JS count UTF-16 code units.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::args;
use utf8lens::confusables::{self, ScriptSet};

#[wasm_bindgen(typescript_custom_section)]
const CONFUSABLES_TS_TYPES: &'static str = r#"
/** How much script mixing a text shows, as an identifier (UTS #39 §5.2), from the strictest. */
export type RestrictionLevel =
  | "ascii-only" | "single-script" | "highly-restrictive" | "moderately-restrictive"
  | "minimally-restrictive" | "unrestricted";

/** One character of `scripts`'s text. */
export interface CharScriptsInfo {
  /** Its offset in the text, in UTF-16 code units. */
  index: number;
  char: string;
  /**
   * Its augmented script set as ISO 15924 codes: its Script_Extensions, with "Hanb", "Jpan" and
   * "Kore" for the writing systems Han is part of; ["Zyyy"] or ["Zinh"] for a Common or Inherited
   * character, which goes with any script.
   */
  scripts: string[];
}

/** What `scripts` returns. */
export interface ScriptsResult {
  /** Every character (code point) with its script set. */
  chars: CharScriptsInfo[];
  /**
   * The resolved script set, the intersection of the characters' sets: [] when the text mixes
   * scripts, ["Zyyy"] when it has only Common and Inherited characters.
   */
  resolved: string[];
  /** Whether `resolved` is not empty: `東京タワー` is single-script (both are Japanese). */
  singleScript: boolean;
  /** The English names of the scripts the characters are in, in order of appearance. */
  used: string[];
  /** The restriction level; a character outside the identifier profile (a space) makes it "unrestricted". */
  level: RestrictionLevel;
}
"#;

/// The UTS #39 skeleton of `text`: what it is compared as, every look-alike replaced by its
/// prototype. For comparing, never for showing.
///
/// ```js
/// skeleton("p\u0430ypal"); // "paypal" (a Cyrillic а)
/// skeleton("ｓｃｏｐｅ");  // "scope"
/// ```
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn skeleton(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<String, JsValue> {
    const FUNC: &str = "skeleton";
    let text = args::text_lossy(text, FUNC)?;
    // A prototype is at most 18 bytes per input character in Unicode's data; NFD adds its own.
    args::ensure_room(FUNC, text.len(), 4 * text.len())?;
    Ok(confusables::skeleton(&text))
}

/// Whether `a` and `b` look alike: whether their skeletons are equal (UTS #39).
///
/// ```js
/// areConfusable("p\u0430ypal", "paypal"); // true
/// areConfusable("paypa1", "paypal");      // true: "1" and "l" look alike
/// areConfusable("paypal", "paypals");     // false
/// ```
#[wasm_bindgen(js_name = areConfusable)]
pub fn are_confusable(
    #[wasm_bindgen(unchecked_param_type = "string")] a: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] b: &JsValue,
) -> Result<bool, JsValue> {
    const FUNC: &str = "areConfusable";
    let (a, b) = (args::text_lossy(a, FUNC)?, args::text_lossy(b, FUNC)?);
    Ok(confusables::are_confusable(&a, &b))
}

/// The scripts of `text` (UTS #39 §5): each character's script set, the resolved script set and
/// the restriction level.
///
/// ```js
/// scripts("p\u0430ypal").level;   // "minimally-restrictive"
/// scripts("東京タワー").resolved;   // ["Jpan"]
/// ```
#[wasm_bindgen(unchecked_return_type = "ScriptsResult")]
pub fn scripts(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "scripts";
    let text = args::text_lossy(text, FUNC)?;
    let found = confusables::scripts(&text);
    let mut index = 0usize;
    let chars: Array = found
        .chars
        .iter()
        .map(|c| {
            let o = Object::new();
            args::set(&o, "index", index as f64);
            args::set(&o, "char", c.char.to_string());
            args::set(&o, "scripts", codes(&c.scripts));
            index += c.char.len_utf16();
            o
        })
        .collect();
    let result = Object::new();
    args::set(&result, "chars", chars);
    args::set(&result, "resolved", codes(&found.resolved));
    args::set(&result, "singleScript", found.is_single_script());
    args::set(&result, "used", strings(found.used()));
    args::set(&result, "level", found.level.as_str());
    Ok(result)
}

fn codes(set: &ScriptSet) -> Array {
    strings(set.codes())
}

/// A JS array of strings.
pub(crate) fn strings(list: Vec<&'static str>) -> Array {
    list.into_iter().map(JsValue::from_str).collect()
}
