// The legacy-charset and mojibake functions of the installed package, used from plain Node ESM as
// a user would: exact garblings from the charset tables, decodeLegacy against Node's own
// TextDecoder, the fallbacks and errors of encodeLegacy, repair of mojibake and of clean text, and
// bad arguments. docs/MOJIBAKE.md explains the semantics.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { charsetTable, charsets, decodeLegacy, encodeLegacy, resolveLabel } from "utf8lens";
import { garble, garbleRounds, misreadAsUtf8, mojibakeMatrix, repair } from "utf8lens/text";

const bytes = (...values) => new Uint8Array(values);
const ALL_BYTES = new Uint8Array(256).map((_, i) => i);

// The canonical names, in the order charsets() lists them.
const NAMES = [
  "iso-8859-1", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
  "iso-8859-7", "iso-8859-8", "iso-8859-9", "iso-8859-10", "iso-8859-11", "iso-8859-13",
  "iso-8859-14", "iso-8859-15", "iso-8859-16",
  "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
  "windows-1255", "windows-1256", "windows-1257", "windows-1258", "windows-874",
  "koi8-r", "koi8-u", "ibm866", "macintosh", "ibm437", "ibm850", "ibm852", "x-mac-cyrillic",
];

// The seeds' table: the German letters' UTF-8 bytes (C3 then A4 B6 BC 9F 84 96 9C) read as each
// charset. ISO-8859-1 maps every byte to the same code point (0x80-0x9F are C1 controls);
// ISO-8859-15 differs from it at A4 (€), A6, A8, B4, B8, BC (Œ), BD, BE; windows-1252 differs from
// it at 0x80-0x9F (9F Ÿ, 84 „, 96 –, 9C œ).
const SEEDS = {
  "iso-8859-1": { ä: "Ã¤", ö: "Ã¶", ü: "Ã¼", ß: "Ã\u009F", Ä: "Ã\u0084", Ö: "Ã\u0096", Ü: "Ã\u009C" },
  "iso-8859-15": { ä: "Ã€", ö: "Ã¶", ü: "ÃŒ", ß: "Ã\u009F", Ä: "Ã\u0084", Ö: "Ã\u0096", Ü: "Ã\u009C" },
  "windows-1252": { ä: "Ã¤", ö: "Ã¶", ü: "Ã¼", ß: "ÃŸ", Ä: "Ã„", Ö: "Ã–", Ü: "Ãœ" },
};

// windows-1252's 0x80-0x9F (WHATWG index-windows-1252; 81 8D 8F 90 9D stay C1 controls).
const WINDOWS_1252_C1 = [
  0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
  0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
];

// Charsets whose mapping Node's TextDecoder shares (ISO-8859-1, -9 and -11 are WHATWG aliases of
// windows-1252, -1254 and -874, so TextDecoder cannot decode the true ones; -16, ibm437, ibm850
// and ibm852 it does not support). windows-1252 is checked against the literal table above instead: Node 20's
// TextDecoder("windows-1252") decodes 0x80-0x9F as Latin-1.
// Node's ICU decoder also departs from WHATWG at a few bytes; those are left out of the comparison
// and checked here with the value utf8lens gives (null: undefined, decoded as U+FFFD).
const COMPARED = {
  "iso-8859-2": {}, "iso-8859-3": {}, "iso-8859-4": {}, "iso-8859-5": {}, "iso-8859-6": {},
  "iso-8859-7": {}, "iso-8859-8": {}, "iso-8859-10": {}, "iso-8859-13": {}, "iso-8859-14": {},
  "iso-8859-15": {},
  "windows-1250": {}, "windows-1251": {},
  "windows-1253": { 0xAA: null }, // undefined in WHATWG and CP1253.TXT; ICU gives U+00AA
  "windows-1254": {},
  "windows-1255": { 0xCA: 0x05BA }, // WHATWG's holam haser for vav; ICU leaves it undefined
  "windows-1256": {}, "windows-1257": {}, "windows-1258": {},
  // Undefined in WHATWG and CP874.TXT; ICU gives private-use characters.
  "windows-874": { 0xDB: null, 0xDC: null, 0xDD: null, 0xDE: null, 0xFC: null, 0xFD: null, 0xFE: null, 0xFF: null },
  "koi8-r": {},
  "koi8-u": { 0xAE: 0x045E, 0xBE: 0x040E }, // WHATWG's ў Ў; ICU has RFC 2319's box drawing
  "ibm866": { 0x1A: 0x1A, 0x1C: 0x1C, 0x7F: 0x7F }, // ASCII; ICU rotates these IBM controls
  "macintosh": {},
  "x-mac-cyrillic": {},
};

