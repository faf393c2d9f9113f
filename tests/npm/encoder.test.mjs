// Utf8Encoder against Node's own TextEncoder: the same bytes, results and errors on random strings
// (lone surrogates, pairs and astral characters included) and on WebIDL's argument conversions; and
// its fatal mode, which refuses lone surrogates with their offset.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Utf8Encoder } from "utf8lens";
import { generator, propertySeed } from "./support.mjs";

const platform = new TextEncoder();

/** A random string of up to `max` code units, weighted towards the cases that differ between encoders. */
function randomString(rng, max) {
  const units = [];
  const length = rng.below(max + 1);
  while (units.length < length) {
    switch (rng.below(7)) {
      case 0: units.push(rng.below(0x80)); break;
      case 1: units.push(0x80 + rng.below(0x780)); break;
      case 2: units.push(0x800 + rng.below(0xd000)); break;
      case 3: units.push(0xe000 + rng.below(0x2000)); break;
      case 4: { // a surrogate pair: an astral character
        const cp = rng.below(0x100000); // the code point minus 0x10000
        units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
        break;
      }
      case 5: units.push(0xd800 + rng.below(0x400)); break; // a high surrogate, maybe lone
      default: units.push(0xdc00 + rng.below(0x400)); // a low surrogate, maybe lone
    }
  }
  return String.fromCharCode(...units);
}

/** The first lone surrogate's offset, by the definition (no regular expression). */
function firstLone(text) {
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (u >= 0xdc00 && u <= 0xdfff) return i;
  }
  return -1;
}

describe("Utf8Encoder is TextEncoder when not fatal", () => {
  const seed = propertySeed();

  test(`encode: 3000 random strings give TextEncoder's bytes (seed ${seed})`, () => {
    const rng = generator(seed);
    const encoder = new Utf8Encoder();
    for (let i = 0; i < 3000; i++) {
      const text = randomString(rng, i < 2000 ? 16 : 300);
      assert.deepEqual(encoder.encode(text), platform.encode(text), JSON.stringify(text));
    }
  });

  test(`encodeInto: 3000 random strings and destination sizes give TextEncoder's result (seed ${seed})`, () => {
    const rng = generator(seed ^ 0x1234);
    const encoder = new Utf8Encoder();
    for (let i = 0; i < 3000; i++) {
      const text = randomString(rng, 40);
      const size = rng.below(3 * text.length + 2);
      const ours = new Uint8Array(size).fill(0xaa);
      const theirs = new Uint8Array(size).fill(0xaa);
      assert.deepEqual(encoder.encodeInto(text, ours), platform.encodeInto(text, theirs), JSON.stringify(text));
      assert.deepEqual(ours, theirs, JSON.stringify(text));
    }
  });

  test("WebIDL argument conversion: encode(input = '') as a USVString", () => {
    const encoder = new Utf8Encoder();
    const inputs = [undefined, null, 42, -0, 1.5e300, true, {}, [], [1, 2], { toString: () => "x\uD800" }, "a\uDC00b", "\uD83D\uDE00"];
    for (const input of inputs) assert.deepEqual(encoder.encode(input), platform.encode(input), String(input));
    assert.deepEqual(encoder.encode(), new Uint8Array(0));
    assert.deepEqual(encoder.encode(42), new Uint8Array([0x34, 0x32]));
    assert.throws(() => encoder.encode(Symbol("s")), TypeError);
    const thrown = new Error("from toString");
    assert.throws(() => encoder.encode({ toString() { throw thrown; } }), (e) => e === thrown);
  });

  test("encodeInto's arguments: a Uint8Array destination, two arguments", () => {
    const encoder = new Utf8Encoder();
    for (const dest of [undefined, null, [0, 0], new Uint16Array(2), new DataView(new ArrayBuffer(2)), new ArrayBuffer(2), Buffer.alloc(0)]) {
      if (dest instanceof Uint8Array) continue; // a Buffer is a Uint8Array
      assert.throws(() => encoder.encodeInto("a", dest), TypeError, String(dest));
    }
    assert.deepEqual(encoder.encodeInto("ab", Buffer.alloc(1)), { read: 1, written: 1 });
    assert.throws(() => encoder.encodeInto("a"), TypeError);
    assert.throws(() => encoder.encodeInto(), TypeError);
    // WebIDL converts a required undefined argument to "undefined" (Node's own TextEncoder refuses it).
    assert.deepEqual(encoder.encodeInto(undefined, new Uint8Array(20)), { read: 9, written: 9 });
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    assert.deepEqual(encoder.encodeInto("€", shared), { read: 1, written: 3 });
    assert.deepEqual([...shared], [0xe2, 0x82, 0xac, 0]);
  });

  test("the shape of TextEncoder: members, lengths and brand checks", () => {
    const encoder = new Utf8Encoder();
    assert.equal(encoder.encoding, "utf-8");
    assert.equal(encoder.fatal, false);
    assert.equal(Utf8Encoder.prototype.encode.length, TextEncoder.prototype.encode.length);
    assert.equal(Utf8Encoder.prototype.encodeInto.length, TextEncoder.prototype.encodeInto.length);
    assert.equal(Object.prototype.toString.call(encoder), "[object Utf8Encoder]");
    for (const member of ["encoding", "fatal"]) {
      const getter = Object.getOwnPropertyDescriptor(Utf8Encoder.prototype, member).get;
      for (const self of [{}, null, undefined, 1, new TextEncoder(), Object.create(Utf8Encoder.prototype)]) {
        assert.throws(() => getter.call(self), TypeError, member);
      }
    }
    for (const self of [{}, new TextEncoder(), Object.create(Utf8Encoder.prototype)]) {
      assert.throws(() => Utf8Encoder.prototype.encode.call(self, "a"), TypeError);
      assert.throws(() => Utf8Encoder.prototype.encodeInto.call(self, "a", new Uint8Array(1)), TypeError);
    }
    assert.throws(() => Utf8Encoder(), TypeError, "a class needs new");
    // TextEncoder ignores its arguments; Utf8Encoder reads only `fatal` of an object (unknown keys
    // are ignored, as WebIDL dictionaries do) and ignores anything else, such as a label.
    assert.equal(new Utf8Encoder({ fatl: true }).fatal, false);
    for (const other of [null, 1, "utf-16le", true]) assert.equal(new Utf8Encoder(other).fatal, false);
  });
});

