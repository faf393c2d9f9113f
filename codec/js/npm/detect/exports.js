// The API of the package's third module `utf8lens/detect`, shared by its entries (detect/node.js,
// detect/browser.js and the others, which instantiate its WebAssembly module first): charset detection,
// `detect` and `Detector` exactly as wasm-bindgen generated them (feature `detect` of the crate
// utf8lens-js), and `decodeAs`. The detector lives apart from the other two modules, built for size
// (the cargo profile npm-size), so that only its importers download it (docs/BENCHMARKS.md, A module of
// its own).
import { decodeAs as decodeWithTables } from "./wasm/utf8lens_detect.js";

// Keep this list complete: scripts/build-npm.sh checks it against the generated exports.
export { Detector, detect } from "./wasm/utf8lens_detect.js";

// --- Decoding with a candidate of detect ----------------------------------------------------------
// The CJK multi-byte charsets go to the platform's TextDecoder, which every browser, Node and Deno
// has with these WHATWG encodings: no CJK table is in the package. Every other charset detect returns
// is decoded by the WebAssembly module's tables (codec/js/src/detect.rs), because TextDecoder lacks
// some (utf-32, ibm852, ibm855, x-mac-ce) and reads iso-8859-1, iso-8859-9, iso-8859-11 and us-ascii as
// their windows-125x supersets. Declared in detect/index.d.ts (codec/js/src/detect.rs).

const PLATFORM_DECODED = new Set(["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr"]);

/** Decodes `bytes` with a candidate of `detect` (or a charset name it returns). */
export function decodeAs(bytes, candidate) {
  const charset = typeof candidate === "string" ? candidate : candidate?.charset;
  if (charset === "iso-2022-kr") return new TextDecoder("euc-kr").decode(iso2022KrAsEucKr(byteView(bytes)));
  if (PLATFORM_DECODED.has(charset)) return new TextDecoder(charset).decode(byteView(bytes));
  return decodeWithTables(bytes, candidate);
}

function byteView(bytes) {
  if (bytes instanceof Uint8Array) return bytes;
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && bytes instanceof SharedArrayBuffer)) {
    return new Uint8Array(bytes);
  }
  throw new TypeError("decodeAs: expected a Uint8Array or another BufferSource");
}

/**
 * ISO-2022-KR (RFC 1557) as the EUC-KR bytes of the same text, which TextDecoder decodes (the WHATWG
 * standard maps the label iso-2022-kr to its "replacement" decoder): the designation ESC $ ) C is
 * dropped, and the bytes 21-7E between SO (0E) and SI (0F) are KS X 1001 bytes without their high bit.
 */
function iso2022KrAsEucKr(bytes) {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  let shifted = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x1b && bytes[i + 1] === 0x24 && bytes[i + 2] === 0x29 && bytes[i + 3] === 0x43) {
      i += 3;
    } else if (b === 0x0e) {
      shifted = true;
    } else if (b === 0x0f) {
      shifted = false;
    } else {
      if (b === 0x0a || b === 0x0d) shifted = false; // a line ends in ASCII (RFC 1557)
      out[n++] = shifted && b >= 0x21 && b <= 0x7e ? b | 0x80 : b;
    }
  }
  return out.subarray(0, n);
}
