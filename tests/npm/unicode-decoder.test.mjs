// UnicodeDecoder (UTF-8, UTF-16 and UTF-32 as bytes) and sniffBom, against Node's TextDecoder for
// UTF-16LE/BE (WHATWG's shared UTF-16 decoder) and, for UTF-32, String.fromCodePoint.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sniffBom, UnicodeDecoder } from "utf8lens";

const units16 = (units, be) => {
  const bytes = new Uint8Array(units.length * 2);
  const view = new DataView(bytes.buffer);
  units.forEach((u, i) => view.setUint16(2 * i, u, !be));
  return bytes;
};
const units32 = (values, be) => {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setUint32(4 * i, v, !be));
  return bytes;
};

/** Decodes in chunks of `size` bytes, then ends the stream. */
function decodeSplit(decoder, bytes, size) {
  let text = "";
  for (let i = 0; i < bytes.length; i += size) text += decoder.decode(bytes.subarray(i, i + size), { stream: true });
  return text + decoder.decode();
}

// A sample of code units from every class that matters (each surrogate boundary and a stride).
const sample = [0, 0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xfffe, 0xffff];
for (let u = 0; u < 0x10000; u += 257) sample.push(u);

test("UTF-16LE/BE: every pair of sampled code units, whole and split, as Node's TextDecoder", () => {
  for (const be of [false, true]) {
    const label = be ? "utf-16be" : "utf-16le";
    const ours = new UnicodeDecoder(label, { ignoreBOM: true });
    const node = new TextDecoder(label, { ignoreBOM: true });
    for (const a of sample) {
      for (const b of sample) {
        const bytes = units16([a, b], be);
        const expected = node.decode(bytes);
        assert.equal(ours.decode(bytes), expected, `${label} ${a.toString(16)} ${b.toString(16)}`);
        assert.equal(decodeSplit(ours, bytes, 1), expected);
        assert.equal(decodeSplit(ours, bytes, 3), expected);
      }
    }
  }
});

test("UTF-16: odd lengths and a lead at the end are one U+FFFD each, as Node's TextDecoder", () => {
  for (const hex of ["41", "4100 42", "00d8", "00d8 41", "3dd8 00de 41", "00dc 00d8"]) {
    const bytes = Uint8Array.from(hex.replace(/ /g, "").match(/../g), (h) => parseInt(h, 16));
    assert.equal(new UnicodeDecoder("utf-16le").decode(bytes), new TextDecoder("utf-16le").decode(bytes), hex);
  }
});

test("UTF-32: every scalar value round-trips; surrogates and values above U+10FFFF are errors", () => {
  const values = [];
  for (let v = 0; v <= 0x10ffff; v++) if (v < 0xd800 || v > 0xdfff) values.push(v);
  let text = "";
  for (let i = 0; i < values.length; i += 8192) text += String.fromCodePoint(...values.slice(i, i + 8192));
  for (const be of [false, true]) {
    const bytes = units32(values, be);
    const decoder = new UnicodeDecoder(be ? "utf-32be" : "utf-32le", { fatal: true, ignoreBOM: true });
    assert.equal(decoder.decode(bytes), text);
    assert.equal(decodeSplit(decoder, bytes, 4099), text);
  }
  for (const [value, kind] of [[0xd800, "surrogate"], [0xdfff, "surrogate"], [0x110000, "too-large"], [0xffffffff, "too-large"]]) {
    const bytes = units32([0x61, value], false);
    assert.equal(new UnicodeDecoder("utf-32le").decode(bytes), "a\ufffd");
    assert.throws(() => new UnicodeDecoder("utf-32le", { fatal: true }).decode(bytes), (e) => {
      assert.ok(e instanceof TypeError);
      assert.equal(e.offset, 4);
      assert.equal(e.kind, kind);
      assert.match(e.message, /offset 4/);
      return true;
    });
  }
});

