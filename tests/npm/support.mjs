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

/**
 * Bytes at the edges of UTF-8's rules: each lead byte's second-byte limits (E0 A0, ED 9F, F0 90,
 * F4 8F), the never-valid bytes, continuation bytes at both ends, and the pieces of a BOM and U+FFFD.
 */
export const EDGE_BYTES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbd, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1,
  0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf7, 0xf8, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
];

/** A random scalar value's UTF-8, or a surrogate or too-large value encoded as if it were one. */
function encodedCharacter(rng) {
  const ranges = [[0, 0x7f], [0x80, 0x7ff], [0x800, 0xffff], [0x10000, 0x10ffff], [0xd800, 0xdfff], [0x110000, 0x1fffff]];
  const [low, high] = rng.pick(ranges);
  const cp = low + rng.below(high - low + 1);
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

const encoder = new TextEncoder();

/**
 * Random bytes from `rng` (a seeded `generator`, so that a failure replays from its seed): pieces where
 * UTF-8 decoders go wrong, each kind drawn with the weight `mix` gives it (kinds left out never appear):
 *
 * - `edge`: one of `edges` (default EDGE_BYTES);
 * - `any`: any byte;
 * - `continuation`: a byte 80..BF;
 * - `character`: one encoded character, picked from `characters` (arrays of bytes) if given, else a
 *   random code point's UTF-8, surrogates and values above U+10FFFF included;
 * - `bom`: EF BB BF (a BOM) or EF BF BD (U+FFFD);
 * - `text`: the UTF-8 of `text(rng)`, a string the caller makes.
 *
 * A `character` or `text` piece is cut short with probability `cut`. `length` is the exact length (the
 * last piece cut to fit); by default mostly short (under 24 bytes), one input in ten under 400.
 * The defaults are the codec's property tests' mix.
 */
export function randomBytes(
  rng,
  {
    length = rng.chance(0.1) ? rng.below(400) : rng.below(24),
    mix = { edge: 3, any: 1, continuation: 1, character: 4, bom: 1 },
    edges = EDGE_BYTES,
    characters,
    cut = 0.15,
    text,
  } = {},
) {
  const kinds = Object.entries(mix).filter(([, weight]) => weight > 0);
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  const out = [];
  const cutShort = (piece) => (rng.chance(cut) ? piece.slice(0, rng.below(piece.length) + 1) : piece);
  while (out.length < length) {
    let roll = rng.below(total);
    const [kind] = kinds.find(([, weight]) => (roll -= weight) < 0);
    if (kind === "edge") out.push(rng.pick(edges));
    else if (kind === "any") out.push(rng.below(256));
    else if (kind === "continuation") out.push(0x80 + rng.below(64));
    else if (kind === "character") out.push(...cutShort(characters ? rng.pick(characters) : encodedCharacter(rng)));
    else if (kind === "bom") out.push(...(rng.chance(0.5) ? [0xef, 0xbb, 0xbf] : [0xef, 0xbf, 0xbd]));
    else if (kind === "text") out.push(...cutShort(encoder.encode(text(rng))));
    else throw new Error(`randomBytes: unknown kind of piece ${kind}`);
  }
  return new Uint8Array(out.slice(0, length));
}

/** The seed of the property tests: UTF8LENS_SEED (decimal or 0x hex) or a fixed default. */
export function propertySeed() {
  const text = process.env.UTF8LENS_SEED;
  return text ? Number(text) >>> 0 : 0x5eed2024;
}