describe("garble", () => {
  for (const [charset, letters] of Object.entries(SEEDS)) {
    test(`the German letters' UTF-8 read as ${charset}`, () => {
      for (const [letter, garbled] of Object.entries(letters)) {
        assert.equal(garble(letter, charset).text, garbled, `${letter} as ${charset}`);
      }
      const word = "Grüße";
      const expected = "Gr" + letters.ü + letters.ß + "e";
      assert.equal(garble(word, charset).text, expected);
    });
  }

  test("the windows-1252 seeds agree with the 0x80-0x9F table", () => {
    for (const [letter, garbled] of Object.entries(SEEDS["windows-1252"])) {
      const second = new TextEncoder().encode(letter)[1];
      const expected = second >= 0x80 && second <= 0x9f ? WINDOWS_1252_C1[second - 0x80] : second;
      assert.equal(garbled.codePointAt(1), expected, letter);
    }
  });

  test("the byte order mark garbles as ï»¿ in the Latin charsets", () => {
    for (const charset of ["iso-8859-1", "iso-8859-15", "windows-1252"]) {
      assert.equal(garble("\uFEFFHallo", charset).text, "ï»¿Hallo", charset);
    }
  });

  test("the trace says which byte of which character became which glyph", () => {
    const result = garble("aä", "windows-1252");
    assert.equal(result.text, "aÃ¤");
    assert.equal(result.reversible, true);
    assert.deepEqual(result.trace, [
      { charIndex: 0, charOffset: 0, char: "a", byteIndex: 0, byte: 0x61, glyph: "a" },
      { charIndex: 1, charOffset: 1, char: "ä", byteIndex: 0, byte: 0xC3, glyph: "Ã" },
      { charIndex: 1, charOffset: 1, char: "ä", byteIndex: 1, byte: 0xA4, glyph: "¤" },
    ]);
  });

  test("charOffset counts UTF-16 code units, charIndex code points", () => {
    const { trace } = garble("😀é", "iso-8859-1");
    assert.equal(trace.length, 6);
    assert.deepEqual(trace.map((t) => [t.charIndex, t.charOffset, t.byteIndex]), [
      [0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3], [1, 2, 0], [1, 2, 1],
    ]);
  });

  test("a byte the charset lacks shows as U+FFFD and makes the garbling irreversible", () => {
    // Ϊ is CE AA; windows-1253 has Ξ at CE and nothing at AA.
    const result = garble("Ϊ", "windows-1253");
    assert.equal(result.text, "Ξ\uFFFD");
    assert.equal(result.reversible, false);
    assert.equal(result.trace[1].byte, 0xAA);
    assert.equal(result.trace[1].glyph, null);
  });

  test("Cyrillic UTF-8 read as windows-1251 and windows-1252", () => {
    assert.equal(garble("Привет", "windows-1251").text, "РџСЂРёРІРµС‚");
    assert.equal(garble("Привет", "windows-1252").text, "ÐŸÑ€Ð¸Ð²ÐµÑ‚");
  });

  test("a lone surrogate is garbled as U+FFFD's UTF-8", () => {
    assert.equal(garble("a\uD800", "windows-1252").text, "aï¿½");
  });
});

