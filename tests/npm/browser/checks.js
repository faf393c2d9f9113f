// Runs in the browser page (index.html): uses the package as a user would and compares it with the
// browser's own TextDecoder and TextEncoder, on fixed cases and on every decoding vector of
// wpt-utf8-vectors (served by the driver under /vectors/, if present). Each check becomes an <li>
// with data-ok; the title ends as "done: N ok, M failing".
import * as utf8lens from "utf8lens";
import {
  Utf8Decoder, decode, decodeVariant, encode, encodeCodePoint, encodeInto, encodeVariant, errors,
  explainCodePoint, firstError, inspect, validate,
} from "utf8lens";

const results = document.getElementById("results");
let passed = 0;
let failed = 0;

function report(name, ok, detail = "") {
  const item = document.createElement("li");
  item.dataset.ok = String(ok);
  item.dataset.name = name;
  item.textContent = ok ? name : `${name}: ${detail}`;
  results.append(item);
  if (ok) passed++;
  else failed++;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function check(name, run, expected) {
  try {
    const actual = run();
    report(name, same(actual, expected), `got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  } catch (error) {
    report(name, false, `threw ${error?.name}: ${error?.message}`);
  }
}

function throwsCheck(name, run, errorClass) {
  try {
    run();
    report(name, false, "did not throw");
  } catch (error) {
    report(name, error instanceof errorClass, `threw ${error?.name}: ${error?.message}`);
  }
}

const bytes = (...values) => new Uint8Array(values);
const hex = (text) => new Uint8Array(text.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
const codePoints = (text) => Array.from(text, (c) => c.codePointAt(0));
const outcome = (run) => {
  try {
    return codePoints(run());
  } catch (error) {
    return error instanceof TypeError ? "TypeError" : `${error?.name}: ${error?.message}`;
  }
};

async function main() {
  check("every export is there, ready without an init call", () => Object.keys(utf8lens).sort(), [
    "UnicodeDecoder", "Utf8Decoder", "Utf8DecoderStream", "Utf8Encoder", "Utf8EncoderStream", "Utf8InputBuffer", "charsetTable",
    "charsets", "decode", "decodeLegacy", "decodeVariant", "decodeVariantCodePoints", "encode", "encodeCodePoint",
    "encodeInto", "encodeLegacy", "encodeVariant", "errorList", "errors", "explainCodePoint", "firstError", "inspect",
    "resolveLabel", "sniffBom", "truncateUtf8", "utf8Length", "validate",
  ]);
  // The drop-ins for TextEncoder and the streams, on the browser's own TextEncoder and TransformStream.
  const sample = "a\u20AC\uD83D\uDE00\uD800";
  check("Utf8Encoder.encode is TextEncoder's", () => [...new utf8lens.Utf8Encoder().encode(sample)], [...new TextEncoder().encode(sample)]);
  check("Utf8Encoder({ fatal: true }) refuses a lone surrogate", () => {
    try {
      new utf8lens.Utf8Encoder({ fatal: true }).encode(sample);
      return "no error";
    } catch (error) {
      return [error instanceof TypeError, error.offset, error.kind];
    }
  }, [true, 4, "lone-surrogate"]);
  check("utf8Length and truncateUtf8", () => [utf8lens.utf8Length(sample), utf8lens.truncateUtf8(sample, 5)], [11, "a\u20AC"]);
  const piped = await new Response(new Blob([new Uint8Array([0x61, 0xE2]), new Uint8Array([0x82, 0xAC])]).stream()
    .pipeThrough(new utf8lens.Utf8DecoderStream())
    .pipeThrough(new utf8lens.Utf8EncoderStream())).arrayBuffer();
  check("Utf8DecoderStream and Utf8EncoderStream through pipeThrough", () => [...new Uint8Array(piped)], [0x61, 0xE2, 0x82, 0xAC]);
  // The sanitiser and the mojibake tools are utf8lens/text, and charset detection utf8lens/detect,
  // whose WebAssembly modules are fetched only by their importers.
  const fetched = (file) => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(`/${file}`));
  check("importing utf8lens fetched its own WebAssembly and not utf8lens/text's or utf8lens/detect's", () =>
    [fetched("utf8lens_bg.wasm"), fetched("utf8lens_text_bg.wasm"), fetched("utf8lens_detect_bg.wasm")], [true, false, false]);
  const text = await import("utf8lens/text");
  check("utf8lens/text: every export is there, ready without an init call", () => Object.keys(text).sort(), [
    "Sanitizer", "areConfusable", "check", "describeSanitizer", "dompurifyHook", "garble", "garbleRounds", "misreadAsUtf8",
    "mojibakeMatrix", "observe", "repair", "sanitize", "sanitizeDocument", "scan", "scripts", "skeleton",
  ].sort());
  check("utf8lens/text fetched its own WebAssembly and not utf8lens/detect's", () =>
    [fetched("utf8lens_text_bg.wasm"), fetched("utf8lens_detect_bg.wasm")], [true, false]);
  const detection = await import("utf8lens/detect");
  check("utf8lens/detect: every export is there, ready without an init call", () => Object.keys(detection).sort(), [
    "Detector", "decodeAs", "detect",
  ]);
  // "日本語のテキストです。" in Shift_JIS: detected in the wasm, decoded by the browser's own TextDecoder.
  const sjis = bytes(0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67, 0x82, 0xc5, 0x82, 0xb7, 0x81, 0x42);
  check("detect and decodeAs: Shift_JIS through the browser's TextDecoder", () => {
    const [best] = detection.detect(sjis);
    return [best.charset, detection.decodeAs(sjis, best)];
  }, ["shift_jis", "日本語のテキストです。"]);
  check("utf8lens/detect fetched its own WebAssembly", () => fetched("utf8lens_detect_bg.wasm"), true);
  check("repair", () => text.repair("Sch\u00C3\u00B6ne Gr\u00C3\u00BC\u00C3\u0178e").text, "Schöne Grüße");
  check("garble", () => text.garble("ä", "windows-1252").text, "\u00C3\u00A4");
  check("sanitize", () => text.sanitize("pay\u200Bpal").text, "paypal");
  check("skeleton and a confusable flag", () => [text.skeleton("p\u0430ypal"), text.sanitize("p\u0430ypal").changes[0].severity], ["paypal", "high"]);
  check("sanitizeDocument", () => {
    const p = document.createElement("p");
    p.textContent = "a\u200Bb";
    return [text.sanitizeDocument(p).targets.length, p.textContent];
  }, [1, "ab"]);
  check("validate", () => [validate(bytes(0xe2, 0x82, 0xac)), validate(bytes(0xc0, 0xaf))], [true, false]);
  check("firstError", () => { const e = firstError(bytes(0x61, 0xed, 0xa0, 0x80)); return [e.offset, e.kind, e.intended.codePoint]; }, [1, "surrogate", 0xd800]);
  check("errors", () => errors(bytes(0x80, 0x41, 0xe4, 0xbd)).map((e) => [e.offset, e.length, e.kind]), [[0, 1, "unexpected-continuation"], [2, 2, "truncated"]]);
  check("decode = TextDecoder when the sampled windows are ASCII and the rest is not", () => {
    const ascii = "plain ASCII text ".repeat(40);
    const texts = [ascii, "\uFEFF" + ascii, ascii.slice(0, 300) + "Grüße 你好 😀" + ascii.slice(300), ascii.slice(0, 100) + "\uFFFD" + ascii];
    const inputs = texts.map((t) => new TextEncoder().encode(t));
    const broken = new TextEncoder().encode(ascii);
    broken.set([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90], 200);
    inputs.push(broken);
    if (typeof SharedArrayBuffer === "function") {
      const shared = new Uint8Array(new SharedArrayBuffer(broken.length));
      shared.set(broken);
      inputs.push(shared);
    }
    const expected = inputs.map((b) => new TextDecoder().decode(b.buffer instanceof ArrayBuffer ? b : b.slice()));
    return inputs.map((b, k) => decode(b) === expected[k]);
  }, [true, true, true, true, true, ...(typeof SharedArrayBuffer === "function" ? [true] : [])]);
  // Inputs under 64 bytes are decoded in JS; with JS String Builtins (Chromium 130+) the units go
  // through a memory of their own and fromCharCodeArray. Every 1-, 2- and 3-byte input, alone and
  // between ASCII bytes, and random short text, against the browser's TextDecoder.
  check("decode of short inputs = TextDecoder: every 1-3 byte input, alone and between ASCII", () => {
    const td = new TextDecoder();
    let mismatches = 0;
    const first = [];
    const compare = (input) => {
      if (decode(input) !== td.decode(input)) {
        mismatches++;
        if (first.length < 3) first.push(Array.from(input, (b) => b.toString(16).padStart(2, "0")).join(" "));
      }
    };
    const one = new Uint8Array(1), two = new Uint8Array(2), three = new Uint8Array(3), five = new Uint8Array([0x41, 0, 0, 0, 0x7a]);
    for (let a = 0; a < 256; a++) {
      one[0] = a;
      compare(one);
      for (let b = 0; b < 256; b++) {
        two[0] = a;
        two[1] = b;
        compare(two);
        three[0] = five[1] = a;
        three[1] = five[2] = b;
        for (let c = 0; c < 256; c++) {
          three[2] = five[3] = c;
          compare(three);
          compare(five);
        }
      }
    }
    const pieces = ["a", "é", "ж", "中", "😀", "\uFEFF", "\uFFFF"].map((c) => new TextEncoder().encode(c));
    let seed = 7;
    for (let round = 0; round < 20000; round++) {
      const out = [];
      const size = 1 + (round % 63);
      while (out.length < size) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        out.push(...(seed & 0x100 ? [seed >>> 24] : pieces[(seed >>> 24) % pieces.length]));
      }
      compare(new Uint8Array(out.slice(0, size)));
    }
    return [mismatches, first];
  }, [0, []]);
  check("decode with each replacement", () => ["fffd", "drop", "latin1", "windows-1252", "utf8b"].map((replacement) => decode(bytes(0x48, 0x80, 0x65), { replacement })), ["H\uFFFDe", "He", "H\x80e", "H€e", "H\uDC80e"]);
  throwsCheck("decode fatal throws TypeError", () => decode(bytes(0xff), { fatal: true }), TypeError);
  check("Utf8Decoder streams like TextDecoder", () => {
    const ours = new Utf8Decoder();
    const theirs = new TextDecoder();
    const chunks = [bytes(0xf0, 0x9f), bytes(0x98), bytes(0x80, 0xe2), bytes(0x82)];
    const run = (d) => chunks.map((c) => d.decode(c, { stream: true })).concat(d.decode());
    return same(run(ours), run(theirs)) && run(new Utf8Decoder()).join("");
  }, "😀\uFFFD");
  check("encode equals TextEncoder", () => same(encode("a\uD800€😀"), new TextEncoder().encode("a\uD800€😀")), true);
  check("encodeInto equals TextEncoder.encodeInto", () => {
    const a = new Uint8Array(5);
    const b = new Uint8Array(5);
    return [same(encodeInto("a€b😀", a), new TextEncoder().encodeInto("a€b😀", b)), same(a, b)];
  }, [true, true]);
  check("Utf8InputBuffer reads what encodeInto wrote into its wasm memory, in place", () => {
    const buffer = new utf8lens.Utf8InputBuffer(64);
    const { written } = new TextEncoder().encodeInto("Grüße 😀", buffer.bytes);
    const stale = buffer.bytes;
    new utf8lens.Utf8InputBuffer(stale.buffer.byteLength).free(); // grows WebAssembly memory, detaching earlier views
    buffer.bytes.set([0xff], written);
    const answers = [buffer.validate(written), buffer.decode(written + 1), buffer.errors(written + 1).map((e) => e.offset), stale.length];
    buffer.free();
    return answers;
  }, [true, "Grüße 😀\uFFFD", [12], 0]);
  throwsCheck("Utf8InputBuffer length beyond capacity throws RangeError", () => new utf8lens.Utf8InputBuffer(4).validate(5), RangeError);
  check("encodeCodePoint", () => [...encodeCodePoint(0x1f600)], [0xf0, 0x9f, 0x98, 0x80]);
  throwsCheck("encodeCodePoint(0xD800) throws RangeError", () => encodeCodePoint(0xd800), RangeError);
  check("explainCodePoint", () => { const f = explainCodePoint(0x20ac); return [f.label, f.octets[0].template, f.bytes]; }, ["U+20AC", "1110xxxx", [0xe2, 0x82, 0xac]]);
  check("inspect", () => inspect(bytes(0x41, 0xe2, 0x82, 0xac, 0xff)).roles, ["ascii", "lead", "continuation", "continuation", "invalid"]);
  check("variants round-trip", () => ["cesu-8", "mutf-8", "wtf-8", "rfc2279"].map((v) => decodeVariant(encodeVariant("a\0😀", v), v)), ["a\0😀", "a\0😀", "a\0😀", "a\0😀"]);
  throwsCheck("bad argument throws TypeError", () => validate("abc"), TypeError);

  // Bad input must not break the module in this engine either.
  check("500 bad calls leave the module working", () => {
    const bad = [() => validate([1]), () => validate(new Proxy(new Uint8Array(2), {})), () => encodeCodePoint(-1),
      () => Utf8Decoder.prototype.decode.call({}), () => decode(bytes(1), { replacement: "x" })];
    let unexpected = 0;
    for (let i = 0; i < 500; i++) {
      try { bad[i % bad.length](); unexpected++; } catch (e) { if (!(e instanceof TypeError || e instanceof RangeError)) unexpected++; }
    }
    return [unexpected, decode(bytes(0xe2, 0x82, 0xac))];
  }, [0, "€"]);

  // The decoding vectors, against this browser's own TextDecoder and Utf8Decoder. The driver adds
  // ?novectors when the data is missing outside CI (it has said so on stderr).
  if (new URLSearchParams(location.search).has("novectors")) return;
  const load = async (name) => {
    const response = await fetch(`/vectors/${name}`);
    return response.ok ? response.json() : null;
  };
  const [single, stream, sequences] = await Promise.all(
    ["utf8-decode.json", "utf8-decode-stream.json", "utf8-decode-sequences.json"].map(load));
  if (single && stream && sequences) {
    const disagreements = [];
    let count = 0;
    for (const v of single) {
      count++;
      const opts = { fatal: v.fatal, ignoreBOM: v.ignoreBOM };
      const ours = outcome(() => new Utf8Decoder("utf-8", opts).decode(hex(v.bytes)));
      const theirs = outcome(() => new TextDecoder("utf-8", opts).decode(hex(v.bytes)));
      if (!same(ours, v.expected) || !same(theirs, v.expected)) disagreements.push(v.source);
    }
    for (const v of stream) {
      count++;
      const opts = { fatal: v.fatal, ignoreBOM: v.ignoreBOM };
      const run = (d) => v.chunks.map((c) => outcome(() => d.decode(hex(c), { stream: true }))).concat([outcome(() => d.decode())]);
      if (!same(run(new Utf8Decoder("utf-8", opts)), v.expected_per_call) || !same(run(new TextDecoder("utf-8", opts)), v.expected_per_call)) disagreements.push(v.source);
    }
    for (const v of sequences) {
      count++;
      const run = (D) => {
        const d = v.label === "(default)" ? new D() : new D(v.label, { fatal: v.fatal, ignoreBOM: v.ignoreBOM });
        return v.calls.map((c) => outcome(() => (c.input === null ? (c.stream ? d.decode(undefined, { stream: true }) : d.decode()) : d.decode(hex(c.input), { stream: c.stream }))));
      };
      const expected = v.calls.map((c) => c.expected);
      if (!same(run(Utf8Decoder), expected) || !same(run(TextDecoder), expected)) disagreements.push(v.source);
    }
    report(`${count} WPT decoding vectors: Utf8Decoder and this browser's TextDecoder both as expected`, disagreements.length === 0, disagreements.join("; "));
  } else {
    report("WPT decoding vectors served", false, "the driver serves none (missing ../shared/conformance?)");
  }
}

main()
  .catch((error) => report("the checks ran to the end", false, `${error?.name}: ${error?.message}`))
  .finally(() => {
    document.title = `done: ${passed} ok, ${failed} failing`;
  });
