// Utf8InputBuffer, the zero-copy path: bytes written straight into WebAssembly memory through
// `.bytes` and read there in place. Its methods must give exactly what the top-level functions give
// for the same bytes (and TextDecoder, the oracle, for decode and validate), its view must survive
// WebAssembly memory growth by being read again, and every bad argument or misuse must be a
// TypeError or RangeError that leaves the module working.
import assert from "node:assert/strict";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

import { Utf8InputBuffer, decode, errorList, errors, firstError, validate } from "utf8lens";
import { conformanceFile, generator, propertySeed } from "./support.mjs";

const MAX = 512 * 2 ** 20;
const LANGS = ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];
const REPLACEMENTS = ["fffd", "drop", "utf8b", "latin1", "windows-1252"];

/** What `run` returns, or the error's class, message and offset/kind if it throws. */
function outcome(run) {
  try {
    return { value: run() };
  } catch (error) {
    return { error: error.constructor.name, message: error.message, offset: error.offset, kind: error.kind };
  }
}

/** A buffer holding `bytes` at its start (capacity `bytes.length + spare`). */
function filled(bytes, spare = 0) {
  const buffer = new Utf8InputBuffer(bytes.length + spare);
  buffer.bytes.set(bytes);
  return buffer;
}

/** Grows WebAssembly memory for certain: a region as large as the whole memory is now. */
function growMemory(view) {
  new Utf8InputBuffer(Math.min(view.buffer.byteLength, MAX)).free();
}

/** Bytes mostly of UTF-8 pieces, with malformed bytes sprinkled in, and an ASCII prefix of 0..32. */
function randomInput(rng) {
  const pieces = ["a", "é", "€", "😀", "\u0800", "\uFFFD", "\u{10FFFF}"].map((s) => [...new TextEncoder().encode(s)]);
  const bad = [[0x80], [0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98]];
  const out = new Array(rng.below(33)).fill(0x41);
  const n = rng.below(300);
  for (let i = 0; i < n; i++) out.push(...(rng.chance(0.05) ? rng.pick(bad) : rng.pick(pieces)));
  if (rng.chance(0.1)) out.unshift(0xef, 0xbb, 0xbf);
  return new Uint8Array(out);
}