describe("garbleRounds", () => {
  test("each round garbles the previous one", () => {
    assert.deepEqual(garbleRounds("ä", "windows-1252", 3), ["Ã¤", "ÃƒÂ¤", "ÃƒÆ’Ã‚Â¤"]);
    assert.deepEqual(garbleRounds("ä", "iso-8859-1", 2), ["Ã¤", "Ã\u0083Â¤"]);
  });

  test("zero rounds give nothing, and ASCII never changes", () => {
    assert.deepEqual(garbleRounds("ä", "windows-1252", 0), []);
    assert.deepEqual(garbleRounds("plain", "koi8-r", 4), ["plain", "plain", "plain", "plain"]);
  });

  test("round one is garble()", () => {
    for (const charset of NAMES) {
      assert.equal(garbleRounds("Grüße €", charset, 1)[0], garble("Grüße €", charset).text, charset);
    }
  });

  test("at most 8 rounds, and only whole numbers", () => {
    assert.equal(garbleRounds("a", "windows-1252", 8).length, 8);
    assert.throws(() => garbleRounds("a", "windows-1252", 9), RangeError);
    assert.throws(() => garbleRounds("a", "windows-1252", 1e300), RangeError);
    for (const rounds of [1.5, -1, NaN, "2", undefined]) {
      assert.throws(() => garbleRounds("a", "windows-1252", rounds), TypeError, String(rounds));
    }
  });
});

describe("misreadAsUtf8", () => {
  test("Höhe in ISO-8859-1 read as UTF-8", () => {
    const m = misreadAsUtf8("Höhe", "iso-8859-1");
    assert.equal(m.text, "H\uFFFDhe");
    assert.deepEqual([...m.bytes], [0x48, 0xF6, 0x68, 0x65]);
    assert.ok(m.bytes instanceof Uint8Array);
    assert.equal(m.replacements, 1);
    assert.deepEqual(m.pieces, [
      { start: 0, end: 1, output: "H", swallowed: 0 },
      { start: 1, end: 2, output: "\uFFFD", error: "invalid-byte", swallowed: 0 },
      { start: 2, end: 3, output: "h", swallowed: 0 },
      { start: 3, end: 4, output: "e", swallowed: 0 },
    ]);
  });

  test("a lead byte at the end is truncated; a valid pair swallows the second character", () => {
    // é is E9 in ISO-8859-1: the lead of a three-byte sequence, cut short by the end.
    const m = misreadAsUtf8("té", "iso-8859-1");
    assert.equal(m.text, "t\uFFFD");
    assert.equal(m.pieces[1].error, "truncated");
    // Ã¤ are C3 A4 in windows-1252: a valid UTF-8 pair, one character from two.
    const back = misreadAsUtf8("Ã¤!", "windows-1252");
    assert.equal(back.text, "ä!");
    assert.equal(back.replacements, 0);
    assert.deepEqual(back.pieces[0], { start: 0, end: 2, output: "ä", swallowed: 1 });
  });

  test("a character the charset lacks is a TypeError with its offset", () => {
    assert.throws(() => misreadAsUtf8("ab€", "iso-8859-1"), (e) =>
      e instanceof TypeError && e.offset === 2 && e.codePoint === 0x20AC && e.charset === "iso-8859-1" && /€/.test(e.message));
    assert.throws(() => misreadAsUtf8("Grüße €", "iso-8859-1"), (e) => e instanceof TypeError && e.offset === 6);
    assert.throws(() => misreadAsUtf8("a\uD800", "iso-8859-1"), (e) => e instanceof TypeError && e.offset === 1);
  });
});

