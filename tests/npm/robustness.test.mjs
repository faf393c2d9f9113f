// Bad input never kills the module: 10,000 calls, bad arguments mixed with good ones. Every bad
// call must throw a TypeError or RangeError (or, for an options getter that throws, that very
// error), never a WebAssembly.RuntimeError; every good call must still give the right answer,
// during the run and after it. A JS exception escaping through the WebAssembly frames, or a Rust
// panic, would break later calls, which is what this looks for.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Utf8Decoder,
  decode,
  decodeVariant,
  decodeVariantCodePoints,
  encode,
  encodeCodePoint,
  encodeInto,
  encodeVariant,
  errors,
  explainCodePoint,
  firstError,
  inspect,
  validate,
} from "utf8lens";
import { generator, propertySeed } from "./support.mjs";

const CALLS = 10_000;
const bytes = (...values) => new Uint8Array(values);

function detachedView(View = Uint8Array) {
  const view = new View(new ArrayBuffer(8));
  structuredClone(view.buffer, { transfer: [view.buffer] });
  return view;
}

/** A Uint8Array subclass whose `length` lies; the real bytes must be used. */
class LyingLength extends Uint8Array {
  get length() {
    return this.constructor.claimed;
  }
}
class ClaimsHuge extends LyingLength {
  static claimed = 2 ** 40;
}
class ClaimsShort extends LyingLength {
  static claimed = 1;
}
class ClaimsNegative extends LyingLength {
  static claimed = -1;
}

const revoked = Proxy.revocable({}, {});
revoked.revoke();
const mine = new SyntaxError("thrown by the caller's own getter");
// Over the 512 MiB limit: the pages are never touched, so this costs no real memory.
let tooBig;
try {
  tooBig = new Uint8Array(512 * 2 ** 20 + 1);
} catch {
  tooBig = undefined;
}
// Over the 512 MiB / 3 code unit limit for strings; a rope, never flattened.

/** Values that are no BufferSource. */
const NOT_BYTES = [
  undefined, null, 0, -1, NaN, 1.5, Infinity, "abc", "", true, Symbol("s"), 10n, {}, [], [0x41, 0x42],
  () => {}, new Map(), Promise.resolve(), { length: 2 ** 40 }, { length: -1, byteLength: 5, buffer: new ArrayBuffer(5) },
  Object.create(Uint8Array.prototype), Object.create(DataView.prototype), new Proxy(new Uint8Array(4), {}),
  new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); } }),
  revoked.proxy, new String("abc"), new Number(5), /re/, new Date(0), Object.create(null),
];
const NOT_STRINGS = [undefined, null, 0, NaN, 65n, Symbol("s"), {}, [], ["a"], new String("a"), bytes(0x41), () => "a", revoked.proxy];
const NOT_CODE_POINTS_TYPE = [undefined, null, "65", 65n, {}, [65], new Number(65), { valueOf: () => 65 }, Symbol("s"), true];
const NOT_CODE_POINTS_RANGE = [NaN, Infinity, -Infinity, -1, -0.5, 1.5, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x110000, 2 ** 32, 2 ** 53, Number.MAX_VALUE, -0x10ffff];
const NOT_OPTIONS = ["fatal", 5, true, Symbol("s"), 1n];
const NOT_VARIANTS = [undefined, null, "", "utf-8", "utf8", "cesu8", "wtf8", "rfc-2279", 8, {}, Symbol("s"), ["wtf-8"]];
const NOT_LABELS_TYPE = [null, 8, {}, Symbol("s"), ["utf-8"]];
const NOT_LABELS_RANGE = ["latin1", "utf-16", "", "utf-8x", "windows-1252"];
const NOT_REPLACEMENTS_TYPE = [null, 1, {}, true, "x", "FFFD", "latin-1"];
const BAD_DESTINATIONS = [undefined, null, [0, 0, 0], new Uint16Array(4), new DataView(new ArrayBuffer(4)), new ArrayBuffer(4), "dest", new Proxy(new Uint8Array(4), {}), Object.create(Uint8Array.prototype)];