describe("Utf8InputBuffer reads its bytes in place", () => {
  test("filled with TextEncoder.encodeInto: validate, decode, firstError, errors", () => {
    const buffer = new Utf8InputBuffer(32);
    assert.equal(buffer.capacity, 32);
    assert.equal(buffer.bytes.length, 32);
    assert.equal(String(buffer), "[object Utf8InputBuffer]");
    const { written } = new TextEncoder().encodeInto("Grüße, 世界 😀", buffer.bytes);
    assert.equal(buffer.validate(written), true);
    assert.equal(buffer.decode(written), "Grüße, 世界 😀");
    assert.equal(buffer.firstError(written), undefined);
    assert.deepEqual(buffer.errors(written), []);
    buffer.bytes.set([0xed, 0xa0, 0x80], written);
    assert.equal(buffer.validate(written + 3), false);
    assert.deepEqual(buffer.firstError(written + 3), firstError(buffer.bytes.slice(0, written + 3)));
    assert.equal(buffer.firstError(written + 3).kind, "surrogate");
    assert.equal(buffer.decode(written + 3), "Grüße, 世界 😀\uFFFD\uFFFD\uFFFD");
    buffer.free();
  });

  test("the view is the region itself: what JS writes, the codec reads, with no copy in between", () => {
    const buffer = new Utf8InputBuffer(4);
    const view = buffer.bytes;
    assert.equal(buffer.bytes, view, "the same view while memory has not grown");
    view[0] = 0x6f;
    view[1] = 0x6b;
    assert.equal(buffer.decode(2), "ok");
    view[1] = 0xff;
    assert.equal(buffer.decode(2), "o\uFFFD");
    assert.equal(buffer.validate(0), true);
    assert.equal(buffer.decode(0), "");
    buffer.free();
  });

  test("after WebAssembly memory grows, the old view is detached and .bytes gives a new one over the same bytes", () => {
    const buffer = filled(new TextEncoder().encode("still here"));
    const before = buffer.bytes;
    growMemory(before);
    assert.equal(before.length, 0, "the earlier view is detached");
    const after = buffer.bytes;
    assert.notEqual(after, before);
    assert.equal(after.length, buffer.capacity);
    assert.equal(buffer.decode(10), "still here");
    // Other calls that allocate (copies of large inputs) leave the region's bytes alone (read
    // through a view taken after them: the one before may be stale, as the next test shows).
    assert.equal(decode(new Uint8Array(4 << 20)).length, 4 << 20);
    assert.equal(buffer.bytes.length, buffer.capacity);
    assert.equal(buffer.decode(10), "still here");
    buffer.free();
  });

  test("reading after memory grew under a view handed out is a TypeError saying why, until .bytes is read again", () => {
    const buffer = filled(new TextEncoder().encode("kept"));
    const stale = buffer.bytes;
    growMemory(stale);
    assert.equal(stale.length, 0);
    assert.throws(() => stale.set([0x4b]), TypeError, "a detached view refuses set(); an index write is silently lost");
    stale[0] = 0x4b;
    for (const read of [() => buffer.decode(4), () => buffer.validate(4), () => buffer.errors(4), () => buffer.errorList(4), () => buffer.firstError(4)]) {
      assert.throws(read, { name: "TypeError", message: /memory grew since \.bytes was last read.*read \.bytes again/ });
    }
    const fresh = buffer.bytes;
    assert.equal(buffer.decode(4), "kept");
    fresh[0] = 0x4b;
    assert.equal(buffer.decode(4), "Kept");
    buffer.free();
  });

  test("a capacity of 0 works", () => {
    const buffer = new Utf8InputBuffer(0);
    assert.equal(buffer.bytes.length, 0);
    assert.equal(buffer.validate(0), true);
    assert.equal(buffer.decode(0, { fatal: true }), "");
    assert.deepEqual(buffer.errors(0), []);
    assert.throws(() => buffer.validate(1), RangeError);
    buffer.free();
  });

  test("filled with fs.readSync", () => {
    const dir = mkdtempSync(join(tmpdir(), "utf8lens-zero-copy-"));
    try {
      const file = join(dir, "text.txt");
      writeFileSync(file, "Größe: 42 €\n".repeat(1000));
      const buffer = new Utf8InputBuffer(64 << 10);
      const fd = openSync(file, "r");
      const length = readSync(fd, buffer.bytes, 0, buffer.capacity, 0);
      closeSync(fd);
      assert.equal(length, readFileSync(file).length);
      assert.equal(buffer.validate(length), true);
      assert.equal(buffer.decode(length, { fatal: true }), "Größe: 42 €\n".repeat(1000));
      buffer.free();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Utf8InputBuffer agrees with the top-level functions and TextDecoder", () => {
  test("random inputs, every option of decode, each reused buffer refilled", () => {
    const seed = propertySeed();
    const rng = generator(seed);
    const buffer = new Utf8InputBuffer(4096);
    const fatal = new TextDecoder("utf-8", { fatal: true });
    const lossy = new TextDecoder();
    const keepBOM = new TextDecoder("utf-8", { ignoreBOM: true });
    for (let i = 0; i < 1500; i++) {
      const input = randomInput(rng);
      buffer.bytes.set(input);
      const n = input.length;
      const where = `seed ${seed}, case ${i}, bytes ${[...input].map((b) => b.toString(16)).join(" ")}`;
      let valid = true;
      try {
        fatal.decode(input);
      } catch {
        valid = false;
      }
      assert.equal(buffer.validate(n), valid, where);
      assert.equal(buffer.validate(n), validate(input), where);
      assert.deepEqual(buffer.firstError(n), firstError(input), where);
      assert.deepEqual(buffer.errors(n), errors(input), where);
      assert.deepEqual(buffer.errorList(n), errorList(input), where);
      const limit = rng.below(4);
      assert.deepEqual(buffer.errors(n, { limit }), errors(input, { limit }), `${where}, limit ${limit}`);
      assert.deepEqual(buffer.errorList(n, { limit }), errorList(input, { limit }), `${where}, limit ${limit}`);
      assert.equal(buffer.decode(n), lossy.decode(input), where);
      assert.equal(buffer.decode(n, { ignoreBOM: true }), keepBOM.decode(input), where);
      const replacement = rng.pick(REPLACEMENTS);
      assert.equal(buffer.decode(n, { replacement }), decode(input, { replacement }), `${where}, ${replacement}`);
      // fatal: the same result or the same error, but the message names Utf8InputBuffer.decode.
      const ours = outcome(() => buffer.decode(n, { fatal: true }));
      const top = outcome(() => decode(input, { fatal: true }));
      assert.equal(ours.value, top.value, where);
      assert.equal(ours.error, top.error, where);
      assert.deepEqual([ours.offset, ours.kind], [top.offset, top.kind], where);
      if (top.message) assert.equal(ours.message, `Utf8InputBuffer.${top.message}`, where);
      // A shorter length reads only the first bytes.
      const cut = rng.below(n + 1);
      assert.equal(buffer.decode(cut), lossy.decode(input.subarray(0, cut)), `${where}, first ${cut}`);
    }
    buffer.free();
  });

  test("the lipsum corpus, read through one reused buffer", (t) => {
    const buffer = new Utf8InputBuffer(1 << 20);
    for (const lang of LANGS) {
      const path = conformanceFile(`unicode-lipsum/lipsum/${lang}-Lipsum.utf8.txt`);
      if (path === null) {
        t.skip("lipsum corpus missing");
        break;
      }
      const text = readFileSync(path);
      assert.ok(text.length <= buffer.capacity, `${lang} fits`);
      buffer.bytes.set(text);
      assert.equal(buffer.validate(text.length), true, lang);
      assert.equal(buffer.decode(text.length), new TextDecoder().decode(text), lang);
      // An FF written in place at every 997th byte: found as the top-level function finds it in a copy.
      for (let at = 0; at < text.length; at += 997) {
        const saved = buffer.bytes[at];
        buffer.bytes[at] = 0xff;
        const copy = buffer.bytes.slice(0, text.length);
        assert.equal(buffer.validate(text.length), false, `${lang} at ${at}`);
        assert.deepEqual(buffer.firstError(text.length), firstError(copy), `${lang} at ${at}`);
        assert.ok(buffer.firstError(text.length).offset <= at, `${lang} at ${at}`);
        buffer.bytes[at] = saved;
      }
    }
    buffer.free();
  });
});

describe("Utf8InputBuffer refuses bad arguments and misuse, and the module keeps working", () => {
  test("the capacity: a whole number of bytes from 0 to 512 MiB", () => {
    for (const capacity of [undefined, null, "8", 8n, {}, [8], new Number(8), { valueOf: () => 8 }, true, Symbol("s")]) {
      assert.throws(() => new Utf8InputBuffer(capacity), TypeError, String(capacity?.toString?.() ?? capacity));
    }
    for (const capacity of [-1, -0.5, 1.5, NaN, Infinity, -Infinity, MAX + 1, 2 ** 32, 2 ** 53, Number.MAX_VALUE]) {
      assert.throws(() => new Utf8InputBuffer(capacity), RangeError, String(capacity));
    }
    assert.throws(() => new Utf8InputBuffer(MAX + 1), {
      name: "RangeError",
      message: `Utf8InputBuffer: capacity ${MAX + 1} is more than the ${MAX} bytes (512 MiB) an input may have`,
    });
    assert.throws(() => new Utf8InputBuffer(-1), { message: "Utf8InputBuffer: capacity must be a whole number of bytes from 0 up, not -1" });
    assert.throws(() => new Utf8InputBuffer("8"), { message: "Utf8InputBuffer: capacity must be a number of bytes, got a string" });
    assert.throws(() => Utf8InputBuffer(8), TypeError, "a class needs new");
    assert.equal(new Utf8InputBuffer(-0).capacity, 0);
  });

  test("the length: a whole number of bytes up to the capacity, in every method", () => {
    const buffer = new Utf8InputBuffer(8);
    const methods = {
      validate: (n) => buffer.validate(n),
      firstError: (n) => buffer.firstError(n),
      errors: (n) => buffer.errors(n),
      errorList: (n) => buffer.errorList(n),
      decode: (n) => buffer.decode(n),
    };
    for (const [name, call] of Object.entries(methods)) {
      for (const length of [undefined, null, "1", 1n, {}, [1], new Number(1), true]) {
        assert.throws(() => call(length), { name: "TypeError", message: new RegExp(`^Utf8InputBuffer\\.${name}: length must be a number of bytes, got `) });
      }
      for (const length of [-1, 0.5, NaN, Infinity, -Infinity]) {
        assert.throws(() => call(length), { name: "RangeError", message: new RegExp(`^Utf8InputBuffer\\.${name}: length must be a whole number`) }, `${name}(${length})`);
      }
      for (const length of [9, 2 ** 32, MAX + 1]) {
        assert.throws(() => call(length), {
          name: "RangeError",
          message: `Utf8InputBuffer.${name}: length ${length} is more than the buffer's capacity of 8 bytes`,
        });
      }
      assert.doesNotThrow(() => call(8));
    }
    buffer.free();
  });

  test("decode's options are decode's", () => {
    const buffer = filled([0x41, 0xff]);
    assert.throws(() => buffer.decode(2, "fatal"), { name: "TypeError", message: /^Utf8InputBuffer\.decode: options must be an object/ });
    assert.throws(() => buffer.decode(2, { replacement: "?" }), { name: "TypeError", message: /^Utf8InputBuffer\.decode: replacement must be/ });
    assert.throws(() => buffer.decode(2, { replacement: 1 }), { name: "TypeError", message: /^Utf8InputBuffer\.decode: option replacement must be a string/ });
    assert.throws(() => buffer.decode(2, { fatal: true }), (error) =>
      error instanceof TypeError && error.offset === 1 && error.kind === "invalid-byte" &&
      error.message.startsWith("Utf8InputBuffer.decode: invalid UTF-8 at offset 1 (invalid-byte)"));
    const mine = new SyntaxError("the caller's own getter");
    assert.throws(() => buffer.decode(2, { get fatal() { throw mine; } }), (error) => error === mine);
    assert.throws(() => buffer.errorList(2, { get limit() { throw mine; } }), (error) => error === mine);
    assert.throws(() => buffer.errors(2, { limit: -1 }), { name: "RangeError", message: /^Utf8InputBuffer\.errors: limit must be a whole number/ });
    assert.throws(() => buffer.errorList(2, { limit: "1" }), { name: "TypeError", message: /^Utf8InputBuffer\.errorList: limit must be a number/ });
    assert.equal(buffer.decode(2, null), "A\uFFFD");
    buffer.free();
  });

  test("a freed buffer, another `this`, and free() from inside a call are TypeErrors", () => {
    const buffer = filled([0x41]);
    buffer.free();
    assert.equal(buffer.capacity, 0);
    for (const run of [() => buffer.bytes, () => buffer.validate(0), () => buffer.firstError(0), () => buffer.errors(0), () => buffer.errorList(0), () => buffer.decode(0)]) {
      assert.throws(run, { name: "TypeError", message: /^Utf8InputBuffer\.\w+: this buffer has been freed$/ });
    }
    buffer.free(); // a second free does nothing
    const disposed = new Utf8InputBuffer(4);
    if (Symbol.dispose) {
      disposed[Symbol.dispose]();
      assert.throws(() => disposed.validate(0), TypeError);
    }

    const others = [{}, [], null, undefined, 1, new Uint8Array(4), Object.create(Utf8InputBuffer.prototype)];
    const proto = Utf8InputBuffer.prototype;
    for (const other of others) {
      for (const name of ["validate", "firstError", "errors", "decode", "free"]) {
        assert.throws(() => proto[name].call(other, 0), { name: "TypeError", message: `Utf8InputBuffer.${name}: called on an object that is not a Utf8InputBuffer` });
      }
      for (const name of ["bytes", "capacity"]) {
        assert.throws(() => Object.getOwnPropertyDescriptor(proto, name).get.call(other), TypeError);
      }
    }

    const busy = filled([0x6f, 0x6b]);
    assert.throws(() => busy.decode(2, { get fatal() { busy.free(); return false; } }), {
      name: "TypeError",
      message: /^Utf8InputBuffer\.free: called while this buffer is being read/,
    });
    // Other calls from inside a call are fine: they only read.
    assert.equal(busy.decode(2, { get fatal() { return busy.validate(2); } }), "ok");
    assert.equal(busy.decode(2), "ok");
    busy.free();
  });

  test("3,000 calls mixing misuse with good calls leave every function working", () => {
    const rng = generator(propertySeed() ^ 0x2c0);
    const shared = filled(new TextEncoder().encode("€uro"), 4);
    const bad = [
      [() => new Utf8InputBuffer(rng.pick([-1, 1.5, NaN, MAX + 1, "8", undefined])), [TypeError, RangeError]],
      [() => shared.validate(rng.pick([-1, 11, 0.5, "1", undefined, NaN])), [TypeError, RangeError]],
      [() => shared.decode(rng.pick([11, -2]), { fatal: true }), [RangeError]],
      [() => shared.decode(6, { replacement: "x" }), [TypeError]],
      [() => shared.errors(2 ** 40), [RangeError]],
      [() => { const b = new Utf8InputBuffer(2); b.free(); b.firstError(0); }, [TypeError]],
      [() => { const b = new Utf8InputBuffer(2); b.decode(0, { get ignoreBOM() { b.free(); } }); }, [TypeError]],
      [() => Utf8InputBuffer.prototype.decode.call({}, 0), [TypeError]],
      [() => { shared.bytes[6] = 0xc0; shared.decode(7, { fatal: true }); }, [TypeError]],
    ];
    const good = [
      [() => shared.decode(6), "€uro"],
      [() => shared.validate(6), true],
      [() => shared.firstError(7)?.kind ?? "none", "invalid-byte"],
      [() => validate(new Uint8Array([0xe2, 0x82, 0xac])), true],
      [() => decode(new Uint8Array([0x48, 0xf6]), { replacement: "latin1" }), "Hö"],
      [() => { const b = filled([0xf0, 0x9f, 0x98, 0x80]); const s = b.decode(4); b.free(); return s; }, "😀"],
    ];
    shared.bytes[6] = 0xc0;
    for (let i = 0; i < 3000; i++) {
      if (rng.chance(0.6)) {
        const [run, classes] = rng.pick(bad);
        assert.throws(run, (error) => classes.some((c) => error instanceof c) && !(error instanceof WebAssembly.RuntimeError), `call ${i}`);
      } else {
        const [run, expected] = rng.pick(good);
        assert.equal(run(), expected, `call ${i}`);
      }
    }
    for (const [run, expected] of good) assert.equal(run(), expected);
    shared.free();
  });
});