describe("decodeLegacy", () => {
  test("Höhe from ISO-8859-1 and windows-1252 bytes", () => {
    assert.equal(decodeLegacy(bytes(0x48, 0xF6, 0x68, 0x65), "iso-8859-1"), "Höhe");
    assert.equal(decodeLegacy(bytes(0x80, 0x20, 0x35), "windows-1252"), "€ 5");
    assert.equal(decodeLegacy(bytes(0x80), "iso-8859-1"), "\u0080");
    assert.equal(decodeLegacy(bytes(0xA4), "iso-8859-15"), "€");
    assert.equal(decodeLegacy(bytes(0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4), "koi8-r"), "Привет");
  });

  test("windows-1252's 0x80-0x9F", () => {
    const text = decodeLegacy(ALL_BYTES.subarray(0x80, 0xA0), "windows-1252");
    assert.deepEqual(Array.from(text, (c) => c.codePointAt(0)), WINDOWS_1252_C1);
  });

  for (const [charset, exceptions] of Object.entries(COMPARED)) {
    test(`all 256 bytes of ${charset} as Node's TextDecoder decodes them`, () => {
      const ours = Array.from(decodeLegacy(ALL_BYTES, charset));
      const node = Array.from(new TextDecoder(charset).decode(ALL_BYTES));
      assert.equal(ours.length, 256);
      for (let b = 0; b < 256; b++) {
        const hex = `0x${b.toString(16).toUpperCase()}`;
        if (b in exceptions) {
          const expected = exceptions[b] === null ? 0xFFFD : exceptions[b];
          assert.equal(ours[b].codePointAt(0), expected, `${charset} ${hex}`);
        } else {
          assert.equal(ours[b], node[b], `${charset} ${hex}`);
        }
      }
    });
  }

  test("every charset's undefined bytes decode as U+FFFD, and charsetTable agrees", () => {
    for (const { name, undefinedBytes } of charsets()) {
      const text = Array.from(decodeLegacy(ALL_BYTES, name));
      const table = charsetTable(name);
      for (let b = 0; b < 256; b++) {
        const undefinedHere = undefinedBytes.includes(b);
        assert.equal(table[b] === null, undefinedHere, `${name} ${b}`);
        assert.equal(text[b].codePointAt(0), undefinedHere ? 0xFFFD : table[b], `${name} ${b}`);
      }
    }
  });

  test("fatal: an undefined byte is a TypeError naming byte and offset", () => {
    assert.throws(() => decodeLegacy(bytes(0x41, 0xAA), "windows-1253", { fatal: true }), (e) =>
      e instanceof TypeError && e.offset === 1 && e.byte === 0xAA && /AA/.test(e.message) && /windows-1253/.test(e.message));
    assert.throws(() => decodeLegacy(bytes(0x41, 0x42, 0xFF), "iso-8859-8", { fatal: true }), (e) =>
      e instanceof TypeError && e.offset === 2 && e.byte === 0xFF);
    assert.equal(decodeLegacy(bytes(0x41, 0xAA), "windows-1253"), "A\uFFFD");
    assert.equal(decodeLegacy(bytes(0x41, 0xC1), "windows-1253", { fatal: true }), "AΑ");
  });

  test("takes any BufferSource", () => {
    const buffer = new Uint8Array([0xC4, 0x70, 0x66, 0x65, 0x6C]).buffer;
    assert.equal(decodeLegacy(buffer, "windows-1252"), "Äpfel");
    assert.equal(decodeLegacy(new DataView(buffer, 1), "windows-1252"), "pfel");
    assert.equal(decodeLegacy(Buffer.from([0xE4]), "windows-1252"), "ä");
    assert.equal(decodeLegacy(new Uint8Array(0), "ibm437"), "");
  });
});

