// decode's fast paths (codec/js/npm/exports.js) against TextDecoder: the short inputs' routes (the JS
// decoder; Node's utf8Slice) exhaustively (every 1-, 2- and 3-byte input, alone and between ASCII
// bytes) and on random 4..64-byte inputs, the raw WebAssembly
// route (64 B to 1 MiB) and the wasm-bindgen route (options, other BufferSources, larger inputs) on
// the same inputs, each input also re-run after 0..32 ASCII bytes so that every SIMD alignment and
// tail of the transcoder is hit. The seed is printed; UTF8LENS_SEED=<n> replays a run.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { decode } from "utf8lens";
import { generator, propertySeed, randomBytes, toHex } from "./support.mjs";

const SEED = propertySeed();
process.stdout.write(`# decode fast paths: seed 0x${SEED.toString(16)}\n`);

const lossy = new TextDecoder();
const keepBOM = new TextDecoder("utf-8", { ignoreBOM: true });

/** Every route of decode on `bytes`, each checked against TextDecoder. */
function allRoutesAgree(bytes) {
  const expected = lossy.decode(bytes);
  const hex = () => toHex(bytes);
  assert.equal(decode(bytes), expected, `Uint8Array ${hex()}`);
  assert.equal(decode(bytes, null), expected, `null options ${hex()}`);
  assert.equal(decode(bytes, {}), expected, `empty options ${hex()}`);
  assert.equal(decode(new DataView(bytes.buffer, bytes.byteOffset, bytes.length)), expected, `DataView ${hex()}`);
  assert.equal(decode(bytes, { ignoreBOM: true }), keepBOM.decode(bytes), `ignoreBOM ${hex()}`);
}

// Bytes where UTF-8 decoders go wrong: each lead's second-byte limits, never-valid bytes, the ends
// of the continuation range, the pieces of a BOM.
const EDGE_BYTES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec,
  0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xff,
];
const CHARACTERS = ["a", " ", "é", "ж", "\u07ff", "\u0800", "€", "中", "\uffff", "😀", "\u{10ffff}"].map((c) =>
  new TextEncoder().encode(c),
);

/** Random bytes: characters, edge bytes and any bytes, mixed. */
const randomInput = (rng, length) =>
  randomBytes(rng, { length, mix: { edge: 1, any: 1, character: 2 }, edges: EDGE_BYTES, characters: CHARACTERS, cut: 0 });

/** Sets bytes `at`..`at + 2` of `input` to every one of their 16.7 million values and counts the
 *  inputs that decode differently from TextDecoder, asserting on the first (one assert per mismatch
 *  only: 16.7 million asserts would dominate the run). */
function mismatchesOverEveryThreeBytes(input, at) {
  let mismatches = 0;
  for (let a = 0; a < 256; a++) {
    input[at] = a;
    for (let b = 0; b < 256; b++) {
      input[at + 1] = b;
      for (let c = 0; c < 256; c++) {
        input[at + 2] = c;
        if (decode(input) !== lossy.decode(input)) {
          mismatches++;
          assert.equal(decode(input), lossy.decode(input), toHex(input));
        }
      }
    }
  }
  return mismatches;
}

