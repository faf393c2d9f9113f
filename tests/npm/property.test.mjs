// Property tests with Node's own TextDecoder and TextEncoder as the oracle. Inputs come from a
// seeded generator biased towards the bytes where UTF-8 decoders go wrong, and are split into
// random chunks (empty ones included). The seed is printed; UTF8LENS_SEED=<n> replays a run and
// UTF8LENS_CASES=<n> changes how many cases each property sees.
import assert from "node:assert/strict";
import { isUtf8 } from "node:buffer";
import { describe, test } from "node:test";
import { isDeepStrictEqual } from "node:util";

import { Utf8Decoder, decode, encode, encodeInto, errors, firstError, inspect, validate } from "utf8lens";
import { fromUnits, generator, propertySeed, randomBytes, toHex } from "./support.mjs";

const SEED = propertySeed();
const CASES = Number(process.env.UTF8LENS_CASES ?? 4000);
process.stdout.write(`# property tests: seed 0x${SEED.toString(16)}, ${CASES} cases per property\n`);

// Inputs: randomBytes's default mix (tests/npm/support.mjs): edge bytes, any bytes, continuation
// bytes, encoded characters (surrogates and too-large values included, some cut short), BOMs and U+FFFD.

/** `bytes` cut at random places into chunks, sometimes with empty chunks between. */
function randomChunks(rng, bytes) {
  const chunks = [];
  let at = 0;
  while (at < bytes.length) {
    if (rng.chance(0.1)) chunks.push(bytes.subarray(at, at));
    const size = 1 + rng.below(rng.chance(0.7) ? 4 : bytes.length);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** What a decode call gives: the string, or "TypeError". */
function outcome(call) {
  try {
    return call();
  } catch (error) {
    if (error instanceof TypeError) return "TypeError";
    throw error;
  }
}

/** Decodes chunk by chunk with {stream: true}, then flushes; every call's outcome. */
function streamed(decoder, chunks) {
  const calls = chunks.map((chunk) => outcome(() => decoder.decode(chunk, { stream: true })));
  calls.push(outcome(() => decoder.decode()));
  return calls;
}

/**
 * A smaller list of chunks that still fails: drops whole chunks, then single bytes, while
 * `fails` holds. Makes a failure readable.
 */
function shrink(chunks, fails) {
  let current = chunks.map((c) => Uint8Array.from(c));
  for (let progress = true; progress; ) {
    progress = false;
    for (let i = 0; i < current.length; i++) {
      const fewer = current.filter((_, j) => j !== i);
      if (fails(fewer)) { current = fewer; progress = true; i--; }
    }
    for (let i = 0; i < current.length; i++) {
      for (let b = 0; b < current[i].length; b++) {
        const smaller = current.map((c, j) => (j === i ? Uint8Array.from([...c.subarray(0, b), ...c.subarray(b + 1)]) : c));
        if (fails(smaller)) { current = smaller; progress = true; b--; }
      }
    }
  }
  return current;
}

function forEachCase(seedOffset, body) {
  const rng = generator(SEED + seedOffset);
  for (let i = 0; i < CASES; i++) body(rng, i);
}

const where = (i, bytes, extra = "") => `case ${i} (seed 0x${SEED.toString(16)}): bytes ${toHex(bytes)}${extra}`;

describe("Utf8Decoder equals Node's TextDecoder", () => {
  for (const fatal of [false, true]) {
    test(`streamed in random chunks, fatal: ${fatal}`, () => {
      forEachCase(fatal ? 1 : 2, (rng, i) => {
        const bytes = randomBytes(rng);
        const chunks = randomChunks(rng, bytes);
        const opts = { fatal, ignoreBOM: rng.chance(0.3) };
        const differ = (cs) => !isDeepStrictEqual(streamed(new Utf8Decoder("utf-8", opts), cs), streamed(new TextDecoder("utf-8", opts), cs));
        if (differ(chunks)) {
          const small = shrink(chunks, differ);
          const show = (cs) => cs.map(toHex).join("|");
          assert.deepEqual(
            streamed(new Utf8Decoder("utf-8", opts), small),
            streamed(new TextDecoder("utf-8", opts), small),
            `${where(i, bytes)}, chunks ${show(chunks)}, ${JSON.stringify(opts)}; shrunk to chunks ${show(small)}`,
          );
        }
      });
    });

    test(`one decoder reused across many inputs, fatal: ${fatal}`, () => {
      const rng = generator(SEED + (fatal ? 3 : 4));
      const ours = new Utf8Decoder("utf-8", { fatal });
      const theirs = new TextDecoder("utf-8", { fatal });
      for (let i = 0; i < CASES; i++) {
        const bytes = randomBytes(rng);
        const stream = rng.chance(0.5);
        assert.deepEqual(
          outcome(() => ours.decode(bytes, { stream })),
          outcome(() => theirs.decode(bytes, { stream })),
          where(i, bytes, `, stream: ${stream}`),
        );
      }
    });
  }
});

describe("the one-call functions agree with TextDecoder", () => {
  test("decode (fatal and not), validate, buffer.isUtf8", () => {
    forEachCase(5, (rng, i) => {
      const bytes = randomBytes(rng);
      const ignoreBOM = rng.chance(0.3);
      const lossy = new TextDecoder("utf-8", { ignoreBOM }).decode(bytes);
      assert.equal(decode(bytes, { ignoreBOM }), lossy, where(i, bytes));
      const strict = outcome(() => new TextDecoder("utf-8", { fatal: true, ignoreBOM }).decode(bytes));
      assert.equal(outcome(() => decode(bytes, { fatal: true, ignoreBOM })), strict, where(i, bytes));
      assert.equal(validate(bytes), strict !== "TypeError", where(i, bytes));
      assert.equal(validate(bytes), isUtf8(bytes), where(i, bytes));
    });
  });

  test("errors().length is TextDecoder's U+FFFD count; firstError is errors()[0]; inspect agrees", () => {
    let compared = 0;
    forEachCase(6, (rng, i) => {
      const bytes = randomBytes(rng);
      const found = errors(bytes);
      assert.deepEqual(firstError(bytes), found[0], where(i, bytes));
      const { segments, valid } = inspect(bytes);
      assert.deepEqual(segments.filter((s) => s.error).map((s) => s.error), found, where(i, bytes));
      assert.equal(valid, found.length === 0, where(i, bytes));
      const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
      // Only where the input holds no U+FFFD of its own (EF BF BD) is every U+FFFD an error.
      if (!toHex(bytes).match(/^(..)*efbfbd/)) {
        compared++;
        const replacements = decoded.split("\uFFFD").length - 1;
        assert.equal(found.length, replacements, where(i, bytes));
      }
    });
    assert.ok(compared > CASES / 2, `compared ${compared} of ${CASES}`);
  });
});

describe("encode and encodeInto equal Node's TextEncoder", () => {
  /** Random UTF-16: ASCII, BMP, astral pairs, and lone or reversed surrogates. */
  function randomText(rng) {
    const units = [];
    const length = rng.below(rng.chance(0.1) ? 300 : 20);
    while (units.length < length) {
      const roll = rng.below(6);
      if (roll === 0) units.push(rng.below(0x80));
      else if (roll === 1) units.push(rng.below(0x10000));
      else if (roll === 2) units.push(0xd800 + rng.below(0x400), 0xdc00 + rng.below(0x400));
      else if (roll === 3) units.push(0xd800 + rng.below(0x800));
      else if (roll === 4) units.push(0xdc00 + rng.below(0x400), 0xd800 + rng.below(0x400));
      else units.push(0x80 + rng.below(0x780));
    }
    return fromUnits(units);
  }

  test("encode", () => {
    forEachCase(7, (rng, i) => {
      const text = randomText(rng);
      assert.deepEqual(encode(text), new TextEncoder().encode(text), `case ${i}: ${JSON.stringify(text)}`);
    });
  });

  test("encodeInto with every kind of room", () => {
    forEachCase(8, (rng, i) => {
      const text = randomText(rng);
      const size = rng.below(3 * text.length + 2);
      const ours = new Uint8Array(size);
      const theirs = new Uint8Array(size);
      assert.deepEqual(encodeInto(text, ours), new TextEncoder().encodeInto(text, theirs), `case ${i}: ${JSON.stringify(text)} into ${size}`);
      assert.deepEqual(ours, theirs, `case ${i}`);
    });
  });
});