describe("encodeLegacy", () => {
  test("Höhe, € and Cyrillic in their charsets", () => {
    assert.deepEqual(encodeLegacy("Höhe", "iso-8859-1"), bytes(0x48, 0xF6, 0x68, 0x65));
    assert.deepEqual(encodeLegacy("€ 5", "windows-1252"), bytes(0x80, 0x20, 0x35));
    assert.deepEqual(encodeLegacy("€", "iso-8859-15"), bytes(0xA4));
    assert.deepEqual(encodeLegacy("привет", "koi8-r"), bytes(0xD0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4));
    assert.deepEqual(encodeLegacy("привет", "windows-1251"), bytes(0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2));
  });

  test("undoes decodeLegacy for every defined byte of every charset", () => {
    for (const { name, undefinedBytes } of charsets()) {
      const defined = ALL_BYTES.filter((b) => !undefinedBytes.includes(b));
      assert.deepEqual(encodeLegacy(decodeLegacy(defined, name), name), defined, name);
    }
  });

  test("fallback error (the default) names the character and its offset", () => {
    for (const options of [undefined, {}, { fallback: "error" }]) {
      assert.throws(() => encodeLegacy("a→b", "windows-1252", options), (e) =>
        e instanceof TypeError && e.offset === 1 && e.codePoint === 0x2192 && e.charset === "windows-1252" &&
        /U\+2192/.test(e.message) && /→/.test(e.message) && /offset 1/.test(e.message));
    }
    // Offsets count UTF-16 code units.
    assert.throws(() => encodeLegacy("😀 €", "iso-8859-1"), (e) => e instanceof TypeError && e.offset === 0 && e.codePoint === 0x1F600);
    assert.throws(() => encodeLegacy("ab😀", "windows-1252"), (e) => e instanceof TypeError && e.offset === 2);
    assert.throws(() => encodeLegacy("a\uDC00", "windows-1252"), (e) => e instanceof TypeError && e.offset === 1 && e.codePoint === 0xDC00);
  });

  test("fallback question writes ? for each missing character", () => {
    assert.deepEqual(encodeLegacy("1 € → ok", "iso-8859-1", { fallback: "question" }), new TextEncoder().encode("1 ? ? ok"));
    assert.deepEqual(encodeLegacy("😀", "windows-1252", { fallback: "question" }), bytes(0x3F));
  });

  test("fallback ncr writes decimal character references", () => {
    assert.deepEqual(encodeLegacy("1 € 😀", "iso-8859-1", { fallback: "ncr" }), new TextEncoder().encode("1 &#8364; &#128512;"));
    assert.deepEqual(encodeLegacy("Grüße €", "windows-1252", { fallback: "ncr" }), bytes(0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x80));
  });

  test("an unknown fallback is a TypeError", () => {
    assert.throws(() => encodeLegacy("a", "windows-1252", { fallback: "skip" }), TypeError);
  });
});

describe("repair", () => {
  test("single-encoded text comes back with one step", () => {
    const r = repair("SchÃ¶ne GrÃ¼ÃŸe");
    assert.equal(r.text, "Schöne Grüße");
    assert.equal(r.steps.length, 1);
    const [step] = r.steps;
    assert.equal(step.encode, "windows-1252");
    assert.equal(step.decode, "utf-8");
    assert.equal(step.whole, true);
    assert.equal(step.pieces, 1);
    assert.equal(step.before, "SchÃ¶ne GrÃ¼ÃŸe");
    assert.equal(step.after, "Schöne Grüße");
    assert.equal(typeof step.example.from, "string");
    assert.equal(typeof step.example.to, "string");
    assert.ok(step.before.includes(step.example.from) && step.after.includes(step.example.to));
    assert.match(step.sentence, /UTF-8 read as windows-1252/);
    assert.ok(r.confidence > 0.5 && r.confidence <= 1, String(r.confidence));
  });

  test("double-encoded text comes back with two steps, outermost first", () => {
    const original = "Schöne Grüße";
    const [once, twice] = garbleRounds(original, "windows-1252", 2);
    const r = repair(twice);
    assert.equal(r.text, original);
    assert.deepEqual(r.steps.map((s) => [s.encode, s.decode, s.before, s.after]), [
      ["windows-1252", "utf-8", twice, once],
      ["windows-1252", "utf-8", once, original],
    ]);
  });

  test("Cyrillic mojibake from windows-1251 and windows-1252", () => {
    for (const charset of ["windows-1251", "windows-1252"]) {
      const r = repair(garble("Привет, мир", charset).text);
      assert.equal(r.text, "Привет, мир", charset);
      assert.deepEqual(r.steps.map((s) => s.encode), [charset]);
    }
  });

  test("clean text comes back unchanged with no steps", () => {
    for (const text of ["plain ASCII", "naïve café, Straße", "Привет, мир", "Ελληνικά", "日本語のテキスト", "👍🏽 ok 🎉", ""]) {
      const r = repair(text);
      assert.equal(r.text, text);
      assert.deepEqual(r.steps, [], text);
      assert.ok(r.confidence >= 0 && r.confidence <= 1);
    }
  });
});

