//! `inspect`: everything the inspector draws about a byte string, as plain JSON.
//!
//! The walk is the codec's (`segments`, `byte_roles`); what it finds crosses to JavaScript packed,
//! as typed arrays and one string of messages, and the objects are made on the JS side with literal
//! keys. Making them here, one property at a time through `Reflect.set`, crossed into JavaScript
//! about ten times per segment: 3 MiB of random bytes took 21 s that way (docs/BENCHMARKS.md,
//! inspect, has the measurement of both).

use core::fmt::Write as _;

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::args::{self, Detached};
use super::decode::whole_number_option;
use utf8lens::{ByteRole, ErrorKind, Segment};

#[wasm_bindgen(inline_js = r#"
// The result of `inspect` from its packed form: per byte its role (an index into roleNames), per
// segment its offset and length, and either a code point (kind 255) or an error (kind: an index into
// kindNames) whose message is the next line of `messages` (each ends with a newline) and whose intended code point, when
// intendedLengths says it has one, is in values.
export function inspectResult(roleCodes, roleNames, offsets, lengths, kinds, values, intendedLengths, kindNames, messages, valid) {
  const roleList = roleNames.split(",");
  const kindList = kindNames.split(",");
  const roles = new Array(roleCodes.length);
  for (let i = 0; i < roleCodes.length; i++) roles[i] = roleList[roleCodes[i]];
  const lines = messages.split("\n");
  const segments = new Array(offsets.length);
  for (let i = 0, line = 0; i < offsets.length; i++) {
    const offset = offsets[i], length = lengths[i], kind = kinds[i];
    if (kind === 255) {
      segments[i] = { offset, length, codePoint: values[i], char: String.fromCodePoint(values[i]) };
      continue;
    }
    const error = { offset, length, kind: kindList[kind], message: lines[line++] };
    if (intendedLengths[i] !== 0) error.intended = { codePoint: values[i], length: intendedLengths[i] };
    segments[i] = { offset, length, error };
  }
  return { roles, segments, valid };
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = inspectResult)]
    #[allow(clippy::too_many_arguments)] // one crossing with every packed array
    fn inspect_result(
        role_codes: &[u8],
        role_names: &str,
        offsets: &[u32],
        lengths: &[u8],
        kinds: &[u8],
        values: &[u32],
        intended_lengths: &[u8],
        kind_names: &str,
        messages: &str,
        valid: bool,
    ) -> Object;
}

/// The kind code of a segment that is a character.
const CHAR: u8 = 255;

/// Per byte its role, and the segments: each a character with its code point and byte range, or a
/// malformed sequence with its error info. `offset` starts the walk at that byte (offsets stay
/// counted from the start of `bytes`; a segment's end is where the next page starts) and `limit`
/// stops it after that many segments; `roles` then covers the bytes of the segments reported, and
/// `valid` says whether those are all characters.
///
/// ```js
/// const { roles, segments, valid } = inspect(new Uint8Array([0x41, 0xE2, 0x82, 0xAC, 0xFF]));
/// roles;        // ["ascii", "lead", "continuation", "continuation", "invalid"]
/// segments[1];  // { offset: 1, length: 3, codePoint: 0x20AC, char: "€" }
/// segments[2].error.kind; // "invalid-byte"
/// valid;        // false
/// inspect(new Uint8Array([0x41, 0xE2, 0x82, 0xAC, 0xFF]), { offset: 1, limit: 1 }).segments;
/// // [{ offset: 1, length: 3, codePoint: 0x20AC, char: "€" }]
/// ```
#[wasm_bindgen(unchecked_return_type = "InspectResult")]
pub fn inspect(
    #[wasm_bindgen(unchecked_param_type = "ByteSource")] bytes: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "InspectOptions | null")] options: &JsValue,
) -> Result<Object, JsValue> {
    const FUNC: &str = "inspect";
    let options = args::known_options(options, FUNC, &["offset", "limit"])?;
    let start = whole_number_option(&options, "offset", FUNC)?;
    let limit = whole_number_option(&options, "limit", FUNC)?;
    let bytes = args::bytes(bytes, FUNC, Detached::Refuse)?;
    // Missing (usize::MAX) is 0.
    let start = if start == usize::MAX { 0 } else { start };
    if start > bytes.len() {
        return Err(args::range_error(format!(
            "{FUNC}: offset {start} is beyond the input's {} bytes",
            bytes.len()
        )));
    }
    let window = bytes.get(start..).unwrap_or_default();

    let mut offsets: Vec<u32> = Vec::new();
    let mut lengths: Vec<u8> = Vec::new();
    let mut kinds: Vec<u8> = Vec::new();
    let mut values: Vec<u32> = Vec::new();
    let mut intended: Vec<u8> = Vec::new();
    let mut messages = String::new();
    let mut end = 0;
    for segment in utf8lens::segments(window).take(limit) {
        let range = segment.range();
        end = range.end;
        // wasm32 memory ends at 4 GiB, so every offset fits in a u32.
        offsets.push((start + range.start) as u32);
        lengths.push(range.len() as u8);
        match segment {
            Segment::Char { ch, .. } => {
                kinds.push(CHAR);
                values.push(u32::from(ch));
                intended.push(0);
            }
            Segment::Malformed(m) => {
                let m = m.with_offset(start + m.offset());
                kinds.push(m.kind() as u8);
                let meant = m.intended();
                values.push(meant.map_or(0, |i| i.code_point()));
                intended.push(meant.map_or(0, |i| i.len() as u8));
                // One line each (the messages hold no newline); writing to a String cannot fail.
                let _ = writeln!(messages, "{m}");
            }
        }
    }
    let roles: Vec<u8> = utf8lens::byte_roles(window.get(..end).unwrap_or_default())
        .iter()
        .map(|&r| r as u8)
        .collect();
    let role_names: Vec<&str> = [
        ByteRole::Ascii,
        ByteRole::Lead,
        ByteRole::Continuation,
        ByteRole::Invalid,
    ]
    .iter()
    .map(|r| r.as_str())
    .collect();
    let kind_names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    let valid = kinds.iter().all(|&k| k == CHAR);
    Ok(inspect_result(
        &roles,
        &role_names.join(","),
        &offsets,
        &lengths,
        &kinds,
        &values,
        &intended,
        &kind_names.join(","),
        &messages,
        valid,
    ))
}
