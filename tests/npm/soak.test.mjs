// The short soak of the test command: 50,000 calls across the whole API (soak.mjs says what is
// checked). The full million is `bash scripts/soak.sh`. UTF8LENS_SOAK_CALLS changes the count.
import assert from "node:assert/strict";
import { test } from "node:test";

import { decode, errorList, errors, Utf8Decoder } from "utf8lens";
import { detect } from "utf8lens/detect";
import { sanitize } from "utf8lens/text";
import { MEMORY_BOUND, liveSlots, soak, wasmExports } from "./soak.mjs";

const CALLS = Number(process.env.UTF8LENS_SOAK_CALLS ?? 50_000);

test(`soak: ${CALLS} calls mixing valid input, invalid input and bad arguments`, async () => {
  const summary = await soak({ calls: CALLS });
  process.stdout.write(`# soak: ${JSON.stringify(summary)}\n`);
  assert.ok(summary.calls >= CALLS);
  assert.ok(summary.memoryGrowth <= MEMORY_BOUND);
});

// Each exception from a caller's options getter (or Proxy trap) used to leave one externref table slot
// allocated (wasm-bindgen's `catch` imports; docs/ROBUSTNESS.md). 10,000 of them, across the
// functions that read options in the three modules, must now leave the table as it was.
test("an exception from the caller's options getter is passed on and leaks nothing", async () => {
  const modules = await wasmExports();
  const mine = new Error("the caller's own");
  // Each function gets a getter of one of its own options (our functions refuse unknown keys before
  // reading any), or a Proxy whose every property read throws.
  const throwing = (name) => ({ get [name]() { throw mine; } });
  const trap = new Proxy({}, { get() { throw mine; } });
  const bytes = new Uint8Array([0x41, 0xc0]);
  const calls = [
    (options) => decode(bytes, options === trap ? trap : throwing("fatal")),
    (options) => errors(bytes, options === trap ? trap : throwing("limit")),
    (options) => errorList(bytes, options === trap ? trap : throwing("limit")),
    (options) => new Utf8Decoder("utf-8", options === trap ? trap : throwing("fatal")),
    (options) => sanitize("a\u202eb", options === trap ? trap : throwing("bidi")),
    (options) => detect(bytes, options === trap ? trap : throwing("limit")),
  ];
  // wasm-bindgen's glue sets itself up on first use.
  for (const call of calls) assert.throws(() => call(trap), (error) => error === mine);
  const before = liveSlots(modules);
  for (let i = 0; i < 10_000; i++) {
    const call = calls[i % calls.length];
    assert.throws(() => call(i % 2 ? "getter" : trap), (error) => error === mine);
  }
  assert.equal(liveSlots(modules) - before, 0, "live externref slots after 10,000 rethrown getter exceptions");
});