describe("mojibakeMatrix", () => {
  test("one row per charset, in charsets() order, with every field", () => {
    const rows = mojibakeMatrix("Höhe");
    assert.equal(rows.length, 33);
    assert.deepEqual(rows.map((r) => r.charset), NAMES);
    const titles = new Map(charsets().map((c) => [c.name, c.title]));
    for (const row of rows) {
      assert.equal(row.title, titles.get(row.charset));
      assert.equal(row.garbled, garble("Höhe", row.charset).text, row.charset);
      assert.equal(typeof row.undefinedBytes, "number");
      assert.ok(row.misread === null || typeof row.misread === "string");
    }
    const latin1 = rows.find((r) => r.charset === "iso-8859-1");
    assert.deepEqual(latin1, {
      charset: "iso-8859-1", title: "Latin-1, Western European (ISO)", garbled: "HÃ¶he", undefinedBytes: 0, misread: "H\uFFFDhe",
    });
  });

  test("a charset that cannot encode the text: misread null and the first missing character", () => {
    const rows = mojibakeMatrix("a€");
    const latin1 = rows.find((r) => r.charset === "iso-8859-1");
    assert.equal(latin1.misread, null);
    assert.deepEqual(latin1.unmappable, { char: "€", codePoint: 0x20AC, offset: 1 });
    const win1252 = rows.find((r) => r.charset === "windows-1252");
    assert.equal(win1252.misread, "a\uFFFD");
    assert.equal("unmappable" in win1252, false);
  });

  test("undefinedBytes counts the UTF-8 bytes the charset lacks", () => {
    // Ϊ is CE AA; AA is undefined in windows-1253 only among the charsets that define CE.
    const row = mojibakeMatrix("Ϊ").find((r) => r.charset === "windows-1253");
    assert.equal(row.garbled, "Ξ\uFFFD");
    assert.equal(row.undefinedBytes, 1);
  });
});

