// The stage counts of scripts/test.sh for its Node scripts (scripts/counts.sh describes them).
import { appendFileSync } from "node:fs";

/** Adds `passed` passing and `failed` failing tests to the stage's counts file, when test.sh runs the
 * stage (it sets UTF8LENS_COUNTS); does nothing otherwise. */
export function counts(passed, failed) {
  const file = process.env.UTF8LENS_COUNTS;
  if (file) appendFileSync(file, `passed ${passed}\nfailed ${failed}\n`);
}
