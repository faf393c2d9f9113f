// The end-to-end scripts' checks: one line per check ("ok - ..." / "not ok - ..."), a closing line
// "<name>: N passed, M failed", and the counts for the stage of scripts/test.sh (scripts/counts.mjs).

import { counts } from "../counts.mjs";

/** A fresh tally: `check`, `assert` and `group` record into it, `finish` prints and counts it. */
export function report() {
  let passed = 0;
  let failed = 0;

  /** Records one check; `actual` and `expected` are compared as JSON. */
  function check(name, actual, expected) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a === e) {
      passed += 1;
      console.log(`ok - ${name}`);
    } else {
      failed += 1;
      console.log(`not ok - ${name}\n    expected: ${e}\n    actual:   ${a}`);
    }
  }

  /** Records one check that `condition` holds; `detail` is printed if it does not. */
  function assert(name, condition, detail = "") {
    check(name, Boolean(condition), true);
    if (!condition && detail) console.log(`    ${detail}`);
  }

  /** Records a failure that is not a comparison (the run broke, a group threw). */
  function fail(name, error) {
    failed += 1;
    console.log(`not ok - ${name}: ${error?.stack ?? error}`);
  }

  /** Runs `body` as a named group: an exception fails the group but not the whole run. */
  async function group(name, body) {
    try {
      await body();
    } catch (error) {
      fail(name, error);
    }
  }

  /** Prints "<name>: N passed, M failed", adds the counts to the stage's; the exit status. */
  function finish(name) {
    console.log(`${name}: ${passed} passed, ${failed} failed`);
    counts(passed, failed);
    return failed === 0 ? 0 : 1;
  }

  return { check, assert, fail, group, finish };
}
