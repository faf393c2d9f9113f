// The short soak of the test command: 50,000 calls across the whole API (soak.mjs says what is
// checked). The full million is `bash scripts/soak.sh`. UTF8LENS_SOAK_CALLS changes the count.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MEMORY_BOUND, soak } from "./soak.mjs";

const CALLS = Number(process.env.UTF8LENS_SOAK_CALLS ?? 50_000);

test(`soak: ${CALLS} calls mixing valid input, invalid input and bad arguments`, async () => {
  const summary = await soak({ calls: CALLS });
  process.stdout.write(`# soak: ${JSON.stringify(summary)}\n`);
  assert.ok(summary.calls >= CALLS);
  assert.ok(summary.memoryGrowth <= MEMORY_BOUND);
});