describe("decode of short inputs in JS", () => {
  test("every 1-, 2- and 3-byte input decodes as TextDecoder does", () => {
    const one = new Uint8Array(1);
    for (let a = 0; a < 256; a++) {
      one[0] = a;
      assert.equal(decode(one), lossy.decode(one), toHex(one));
    }
    const two = new Uint8Array(2);
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        two[0] = a;
        two[1] = b;
        assert.equal(decode(two), lossy.decode(two), toHex(two));
      }
    }
    assert.equal(mismatchesOverEveryThreeBytes(new Uint8Array(3), 0), 0);
  });

  // In Node, input whose first, middle and last bytes are ASCII goes to Buffer's utf8Slice: every
  // 3 bytes, and every 4-byte lead with edge bytes after it, put where that route takes them (ASCII
  // first, in the middle and last).
  test("every 3-byte input between ASCII bytes, and 4-byte leads with edge bytes, as TextDecoder", () => {
    assert.equal(mismatchesOverEveryThreeBytes(new Uint8Array([0x41, 0, 0, 0, 0x20, 0x20, 0x20, 0x20, 0x7a]), 1), 0);
    const six = new Uint8Array([0x20, 0, 0, 0, 0, 0x20, 0x20, 0x20, 0x20, 0x7f]);
    for (let lead = 0xf0; lead <= 0xf7; lead++) {
      six[1] = lead;
      for (const b of EDGE_BYTES) {
        for (const c of EDGE_BYTES) {
          for (const d of EDGE_BYTES) {
            six.set([b, c, d], 2);
            assert.equal(decode(six), lossy.decode(six), toHex(six));
          }
        }
      }
    }
  });

  test("random 4..64-byte inputs decode as TextDecoder does, by every route", () => {
    const rng = generator(SEED);
    for (let i = 0; i < 40_000; i++) {
      allRoutesAgree(randomInput(rng, 4 + rng.below(61)));
    }
  });

  test("a leading BOM is removed unless ignoreBOM, as TextDecoder does", () => {
    for (const hex of ["efbbbf", "efbbbf41", "efbbbfefbbbf", "efbb", "efbb41", "ef", "41efbbbf", "efbbbfe282", "efbbbff09f9880"]) {
      const bytes = Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
      allRoutesAgree(bytes);
    }
    const long = new Uint8Array(200).fill(0x61);
    long.set([0xef, 0xbb, 0xbf]);
    allRoutesAgree(long);
  });

  test("options, other BufferSources, Buffers, subarrays, empty and detached input", () => {
    const bytes = new TextEncoder().encode("Grüße, 中文 😀");
    const expected = "Grüße, 中文 😀";
    assert.equal(decode(bytes.buffer), expected);
    assert.equal(decode(Buffer.from(bytes)), expected);
    assert.equal(decode(new Uint8Array([0x61, ...bytes, 0x62]).subarray(1, bytes.length + 1)), expected);
    class Sub extends Uint8Array {
      get length() {
        return 1;
      }
    }
    assert.equal(decode(new Sub(bytes)), expected, "a subclass's getters are not used");
    assert.equal(decode(new Uint8Array(0)), "");
    for (const size of [5, 40, 100, 70000]) {
      const shared = new Uint8Array(new SharedArrayBuffer(size));
      shared.fill(0x41);
      assert.equal(decode(shared), "A".repeat(size), `${size} ASCII bytes in a SharedArrayBuffer`);
      shared.set(bytes.subarray(0, Math.min(size, bytes.length)));
      assert.equal(decode(shared), lossy.decode(shared.slice()), `${size} bytes in a SharedArrayBuffer`);
    }
    assert.equal(decode(new Uint8Array([0xc0, 0xaf]), { replacement: "latin1" }), "À¯");
    assert.throws(() => decode(new Uint8Array([0xc0, 0xaf]), { fatal: true }), { name: "TypeError", offset: 0 });
    assert.equal(decode(bytes, { fatal: true }), expected);
    const detached = new Uint8Array(8);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    assert.throws(() => decode(detached), TypeError);
    assert.throws(() => decode("text"), TypeError);
    assert.throws(() => decode(new Uint8Array(4), 5), TypeError);
  });
});

describe("decode through WebAssembly", () => {
  test("random text after 0..32 ASCII bytes, at every size around the routes' limits", () => {
    const rng = generator(SEED ^ 0x5eed);
    for (const size of [63, 64, 65, 100, 255, 256, 1000, 4096, 5000]) {
      for (let round = 0; round < 4; round++) {
        const core = randomInput(rng, size);
        for (let prefix = 0; prefix <= 32; prefix++) {
          const bytes = new Uint8Array(prefix + size).fill(0x61);
          bytes.set(core, prefix);
          allRoutesAgree(bytes);
        }
      }
    }
  });

  test("mostly valid text with runs of one width, at every alignment", () => {
    const rng = generator(SEED ^ 0xabc);
    for (let round = 0; round < 200; round++) {
      const parts = [];
      let length = 0;
      while (length < 300) {
        const run = rng.pick(CHARACTERS);
        for (let k = rng.below(30); k >= 0; k--) {
          parts.push(...run);
          length += run.length;
        }
        if (rng.below(10) === 0) parts.push(rng.pick(EDGE_BYTES));
      }
      for (let prefix = 0; prefix <= 32; prefix += 1 + rng.below(4)) {
        allRoutesAgree(new Uint8Array([...new Array(prefix).fill(0x20), ...parts]));
      }
    }
  });

  test("inputs at and beyond the raw route's 1 MiB limit, and after WebAssembly memory grows", () => {
    const text = "Grüße, 中文 😀 ";
    const unit = new TextEncoder().encode(text);
    for (const size of [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 << 20]) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i += unit.length) bytes.set(unit.subarray(0, Math.min(unit.length, size - i)), i);
      assert.equal(decode(bytes), lossy.decode(bytes), `${size} bytes`);
      const ascii = new Uint8Array(size).fill(0x7a);
      assert.equal(decode(ascii), lossy.decode(ascii), `${size} ASCII bytes`);
      // The small routes still work after the large ones have grown memory.
      assert.equal(decode(unit), text);
      assert.equal(decode(bytes.subarray(0, 999)), lossy.decode(bytes.subarray(0, 999)));
    }
  });
});
