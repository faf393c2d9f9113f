// Big inputs in the test command: every case of big-input.mjs (256 MiB through validate, decode,
// firstError, errors and Utf8Decoder; the 512 MiB limit), each in a child process with Node's
// default flags. A case passes when it works or fails with a RangeError; a crash fails it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { bigInputs } from "./big-input.mjs";

for (const result of bigInputs()) {
  test(`big input: ${result.name}`, () => {
    process.stdout.write(`# ${result.name}: ${result.outcome} (${result.seconds ?? "?"} s, ${result.rssMiB ?? "?"} MiB)\n`);
    assert.ok(result.passed, `${result.outcome}: ${result.detail}`);
  });
}
