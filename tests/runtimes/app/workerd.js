// The Cloudflare Worker: the checks in workerd's test mode (`workerd test`), which fails on a throw.
import * as lib from "utf8lens";
import * as text from "utf8lens/text";
import * as detect from "utf8lens/detect";
import { runChecks } from "./checks.js";

export default {
  async test() {
    const result = runChecks(lib, text, detect);
    console.log(`RESULT ${JSON.stringify(result)}`);
    if (result.failed) throw new Error(result.failures.join("\n"));
  },
};
