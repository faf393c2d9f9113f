// The web-platform-tests Encoding API files (encoding/*.any.js, encoding/streams/*.any.js and the
// resources they name, laid out as in the WPT repository), run in Node by wpt-harness.mjs with OUR
// classes installed as the globals: TextDecoder = Utf8Decoder, TextEncoder = Utf8Encoder,
// TextDecoderStream = Utf8DecoderStream, TextEncoderStream = Utf8EncoderStream.
//
// Each WPT test is one node:test test. Tests outside UTF-8's scope (other encodings, which our
// UTF-8-only classes refuse by design; browser-only machinery such as XMLHttpRequest) are listed in
// OUT_OF_SCOPE with the reason, reported as skipped and counted apart; every other test must pass.
// The same files also run against Node's own classes, for information: the counts are printed, and
// where Node fails a test, that is Node's to fix, not ours to copy.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";

import { UnicodeDecoder, Utf8Decoder, Utf8DecoderStream, Utf8Encoder, Utf8EncoderStream } from "utf8lens";
import { ROOT } from "./support.mjs";
import { runWptFile } from "./wpt-harness.mjs";

// Where the WPT files are read from: $WPT_ENCODING_DIR, or ../shared/conformance/wpt-encoding beside
// the checkout. They are test code from another project, so they are read at test time and never
// committed here; without them this file runs no WPT test and says why.
const WPT = process.env.WPT_ENCODING_DIR ?? join(ROOT, "../shared/conformance/wpt-encoding");
const OURS = { TextDecoder: Utf8Decoder, TextEncoder: Utf8Encoder, TextDecoderStream: Utf8DecoderStream, TextEncoderStream: Utf8EncoderStream };
const NODE = { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream };

// The UTF-16 tests of the files run a second time with UnicodeDecoder as TextDecoder, and each must
// pass. One label differs by design: WHATWG's "utf-16" is UTF-16LE (a BE byte order mark is then
// U+FFFE), while UnicodeDecoder's sniffs the BOM and reports "utf-16"; for WPT the label is passed as
// "utf-16le", which is what WHATWG means by it.
class WhatwgUnicodeDecoder extends UnicodeDecoder {
  constructor(label = "utf-8", options = undefined) {
    super(String(label).trim().toLowerCase() === "utf-16" ? "utf-16le" : label, options);
  }
}
const UNICODE = { ...OURS, TextDecoder: WhatwgUnicodeDecoder };
/** Whether a test of `file` is one of the UTF-16 tests UnicodeDecoder must pass. */
const isUtf16Test = (file, name) => OUT_OF_SCOPE.some(([f, pattern, reason]) => f === file && reason === OTHER_ENCODING && pattern instanceof RegExp && /utf-16/.test(pattern.source) && pattern.test(name)) && /utf-16/i.test(name);

// Why a test is outside UTF-8's scope, by file and test name (a RegExp, or true for the whole file).
const OTHER_ENCODING = "another encoding than UTF-8: Utf8Decoder and Utf8DecoderStream decode UTF-8 only and refuse other labels with a RangeError by design (their UTF-16 tests run again below with UnicodeDecoder)";
const XHR = "decodes through XMLHttpRequest and a data: URL, browser machinery that is not our API (and not in Node)";
const MIXED = `${OTHER_ENCODING}; the test also checks UTF-8 first, a case textdecoder-fatal.any.js covers on its own`;
const NO_FLOAT16 = "Float16Array is not in this Node version, so the test cannot make its input (Node's own TextEncoder fails it the same way)";
const OUT_OF_SCOPE = [
  ["encoding/api-basics.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/iso-2022-jp-decoder.any.js", true, OTHER_ENCODING],
  ["encoding/replacement-encodings.any.js", true, XHR],
  ["encoding/textdecoder-byte-order-marks.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/textdecoder-fatal-single-byte.any.js", true, OTHER_ENCODING],
  ["encoding/textdecoder-fatal-streaming.any.js", /^Fatal flag, non-streaming cases$/, MIXED],
  ["encoding/textdecoder-fatal-streaming.any.js", /^Fatal flag, streaming cases$/, OTHER_ENCODING],
  ["encoding/textdecoder-fatal.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/textdecoder-ignorebom.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/textdecoder-labels.any.js", /=> (?!UTF-8$)/, OTHER_ENCODING],
  ["encoding/textdecoder-streaming.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/textdecoder-utf16-surrogates.any.js", true, OTHER_ENCODING],
  ["encoding/textencoder-constructor-non-utf.any.js", /^Encoding argument supported for decode: (?!UTF-8$)/, OTHER_ENCODING],
  ["encoding/unsupported-encodings.any.js", true, XHR],
  ["encoding/streams/decode-attributes.any.js", /for '(iso-8859-2|ascii|utf-16)'$/, OTHER_ENCODING],
  ["encoding/streams/decode-ignore-bom.any.js", /utf-16/, OTHER_ENCODING],
  ["encoding/streams/decode-non-utf8.any.js", true, OTHER_ENCODING],
  ...(typeof Float16Array === "undefined" ? [["encoding/encodeInto.any.js", /Float16Array/, NO_FLOAT16]] : []),
];