describe("charsets, charsetTable and resolveLabel", () => {
  test("charsets() lists the 33 charsets with titles, sources, undefined bytes and labels", () => {
    const all = charsets();
    assert.equal(all.length, 33);
    assert.deepEqual(all.map((c) => c.name), NAMES);
    for (const c of all) {
      assert.deepEqual(Object.keys(c).sort(), ["labels", "name", "source", "title", "undefinedBytes"]);
      assert.ok(c.title.length > 0 && c.source.length > 0, c.name);
      assert.ok(c.undefinedBytes.every((b) => Number.isInteger(b) && b >= 0x80 && b <= 0xFF), c.name);
      for (const label of c.labels) assert.equal(resolveLabel(label), c.name, `${label} → ${c.name}`);
    }
    const byName = new Map(all.map((c) => [c.name, c]));
    assert.equal(byName.get("windows-1252").title, "Western European (Windows)");
    assert.deepEqual(byName.get("windows-1253").undefinedBytes, [0xAA, 0xD2, 0xFF]);
    assert.deepEqual(byName.get("iso-8859-1").undefinedBytes, []);
    assert.equal(byName.get("iso-8859-6").undefinedBytes.length, 45);
    // The true ISO-8859-1, -9 and -11 have no WHATWG label: browsers map those labels elsewhere.
    for (const name of ["iso-8859-1", "iso-8859-9", "iso-8859-11", "ibm437", "ibm850", "ibm852"]) {
      assert.deepEqual(byName.get(name).labels, [], name);
    }
    assert.ok(byName.get("windows-1252").labels.includes("latin1"));
  });

  test("charsetTable gives 256 code points or null", () => {
    for (const name of NAMES) {
      const table = charsetTable(name);
      assert.equal(table.length, 256, name);
      for (let b = 0; b < 0x80; b++) assert.equal(table[b], b, `${name} is ASCII at ${b}`);
    }
    assert.equal(charsetTable("windows-1252")[0x80], 0x20AC);
    assert.equal(charsetTable("iso-8859-1")[0x80], 0x80);
    assert.equal(charsetTable("iso-8859-15")[0xA4], 0x20AC);
    assert.equal(charsetTable("windows-1253")[0xAA], null);
    assert.equal(charsetTable("koi8-r")[0xC1], 0x0430);
    assert.equal(charsetTable("ibm437")[0xB0], 0x2591);
  });

  test("resolveLabel follows the WHATWG labels", () => {
    assert.equal(resolveLabel("latin1"), "windows-1252");
    assert.equal(resolveLabel(" Latin1 "), "windows-1252");
    assert.equal(resolveLabel("ISO-8859-1"), "windows-1252");
    assert.equal(resolveLabel("ascii"), "windows-1252");
    assert.equal(resolveLabel("iso-8859-9"), "windows-1254");
    assert.equal(resolveLabel("tis-620"), "windows-874");
    assert.equal(resolveLabel("cp866"), "ibm866");
    assert.equal(resolveLabel("x-mac-roman"), "macintosh");
    assert.equal(resolveLabel("koi8-u"), "koi8-u");
  });

  test("resolveLabel refuses unknown labels and other encodings", () => {
    assert.throws(() => resolveLabel("bogus"), RangeError);
    assert.throws(() => resolveLabel("utf8"), (e) => e instanceof RangeError && e.encoding === "UTF-8");
    assert.throws(() => resolveLabel(5), TypeError);
    assert.throws(() => resolveLabel(undefined), TypeError);
  });
});

describe("bad arguments", () => {
  test("a label or unknown name where a charset belongs is a RangeError", () => {
    assert.throws(() => garble("x", "latin1"), (e) => e instanceof RangeError && /resolveLabel/.test(e.message) && /windows-1252/.test(e.message));
    assert.throws(() => charsetTable("nope"), RangeError);
    assert.throws(() => decodeLegacy(bytes(0x41), "utf-8"), RangeError);
    assert.throws(() => encodeLegacy("a", "Windows-1252 "), RangeError);
    assert.throws(() => misreadAsUtf8("a", "cp1252"), RangeError);
    assert.throws(() => garbleRounds("a", "latin-1", 1), RangeError);
  });

  test("a charset that is not a string is a TypeError", () => {
    for (const charset of [undefined, null, 1252, {}]) {
      assert.throws(() => charsetTable(charset), TypeError);
      assert.throws(() => garble("a", charset), TypeError);
      assert.throws(() => decodeLegacy(bytes(0x41), charset), TypeError);
    }
  });

  test("text that is not a string, and bytes that are not bytes, are TypeErrors", () => {
    for (const text of [undefined, null, 42, bytes(0x41)]) {
      assert.throws(() => garble(text, "windows-1252"), TypeError);
      assert.throws(() => garbleRounds(text, "windows-1252", 1), TypeError);
      assert.throws(() => misreadAsUtf8(text, "windows-1252"), TypeError);
      assert.throws(() => encodeLegacy(text, "windows-1252"), TypeError);
      assert.throws(() => mojibakeMatrix(text), TypeError);
      assert.throws(() => repair(text), TypeError);
    }
    for (const source of ["abc", undefined, [0x41], 65]) {
      assert.throws(() => decodeLegacy(source, "windows-1252"), TypeError);
    }
  });
});
