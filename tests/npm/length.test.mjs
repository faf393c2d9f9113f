// utf8Length and truncateUtf8 against TextEncoder on random strings (lone surrogates, pairs and
// every UTF-8 length), at sizes that take each of their two routes (the JS loop and the platform's).
import assert from "node:assert/strict";
import { test } from "node:test";

import { truncateUtf8, utf8Length } from "utf8lens";
import { generator, propertySeed } from "./support.mjs";

const encoder = new TextEncoder();

function randomString(rng, max) {
  const units = [];
  const length = rng.below(max + 1);
  const kinds = [0x41, 0xe9, 0x20ac, "pair", 0xd800, 0xdc00, 0x7f, 0x80, 0x7ff, 0x800, 0xffff];
  while (units.length < length) {
    const kind = rng.pick(kinds);
    if (kind === "pair") units.push(0xd83d, 0xde00 + rng.below(0x40));
    else units.push(kind);
  }
  let text = "";
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096));
  return text;
}

test(`utf8Length is TextEncoder's byte count on 3000 random strings, short and long (seed ${propertySeed()})`, () => {
  const rng = generator(propertySeed() ^ 0x1e9);
  for (let i = 0; i < 3000; i++) {
    const text = randomString(rng, i % 3 === 0 ? 600 : 40);
    assert.equal(utf8Length(text), encoder.encode(text).length, JSON.stringify(text.slice(0, 40)));
  }
  assert.equal(utf8Length(""), 0);
  assert.equal(utf8Length("a€😀\uD800"), 1 + 3 + 4 + 3);
  assert.equal(utf8Length("\uDE00\uD83D"), 6, "a swapped pair is two lone surrogates");
});

test(`truncateUtf8 is the longest prefix that fits, as TextEncoder.encodeInto reads it (seed ${propertySeed()})`, () => {
  const rng = generator(propertySeed() ^ 0x7c);
  for (let i = 0; i < 3000; i++) {
    const text = randomString(rng, i % 3 === 0 ? 1500 : 30);
    const maxBytes = rng.below(3 * text.length + 3);
    const prefix = truncateUtf8(text, maxBytes);
    const where = `${JSON.stringify(text.slice(0, 30))}… (${text.length} units) to ${maxBytes} bytes`;
    assert.ok(text.startsWith(prefix), where);
    assert.ok(encoder.encode(prefix).length <= maxBytes, where);
    assert.equal(prefix.length, encoder.encodeInto(text, new Uint8Array(maxBytes)).read, where);
    if (prefix.length < text.length) {
      // The next character (a whole pair if it is one) would not fit.
      const next = text.codePointAt(prefix.length) > 0xffff ? 2 : 1;
      assert.ok(encoder.encode(text.slice(0, prefix.length + next)).length > maxBytes, where);
    }
  }
});

test("truncateUtf8 never splits a pair, keeps a lone surrogate as 3 bytes, and checks its arguments", () => {
  assert.equal(truncateUtf8("a😀b", 4), "a");
  assert.equal(truncateUtf8("a😀b", 5), "a😀");
  assert.equal(truncateUtf8("a\uD800b", 3), "a");
  assert.equal(truncateUtf8("a\uD800b", 4), "a\uD800");
  assert.equal(truncateUtf8("€€", 5), "€");
  assert.equal(truncateUtf8("abc", 0), "");
  assert.equal(truncateUtf8("abc", Infinity), "abc");
  const long = "é".repeat(5000);
  assert.equal(truncateUtf8(long, 2001), "é".repeat(1000), "the platform route");
  for (const bad of [-1, 1.5, NaN, -Infinity]) assert.throws(() => truncateUtf8("a", bad), RangeError, String(bad));
  for (const bad of ["3", undefined, null, 3n]) assert.throws(() => truncateUtf8("a", bad), TypeError, String(bad));
  for (const bad of [undefined, 42, ["a"], null]) {
    assert.throws(() => utf8Length(bad), TypeError, String(bad));
    assert.throws(() => truncateUtf8(bad, 1), TypeError, String(bad));
  }
  assert.throws(() => truncateUtf8("a", -1), { message: "truncateUtf8: maxBytes must be a whole number from 0, or Infinity, got -1" });
});

// Grapheme-safe truncation. The oracle is independent of Intl.Segmenter: texts are built from units
// that are each one extended grapheme cluster by UAX #29's rules (and that never join a neighbour),
// so the right answer is the longest run of whole units that fits.
const CLUSTERS = [
  "a",
  "é",
  "e\u0301",
  "e\u0301\u0323",
  "👨\u200D👩\u200D👧\u200D👦",
  "🇫🇷",
  "🇩🇪",
  "👍🏽",
  "\r\n",
  "각",
  "\u0E01\u0E31",
  "\u0928\u093F",
  "😀",
  "\uD800",
];

test(`truncateUtf8 { graphemes: true } keeps whole clusters: the longest run of them that fits (seed ${propertySeed()})`, () => {
  const rng = generator(propertySeed() ^ 0x6a);
  for (let i = 0; i < 2000; i++) {
    const units = Array.from({ length: rng.below(12) }, () => rng.pick(CLUSTERS));
    const text = units.join("");
    const maxBytes = rng.below(utf8Length(text) + 2);
    let expected = "";
    for (const unit of units) {
      if (utf8Length(expected + unit) > maxBytes) break;
      expected += unit;
    }
    const where = `${JSON.stringify(text)} to ${maxBytes} bytes`;
    assert.equal(truncateUtf8(text, maxBytes, { graphemes: true }), expected, where);
    // Without the option, only code points are whole: never shorter than the grapheme answer.
    assert.ok(truncateUtf8(text, maxBytes).startsWith(expected), where);
  }
  const long = "e\u0301".repeat(3000);
  assert.equal(truncateUtf8(long, 2000, { graphemes: true }), "e\u0301".repeat(666), "the platform route, then the boundary");
});

test("truncateUtf8's options: graphemes is a boolean, other keys are mistakes", () => {
  assert.equal(truncateUtf8("ok👍🏽", 6), "ok👍");
  assert.equal(truncateUtf8("ok👍🏽", 6, { graphemes: true }), "ok");
  assert.equal(truncateUtf8("ok👍🏽", 6, { graphemes: false }), "ok👍");
  assert.equal(truncateUtf8("ok👍🏽", 6, {}), "ok👍");
  assert.throws(() => truncateUtf8("a", 1, { grapheme: true }), { name: "TypeError", message: /unknown option "grapheme"/ });
  assert.throws(() => truncateUtf8("a", 1, { graphemes: 1 }), { name: "TypeError", message: /must be a boolean/ });
  assert.throws(() => truncateUtf8("a", 1, null), TypeError);
  assert.throws(() => truncateUtf8("a", 1, "graphemes"), TypeError);
});