function outOfScope(file, name) {
  for (const [f, pattern, reason] of OUT_OF_SCOPE) {
    if (f === file && (pattern === true || pattern.test(name))) return reason;
  }
  return undefined;
}

/** The WPT test files, as paths relative to WPT. */
function wptFiles() {
  const files = [];
  for (const dir of ["encoding", "encoding/streams"]) {
    const path = join(WPT, dir);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path).sort()) if (name.endsWith(".any.js")) files.push(`${dir}/${name}`);
  }
  return files;
}

/** The file's source preceded by the resources its `// META: script=` lines name. */
function sourceWithResources(file) {
  const source = readFileSync(join(WPT, file), "utf8");
  const parts = [];
  for (const [, script] of source.matchAll(/^\/\/ META: script=(\S+)$/gm)) {
    const path = script.startsWith("/") ? join(WPT, script) : join(WPT, dirname(file), script);
    parts.push(readFileSync(path, "utf8"));
  }
  parts.push(source);
  return parts.join("\n;\n");
}

const files = wptFiles();
const counts = { ours: [], node: [] };

if (files.length === 0) {
  // Not a failure under CI=true: the files are not yet part of ../shared/conformance.
  const message = `no WPT Encoding API files at ${WPT} (set WPT_ENCODING_DIR to a copy of WPT's encoding/ and common/)`;
  test("WPT Encoding API files", (t) => t.skip(message));
}

for (const file of files) {
  const source = sourceWithResources(file);
  describe(`WPT ${file}`, async () => {
    const ours = await runWptFile(source, OURS, file);
    const node = await runWptFile(source, NODE, file);
    const count = (run) => {
      const c = { file, passed: 0, failed: 0, outOfScope: 0, outPassed: 0, failures: [] };
      for (const r of run.results) {
        if (outOfScope(file, r.name)) {
          c.outOfScope++;
          if (r.status === "PASS") c.outPassed++;
        } else if (r.status === "PASS") c.passed++;
        else {
          c.failed++;
          c.failures.push(`${r.name}: ${r.message}`);
        }
      }
      if (run.harnessError) c.failures.push(`(harness error) ${run.harnessError}`);
      return c;
    };
    counts.ours.push(count(ours));
    counts.node.push(count(node));

    test("the file runs without a harness error", () => {
      assert.equal(ours.harnessError, undefined);
      assert.ok(ours.results.length > 0, "it has tests");
    });
    // Each UTF-8-scope test is a test here; the out-of-scope ones, one skipped test per reason.
    const skipped = new Map();
    for (const r of ours.results) {
      const reason = outOfScope(file, r.name);
      if (reason) {
        skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
        continue;
      }
      test(r.name, () => assert.equal(r.status, "PASS", r.message));
    }
    for (const [reason, n] of skipped) test(`${n} test(s) out of UTF-8 scope`, (t) => t.skip(reason));

    if (ours.results.some((r) => isUtf16Test(file, r.name))) {
      const unicode = await runWptFile(source, UNICODE, file);
      for (const r of unicode.results) {
        if (isUtf16Test(file, r.name)) test(`UnicodeDecoder: ${r.name}`, () => assert.equal(r.status, "PASS", r.message));
      }
    }
  });
}

after(() => {
  const table = (who, rows) => {
    const lines = [`WPT Encoding API with ${who}: passed / failed / out of scope (of which passed)`];
    const total = { passed: 0, failed: 0, outOfScope: 0, outPassed: 0 };
    for (const c of rows) {
      lines.push(`  ${c.file}: ${c.passed} / ${c.failed} / ${c.outOfScope} (${c.outPassed})`);
      for (const f of c.failures) lines.push(`      FAIL ${f}`);
      for (const k of Object.keys(total)) total[k] += c[k];
    }
    lines.push(`  total: ${total.passed} / ${total.failed} / ${total.outOfScope} (${total.outPassed})`);
    return lines.join("\n");
  };
  if (counts.ours.length === 0) return;
  process.stdout.write(`${table("utf8lens's classes as the globals", counts.ours)}\n`);
  process.stdout.write(`${table("Node's own classes (for information)", counts.node)}\n`);
});

