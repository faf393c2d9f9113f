// tools/versions.env for the Node scripts: the same NAME=value lines the shell scripts source.
//
//   import { versions, chromiumFlags } from "../tools/versions.mjs";
import { readFileSync } from "node:fs";

/** The file's NAME=value (or NAME="value") lines as an object of strings. */
export function parseVersions(text) {
  const out = {};
  for (const [index, line] of text.split("\n").entries()) {
    if (/^\s*(#|$)/.test(line)) continue;
    const match = line.match(/^([A-Z][A-Z0-9_]*)=(?:"([^"$`\\]*)"|([^\s"'$`\\#]*))\s*$/);
    if (!match) throw new Error(`tools/versions.env line ${index + 1} is not NAME=value or NAME="value": ${line}`);
    out[match[1]] = match[2] ?? match[3];
  }
  return out;
}

/** Every entry of tools/versions.env. */
export const versions = parseVersions(readFileSync(new URL("./versions.env", import.meta.url), "utf8"));

/** The arguments every headless Chromium of the tests starts with (CHROMIUM_FLAGS). */
export const chromiumFlags = versions.CHROMIUM_FLAGS.split(/\s+/).filter(Boolean);
