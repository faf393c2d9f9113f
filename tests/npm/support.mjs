// Shared by the npm package's tests. scripts/test-npm.sh copies these files into a fresh directory
// where the packed tarball is installed, so `import ... from "utf8lens"` resolves exactly as in a
// user's project; it passes the repository root in UTF8LENS_ROOT.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The repository root. */
export const ROOT = resolve(process.env.UTF8LENS_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "../.."));

/** The arguments every headless Chromium of the tests starts with, from the repository's
 * tools/versions.env (imported from ROOT: these files run from a copy outside the repository). */
export const { chromiumFlags } = await import(pathToFileURL(join(ROOT, "tools/versions.mjs")).href);

/** ../shared/conformance from the repository root. */
export const CONFORMANCE = resolve(ROOT, "../shared/conformance");

/**
 * The path of a file of the shared conformance data, or null when it is missing: then, with
 * CI=true, it throws (missing data is a failure in CI); otherwise it says so on stderr and the
 * caller skips.
 */
export function conformanceFile(relative) {
  const path = join(CONFORMANCE, relative);
  if (existsSync(path)) return path;
  const message = `conformance data missing: ${path}`;
  if (process.env.CI === "true") throw new Error(`${message} (CI=true: missing data is a failure)`);
  process.stderr.write(`note: ${message}; skipping\n`);
  return null;
}

/** Bytes from lowercase hex without separators. */
export function fromHex(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Lowercase hex without separators. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The code points of a string (lone surrogates as themselves). */
export function codePoints(text) {
  return Array.from(text, (ch) => ch.codePointAt(0));
}

/** A string from UTF-16 code units (lone surrogates allowed). */
export function fromUnits(units) {
  let text = "";
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096));
  return text;
}

/**
 * A small seeded generator (sfc32), so every run of a property test sees the same cases and a
 * failure can be replayed from the printed seed.
 */
export function generator(seed) {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    /** A uniform integer in [0, n). */
    below: (n) => Math.floor((next() / 2 ** 32) * n),
    /** True with probability p. */
    chance: (p) => next() / 2 ** 32 < p,
    /** One element of an array. */
    pick(items) {
      return items[this.below(items.length)];
    },
  };
}

/** The seed of the property tests: UTF8LENS_SEED (decimal or 0x hex) or a fixed default. */
export function propertySeed() {
  const text = process.env.UTF8LENS_SEED;
  return text ? Number(text) >>> 0 : 0x5eed2024;
}
