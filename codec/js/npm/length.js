// utf8Length and truncateUtf8: the UTF-8 size of a string and its longest prefix that fits a byte
// budget, without building the bytes. Both count a lone surrogate as 3 bytes, because TextEncoder
// (and encode) writes it as U+FFFD, EF BF BD.
//
// Two routes each, by size: a JS loop over the code units for short work (no call into native code,
// whose fixed cost is larger there), and for long work the platform's native code: Node's
// Buffer.byteLength (V8's own UTF-8 length, which counts lone surrogates as 3 too), and
// TextEncoder.encodeInto, whose `read` is exactly the prefix that fits (it never splits a character
// or a surrogate pair). tests/npm/length.test.mjs checks both routes against TextEncoder.

const nodeByteLength = typeof Buffer === "function" && typeof Buffer.byteLength === "function" ? Buffer.byteLength : undefined;
const platformEncoder = typeof TextEncoder === "function" ? new TextEncoder() : undefined;

// Below these sizes the loop is used (the loop costs about a nanosecond per code unit; a native call
// costs tens of nanoseconds before it starts).
const LOOP_UNITS = 128;
const LOOP_BYTES = 1024;
// encodeInto's scratch destination is kept for reuse up to this size; larger budgets get a fresh one.
const KEPT_SCRATCH = 64 * 1024;
let scratch = new Uint8Array(0);

function expectString(value, func) {
  if (typeof value !== "string") throw new TypeError(`${func}: expected a string, got ${describe(value)}`);
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an Array";
  const type = typeof value;
  return (/^[aeiou]/.test(type) ? "an " : "a ") + type;
}

/** The UTF-8 length of `text`, by the loop. */
function loopLength(text) {
  const end = text.length;
  let bytes = 0;
  for (let i = 0; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3; // the rest of the BMP, and lone surrogates (U+FFFD)
  }
  return bytes;
}

/**
 * The number of bytes of `text` in UTF-8, as `new TextEncoder().encode(text).length`, without making
 * them.
 * @param {string} text
 * @returns {number}
 */
export function utf8Length(text) {
  expectString(text, "utf8Length");
  if (nodeByteLength !== undefined && text.length >= LOOP_UNITS) return nodeByteLength(text, "utf8");
  return loopLength(text);
}

/**
 * The longest prefix of `text` whose UTF-8 takes at most `maxBytes` bytes: never half of a
 * character or of a surrogate pair; with `{ graphemes: true }`, never half of a grapheme cluster
 * (what a reader calls one character, UAX #29).
 * @param {string} text
 * @param {number} maxBytes a whole number from 0, or Infinity
 * @param {{ graphemes?: boolean }} [options]
 * @returns {string}
 */
export function truncateUtf8(text, maxBytes, options = undefined) {
  expectString(text, "truncateUtf8");
  const graphemes = graphemesOption(options);
  const prefix = truncateCodePoints(text, maxBytes);
  return graphemes && prefix.length < text.length ? toGraphemeBoundary(text, prefix) : prefix;
}

/** Reads truncateUtf8's options: `{ graphemes }`, a boolean; any other key is a mistake. */
function graphemesOption(options) {
  if (options === undefined) return false;
  if (options === null || typeof options !== "object") {
    throw new TypeError(`truncateUtf8: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "graphemes") throw new TypeError(`truncateUtf8: unknown option "${key}"; the known option is graphemes`);
  }
  const { graphemes = false } = options;
  if (typeof graphemes !== "boolean") {
    throw new TypeError(`truncateUtf8: option graphemes must be a boolean, got ${describe(graphemes)}`);
  }
  return graphemes;
}

// UAX #29's extended grapheme clusters come from the platform's Intl.Segmenter (ICU in V8,
// SpiderMonkey and JavaScriptCore; Node since 16): the package ships no segmentation tables of its
// own. Made on first use.
let graphemeSegmenter;

/**
 * `prefix` (a prefix of `text` that ends between code points) shortened to the last grapheme cluster
 * boundary at or before its end, so that no cluster of `text` is cut: not the family emoji's ZWJ
 * sequence, a flag's pair of regional indicators, or a letter's combining accent.
 */
function toGraphemeBoundary(text, prefix) {
  if (graphemeSegmenter === undefined) {
    if (typeof Intl !== "object" || typeof Intl.Segmenter !== "function") {
      throw new TypeError("truncateUtf8: { graphemes: true } needs Intl.Segmenter, which this JavaScript engine lacks");
    }
    graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  }
  // The cluster that holds the first code unit left out starts at the last boundary that fits.
  const cut = graphemeSegmenter.segment(text).containing(prefix.length);
  return cut === undefined || cut.index === prefix.length ? prefix : prefix.slice(0, cut.index);
}

/** truncateUtf8 without options: the longest prefix that never cuts a code point. */
function truncateCodePoints(text, maxBytes) {
  if (typeof maxBytes !== "number") {
    throw new TypeError(`truncateUtf8: maxBytes must be a number, got ${describe(maxBytes)}`);
  }
  if (!(maxBytes >= 0) || (maxBytes !== Infinity && !Number.isInteger(maxBytes))) {
    throw new RangeError(`truncateUtf8: maxBytes must be a whole number from 0, or Infinity, got ${maxBytes}`);
  }
  // Every code unit takes at most 3 bytes (a pair: 4 for 2 units).
  if (text.length * 3 <= maxBytes) return text;
  if (maxBytes > LOOP_BYTES && platformEncoder !== undefined) {
    let destination = scratch;
    if (destination.length < maxBytes) {
      destination = new Uint8Array(maxBytes);
      if (maxBytes <= KEPT_SCRATCH) scratch = destination;
    }
    const { read } = platformEncoder.encodeInto(text, destination.length === maxBytes ? destination : destination.subarray(0, maxBytes));
    return text.slice(0, read);
  }
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let size = 3, units = 1;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      size = 4;
      units = 2;
    }
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += units;
  }
  return i === text.length ? text : text.slice(0, i);
}