/** [description, call, expected error] for one bad call chosen by rng. */
function badCall(rng) {
  const bytesFns = [validate, firstError, errors, inspect, (b) => decode(b), (b) => decodeVariant(b, "wtf-8"), (b) => decodeVariantCodePoints(b, "cesu-8")];
  const kinds = [
    () => ((f, i) => [`bytes function ${f.name || "(wrapped)"} with NOT_BYTES[${i}]`, () => f(NOT_BYTES[i]), TypeError])(rng.pick(bytesFns), rng.below(NOT_BYTES.length)),
    () => ["detached view", ((f) => () => f(detachedView(rng.chance(0.5) ? Uint8Array : DataView)))(rng.pick(bytesFns)), TypeError],
    () => ["detached ArrayBuffer", ((f) => () => { const b = new ArrayBuffer(4); structuredClone(b, { transfer: [b] }); f(b); })(rng.pick(bytesFns)), TypeError],
    () => ["over 512 MiB", ((f) => () => f(tooBig))(rng.pick(bytesFns)), tooBig ? RangeError : TypeError],
    () => ["encode(non-string)", ((v) => () => encode(v))(rng.pick(NOT_STRINGS)), TypeError],
    () => ["encodeVariant(non-string)", ((v) => () => encodeVariant(v, "wtf-8"))(rng.pick(NOT_STRINGS)), TypeError],
    () => ["encodeInto(non-string)", ((v) => () => encodeInto(v, new Uint8Array(4)))(rng.pick(NOT_STRINGS)), TypeError],
    () => ["encodeInto(bad destination)", ((d) => () => encodeInto("abc", d))(rng.pick(BAD_DESTINATIONS)), TypeError],
    () => ["code point type", ((f, v) => () => f(v))(rng.pick([encodeCodePoint, explainCodePoint]), rng.pick(NOT_CODE_POINTS_TYPE)), TypeError],
    () => ["code point range", ((f, v) => () => f(v))(rng.pick([encodeCodePoint, explainCodePoint]), rng.pick(NOT_CODE_POINTS_RANGE)), RangeError],
    () => ["decode(bad options)", ((o) => () => decode(bytes(0x41), o))(rng.pick(NOT_OPTIONS)), TypeError],
    () => ["decode(bad replacement)", ((r) => () => decode(bytes(0xff), { replacement: r }))(rng.pick(NOT_REPLACEMENTS_TYPE)), TypeError],
    () => ["decode(fatal, malformed)", () => decode(bytes(0x41, 0xc0, 0x80), { fatal: 1 }), TypeError],
    () => ["decode(options getter throws)", () => decode(bytes(0x41), { get fatal() { throw mine; } }), mine],
    () => ["variant name", ((f, v) => () => f(v))(rng.pick([(v) => decodeVariant(bytes(0x41), v), (v) => decodeVariantCodePoints(bytes(0x41), v), (v) => encodeVariant("A", v)]), rng.pick(NOT_VARIANTS)), TypeError],
    () => ["variant malformed", () => decodeVariant(bytes(0xf0, 0x9f, 0x98, 0x80), "cesu-8"), TypeError],
    () => ["variant unencodable", () => encodeVariant("\uDC00", "cesu-8"), RangeError],
    () => ["variant beyond U+10FFFF", () => decodeVariant(bytes(0xf8, 0x88, 0x80, 0x80, 0x80), "rfc2279"), RangeError],
    () => ["Utf8Decoder label type", ((l) => () => new Utf8Decoder(l))(rng.pick(NOT_LABELS_TYPE)), TypeError],
    () => ["Utf8Decoder label", ((l) => () => new Utf8Decoder(l))(rng.pick(NOT_LABELS_RANGE)), RangeError],
    () => ["Utf8Decoder options", ((o) => () => new Utf8Decoder("utf-8", o))(rng.pick(NOT_OPTIONS)), TypeError],
    () => ["Utf8Decoder.decode(bad input)", ((v) => () => new Utf8Decoder().decode(v))(rng.pick(NOT_BYTES.filter((v) => v !== undefined))), TypeError],
    () => ["Utf8Decoder.decode(bad options)", ((o) => () => new Utf8Decoder().decode(bytes(0x41), o))(rng.pick(NOT_OPTIONS)), TypeError],
    () => ["Utf8Decoder.decode on another object", () => Utf8Decoder.prototype.decode.call(rng.pick([{}, [], new TextDecoder(), Object.create(Utf8Decoder.prototype)]), bytes(0x41)), TypeError],
    () => ["Utf8Decoder getter on another object", () => Object.getOwnPropertyDescriptor(Utf8Decoder.prototype, rng.pick(["fatal", "ignoreBOM", "encoding"])).get.call({}), TypeError],
    () => ["Utf8Decoder freed", () => { const d = new Utf8Decoder(); d.free(); d.decode(bytes(0x41)); }, TypeError],
    () => ["Utf8Decoder re-entered", () => { const d = new Utf8Decoder(); d.decode(bytes(0x41), { get stream() { return d.decode(bytes(0x42)); } }); }, TypeError],
    () => ["Utf8Decoder fatal, malformed", () => new Utf8Decoder("utf-8", { fatal: true }).decode(bytes(0xed, 0xa0, 0x80)), TypeError],
  ];
  return rng.pick(kinds)();
}

