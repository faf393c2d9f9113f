// The look-alike exports of utf8lens/text (skeleton, areConfusable, scripts) and the sanitiser's
// "confusable" findings, through the installed package. The codec's own tests check the data
// against Unicode's files (tests/tests/confusables.rs); here, the JS layer: conversions, UTF-16
// offsets, argument errors, and that the report points at the word in the input.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { areConfusable, sanitize, scripts, skeleton } from "utf8lens/text";

describe("skeleton and areConfusable", () => {
  test("known spoofs compare equal to what they imitate", () => {
    const pairs = [
      ["p\u0430ypal", "paypal"], // Cyrillic а
      ["\u0455\u0441\u043E\u0440\u0435", "scope"], // Cyrillic ѕ с о р е
      ["g\u043E\u043Egle", "google"],
      ["\u0581oogle", "google"], // Armenian ց
      ["\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C", "paypal"], // full-width
      ["pay\u00ADpal", "paypal"], // a default ignorable soft hyphen
      ["rn", "m"],
      ["\u{1D5C9}\u{1D5BA}\u{1D5D2}", "pay"], // mathematical sans-serif, astral
    ];
    for (const [spoof, real] of pairs) {
      assert.equal(areConfusable(spoof, real), true, `${spoof} ~ ${real}`);
      assert.equal(skeleton(spoof), skeleton(real), spoof);
    }
    assert.equal(skeleton("p\u0430ypal"), "paypal");
    assert.equal(areConfusable("paypal", "paypals"), false);
    assert.equal(areConfusable("東京", "京都"), false);
  });

  test("a lone surrogate reads as U+FFFD, as TextEncoder writes it", () => {
    assert.equal(skeleton("a\uD800"), skeleton("a\uFFFD"));
    assert.equal(areConfusable("\uDC00", "\uFFFD"), true);
  });

  test("anything but a string is a TypeError", () => {
    for (const bad of [5, null, undefined, new Uint8Array([0x61]), {}]) {
      assert.throws(() => skeleton(bad), TypeError);
      assert.throws(() => areConfusable("a", bad), TypeError);
      assert.throws(() => scripts(bad), TypeError);
    }
  });
});

describe("scripts", () => {
  test("per character, with UTF-16 offsets", () => {
    const found = scripts("a\u{1D400}ж東");
    assert.deepEqual(
      found.chars.map((c) => [c.index, c.char, c.scripts]),
      [
        [0, "a", ["Latn"]],
        [1, "\u{1D400}", ["Zyyy"]], // MATHEMATICAL BOLD CAPITAL A is Common
        [3, "ж", ["Cyrl"]],
        [4, "東", ["Hanb", "Jpan", "Kore", "Hani"]],
      ],
    );
    assert.deepEqual(found.resolved, []);
    assert.equal(found.singleScript, false);
    assert.deepEqual(found.used, ["Latin", "Cyrillic", "Han"]);
  });

  test("UTS #39's restriction levels", () => {
    const levels = {
      paypal: "ascii-only",
      "café": "single-script",
      "Ѕсоре": "single-script",
      "東京タワー": "single-script",
      "ひらがなカタカナ漢字Latin": "highly-restrictive",
      "漢字한글Latin": "highly-restrictive",
      "Latinעברית": "moderately-restrictive",
      "p\u0430ypal": "minimally-restrictive",
      "Latinελληνικά": "minimally-restrictive",
      "two words": "unrestricted",
    };
    for (const [text, level] of Object.entries(levels)) assert.equal(scripts(text).level, level, text);
    assert.deepEqual(scripts("").resolved, ["Zyyy"]);
    assert.deepEqual(scripts("東京タワー").resolved, ["Jpan"]);
  });
});

describe("sanitize: confusable words", () => {
  test("flagged, never changed, and located in the input in UTF-16 code units", () => {
    const input = "\u{1F600} log in to p\u0430y\u200Bpal.com and \u0455cope";
    const result = sanitize(input);
    assert.equal(result.text, "\u{1F600} log in to p\u0430ypal.com and \u0455cope");
    const flags = result.changes.filter((c) => c.kind === "confusable");
    assert.equal(flags.length, 2);
    assert.deepEqual(
      flags.map((c) => [input.slice(c.inputStart, c.inputEnd), result.text.slice(c.outputStart, c.outputEnd)]),
      [
        ["p\u0430y\u200Bpal", "p\u0430ypal"],
        ["\u0455cope", "\u0455cope"],
      ],
    );
    assert.deepEqual(flags.map((c) => c.scripts), [["Latin", "Cyrillic"], ["Cyrillic", "Latin"]]);
    for (const flag of flags) {
      assert.equal(flag.action, "flagged");
      assert.equal(flag.severity, "high");
      assert.match(flag.reason, /UTS #39/);
      assert.match(flag.found, /^mixed-script confusable "/);
    }
    assert.deepEqual(flags.map((c) => c.skeleton), ["paypal", "scope"]);
    // The other changes have none of these fields.
    const invisible = result.changes.find((c) => c.kind === "invisible");
    assert.equal("severity" in invisible, false);
  });

  test("bytes: offsets in bytes; a medium finding; the option", () => {
    const bytes = new TextEncoder().encode("ok \u043Fp\u0438\u0432\u0435\u0442");
    const [flag] = sanitize(bytes).changes;
    assert.deepEqual([flag.kind, flag.inputStart, flag.inputEnd, flag.severity], ["confusable", 3, 14, "medium"]);
    assert.deepEqual(sanitize(bytes, { confusables: "ignore" }).changes, []);
    assert.throws(() => sanitize("x", { confusables: "remove" }), TypeError);
  });

  test("legitimate mixes and single-script text are not flagged; sanitising again flags the same", () => {
    for (const text of ["Tシャツ", "日本語とEnglishの文", "привет мир", "Latinעברית", "café", "한국어 Korean 漢字"]) {
      assert.deepEqual(sanitize(text).changes, [], text);
    }
    const once = sanitize("p\u0430ypal \u200B");
    const again = sanitize(once.text);
    assert.deepEqual(again.changes, once.changes.filter((c) => c.action === "flagged"));
  });
});
