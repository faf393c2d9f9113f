// Utf8DecoderStream and Utf8EncoderStream against Node's TextDecoderStream and TextEncoderStream:
// the same chunks out for random inputs cut at random places (sequences and surrogate pairs split
// across chunks), the standard's errors for chunks of the wrong type, and the fatal errors with
// offsets counted from the start of the stream.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Utf8DecoderStream, Utf8EncoderStream } from "utf8lens";
import { generator, propertySeed } from "./support.mjs";

/** Writes `chunks` into a transform stream and reads everything out: { out, error }. */
async function run(stream, chunks) {
  const writer = stream.writable.getWriter();
  const out = [];
  const reading = (async () => {
    for await (const chunk of stream.readable) out.push(chunk);
  })();
  let error;
  try {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  } catch (e) {
    error = e;
  }
  try {
    await reading;
  } catch (e) {
    error ??= e;
  }
  return { out, error };
}

/** Random cut points of `length` items into up to `pieces` consecutive pieces. */
function cut(rng, length, pieces) {
  const points = new Set([0, length]);
  for (let i = 0; i < pieces - 1; i++) points.add(rng.below(length + 1));
  return [...points].sort((a, b) => a - b);
}

function randomBytes(rng, max) {
  const bytes = new Uint8Array(rng.below(max + 1));
  const pieces = [[0x61], [0xc3, 0xa4], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xff], [0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf0, 0x9f]];
  let n = 0;
  while (n < bytes.length) for (const b of rng.pick(pieces)) if (n < bytes.length) bytes[n++] = b;
  return bytes;
}

function randomUnits(rng, max) {
  const units = [];
  const length = rng.below(max + 1);
  while (units.length < length) units.push(rng.pick([0x61, 0xe4, 0x20ac, 0xd83d, 0xde00, 0xd800, 0xdc00]));
  return String.fromCharCode(...units);
}

describe("Utf8DecoderStream is TextDecoderStream", () => {
  test(`400 random byte streams cut at random places, with each option (seed ${propertySeed()})`, async () => {
    const rng = generator(propertySeed() ^ 0xdec0de);
    for (let i = 0; i < 400; i++) {
      const bytes = randomBytes(rng, 24);
      const points = cut(rng, bytes.length, 1 + rng.below(6));
      const chunks = points.slice(1).map((end, k) => bytes.slice(points[k], end));
      const options = { fatal: rng.chance(0.3), ignoreBOM: rng.chance(0.5) };
      const ours = await run(new Utf8DecoderStream("utf-8", options), chunks);
      const theirs = await run(new TextDecoderStream("utf-8", options), chunks);
      const where = `${JSON.stringify([...bytes])} cut at ${points} ${JSON.stringify(options)}`;
      assert.equal(ours.error === undefined, theirs.error === undefined, where);
      if (ours.error) assert.ok(ours.error instanceof TypeError, where);
      else assert.deepEqual(ours.out, theirs.out, where);
    }
  });

  test("pipeThrough from a byte stream, a sequence split across chunks", async () => {
    const body = new Response(new Blob([new Uint8Array([0x61, 0xe2]), new Uint8Array([0x82, 0xac, 0x62])])).body;
    let text = "";
    for await (const chunk of body.pipeThrough(new Utf8DecoderStream())) text += chunk;
    assert.equal(text, "a€b");
  });

  test("a fatal error errors the stream with the offset from the start of the stream and the kind", async () => {
    const chunks = [new Uint8Array([0x61, 0x62]), new Uint8Array([0xe2, 0x82]), new Uint8Array([0x41])];
    const { out, error } = await run(new Utf8DecoderStream("utf-8", { fatal: true }), chunks);
    assert.deepEqual(out, ["ab"]);
    assert.ok(error instanceof TypeError);
    assert.equal(error.offset, 2);
    assert.equal(error.kind, "truncated");
    assert.match(error.message, /^Utf8DecoderStream: invalid UTF-8 at offset 2 \(truncated\)/);
    const atEnd = await run(new Utf8DecoderStream("utf-8", { fatal: true }), [new Uint8Array([0x61, 0xf0, 0x9f])]);
    assert.deepEqual([atEnd.error.offset, atEnd.error.kind], [1, "truncated"]);
  });

  test("chunks of the wrong type error the stream with a TypeError, as TextDecoderStream's do", async () => {
    for (const bad of [undefined, null, 42, "bytes", [0x61], {}, Symbol("s")]) {
      const ours = await run(new Utf8DecoderStream(), [bad]);
      const theirs = await run(new TextDecoderStream(), [bad]);
      assert.ok(ours.error instanceof TypeError, String(bad));
      // Node's TextDecoderStream reads undefined as no input, against the standard (WPT
      // encoding/streams/decode-bad-chunks.any.js); the others it refuses too.
      if (bad !== undefined) assert.ok(theirs.error instanceof TypeError, `Node: ${String(bad)}`);
    }
    const kinds = [new ArrayBuffer(1), new DataView(new ArrayBuffer(1)), new Uint16Array(1), new Uint8Array(new SharedArrayBuffer(1))];
    const { out, error } = await run(new Utf8DecoderStream(), kinds);
    assert.equal(error, undefined);
    assert.equal(out.join(""), "\0\0\0\0\0");
  });

  test("attributes, labels and brand checks", () => {
    const stream = new Utf8DecoderStream("UTF8", { fatal: true, ignoreBOM: true, extra: 1 });
    assert.deepEqual([stream.encoding, stream.fatal, stream.ignoreBOM], ["utf-8", true, true]);
    assert.ok(stream.readable instanceof ReadableStream && stream.writable instanceof WritableStream);
    assert.equal(stream.readable, stream.readable);
    assert.throws(() => new Utf8DecoderStream("utf-16le"), RangeError);
    assert.throws(() => new Utf8DecoderStream("utf-8", 5), TypeError);
    for (const member of ["encoding", "fatal", "ignoreBOM", "readable", "writable"]) {
      const getter = Object.getOwnPropertyDescriptor(Utf8DecoderStream.prototype, member).get;
      assert.throws(() => getter.call(new TextDecoderStream()), TypeError, member);
      assert.throws(() => getter.call(new Utf8EncoderStream()), TypeError, member);
    }
  });
});

