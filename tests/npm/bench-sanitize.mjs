// The sanitiser against what a Node user would write instead, side by side in one run, on 1 MiB of
// mixed text:
//
//   bash scripts/build-npm.sh && node tests/npm/bench-sanitize.mjs
//   BENCH_QUICK=1 node tests/npm/bench-sanitize.mjs     # a short run, for CI: same table, fewer repeats
//
// The text: the lipsum corpus (../shared/conformance/unicode-lipsum/lipsum: Latin, Russian, Arabic,
// Chinese, Emoji) in paragraphs, with about one finding per 200 characters put in: zero-width
// characters inside words, bidi controls, controls, NUL, noncharacters, tag characters, lone
// surrogates, a byte order mark, and the things that must stay (emoji ZWJ sequences, Persian ZWNJ,
// an emoji flag). Its UTF-8 form is 1 MiB.
//
// 1. sanitize(text) with the default options (report included) against a regex cleaner covering the
//    same classes, in two forms: a chain of String.prototype.replace calls, one per class, as such
//    cleaners are usually written, and one combined regex with a replacement function. Both must
//    give sanitize's text exactly, or the run says where they differ.
// 2. The surrogate part alone: the same text with only lone surrogates wrong, sanitize against
//    String.prototype.toWellFormed.
//
// Each figure is the median of timed runs, the contenders taking turns. Ratios are the other's time
// divided by sanitize's (above 1: sanitize is faster). No figure is asserted anywhere.
import { existsSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = process.env.UTF8LENS_ROOT ?? join(here, "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 21));
const TARGET_BYTES = 1 << 20;

// The sanitiser is the package's utf8lens/text module, the Node entry of which is text/node.js.
const packageEntry = join(ROOT, "target/npm/pkg/text/node.js");
if (!existsSync(packageEntry)) {
  console.error(`bench-sanitize: ${packageEntry} is missing: run bash scripts/build-npm.sh first`);
  process.exit(1);
}
const { sanitize } = await import(pathToFileURL(packageEntry).href);

const corpusDir = join(ROOT, "../shared/conformance/unicode-lipsum/lipsum");
if (!existsSync(corpusDir)) {
  const message = `bench-sanitize: the lipsum corpus is missing at ${corpusDir}`;
  if (process.env.CI === "true") {
    console.error(`${message} (CI=true: a failure)`);
    process.exit(1);
  }
  console.error(`${message}; nothing to measure`);
  process.exit(0);
}

// --- the text ------------------------------------------------------------------------------------

/** A small seeded generator (xorshift32), so every run measures the same text. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

// What gets put into the text, and what sanitize's defaults do with it.
const FINDINGS = [
  (w) => `${w.slice(0, 2)}\u200B${w.slice(2)}`, // zero width space inside a word
  (w) => `${w}\u2060`, // word joiner
  (w) => `\u202E${w}`, // right-to-left override
  (w) => `\u2066${w}\u2069`, // an isolate pair
  (w) => `${w}\u200E`, // left-to-right mark
  (w) => `${w}\u0007`, // BEL
  (w) => `${w}\u0000`, // NUL
  (w) => `${w}\u009B`, // a C1 control
  (w) => `${w}\uFFFF`, // a noncharacter
  (w) => `${w}\u{E0041}\u{E0042}`, // tag characters
  (w) => `${w}\uD83D`, // a lone high surrogate (half of an emoji)
  (w) => `\uDE00${w}`, // a lone low surrogate
  (w) => `${w}\uFEFF`, // a zero width no-break space inside text
];
const KEPT = ["👩\u200D💻", "🏳\uFE0F\u200D🌈", "می\u200Cخواهم", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "👍🏽"];

function mixedText({ findings }) {
  const langs = ["Latin", "Russian", "Arabic", "Chinese", "Emoji"];
  const texts = langs.map((lang) => {
    let text = readFileSync(join(corpusDir, `${lang}-Lipsum.utf8.txt`), "utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // Words; Chinese has no spaces, so its runs are cut into words of up to 4 characters.
    return text.split(/\s+/).filter(Boolean).flatMap((w) => [...w].length > 12 ? w.match(/.{1,4}/gsu) : [w]);
  });
  const random = rng(0x5a17);
  const encoder = new TextEncoder();
  let out = findings ? "\uFEFF" : "";
  let bytes = 0;
  let sinceFinding = 0;
  for (let paragraph = 0; bytes < TARGET_BYTES; paragraph++) {
    const words = texts[paragraph % texts.length];
    let line = "";
    for (let i = 0; i < 60; i++) {
      let word = words[Math.floor(random() * words.length)];
      sinceFinding += word.length + 1;
      if (sinceFinding > 200) {
        sinceFinding = 0;
        word = findings ? FINDINGS[Math.floor(random() * FINDINGS.length)](word) : FINDINGS[10 + Math.floor(random() * 2)](word);
      } else if (random() < 0.004) {
        word = `${word} ${KEPT[Math.floor(random() * KEPT.length)]}`;
      }
      line += (i ? " " : "") + word;
    }
    line += paragraph % 3 === 0 ? "\r\n" : "\n";
    const length = encoder.encode(line).length;
    if (bytes + length > TARGET_BYTES) break;
    bytes += length;
    out += line;
  }
  // Filled up to exactly 1 MiB with ASCII.
  return out + "x".repeat(TARGET_BYTES - encoder.encode(out).length);
}

// --- the regex cleaners ---------------------------------------------------------------------------

// The classes sanitize's defaults remove or replace, as regexes. ZWJ stays between two emoji,
// ZWJ and ZWNJ between letters of the scripts that join (sanitize's list of blocks), tags after 🏴
// up to a CANCEL TAG, and U+FEFF counts as a byte order mark only at the start.
const JOINING = "\\u0600-\\u061B\\u061D-\\u07FF\\u0860-\\u08FF\\u0900-\\u0FFF\\u1000-\\u109F\\u1780-\\u180D\\u180F-\\u18AF\\uA8E0-\\uA8FF\\uFB50-\\uFDCF\\uFDF0-\\uFDFF\\uFE70-\\uFEFE";
const EMOJI_BEFORE = "\\p{Extended_Pictographic}[\\uFE0E\\uFE0F\\u{1F3FB}-\\u{1F3FF}]{0,4}";
const NONCHARACTER = "[\\uFDD0-\\uFDEF\\uFFFE\\uFFFF\\u{1FFFE}\\u{1FFFF}\\u{2FFFE}\\u{2FFFF}\\u{3FFFE}\\u{3FFFF}\\u{4FFFE}\\u{4FFFF}\\u{5FFFE}\\u{5FFFF}\\u{6FFFE}\\u{6FFFF}\\u{7FFFE}\\u{7FFFF}\\u{8FFFE}\\u{8FFFF}\\u{9FFFE}\\u{9FFFF}\\u{AFFFE}\\u{AFFFF}\\u{BFFFE}\\u{BFFFF}\\u{CFFFE}\\u{CFFFF}\\u{DFFFE}\\u{DFFFF}\\u{EFFFE}\\u{EFFFF}\\u{FFFFE}\\u{FFFFF}\\u{10FFFE}\\u{10FFFF}]";
const CHAIN = [
  [/^\uFEFF+/, ""],
  [/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, ""],
  [/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, ""],
  [new RegExp(`(?<![${JOINING}])\\u200C|\\u200C(?![${JOINING}])`, "gu"), ""],
  [new RegExp(`(?<!${EMOJI_BEFORE}|[${JOINING}])\\u200D|(?<=${EMOJI_BEFORE})\\u200D(?!\\p{Extended_Pictographic})|(?<=[${JOINING}])\\u200D(?![${JOINING}])`, "gu"), ""],
  [/[\u200B\u2060-\u2064\u206A-\u206F\u180E\uFEFF]/g, ""],
  [/(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0020}-\u{E007E}]|[\u{E0000}-\u{E001F}\u{E007F}]/gu, (tag, offset, text) => keepFlagTag(tag, offset, text)],
  [new RegExp(NONCHARACTER, "gu"), "\uFFFD"],
];

/** Tags are kept only inside a complete emoji flag (🏴, tag letters, CANCEL TAG). */
function keepFlagTag(tag, offset, text) {
  if (tag !== "\u{E007F}") return "";
  let i = offset;
  while (i >= 2 && /[\u{E0020}-\u{E007E}]/u.test(text.slice(i - 2, i))) i -= 2;
  return i < offset && text.slice(i - 2, i) === "\u{1F3F4}" ? tag : "";
}

/** The usual way: toWellFormed, then one replace per class. */
function regexChain(text) {
  let out = text.toWellFormed();
  for (const [pattern, replacement] of CHAIN) out = out.replace(pattern, replacement);
  return out;
}

// One regex for every class, and a function that decides; still toWellFormed first, since a regex
// cannot match a lone surrogate in "u" mode.
const COMBINED = new RegExp(CHAIN.slice(1).map(([p]) => `(?:${p.source})`).join("|"), "gu");
const IS_TAG = /^[\u{E0000}-\u{E007F}]$/u;
const IS_NONCHARACTER = new RegExp(`^${NONCHARACTER}$`, "u");
function regexCombined(text) {
  return text
    .toWellFormed()
    .replace(/^\uFEFF+/, "")
    .replace(COMBINED, (match, offset, whole) => {
      if (IS_TAG.test(match)) return keepFlagTag(match, offset, whole);
      return IS_NONCHARACTER.test(match) ? "\uFFFD" : "";
    });
}

// --- measuring -------------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
let sink = 0;

/** Median milliseconds per call of each contender, taking turns. */
function measure(contenders, input) {
  const samples = contenders.map(() => []);
  for (const [, run] of contenders) sink ^= run(input).length; // warm up
  for (let r = 0; r < RUNS; r++) {
    contenders.forEach(([, run], k) => {
      const start = performance.now();
      sink ^= run(input).length;
      samples[k].push(performance.now() - start);
    });
  }
  return samples.map(median);
}

function table(title, input, contenders) {
  const bytes = new TextEncoder().encode(input).length;
  const ms = measure(contenders, input);
  console.log(`\n## ${title}\n`);
  console.log(`| contender | ms per call | MB/s | ratio (its time ÷ sanitize's) |`);
  console.log(`|---|---:|---:|---:|`);
  contenders.forEach(([name], k) => {
    const ratio = k === 0 ? "1.00×" : `${(ms[k] / ms[0]).toFixed(2)}×`;
    console.log(`| ${name} | ${ms[k].toFixed(2)} | ${(bytes / ms[k] / 1000).toFixed(0)} | ${ratio} |`);
  });
  return ms;
}

/** Where two outputs first differ, for the report. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const show = (s) => JSON.stringify(s.slice(Math.max(0, i - 10), i + 10));
  return `at code unit ${i}: ${show(a)} vs ${show(b)}`;
}

const mixed = mixedText({ findings: true });
const surrogatesOnly = mixedText({ findings: false });
const result = sanitize(mixed);
console.log(`# utf8lens sanitize benchmark${QUICK ? " (BENCH_QUICK: few repeats, rough figures)" : ""}`);
console.log(`machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version} (V8 ${process.versions.v8}), ${process.platform}-${process.arch}`);
console.log(`text: ${new TextEncoder().encode(mixed).length} bytes of UTF-8, ${mixed.length} code units; sanitize finds ${result.changes.length} changes (${[...new Set(result.changes.map((c) => c.kind))].join(", ")}); ${RUNS} timed runs, medians`);
if (!result.text.isWellFormed()) {
  console.error("bench-sanitize: ERROR: sanitize returned a string with lone surrogates");
  process.exit(1);
}
for (const [name, clean] of [["regex chain", regexChain], ["combined regex", regexCombined]]) {
  const theirs = clean(mixed);
  console.log(theirs === result.text ? `${name}: same text as sanitize` : `${name}: DIFFERS from sanitize ${firstDifference(result.text, theirs)}`);
}
const cleaners = table("1 MiB mixed text: sanitize vs regex cleaners covering the same classes", mixed, [
  ["utf8lens sanitize (with report)", (t) => sanitize(t).text],
  ["regex chain (8 replace calls)", regexChain],
  ["combined regex + function", regexCombined],
]);
const surrogates = table("the surrogate part alone: the same text with only lone surrogates wrong", surrogatesOnly, [
  ["utf8lens sanitize", (t) => sanitize(t).text],
  ["String.prototype.toWellFormed", (t) => t.toWellFormed()],
]);
console.log(`\nratio sanitize vs regex chain: ${(cleaners[1] / cleaners[0]).toFixed(2)}× (above 1: sanitize faster); vs combined regex: ${(cleaners[2] / cleaners[0]).toFixed(2)}×; vs toWellFormed: ${(surrogates[1] / surrogates[0]).toFixed(2)}×`);
if (sink === 0.5) console.log("");
