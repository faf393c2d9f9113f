// errorList (packed typed arrays) and errors' limit option, against errors() itself and against
// Node's TextDecoder: the errors are exactly its U+FFFDs, so their count is the count of U+FFFD in
// the decoded text of input that has none of its own.
import assert from "node:assert/strict";
import { test } from "node:test";

import { errorList, errors, Utf8InputBuffer, validate } from "utf8lens";
import { generator, propertySeed } from "./support.mjs";

const rng = generator(propertySeed() ^ 0xe7707);
const EDGES = [0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];

function randomInput(length) {
  const style = rng.below(3);
  return Uint8Array.from({ length }, () => (style === 0 ? rng.below(256) : style === 1 ? rng.pick(EDGES) : rng.chance(0.9) ? 0x61 : rng.pick(EDGES)));
}

test("errorList has the offset, length and kind of every entry of errors()", () => {
  for (let round = 0; round < 2000; round++) {
    const prefix = new Uint8Array(rng.below(33)).fill(0x20);
    const body = randomInput(rng.below(round % 10 === 0 ? 3000 : 200));
    const bytes = new Uint8Array(prefix.length + body.length);
    bytes.set(prefix);
    bytes.set(body, prefix.length);
    const list = errorList(bytes);
    const objects = errors(bytes);
    assert.equal(list.more, false);
    assert.equal(list.offsets.length, objects.length);
    assert.deepEqual(
      objects.map((e) => [e.offset, e.length, e.kind]),
      Array.from(list.offsets, (offset, i) => [offset, list.lengths[i], list.kindNames[list.kinds[i]]]),
    );
  }
});

test("a megabyte of random bytes: as many errors as TextDecoder has U+FFFDs", () => {
  const bytes = Uint8Array.from({ length: 1 << 20 }, () => rng.below(256));
  const text = new TextDecoder().decode(bytes);
  let fffd = 0;
  for (let i = text.indexOf("\uFFFD"); i !== -1; i = text.indexOf("\uFFFD", i + 1)) fffd++;
  const list = errorList(bytes);
  assert.equal(list.offsets.length, fffd);
  assert.ok(list.offsets.every((offset, i) => i === 0 || offset > list.offsets[i - 1]));
});

test("limit: the first errors, and more says whether any were left", () => {
  const bytes = new Uint8Array([0x80, 0x41, 0xff, 0xe4, 0xbd]);
  assert.deepEqual(Array.from(errorList(bytes, { limit: 2 }).offsets), [0, 2]);
  assert.equal(errorList(bytes, { limit: 2 }).more, true);
  assert.equal(errorList(bytes, { limit: 3 }).more, false);
  assert.equal(errorList(bytes, { limit: 0 }).offsets.length, 0);
  assert.equal(errorList(bytes, { limit: Infinity }).offsets.length, 3);
  assert.deepEqual(errors(bytes, { limit: 2 }).map((e) => e.offset), [0, 2]);
  assert.equal(errors(bytes, { limit: 0 }).length, 0);
  assert.equal(errors(bytes, {}).length, 3);
  assert.equal(errors(bytes, null).length, 3);
  for (const bad of [-1, 1.5, NaN, -Infinity]) {
    assert.throws(() => errorList(bytes, { limit: bad }), RangeError);
    assert.throws(() => errors(bytes, { limit: bad }), RangeError);
  }
  for (const bad of ["2", 2n, {}]) {
    assert.throws(() => errorList(bytes, { limit: bad }), TypeError);
  }
  assert.throws(() => errorList([0x80]), TypeError);
});

test("errors() without a limit refuses more than 1,048,576 error objects with a RangeError, and the module goes on", () => {
  const many = new Uint8Array((1 << 20) + 1).fill(0x80); // one error per byte
  assert.throws(() => errors(many), (e) => e instanceof RangeError && /more than 1048576 errors/.test(e.message) && /errorList/.test(e.message));
  assert.equal(errors(many, { limit: 3 }).length, 3);
  assert.equal(errors(many.subarray(1)).length, 1 << 20); // exactly the cap is still answered
  const list = errorList(many);
  assert.equal(list.offsets.length, (1 << 20) + 1);
  const buffer = new Utf8InputBuffer(many.length);
  buffer.bytes.set(many);
  assert.throws(() => buffer.errors(many.length), (e) => e instanceof RangeError && /Utf8InputBuffer.errors: more than/.test(e.message));
  assert.equal(buffer.errors(16).length, 16);
  buffer.free();
  assert.equal(validate(new Uint8Array([0x61])), true);
});