/** [description, call, expected result] for good calls, some with odd but valid arguments. */
const GOOD = [
  ["validate", () => validate(bytes(0xe2, 0x82, 0xac)), true],
  ["validate invalid", () => validate(bytes(0xc0, 0xaf)), false],
  ["validate DataView", () => validate(new DataView(bytes(0xff, 0x41, 0xff).buffer, 1, 1)), true],
  ["validate lying huge length", () => validate(new ClaimsHuge([0xe2, 0x82, 0xac])), true],
  ["validate lying short length", () => validate(new ClaimsShort([0x41, 0xff])), false],
  ["decode lying negative length", () => decode(new ClaimsNegative([0x6f, 0x6b])), "ok"],
  ["firstError", () => firstError(bytes(0x41, 0x80))?.offset, 1],
  ["errors", () => errors(bytes(0x80, 0xff, 0xe2, 0x82)).map((e) => e.kind).join(), "unexpected-continuation,invalid-byte,truncated"],
  ["decode", () => decode(bytes(0x48, 0xf6, 0x68, 0x65)), "H\uFFFDhe"],
  ["decode latin1", () => decode(bytes(0x48, 0xf6), { replacement: "latin1" }), "Hö"],
  ["decode ArrayBuffer", () => decode(bytes(0xf0, 0x9f, 0x98, 0x80).buffer), "😀"],
  ["Utf8Decoder stream", () => { const d = new Utf8Decoder(); return d.decode(bytes(0xe2), { stream: true }) + d.decode(bytes(0x82, 0xac)); }, "€"],
  ["Utf8Decoder detached reads empty", () => new Utf8Decoder().decode(detachedView()), ""],
  ["encode", () => [...encode("a\uD800€")].join(), "97,239,191,189,226,130,172"],
  ["encodeInto", () => { const d = new Uint8Array(4); const r = encodeInto("a€b", d); return `${r.read},${r.written},${d}`; }, "2,4,97,226,130,172"],
  ["encodeInto detached", () => JSON.stringify(encodeInto("abc", detachedView())), '{"read":0,"written":0}'],
  ["encodeCodePoint", () => [...encodeCodePoint(0x10ffff)].join(), "244,143,191,191"],
  ["explainCodePoint", () => explainCodePoint(0xe9).bytes.join(), "195,169"],
  ["inspect", () => inspect(bytes(0x41, 0xc3, 0xa9, 0x80)).roles.join(), "ascii,lead,continuation,invalid"],
  ["decodeVariant", () => decodeVariant(bytes(0xc0, 0x80), "mutf-8"), "\0"],
  ["decodeVariantCodePoints", () => decodeVariantCodePoints(bytes(0xed, 0xa0, 0x80), "wtf-8").join(), "55296"],
  ["encodeVariant", () => [...encodeVariant("😀", "cesu-8")].join(), "237,160,189,237,184,128"],
];

function runGood([name, call, expected], where) {
  let actual;
  try {
    actual = call();
  } catch (error) {
    assert.fail(`${where}: good call ${name} threw ${error?.constructor?.name}: ${error?.message}`);
  }
  assert.equal(actual, expected, `${where}: good call ${name}`);
}

test(`${CALLS} calls mixing bad arguments with good ones leave the module working`, () => {
  const seed = propertySeed();
  const rng = generator(seed + 99);
  const counts = { good: 0, bad: 0, TypeError: 0, RangeError: 0, own: 0 };
  for (let i = 0; i < CALLS; i++) {
    const where = `call ${i} (seed 0x${seed.toString(16)})`;
    if (rng.chance(0.3)) {
      runGood(rng.pick(GOOD), where);
      counts.good++;
      continue;
    }
    const [name, call, expected] = badCall(rng);
    let thrown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown !== undefined, `${where}: bad call ${name} did not throw`);
    assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${where}: bad call ${name} trapped: ${thrown.message}`);
    if (typeof expected === "function") {
      assert.ok(thrown instanceof expected, `${where}: bad call ${name} threw ${thrown?.constructor?.name} (${thrown?.message}), not ${expected.name}`);
      assert.match(thrown.message, /\S/, `${where}: ${name} has a message`);
      counts[expected.name]++;
    } else {
      assert.equal(thrown, expected, `${where}: bad call ${name} should rethrow the caller's own error`);
      counts.own++;
    }
    counts.bad++;
  }
  for (const good of GOOD) runGood(good, "after the run");
  process.stdout.write(`# robustness: ${JSON.stringify(counts)}\n`);
  assert.equal(counts.good + counts.bad, CALLS);
});