describe("Utf8Encoder({ fatal: true }) refuses lone surrogates (whatwg/encoding#174)", () => {
  test("the error: a TypeError with the offset in UTF-16 code units and the kind", () => {
    const encoder = new Utf8Encoder({ fatal: true });
    assert.equal(encoder.fatal, true);
    assert.throws(() => encoder.encode("a😀\uDC00b"), (e) => {
      assert.ok(e instanceof TypeError);
      assert.equal(e.offset, 3);
      assert.equal(e.kind, "lone-surrogate");
      assert.match(e.message, /^Utf8Encoder\.encode: lone surrogate U\+DC00 at offset 3 /);
      return true;
    });
    assert.throws(() => encoder.encode("\uD800"), { offset: 0, kind: "lone-surrogate" });
    assert.throws(() => encoder.encode("ab\uD800\uD800\uDC00"), { offset: 2 });
    assert.deepEqual(encoder.encode("\uD83D\uDE00"), new Uint8Array([0xf0, 0x9f, 0x98, 0x80]));
  });

  test("encodeInto checks the whole source first and leaves the destination untouched", () => {
    const encoder = new Utf8Encoder({ fatal: true });
    const dest = new Uint8Array(2);
    assert.throws(() => encoder.encodeInto("ab\uD800", dest), { name: "TypeError", offset: 2, kind: "lone-surrogate" });
    assert.deepEqual([...dest], [0, 0]);
    assert.deepEqual(encoder.encodeInto("€", new Uint8Array(3)), { read: 1, written: 3 });
  });

  test(`3000 random strings: throws exactly where a lone surrogate is, else TextEncoder's bytes (seed ${propertySeed()})`, () => {
    const rng = generator(propertySeed() ^ 0xfa7a1);
    const encoder = new Utf8Encoder({ fatal: true });
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const text = randomString(rng, 24);
      const lone = firstLone(text);
      if (lone < 0) {
        assert.deepEqual(encoder.encode(text), platform.encode(text));
      } else {
        refused++;
        assert.throws(() => encoder.encode(text), (e) => e instanceof TypeError && e.offset === lone, JSON.stringify(text));
      }
    }
    assert.ok(refused > 100 && refused < 2900, `both outcomes are exercised (${refused} refused)`);
  });
});