test("fatal errors carry the offset from the start of the stream and the kind", () => {
  const decoder = new UnicodeDecoder("utf-16be", { fatal: true });
  assert.equal(decoder.decode(new Uint8Array([0x00, 0x61, 0xd8]), { stream: true }), "a");
  assert.throws(() => decoder.decode(new Uint8Array([0x00, 0x00, 0x62])), { name: "TypeError", offset: 2, kind: "lone-surrogate" });
  assert.throws(() => new UnicodeDecoder("utf-16le", { fatal: true }).decode(new Uint8Array([0x61, 0, 0x62])), { offset: 2, kind: "truncated" });
  assert.throws(() => new UnicodeDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0x61, 0xff])), { offset: 1, kind: "invalid-byte" });
});

test("utf-16 and utf-32 sniff the BOM (LE without one); the BOM is removed unless ignoreBOM", () => {
  const cases = [
    ["utf-16", [0xfe, 0xff, 0x00, 0x61], "a", "utf-16"],
    ["utf-16", [0xff, 0xfe, 0x61, 0x00], "a", "utf-16"],
    ["utf-16", [0x61, 0x00], "a", "utf-16"],
    ["utf-32", [0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x61], "a", "utf-32"],
    ["utf-32", [0x61, 0, 0, 0], "a", "utf-32"],
    ["UTF-16LE", [0xff, 0xfe, 0x61, 0x00], "a", "utf-16le"],
    ["utf8", [0xef, 0xbb, 0xbf, 0x61], "a", "utf-8"],
  ];
  for (const [label, bytes, text, encoding] of cases) {
    const decoder = new UnicodeDecoder(label);
    assert.equal(decoder.encoding, encoding);
    for (let size = 1; size <= bytes.length; size++) assert.equal(decodeSplit(decoder, new Uint8Array(bytes), size), text, `${label} ${size}`);
  }
  assert.equal(new UnicodeDecoder("utf-16", { ignoreBOM: true }).decode(new Uint8Array([0xfe, 0xff, 0x00, 0x61])), "\ufeffa");
});

test("the shape of Utf8Decoder and TextDecoder", () => {
  const decoder = new UnicodeDecoder("utf-32be", { fatal: true, ignoreBOM: true });
  assert.deepEqual([decoder.encoding, decoder.fatal, decoder.ignoreBOM], ["utf-32be", true, true]);
  assert.equal(new UnicodeDecoder().encoding, "utf-8");
  assert.equal(decoder.decode(), "");
  assert.equal(decoder.decode(new Uint16Array([0, 0x4100]).buffer), "A");
  assert.equal(Object.prototype.toString.call(decoder), "[object UnicodeDecoder]");
  assert.throws(() => new UnicodeDecoder("latin1"), RangeError);
  assert.throws(() => new UnicodeDecoder(16), TypeError);
  assert.throws(() => UnicodeDecoder.prototype.decode.call({}, new Uint8Array(1)), /not a UnicodeDecoder/);
  decoder.free();
  assert.throws(() => decoder.decode(new Uint8Array(4)), /freed/);
});

test("sniffBom: the encoding its BOM names, UTF-32LE before UTF-16LE, or null", () => {
  assert.equal(sniffBom(new Uint8Array([0xef, 0xbb, 0xbf])), "utf-8");
  assert.equal(sniffBom(new Uint8Array([0xff, 0xfe, 0x41, 0x00])), "utf-16le");
  assert.equal(sniffBom(new Uint8Array([0xfe, 0xff])), "utf-16be");
  assert.equal(sniffBom(new Uint8Array([0xff, 0xfe, 0x00, 0x00])), "utf-32le");
  assert.equal(sniffBom(new Uint8Array([0x00, 0x00, 0xfe, 0xff])), "utf-32be");
  assert.equal(sniffBom(new Uint8Array([0x41])), null);
  assert.equal(sniffBom(new Uint8Array(0)), null);
  assert.throws(() => sniffBom("FFFE"), TypeError);
});
