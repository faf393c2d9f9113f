// Error messages that say what was wrong (issue 14 §7.9): a detached Uint8Array is called detached,
// a bad number is shown, and a misspelt option of our own functions is refused with the list of the
// known ones; the drop-in classes keep WebIDL's rule and ignore unknown keys.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  Utf8Decoder, Utf8DecoderStream, Utf8Encoder, Utf8EncoderStream, Utf8InputBuffer, decode, decodeLegacy, encodeLegacy,
  errorList, errors,
} from "utf8lens";
import { garbleRounds, sanitize } from "utf8lens/text";

function detached() {
  const view = new Uint8Array(new ArrayBuffer(4));
  structuredClone(view.buffer, { transfer: [view.buffer] });
  return view;
}

test("sanitize on a detached Uint8Array says it is detached", () => {
  assert.throws(() => sanitize(detached()), {
    name: "TypeError",
    message: "sanitize: expected a string or a Uint8Array (or another BufferSource), got a detached Uint8Array",
  });
  assert.throws(() => sanitize(new Map()), { name: "TypeError", message: /got a Map$/ });
});

test("garbleRounds shows the number it refuses", () => {
  for (const [rounds, shown] of [[-1, "-1"], [1.5, "1.5"], [NaN, "NaN"], [-Infinity, "-Infinity"], ["2", "a string"], [undefined, "undefined"]]) {
    assert.throws(() => garbleRounds("ä", "windows-1252", rounds), {
      name: "TypeError",
      message: `garbleRounds: rounds must be a whole number from 0, got ${shown}`,
    });
  }
  assert.throws(() => garbleRounds("ä", "windows-1252", 9), RangeError);
});

describe("a misspelt option of our own functions is a TypeError listing the known ones", () => {
  const bytes = new Uint8Array([0x41, 0xff]);
  const cases = [
    ["decode", () => decode(bytes, { replacment: "drop" }), "replacment", "fatal, ignoreBOM, replacement"],
    ["errors", () => errors(bytes, { limt: 1 }), "limt", "limit"],
    ["errorList", () => errorList(bytes, { limits: 1 }), "limits", "limit"],
    ["decodeLegacy", () => decodeLegacy(bytes, "windows-1252", { fatl: true }), "fatl", "fatal"],
    ["encodeLegacy", () => encodeLegacy("a", "windows-1252", { fallbak: "ncr" }), "fallbak", "fallback"],
    ["sanitize", () => sanitize("a", { bidy: "balance" }), "bidy",
      "preset, invalid, controls, bom, bidi, invisible, variationSelectors, softHyphens, noncharacters, lineEndings, normalize, mojibake, confusables"],
  ];
  for (const [func, call, key, known] of cases) {
    test(func, () => {
      assert.throws(call, { name: "TypeError", message: `${func}: unknown option "${key}"; the options are ${known}` });
    });
  }

  test("Utf8InputBuffer's methods, which take decode's and errors' options", () => {
    const buffer = new Utf8InputBuffer(4);
    try {
      assert.throws(() => buffer.decode(0, { fatl: true }), { message: /^Utf8InputBuffer\.decode: unknown option "fatl"/ });
      assert.throws(() => buffer.errors(0, { limt: 1 }), { message: /^Utf8InputBuffer\.errors: unknown option "limt"/ });
    } finally {
      buffer.free();
    }
  });

  test("known keys, inherited keys and non-enumerable keys are still read", () => {
    assert.equal(decode(bytes, { replacement: "drop", fatal: false }), "A");
    assert.throws(() => decode(bytes, Object.create({ fatal: true })), { name: "TypeError", offset: 1 });
    const hidden = Object.defineProperty({}, "comment", { value: "not enumerable", enumerable: false });
    assert.equal(decode(bytes, hidden), "A\uFFFD");
    assert.equal(sanitize("a\u200Bb", { bidi: "balance", invisible: "remove" }).text, "ab");
  });
});

test("the drop-in classes keep WebIDL's rule: unknown keys are ignored", () => {
  const decoder = new Utf8Decoder("utf-8", { fatl: true, ignoreBom: true });
  assert.deepEqual([decoder.fatal, decoder.ignoreBOM], [false, false]);
  assert.equal(decoder.decode(new Uint8Array([0xe2, 0x82]), { strem: true }), "\uFFFD");
  assert.equal(new Utf8Encoder({ fatl: true }).fatal, false);
  assert.equal(new Utf8DecoderStream("utf-8", { fatl: true }).fatal, false);
  assert.equal(new Utf8EncoderStream({ fatl: true }).fatal, false);
});