describe("Utf8EncoderStream is TextEncoderStream", () => {
  test(`400 random strings cut at random places, surrogate pairs split across chunks (seed ${propertySeed()})`, async () => {
    const rng = generator(propertySeed() ^ 0xe2c0de);
    for (let i = 0; i < 400; i++) {
      const text = randomUnits(rng, 16);
      const points = cut(rng, text.length, 1 + rng.below(6));
      const chunks = points.slice(1).map((end, k) => text.slice(points[k], end));
      const ours = await run(new Utf8EncoderStream(), chunks);
      const theirs = await run(new TextEncoderStream(), chunks);
      assert.deepEqual(ours, theirs, `${JSON.stringify(chunks)}`);
    }
  });

  test("chunks are converted to strings as WebIDL says; a Symbol errors the stream", async () => {
    const chunks = [undefined, null, 42, { toString: () => "x" }, "\uD83D", "\uDE00"];
    assert.deepEqual(await run(new Utf8EncoderStream(), chunks), await run(new TextEncoderStream(), chunks));
    const { error } = await run(new Utf8EncoderStream(), ["a", Symbol("s")]);
    assert.ok(error instanceof TypeError);
  });

  test("fatal: a lone surrogate errors the stream with its offset from the start of the stream", async () => {
    const split = await run(new Utf8EncoderStream({ fatal: true }), ["ab\uD83D", "\uDE00c", "d\uDC00"]);
    assert.deepEqual(split.out.map((c) => [...c]), [[0x61, 0x62], [0xf0, 0x9f, 0x98, 0x80, 0x63]]);
    assert.ok(split.error instanceof TypeError);
    assert.deepEqual([split.error.offset, split.error.kind], [6, "lone-surrogate"]);
    const held = await run(new Utf8EncoderStream({ fatal: true }), ["ab\uD83D", "c"]);
    assert.deepEqual([held.error.offset, held.error.kind], [2, "lone-surrogate"]);
    const atEnd = await run(new Utf8EncoderStream({ fatal: true }), ["ab", "\uD83D"]);
    assert.equal(atEnd.error.offset, 2);
  });

  test("attributes and brand checks", () => {
    const stream = new Utf8EncoderStream();
    assert.deepEqual([stream.encoding, stream.fatal], ["utf-8", false]);
    assert.ok(stream.readable instanceof ReadableStream && stream.writable instanceof WritableStream);
    assert.equal(new Utf8EncoderStream("utf-16le").fatal, false, "ignored, as TextEncoderStream ignores it");
    for (const member of ["encoding", "fatal", "readable", "writable"]) {
      const getter = Object.getOwnPropertyDescriptor(Utf8EncoderStream.prototype, member).get;
      assert.throws(() => getter.call(new TextEncoderStream()), TypeError, member);
    }
  });
});
