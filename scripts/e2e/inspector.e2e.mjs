// End-to-end check of the built inspector (dist/) in the system's headless Chromium.
//
//   node scripts/e2e/inspector.e2e.mjs [DIST_DIR] [ARTIFACT_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 at a port the OS picks, with a strict
// Content-Security-Policy header (only the app's own scripts, plus 'wasm-unsafe-eval'), drives
// the page with playwright-core (no browser download: it launches $CHROMIUM, default
// /usr/bin/chromium), asserts on the DOM and saves a screenshot of every view to ARTIFACT_DIR
// (default: target/e2e-artifacts). Prints one line per check, the measured times to first render
// of 1 MiB and 10 MiB files and the app's gzip size, and ends with "e2e: N passed, M failed" (the
// counts also go to its stage's in scripts/test.sh); exits non-zero if any check failed or the run
// broke. Times are reported, never asserted.
//
// E2E_SKIP_HUGE=1 leaves out the 50 MiB file (the slowest part, about a minute).

import { readFile, readdir, mkdir, writeFile, rm, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import axe from "axe-core";

import { chromiumFlags } from "../../tools/versions.mjs";
import { report } from "./report.mjs";
import { CSP, serve } from "./serve.mjs";

const distDir = resolve(process.argv[2] ?? "dist");
const artifactDir = resolve(process.argv[3] ?? "target/e2e-artifacts");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skipHuge = process.env.E2E_SKIP_HUGE === "1";

const { check, assert, fail, group, finish } = report();

/** [offset, role] of every byte cell, in page order. */
const cellRoles = (page) =>
  page.$$eval(".cell", (cells) => cells.map((c) => [Number(c.dataset.offset), c.dataset.role]));

/** [offset, kind] of every listed error, in page order. */
const errorKinds = (page) =>
  page.$$eval(".error-list .error", (errors) =>
    errors.map((e) => [Number(e.dataset.offset), e.dataset.kind]),
  );

const codePoints = (page) =>
  page.$$eval(".segment .code-point", (spans) => spans.map((s) => s.textContent));

const attr = (page, selector, name) => page.getAttribute(selector, name);

async function run() {
  await mkdir(artifactDir, { recursive: true });
  const server = await serve(distDir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`serving ${distDir} at ${url} with CSP "${CSP}"`);
  const scratch = await mkdtemp(join(tmpdir(), "utf8lens-e2e-"));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // The tests' flags (tools/versions.env): no sandbox as root in a container, off the network.
    args: chromiumFlags,
  });
  const problems = [];
  /** A new page (in its own context) that records errors, CSP violations and failed requests. */
  async function newPage(options = {}) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    return page;
  }
  /** Opens the app at `fragment` and waits for the view. */
  async function open(page, fragment = "") {
    await page.goto(url + fragment);
    await page.waitForSelector(".view-panel", { timeout: 60_000 });
  }
  /** Follows a link inside the app (a hashchange, as the example links do). */
  async function follow(page, fragment, view = null) {
    await page.evaluate((f) => {
      location.hash = f;
    }, fragment);
    if (view) await page.waitForSelector(`.view-panel[data-view="${view}"]`);
    await page.waitForTimeout(50);
  }
  const shot = (page, name) =>
    page.screenshot({ path: join(artifactDir, `${name}.png`), fullPage: true });

  try {
    const page = await newPage();
    await open(page);

    await group("basics", async () => {
      check("page title", await page.title(), "utf8lens: UTF-8 byte inspector");
      check(
        "inputs have labels",
        await page.evaluate(() =>
          ["text-input", "notation-input", "file-input"].map(
            (id) => document.querySelector(`label[for="${id}"]`) !== null,
          ),
        ),
        [true, true, true],
      );
      check("no inline script", await page.$$eval("script:not([src])", (s) => s.length), 0);
      check(
        "the app starts from boot.js",
        await page.$$eval("script[src]", (s) => s.map((x) => new URL(x.src).pathname)),
        ["/boot.js"],
      );
      // A static shell is drawn before the wasm arrives, and is gone once the app has mounted.
      const html = await (await fetch(url)).text();
      assert("index.html carries a static shell", html.includes('id="shell"') && html.includes("<h1>utf8lens</h1>"));
      check("the shell is gone once the app runs", await page.$$eval("#shell", (s) => s.length), 0);
      check("one page heading", await page.$$eval("h1", (h) => h.length), 1);
      // Projector mode: the root grows, and the choice survives a reload (local storage only).
      const base = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      await page.click("#projector-toggle");
      check("projector mode is pressed", await attr(page, "#projector-toggle", "aria-pressed"), "true");
      check("projector mode: everything 1.5× larger", await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize)), base * 1.5);
      await page.reload();
      await page.waitForSelector(".view-panel");
      check("projector mode is remembered", await page.evaluate(() => document.documentElement.classList.contains("projector")), true);
      await page.click("#projector-toggle");
      check("and can be left", await page.evaluate(() => document.documentElement.classList.contains("projector")), false);
      // Print: a handout without the controls.
      await page.emulateMedia({ media: "print" });
      check("print: the tabs and the input are left out", await page.$$eval(".tabs, .inputs", (e) => e.map((x) => getComputedStyle(x).display)), ["none", "none"]);
      await page.emulateMedia({ media: "screen" });
    });

    await group("typing text", async () => {
      await page.fill("#text-input", "A€😀");
      await page.waitForFunction(() => document.querySelectorAll(".cell").length === 8);
      check("text A€😀: role of each byte", await cellRoles(page), [
        [0, "ascii"],
        [1, "lead"],
        [2, "continuation"],
        [3, "continuation"],
        [4, "lead"],
        [5, "continuation"],
        [6, "continuation"],
        [7, "continuation"],
      ]);
      check("text A€😀: code points", await codePoints(page), ["U+0041", "U+20AC", "U+1F600"]);
      check(
        "text A€😀: notation field follows",
        await page.inputValue("#notation-input"),
        "41 E2 82 AC F0 9F 98 80",
      );
      check(
        "text A€😀: cell shows hex, binary with marker bits apart, role",
        await page.$eval('.cell[data-offset="1"]', (c) => [
          c.querySelector(".cell-hex").textContent,
          c.querySelector(".cell-bin").textContent,
          c.querySelector(".bits-marker").textContent,
          c.querySelector(".bits-payload").textContent,
          c.querySelector(".role-long").textContent,
        ]),
        ["E2", "11100010", "1110", "0010", "lead"],
      );
      check(
        "text A€😀: a cell is labelled for screen readers",
        await attr(page, '.cell[data-offset="2"]', "aria-label"),
        "#2 82 10000010 continuation: byte 2 of 3 of U+20AC €, marker 10, payload 000010",
      );
      check("text A€😀: valid verdict", await attr(page, ".verdict", "data-valid"), "true");
      check("text A€😀: 3 characters", await attr(page, ".verdict", "data-chars"), "3");
      check(
        "text A€😀: the four lengths",
        await page.$eval(".lengths", (l) => [l.dataset.utf8Bytes, l.dataset.utf16Units, l.dataset.codePoints, l.dataset.graphemes]),
        ["8", "4", "3", "3"],
      );
      assert("the verdict says code points, not characters", (await page.textContent(".verdict")).includes("3 code points"));
      await follow(page, `#text=${encodeURIComponent("👨\u200D👩\u200D👧\u200D👦")}`);
      await page.waitForSelector('.lengths[data-utf8-bytes="25"]');
      check(
        "the family: 25 bytes, 11 UTF-16 units, 7 code points, 1 grapheme",
        await page.$eval(".lengths", (l) => [l.dataset.utf8Bytes, l.dataset.utf16Units, l.dataset.codePoints, l.dataset.graphemes]),
        ["25", "11", "7", "1"],
      );
      await follow(page, "#text=A%E2%82%AC%F0%9F%98%80");
      check(
        "the URL holds the text",
        await page.evaluate(() => location.hash),
        "#text=A%E2%82%AC%F0%9F%98%80",
      );
      // Typing key by key, as a person does.
      await page.fill("#text-input", "");
      await page.click("#text-input");
      await page.keyboard.type("Ωx");
      await page.waitForFunction(() => document.querySelectorAll(".cell").length === 3);
      check("typed Ωx: roles", await cellRoles(page), [
        [0, "lead"],
        [1, "continuation"],
        [2, "ascii"],
      ]);
      await shot(page, "view-bytes-text");
    });

    await group("entering bytes", async () => {
      // Bad hex keeps the last good bytes and never says "valid" beside the error.
      await page.fill("#notation-input", "41 42");
      await page.waitForSelector('.verdict[data-valid="true"][data-stale="false"]');
      await page.fill("#notation-input", "41 4z");
      await page.waitForSelector('.verdict[data-stale="true"]');
      assert("bad hex: the verdict does not say valid", !(await page.textContent(".verdict")).includes("Valid"));
      check("bad hex: the last good bytes stay", await page.$$eval(".cell", (c) => c.length), 2);
      check("bad hex: the link keeps the last good bytes", await page.evaluate(() => location.hash.includes("hex=4142") || location.hash.includes("text=AB")), true);
      await page.fill("#notation-input", "c0af");
      await page.waitForSelector('.verdict[data-valid="false"]');
      check("hex c0af: role of each byte", await cellRoles(page), [
        [0, "invalid"],
        [1, "invalid"],
      ]);
      check("hex c0af: text box shows the lossy decoding", await page.inputValue("#text-input"), "\uFFFD\uFFFD");
      check("hex c0af: field keeps what was typed", await page.inputValue("#notation-input"), "c0af");
      check("hex c0af: two U+FFFD", await attr(page, ".verdict", "data-errors"), "2");
      await page.click("#tab-errors");
      await page.waitForSelector(".error-list");
      check("hex c0af: errors", await errorKinds(page), [
        [0, "invalid-byte"],
        [1, "unexpected-continuation"],
      ]);
      await shot(page, "hex-invalid");
      await page.click("#tab-bytes");

      // A mistake is reported and leaves the bytes alone.
      await page.fill("#notation-input", "c0a");
      await page.waitForSelector(".notation-problem");
      check("hex c0a: problem reported", await page.isVisible(".notation-problem"), true);
      check("hex c0a: bytes unchanged", (await cellRoles(page)).length, 2);

      for (const [spelling, typed] of [
        ["percent", "%E2%82%AC"],
        ["backslash-x", "\\xE2\\x82\\xAC"],
      ]) {
        await page.fill("#notation-input", typed);
        await page.waitForFunction(() => document.querySelectorAll(".cell").length === 3);
        check(`hex as ${spelling}: one euro sign`, await codePoints(page), ["U+20AC"]);
      }
      for (const [notation, typed, shown] of [
        ["bin", "11100010 10000010 10101100", "11100010 10000010 10101100"],
        ["oct", "342 202 254", "342 202 254"],
        ["dec", "226 130 172", "226 130 172"],
      ]) {
        await page.selectOption("#notation-kind", notation);
        check(`${notation}: the field is rewritten`, await page.inputValue("#notation-input"), shown);
        await page.fill("#notation-input", "");
        await page.fill("#notation-input", typed);
        await page.waitForFunction(() => document.querySelectorAll(".cell").length === 3);
        check(`${notation}: ${typed} is €`, await codePoints(page), ["U+20AC"]);
      }
      await page.selectOption("#notation-kind", "hex");
    });

    await group("user text is text", async () => {
      await page.fill("#text-input", "<b>x</b><img src=x onerror=alert(1)>");
      await page.waitForFunction(() => document.querySelectorAll(".cell").length === 36);
      check("markup typed as text creates no element", await page.$$eval("main b, main img", (b) => b.length), 0);
      check(
        "markup typed as text is shown as characters",
        await page.$$eval(".segment .glyph", (g) => g.map((s) => s.textContent).join("").slice(0, 8)),
        "<b>x</b>",
      );
    });

    // Every example of the guided list, opened by its link.
    const examples = [
      { title: "$", fffd: 0, roles: [[0, "ascii"]] },
      { title: "¢", fffd: 0, roles: [[0, "lead"], [1, "continuation"]] },
      { title: "€", fffd: 0, roles: [[0, "lead"], [2, "continuation"]] },
      { title: "𐍈", fffd: 0, roles: [[0, "lead"], [3, "continuation"]] },
      { title: "😀", fffd: 0, roles: [[0, "lead"], [3, "continuation"]] },
      { title: "ä", fffd: 0, roles: [[0, "lead"], [1, "continuation"]] },
      { title: "A≢Α.", fffd: 0, roles: [[0, "ascii"], [1, "lead"], [4, "lead"], [5, "continuation"], [6, "ascii"]] },
      { title: "한국어", fffd: 0, roles: [[0, "lead"], [3, "lead"], [8, "continuation"]] },
      { title: "日本語", fffd: 0, roles: [[0, "lead"], [6, "lead"]] },
      { title: "C0 80", fffd: 2, roles: [[0, "invalid"], [1, "invalid"]], kinds: [[0, "invalid-byte"], [1, "unexpected-continuation"]] },
      { title: "C0 AF", fffd: 2, roles: [[0, "invalid"], [1, "invalid"]], kinds: [[0, "invalid-byte"], [1, "unexpected-continuation"]] },
      { title: "2F C0 AE 2E 2F", fffd: 2, roles: [[0, "ascii"], [1, "invalid"], [2, "invalid"], [3, "ascii"]], kinds: [[1, "invalid-byte"], [2, "unexpected-continuation"]] },
      { title: "ED A0 80", fffd: 3, roles: [[0, "invalid"], [2, "invalid"]], kinds: [[0, "surrogate"], [1, "unexpected-continuation"], [2, "unexpected-continuation"]] },
      { title: "ED A1 8C ED BE B4", fffd: 6, roles: [[0, "invalid"], [5, "invalid"]], kinds: [[0, "surrogate"], [1, "unexpected-continuation"], [2, "unexpected-continuation"], [3, "surrogate"], [4, "unexpected-continuation"], [5, "unexpected-continuation"]] },
      { title: "F5 80 80 80", fffd: 4, roles: [[0, "invalid"], [3, "invalid"]], kinds: [[0, "invalid-byte"], [1, "unexpected-continuation"], [2, "unexpected-continuation"], [3, "unexpected-continuation"]] },
      { title: "E4 BD", fffd: 1, roles: [[0, "invalid"], [1, "invalid"]], kinds: [[0, "truncated"]] },
      { title: "EF BB BF", fffd: 0, roles: [[0, "lead"], [1, "continuation"], [2, "continuation"]] },
      { title: "Höhe", fffd: 0, roles: [[0, "ascii"], [1, "lead"], [2, "continuation"], [3, "ascii"]] },
    ];
    await group("examples", async () => {
      check(
        "the guided list has every example",
        await page.$$eval(".example-title", (t) => t.map((x) => x.textContent)),
        examples.map((e) => e.title),
      );
      for (const [i, example] of examples.entries()) {
        await page.click(`[data-example="${i}"]`);
        await page.waitForSelector(`[data-example="${i}"][aria-current="true"]`);
        await page.waitForSelector(".teacher-note");
        check(
          `example ${example.title}: U+FFFD count`,
          await attr(page, ".verdict", "data-errors"),
          String(example.fffd),
        );
        assert(`example ${example.title}: teacher's note`, (await page.textContent(".teacher-note")).length > 80);
        if (example.kinds) {
          await page.click("#tab-errors");
          await page.waitForSelector(".error-list");
          check(`example ${example.title}: data-kind of errors`, await errorKinds(page), example.kinds);
          check(
            `example ${example.title}: every error names its ABNF rule and a security note`,
            await page.$$eval(".error", (es) => es.every((e) => e.querySelector(".abnf") && e.querySelector(".security-note"))),
            true,
          );
        }
        await page.click("#tab-bytes");
        await page.waitForSelector(".cell");
        const roles = Object.fromEntries(await cellRoles(page));
        check(
          `example ${example.title}: data-role at offsets`,
          example.roles.map(([o]) => [o, roles[o]]),
          example.roles,
        );
      }
    });

    await group("errors view", async () => {
      await follow(page, "#hex=c080&view=errors", "errors");
      check(
        "C0 80: meant U+0000, security note about NUL",
        await page.$eval('.error[data-offset="0"]', (e) => [
          e.querySelector(".error-meaning").textContent.includes("U+0000"),
          e.querySelector(".security-note").textContent.includes("NUL"),
          e.querySelector(".abnf").textContent,
        ]),
        [true, true, "UTF8-2 = %xC2-DF UTF8-tail"],
      );
      await follow(page, "#hex=eda080&view=errors", "errors");
      check(
        "ED A0 80: the stray continuation bytes belong to the would-be surrogate",
        await page.$$eval(".error-owner", (o) => o.length),
        2,
      );
      check(
        "ED A0 80: meant U+D800, rule of ED",
        await page.$eval('.error[data-offset="0"]', (e) => [
          e.querySelector(".error-meaning").textContent.includes("U+D800"),
          e.querySelector(".abnf").textContent,
        ]),
        [true, "UTF8-3 = %xED %x80-9F UTF8-tail"],
      );
      await follow(page, "#hex=f4908080&view=errors", "errors");
      check(
        "F4 90 80 80: meant U+110000",
        await page.$eval('.error[data-kind="too-large"] .error-meaning', (e) => e.textContent.includes("U+110000")),
        true,
      );
      await follow(page, "#hex=2fc0ae2e2f&view=errors", "errors");
      assert(
        "2F C0 AE 2E 2F: the path traversal is named",
        (await page.textContent('.error[data-offset="1"] .security-note')).includes("../"),
      );
      await shot(page, "view-errors");
      // "show in byte map" selects the error's byte.
      await page.click('.error[data-offset="1"] .link-button');
      await page.waitForSelector('.view-panel[data-view="bytes"]');
      check("show in byte map selects the byte", await attr(page, '.cell[data-offset="1"]', "aria-selected"), "true");
    });

    await group("decoders side by side", async () => {
      await follow(page, "#hex=eda18cedbeb4&view=decoders", "decoders");
      check("strict fails", await attr(page, '[data-decoder="strict"]', "data-ok"), "false");
      check("WHATWG: six U+FFFD", await attr(page, '[data-decoder="fffd"]', "data-replacements"), "6");
      check(
        "WHATWG output has six U+FFFD",
        await page.$$eval('[data-decoder="fffd"] .replacement', (r) => r.length),
        6,
      );
      check("CESU-8 reads U+233B4", await page.textContent('[data-decoder="cesu-8"] .code-point-list'), " (U+233B4)");
      check("Modified UTF-8 reads U+233B4", await page.textContent('[data-decoder="mutf-8"] .code-point-list'), " (U+233B4)");
      check("WTF-8 refuses the split pair", await attr(page, '[data-decoder="wtf-8"]', "data-ok"), "false");
      check(
        "RFC 2279 reads two surrogates",
        await page.textContent('[data-decoder="rfc2279"] .code-point-list'),
        " (U+D84C U+DFB4)",
      );
      check(
        "UTF-8B escapes each byte",
        await page.textContent('[data-decoder="utf8b"] .code-point-list'),
        " (U+DCED U+DCA1 U+DC8C U+DCED U+DCBE U+DCB4)",
      );
      await follow(page, "#hex=48f66865&view=decoders", "decoders");
      check("Latin-1 fallback reads Höhe", await page.textContent('[data-decoder="latin1"] .decoder-output'), "Höhe");
      check("drop reads Hhe", await page.textContent('[data-decoder="drop"] .decoder-output'), "Hhe");
      await follow(page, "#hex=eda18cedbeb4&view=decoders", "decoders");
      await shot(page, "view-decoders");
    });

    await group("mojibake", async () => {
      await follow(page, "#text=%C3%A4&view=mojibake", "mojibake");
      const garbled = (cs) => attr(page, `.garbled[data-charset="${cs}"]`, "data-text");
      check("ä read as windows-1252", await garbled("windows-1252"), "Ã¤");
      check("ä read as iso-8859-15", await garbled("iso-8859-15"), "Ã€");
      check("ä double encoded", await attr(page, '.rounds [data-round="2"]', "data-text"), "ÃƒÂ¤");
      check(
        "per-byte trace of ä",
        await page.$$eval('.garbled[data-charset="windows-1252"] .trace-glyph', (g) => g.map((x) => x.dataset.byte)),
        ["C3", "A4"],
      );
      assert(
        "the trace says which byte became which glyph",
        (await attr(page, '.garbled[data-charset="windows-1252"] .trace-char', "title")).includes("C3 → Ã"),
      );
      const seeds = await page.$$eval(".seeds-table tbody tr", (rows) =>
        rows.map((r) => [r.dataset.letter, ...[...r.querySelectorAll("td[data-charset]")].map((c) => c.dataset.text)]),
      );
      check("the seeds' table", seeds, [
        ["ä", "Ã¤", "Ã€", "Ã¤"],
        ["ö", "Ã¶", "Ã¶", "Ã¶"],
        ["ü", "Ã¼", "ÃŒ", "Ã¼"],
        ["ß", "Ã\u009F", "Ã\u009F", "ÃŸ"],
        ["Ä", "Ã\u0084", "Ã\u0084", "Ã„"],
        ["Ö", "Ã\u0096", "Ã\u0096", "Ã–"],
        ["Ü", "Ã\u009C", "Ã\u009C", "Ãœ"],
      ]);
      check("the BOM as ï»¿", await page.textContent('[data-case="bom"] strong'), "ï»¿");
      await follow(page, "#text=H%C3%B6he&view=mojibake&cs=iso-8859-1", "mojibake");
      check("Höhe read as ISO-8859-1", await garbled("iso-8859-1"), "HÃ¶he");
      check(
        "Höhe in ISO-8859-1 read as UTF-8",
        await attr(page, '.misread[data-charset="iso-8859-1"]', "data-text"),
        "H\uFFFDhe",
      );
      check(
        "the reverse direction counts its U+FFFD",
        await attr(page, '.misread-result[data-charset="iso-8859-1"]', "data-replacements"),
        "1",
      );
      await shot(page, "view-mojibake");
      await follow(page, "#hex=efbbbf&view=mojibake", "mojibake");
      check("EF BB BF read as windows-1252", await garbled("windows-1252"), "ï»¿");
      // The repair tool, with its steps.
      await follow(page, "#text=Sch%C3%83%C2%B6ne%20Gr%C3%83%C2%BC%C3%83%C5%B8e&view=mojibake", "mojibake");
      check("repair: one step", await attr(page, ".repair-steps", "data-steps"), "1");
      check("repair: the result", await attr(page, ".repair-result", "data-text"), "Schöne Grüße");
      check(
        "repair: the step names the charsets",
        await page.$eval(".repair-step", (s) => [s.dataset.encode, s.dataset.decode]),
        ["windows-1252", "utf-8"],
      );
      await shot(page, "view-mojibake-repair");
      // Garble, then repair, in one click each.
      await follow(page, "#text=na%C3%AFve&view=mojibake", "mojibake");
      await page.click(".repair-none button");
      await page.waitForSelector(".repair-steps");
      check("garble then repair gives the text back", await attr(page, ".repair-result", "data-text"), "naïve");
      // A spoilt word that only the frequent words vouch for (windows-1250's Polish shown as
      // windows-1252): the app fetches them when the view first repairs (frequent-words.txt, not
      // part of the first load) and repairs again when they arrive.
      await follow(page, `#text=${encodeURIComponent("21 wrzeœnia 1461 w Krakowie)")}&view=mojibake`, "mojibake");
      await page.waitForSelector('.repair-result[data-text="21 września 1461 w Krakowie)"]', { timeout: 15000 }).catch(() => {});
      check(
        "repair with the frequent words, fetched when needed",
        await attr(page, ".repair-result", "data-text"),
        "21 września 1461 w Krakowie)",
      );
      // Bytes that are not UTF-8: every legacy reading.
      await follow(page, "#hex=48f66865&view=mojibake", "mojibake");
      check(
        "48 F6 68 65 read as windows-1252",
        await attr(page, '[data-direction="legacy"][data-charset="windows-1252"]', "data-text"),
        "Höhe",
      );
    });

    await group("bit filling", async () => {
      for (const query of ["U%2B20AC", "8364", "%E2%82%AC"]) {
        await follow(page, `#text=x&view=bits&cp=${query}`, "bits");
        check(`code point ${decodeURIComponent(query)} is U+20AC`, await attr(page, ".explained", "data-code-point"), "20AC");
      }
      check("a new code point opens at step 1", await attr(page, ".explained", "data-step"), "1");
      check("the step controls stay in view (sticky)", await page.$eval(".step-bar", (b) => getComputedStyle(b).position), "sticky");
      check(
        "screen readers get each octet's bits",
        await page.$eval('.octet[data-octet="0"]', (o) => o.getAttribute("aria-label")),
        "Octet 1 of 3: ········",
      );
      await page.click("text=Result »");
      check(
        "screen readers get the filled octet",
        await page.$eval('.octet[data-octet="0"]', (o) => o.getAttribute("aria-label")),
        "Octet 1 of 3: 11100010, E2",
      );
      check(
        "the octets are E2 82 AC",
        await page.$$eval(".octet-value", (o) => o.map((x) => x.textContent)),
        ["E2", "82", "AC"],
      );
      check(
        "the range table row is U+0800 – U+FFFF",
        await page.textContent('.range-table tr[data-active="true"] td'),
        "U+0800 – U+FFFF",
      );
      check(
        "octal forms: 3xx 2yy",
        await page.textContent('[data-form="UTF-8 bytes, octal"] td'),
        "342 202 254",
      );
      check("decimal form", await page.textContent('[data-form="Code point, decimal"] td'), "8364");
      check("reverse: the payload bits joined", await page.textContent(".reverse-joined"), "0010000010101100");
      await page.click("text=« Start");
      check("Start: step 1", await attr(page, ".explained", "data-step"), "1");
      await page.click("#step-next");
      check("Next: step 2", await attr(page, ".explained", "data-step"), "2");
      await page.click("#step-next");
      check("Next: step 3, no bits yet", [await attr(page, ".explained", "data-step"), await attr(page, ".explained", "data-placed")], ["3", "0"]);
      await page.click("#step-next");
      check(
        "one bit placed: the lowest, into the last octet",
        await page.$$eval('.octet[data-octet="2"] .bit-used .bit-index', (b) => b.map((x) => x.textContent)),
        ["0"],
      );
      await page.click("#step-back");
      check("Back: no bits", await attr(page, ".explained", "data-placed"), "0");
      await page.click("#step-play");
      await page.waitForSelector('.explained[data-placed="16"]', { timeout: 20_000 });
      check("Play animates to the end", await attr(page, "#step-play", "aria-pressed"), "false");
      await shot(page, "view-bits");
      await follow(page, `#text=x&view=bits&cp=${encodeURIComponent("👨\u200D👩\u200D👧")}`, "bits");
      check("a grapheme of 5 code points is not refused: its first is explained", await attr(page, ".explained", "data-code-point"), "1F468");
      check("and its code points are offered", await attr(page, ".cluster-note", "data-cluster-size"), "5");
      await follow(page, "#text=x&view=bits&cp=0041", "bits");
      check("zero-padded digits are hex: 0041 is U+0041", await attr(page, ".explained", "data-code-point"), "0041");
      await follow(page, "#text=x&view=bits&cp=U%2BD800", "bits");
      assert("a surrogate is explained, not encoded", (await page.textContent(".unencodable")).includes("surrogate"));
      // The selected character, when no code point is typed.
      await follow(page, "#text=a%F0%9F%98%80&view=bits&sel=3", "bits");
      check("follows the selection", await attr(page, ".explained", "data-code-point"), "1F600");
    });

    await group("codepage", async () => {
      await follow(page, "#view=codepage&byte=E0", "codepage");
      check("256 cells", await page.$$eval(".cp-cell", (c) => c.length), 256);
      check(
        "classes",
        await page.$eval(".cp-grid", (g) =>
          ["41", "80", "C0", "C2", "E0", "F4", "F5", "FF"].map((b) => g.querySelector(`[data-byte="${b}"]`).dataset.class),
        ),
        ["ascii", "continuation", "never-valid", "lead", "lead", "lead", "never-valid", "never-valid"],
      );
      check(
        "after E0 only A0–BF may follow",
        await page.$$eval('.cp-cell[data-follows="true"]', (c) => [c.length, c[0].dataset.byte, c[c.length - 1].dataset.byte]),
        [32, "A0", "BF"],
      );
      assert("E0 is explained as restricted", (await page.textContent(".restricted-note")).includes("overlong"));
      {
        const e0 = await page.textContent(".cp-detail");
        assert("E0 names the notable blocks of its range, not only the first", ["Samaritan", "Devanagari", "Thai"].every((b) => e0.includes(b)));
      }
      await shot(page, "view-codepage");
      await page.click('[data-byte="ED"]');
      assert("ED excludes the surrogates", (await page.textContent(".restricted-note")).includes("surrogates"));
      await page.click('[data-byte="C0"]');
      assert("C0 is never valid", (await page.textContent(".cp-detail")).includes("overlong"));
      check("nothing follows C0", await page.$$eval('.cp-cell[data-follows="true"]', (c) => c.length), 0);
      await page.click('[data-byte="F0"]');
      assert("F0 is where every emoji starts", (await page.textContent(".cp-detail")).includes("emoji"));
      await page.click('[data-byte="F3"]');
      assert("F3 holds the tag characters, not 'unassigned'", (await page.textContent(".cp-detail")).includes("tag characters"));
      await page.click('[data-byte="F4"]');
      check(
        "after F4 only 80–8F",
        await page.$$eval('.cp-cell[data-follows="true"]', (c) => [c.length, c[0].dataset.byte]),
        [16, "80"],
      );
      // Keyboard: arrows move the selection and the focus.
      await page.focus('[data-byte="F4"]');
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowUp");
      check("arrows move to E3", await page.evaluate(() => document.activeElement.dataset.byte), "E3");
      check("the URL follows", await page.evaluate(() => location.hash.includes("byte=E3")), true);
    });

    await group("streaming", async () => {
      await follow(page, "#hex=e4bd&view=stream&chunk=1", "stream");
      check(
        "E4 BD in 1-byte chunks: held bytes",
        await page.$$eval(".chunk[data-chunk]", (c) => c.map((x) => x.dataset.held)),
        ["E4", "E4 BD"],
      );
      check("the end of the stream gives one U+FFFD", await attr(page, ".chunk-end", "data-output"), "\uFFFD");
      await follow(page, "#text=a%E2%82%AC%F0%9F%98%80&view=stream&chunk=2", "stream");
      check(
        "a€😀 in 2-byte chunks",
        await page.$$eval(".chunk[data-chunk]", (c) => c.map((x) => [x.dataset.held, x.dataset.output])),
        [["E2", "a"], ["", "€"], ["F0 9F", ""], ["", "😀"]],
      );
      check("streaming matches decoding the whole", await attr(page, ".stream-result", "data-matches-whole"), "true");
      check("chunk by chunk does not", await attr(page, ".naive-result", "data-matches-whole"), "false");
      await page.fill("#chunk-size", "4");
      await page.waitForFunction(() => document.querySelectorAll(".chunk[data-chunk]").length === 2);
      check("chunk size 4 is in the URL", await page.evaluate(() => location.hash.includes("chunk=4")), true);
      await shot(page, "view-stream");
    });

    await group("sanitiser", async () => {
      await follow(page, "#view=sanitize", "sanitize");
      await page.click("#load-sample");
      await page.waitForSelector('[data-issue="bidi-control"]');
      const issues = await page.$$eval(".sanitize-input [data-issue]", (m) => [...new Set(m.map((x) => x.dataset.issue))].sort());
      check("the sample page's findings", issues, ["bidi-control", "bom", "control", "hidden-text", "invisible", "malformed", "noncharacter", "nul", "tag"]);
      assert(
        "each finding carries its reason",
        await page.$$eval(".sanitize-input [data-issue]", (m) => m.every((x) => x.title.length > 20)),
      );
      const output = await page.textContent(".sanitize-output");
      assert("the cleaned text has no override", !output.includes("\u202E") && !output.includes("\u200B"));
      assert("the cleaned text keeps the emoji joiner", output.includes("👩\u200D💻"));
      await page.check("#policy-mojibake");
      await page.waitForSelector('.sanitize-input [data-issue="mojibake"]');
      assert("mojibake repaired on request", (await page.textContent(".sanitize-output")).includes("Schöne Grüße aus Köln"));
      await page.selectOption("#policy-invisible", "flag");
      await page.waitForSelector('.change[data-action="flagged"]');
      assert("invisible characters only flagged", (await page.textContent(".sanitize-output")).includes("\u200B"));
      await shot(page, "view-sanitize");
    });

    await group("keyboard navigation", async () => {
      await open(page, "#text=A%E2%82%AC%F0%9F%98%80");
      // "Go to byte" says why it went nowhere.
      await page.fill("#go-to-offset", "zz");
      await page.press("#go-to-offset", "Enter");
      assert("a bad offset is explained", (await page.textContent("#go-to-problem")).includes("not a byte offset"));
      await page.fill("#go-to-offset", "99");
      await page.press("#go-to-offset", "Enter");
      assert("an offset past the end is explained", (await page.textContent("#go-to-problem")).includes("0 to 7"));
      await page.fill("#go-to-offset", "0x2");
      await page.press("#go-to-offset", "Enter");
      check("a good offset clears the problem", await page.textContent("#go-to-problem"), "");
      check("and selects the byte", await attr(page, '.cell[data-offset="2"]', "aria-selected"), "true");
      await page.fill("#go-to-offset", "");
      await page.goto("about:blank");
      await open(page, "#text=A%E2%82%AC%F0%9F%98%80");
      // Tab from the text box reaches the byte map's one tab stop.
      await page.focus("#go-to-offset");
      await page.keyboard.press("Tab"); // the Go button
      await page.keyboard.press("Tab"); // the grid
      check("Tab reaches the first byte", await page.evaluate(() => document.activeElement.dataset.offset), "0");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      check("ArrowRight twice: byte 2", await page.evaluate(() => document.activeElement.dataset.offset), "2");
      check("byte 2 is selected", await attr(page, '.cell[data-offset="2"]', "aria-selected"), "true");
      check("its character is highlighted", await page.$eval(".segment-selected", (s) => s.dataset.offset), "1");
      check("the selection is in the URL", await page.evaluate(() => location.hash.includes("sel=2")), true);
      await page.keyboard.press("End");
      check("End: the row's last byte", await page.evaluate(() => document.activeElement.dataset.offset), "7");
      await page.keyboard.press("Home");
      check("Home: the row's first byte", await page.evaluate(() => document.activeElement.dataset.offset), "0");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await page.waitForSelector('.view-panel[data-view="bits"]');
      check("Enter opens the character in bit filling", await attr(page, ".explained", "data-code-point"), "20AC");
      await page.waitForFunction(() => document.activeElement.id === "step-next", null, { timeout: 5_000 }).catch(() => {});
      check("focus moves to bit filling's Next, not the page body", await page.evaluate(() => document.activeElement.id), "step-next");
      // "show in byte map" in Errors, by keyboard: focus lands on the error's byte.
      await page.goto("about:blank");
      await open(page, "#hex=41c0af42&view=errors");
      await page.focus('.error[data-offset="1"] .link-button');
      await page.keyboard.press("Enter");
      await page.waitForSelector('.view-panel[data-view="bytes"]');
      await page.waitForFunction(() => document.activeElement?.dataset?.offset === "1", null, { timeout: 5_000 }).catch(() => {});
      check("show in byte map: focus on the error's byte", await page.evaluate(() => document.activeElement.dataset.offset ?? document.activeElement.tagName), "1");
      // Tabs: arrow keys move between views.
      await page.focus("#tab-bits");
      await page.keyboard.press("ArrowRight");
      check("ArrowRight on the tabs: codepage", await page.evaluate(() => document.activeElement.id), "tab-codepage");
      check("the codepage view is open", await attr(page, ".view-panel", "data-view"), "codepage");
      await page.keyboard.press("End");
      const lastView = await page.$$eval('[role="tab"]', (tabs) => tabs.at(-1).dataset.view);
      check("End on the tabs: the last view", await attr(page, ".view-panel", "data-view"), lastView);
      await page.keyboard.press("Home");
      check("Home on the tabs: the first view", await attr(page, ".view-panel", "data-view"), "bytes");
      // Every control on every view has an accessible name.
      const unnamed = [];
      for (const tab of await page.$$eval('[role="tab"]', (t) => t.map((x) => x.id))) {
        await page.click(`#${tab}`);
        unnamed.push(
          ...(await page.$$eval("input, select, textarea, button", (controls) =>
            controls
              .filter((c) => {
                const labelled = c.labels?.length || c.getAttribute("aria-label") || c.getAttribute("aria-labelledby");
                const text = c.tagName === "BUTTON" && c.textContent.trim();
                return !labelled && !text;
              })
              .map((c) => c.id || c.outerHTML.slice(0, 60)),
          )),
        );
      }
      check("every control has an accessible name", [...new Set(unnamed)], []);
    });

    await group("links reproduce the page", async () => {
      await open(page, "#hex=2fc0ae2e2f");
      await page.click("#tab-errors");
      await page.click('.error[data-offset="2"] .link-button');
      await page.waitForSelector('.view-panel[data-view="bytes"]');
      const hash = await page.evaluate(() => location.hash);
      check("the fragment", hash, "#hex=2fc0ae2e2f&sel=2");
      const again = await newPage();
      await open(again, hash);
      await again.waitForSelector(".cell");
      check("a new tab shows the same bytes", await cellRoles(again), await cellRoles(page));
      check("and the same selection", await attr(again, '.cell[data-offset="2"]', "aria-selected"), "true");
      await again.context().close();
    });

    await group("opening files", async () => {
      const latin1 = join(scratch, "hoehe-latin1.txt");
      await writeFile(latin1, Buffer.from([0x48, 0xf6, 0x68, 0x65, 0x0a]));
      await open(page);
      await page.setInputFiles("#file-input", latin1);
      await page.waitForSelector('.file-loaded[data-size="5"]');
      // An opened file starts in "What is this?"; its bytes are one tab away.
      await page.waitForSelector('.view-panel[data-view="detect"]');
      check("an opened file shows its candidates", await page.$$eval("[data-candidate]", (c) => c.length > 0), true);
      await page.click("#tab-bytes");
      check("the file's bytes", await cellRoles(page), [
        [0, "ascii"],
        [1, "invalid"],
        [2, "ascii"],
        [3, "ascii"],
        [4, "ascii"],
      ]);
      check("one U+FFFD", await attr(page, ".verdict", "data-errors"), "1");
      // Dropping a file on the input area.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array([0xe2, 0x82, 0xac])], "euro.bin"));
        const target = document.querySelector(".inputs");
        target.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
        target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
      });
      await page.waitForSelector('.file-loaded[data-size="3"]');
      await page.waitForSelector('.view-panel[data-view="detect"]');
      check("a dropped file: UTF-8", await attr(page, '[data-candidate][data-rank="1"]', "data-charset"), "utf-8");
      await page.click("#tab-bytes");
      check("a dropped file", await codePoints(page), ["U+20AC"]);
      // Dropping on the footer, far from the input: the whole page takes files.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array([0x24, 0xc2, 0xa2])], "cent.bin"));
        const target = document.querySelector(".footer");
        target.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
        target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
      });
      await page.waitForFunction(() => document.querySelector(".file-loaded")?.textContent.includes("cent.bin"), null, { timeout: 10_000 }).catch(() => {});
      check("a file dropped on the footer is read", await page.textContent(".file-loaded"), "Opened cent.bin: 3 bytes.");
      await page.click("#tab-bytes");
      await page.waitForSelector(".segment");
      check("its characters", await codePoints(page), ["U+0024", "U+00A2"]);
    });

    // Large files: time to first render, scrolling, and a 50 MiB file.
    const timings = {};
    await group("large files", async () => {
      const sizes = [["1 MiB", 1 << 20], ["10 MiB", 10 << 20]];
      if (!skipHuge) sizes.push(["50 MiB", 50 << 20]);
      for (const [label, size] of sizes) {
        // Mixed text: ASCII, 2-, 3- and 4-byte characters, and a malformed byte now and then.
        const unit = Buffer.concat([Buffer.from("Grüße, 日本語 and 😀 — "), Buffer.from([0xc0, 0xaf]), Buffer.from(" ok\n")]);
        const body = Buffer.alloc(size);
        for (let o = 0; o < size; o += unit.length) unit.copy(body, o, 0, Math.min(unit.length, size - o));
        const path = join(scratch, `big-${size}.txt`);
        await writeFile(path, body);
        const big = await newPage();
        await open(big);
        const start = Date.now();
        await big.setInputFiles("#file-input", path);
        await big.waitForSelector(`.file-loaded[data-size="${size}"]`, { timeout: 180_000 });
        // The file opens in "What is this?" (its first MiB detected); the byte map is a tab away.
        await big.waitForSelector('.view-panel[data-view="detect"] [data-candidate]');
        await big.click("#tab-bytes");
        await big.waitForSelector('.cell[data-offset="0"]');
        const firstRender = Date.now() - start;
        timings[label] = firstRender;
        console.log(`# time to first render, ${label}: ${firstRender} ms`);
        const cells = await big.$$eval(".cell", (c) => c.length);
        assert(`${label}: only the rows in view are drawn`, cells > 0 && cells < 400, `${cells} cells`);
        // Scroll to the middle and to the end: the rows there are drawn, and still few.
        for (const [where, fraction] of [["middle", 0.5], ["end", 1]]) {
          await big.$eval(".byte-map-viewport", (v, f) => {
            v.scrollTop = (v.scrollHeight - v.clientHeight) * f;
            v.dispatchEvent(new Event("scroll"));
          }, fraction);
          const expected = fraction === 1 ? size - 1 : size / 2;
          const tolerance = size * 0.01 + 2000;
          await big
            .waitForFunction(
              ([e, t]) => [...document.querySelectorAll(".cell")].some((c) => Math.abs(Number(c.dataset.offset) - e) < t),
              [expected, tolerance],
              { timeout: 15_000 },
            )
            .catch(() => {});
          const offsets = await big.$$eval(".cell", (c) => c.map((x) => Number(x.dataset.offset)));
          const last = Math.max(...offsets);
          assert(
            `${label}: scrolled to the ${where}, its bytes are drawn`,
            Math.abs(last - expected) < tolerance && offsets.length < 400,
            `last offset ${last}, ${offsets.length} cells`,
          );
        }
        if (label === "10 MiB") await shot(big, "large-10mib");
        // The count of errors arrives without freezing the page.
        await big.waitForSelector(".verdict[data-errors]", { timeout: 180_000 });
        // Two per whole unit; the cut-off last unit adds at most three.
        const whole = Math.floor(size / unit.length);
        const counted = Number(await attr(big, ".verdict", "data-errors"));
        assert(`${label}: every U+FFFD counted`, counted >= whole * 2 && counted <= whole * 2 + 3, `${counted} for ${whole} units`);
        check(`${label}: the page still answers`, await big.evaluate(() => 6 * 7), 42);
        check(`${label}: too large for the link`, await big.evaluate(() => location.hash.includes("hex=")), false);
        await big.context().close();
        await rm(path);
      }
    });

    await group("what each character is (names, lazily loaded)", async () => {
      const p = await newPage();
      // Hold the names file back: the page must work without it, and name characters once it arrives.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      let requested = 0;
      await p.route("**/ucd-names.txt", async (route) => {
        requested += 1;
        await held;
        await route.continue();
      });
      await open(p, "#text=%E2%82%AC%D0%90%E6%97%A5%ED%95%9C");
      await p.waitForFunction(() => document.querySelectorAll(".cell").length === 11);
      check("before the names arrive: no data-name, the map drawn", await p.$$eval(".segment[data-name]", (s) => s.length), 0);
      check("the names file is asked for once", requested, 1);
      release();
      await p.waitForFunction(() => document.querySelectorAll(".segment[data-name]").length === 4, null, { timeout: 30_000 });
      check(
        "data-name: name, derived CJK name, Hangul by the algorithm",
        await p.$$eval(".segment", (s) => s.map((x) => x.dataset.name)),
        ["EURO SIGN", "CYRILLIC CAPITAL LETTER A", "CJK UNIFIED IDEOGRAPH-65E5", "HANGUL SYLLABLE HAN"],
      );
      check(
        "the group's tooltip: category, script and block",
        await attr(p, '.segment[data-offset="0"]', "title"),
        "EURO SIGN · Sc (Currency_Symbol) · script Common · block Currency Symbols",
      );
      await p.click('.cell[data-offset="3"]');
      assert("the selection names the character", (await p.textContent(".selection")).includes("CYRILLIC CAPITAL LETTER A · Lu (Uppercase_Letter) · script Cyrillic · block Cyrillic"));
      await follow(p, "#text=%E2%82%AC&view=bits", "bits");
      await p.waitForSelector(".explained .char-name");
      check("bit filling names the character", await attr(p, ".explained .char-name", "data-name"), "EURO SIGN");
      assert("and says which UCD", (await attr(p, ".explained .char-name", "title")).includes("17.0.0"));
      await follow(p, "#hex=eda080c1bf&view=errors", "errors");
      await p.waitForSelector(".error-meaning .char-name");
      check(
        "the error list names the would-be characters",
        await p.$$eval(".error-meaning .char-name", (s) => s.map((x) => x.dataset.name)),
        ["<surrogate-D800>", "DELETE"],
      );
      await p.context().close();
    });

    await group("grapheme clusters over the byte map", async () => {
      const p = await newPage();
      // 👨‍👩‍👧‍👦, e + U+0301, !
      await open(p, "#text=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%E2%80%8D%F0%9F%91%A6e%CC%81!");
      await p.waitForFunction(() => document.querySelectorAll(".cell").length === 29);
      const clusters = await p.$$eval(".segment", (s) =>
        s.map((x) => [Number(x.dataset.offset), x.dataset.cluster ?? null, x.dataset.clusterCodePoints ?? null, x.dataset.clusterUtf16Units ?? null, x.dataset.clusterBytes ?? null]),
      );
      check(
        "the family is one cluster of 7 code points, 11 UTF-16 units, 25 bytes; e + U+0301 one of 2",
        clusters,
        [
          ...[0, 4, 7, 11, 14, 18, 21].map((o) => [o, "0", "7", "11", "25"]),
          [25, "25", "2", "2", "3"],
          [26, "25", "2", "2", "3"],
          [28, null, null, null, null],
        ],
      );
      check("the cluster crosses rows, and rows keep their height", await p.$$eval(".row", (r) => new Set(r.map((x) => x.getBoundingClientRect().height)).size), 1);
      await p.click('.cell[data-offset="9"]');
      assert("the selection tells the cluster", (await p.textContent(".selection")).includes("one grapheme cluster (what a reader sees as one character) of 7 code points, 11 UTF-16 units and 25 bytes: bytes 0–24"));
      await shot(p, "view-bytes-clusters-light");
      await p.context().close();
    });

    await group("normalisation side by side", async () => {
      const p = await newPage();
      await open(p, "#text=e%CC%81%C3%A9&view=normalize");
      await p.waitForSelector(".normal-form");
      const forms = await p.$$eval(".normal-form", (f) => f.map((x) => [x.dataset.normalForm, x.dataset.codePoints, x.dataset.bytes]));
      check("é as two code points (3 bytes) and as one (2 bytes), in each form", forms, [
        ["Input", "3", "65 CC 81 C3 A9"],
        ["NFC", "2", "C3 A9 C3 A9"],
        ["NFD", "4", "65 CC 81 65 CC 81"],
        ["NFKC", "2", "C3 A9 C3 A9"],
        ["NFKD", "4", "65 CC 81 65 CC 81"],
      ]);
      assert("it says the text is in no form", (await p.textContent(".normalize-verdict")).includes("none of the four forms"));
      await p.waitForSelector('.normal-form[data-normal-form="NFD"] .char-name');
      assert("each code point named", (await p.textContent('.normal-form[data-normal-form="NFD"]')).includes("COMBINING ACUTE ACCENT"));
      await shot(p, "view-normalize-light");
      await follow(p, "#text=%EF%AC%81%C2%B2&view=normalize", "normalize");
      await p.waitForFunction(() => document.querySelector('.normal-form[data-normal-form="NFKC"]')?.dataset.bytes === "66 69 32");
      await p.context().close();
      const dark = await newPage({ colorScheme: "dark", viewport: { width: 390, height: 844 } });
      await open(dark, "#text=e%CC%81%C3%A9&view=normalize");
      await dark.waitForSelector(".normal-form .char-name");
      check("390 px: no horizontal scrolling in normalisation", await dark.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      await shot(dark, "phone-dark-normalize");
      await open(dark, "#text=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%E2%80%8D%F0%9F%91%A6e%CC%81!&sel=4");
      await dark.waitForSelector(".segment[data-name]");
      await shot(dark, "phone-dark-bytes-clusters");
      await dark.context().close();
    });

    await group("phone width, dark scheme", async () => {
      const phone = await newPage({ viewport: { width: 360, height: 780 }, colorScheme: "dark" });
      await open(phone, "#text=A%E2%82%AC%F0%9F%98%80%20na%C3%AFve%20%E6%97%A5");
      await phone.waitForFunction(() => document.querySelectorAll(".cell").length === 19);
      check("dark scheme applies", await phone.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(22, 22, 20)");
      check("three bytes per row", await attr(phone, ".byte-map-viewport", "data-per-row"), "3");
      for (const view of ["bytes", "bits", "codepage", "errors", "decoders", "mojibake", "stream", "sanitize", "detect", "normalize", "forms", "properties", "practice"]) {
        await phone.click(`#tab-${view}`);
        await phone.waitForSelector(`.view-panel[data-view="${view}"]`);
        await phone.waitForTimeout(100);
        check(
          `phone width, ${view}: no horizontal scrolling`,
          await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          true,
        );
        if (["bytes", "bits", "codepage", "mojibake"].includes(view)) await shot(phone, `phone-dark-${view}`);
        if (view === "codepage") {
          const [w, h] = await phone.$eval('.cp-cell[data-byte="E0"]', (c) => [c.getBoundingClientRect().width, c.getBoundingClientRect().height]);
          assert(`phone width: codepage cells are touch targets of 44 px or more (${w}×${h})`, w >= 44 && h >= 44);
        }
      }
      await phone.context().close();
    });

    await group("what is this? (charset detection)", async () => {
      // "Привет! Как дела? Всё хорошо, спасибо. Это письмо написано по-русски." in windows-1251.
      const russian = "Привет! Как дела? Всё хорошо, спасибо. Это письмо написано по-русски.";
      const cp1251 = Buffer.from(
        "cff0e8e2e5f22120cae0ea20e4e5ebe03f20c2f1b820f5eef0eef8ee2c20f1efe0f1e8e1ee2e20ddf2ee20efe8f1fcecee20ede0efe8f1e0edee20efee2df0f3f1f1eae82e",
        "hex",
      );
      const path = join(scratch, "letter-1251.txt");
      await writeFile(path, cp1251);
      const p = await newPage({ acceptDownloads: true });
      await open(p);
      await p.setInputFiles("#file-input", path);
      await p.waitForSelector('.view-panel[data-view="detect"] [data-candidate]');
      check("the link names the view", await p.evaluate(() => location.hash.includes("view=detect")), true);
      const ranked = await p.$$eval("[data-candidate]", (c) => c.map((e) => [Number(e.dataset.rank), e.dataset.charset]));
      check("windows-1251 is candidate 1", ranked[0], [1, "windows-1251"]);
      check("ranks are 1, 2, 3...", ranked.map(([r]) => r), ranked.map((_, i) => i + 1));
      check("the verdict says what the bytes are", await attr(p, ".verdict-likely", "data-charset"), "windows-1251");
      check("the best candidate's preview", (await p.textContent('[data-candidate][data-rank="1"] .candidate-preview')).startsWith("Привет!"), true);
      check("reasons are given", await p.$$eval('[data-candidate][data-rank="1"] .candidate-reasons li', (l) => l.length > 0), true);
      check("decoded with the best", await attr(p, ".detect-output", "data-charset"), "windows-1251");
      await shot(p, "view-detect-light");
      // One click decodes with another candidate.
      const second = ranked[1][1];
      await p.click(`[data-candidate][data-rank="2"] button`);
      await p.waitForSelector(`.detect-output[data-charset="${second}"]`);
      check("one click decodes with candidate 2", await attr(p, ".detect-output", "data-charset"), second);
      await p.click('[data-candidate][data-rank="1"] button');
      await p.waitForSelector('.detect-output[data-charset="windows-1251"]');
      // Saving: the text as UTF-8.
      const [download] = await Promise.all([p.waitForEvent("download"), p.click(".detect-save")]);
      check("the download's name", download.suggestedFilename(), "letter-1251.utf8.txt");
      const saved = await readFile(await download.path());
      check("the download is the text in UTF-8", saved.toString("utf8"), russian);
      // The mojibake view: the detector's proposal, and the readings ranked.
      await p.click("#tab-mojibake");
      await p.waitForSelector(".legacy-proposal");
      check("mojibake view proposes windows-1251", await attr(p, ".legacy-proposal", "data-charset"), "windows-1251");
      check("its first reading is windows-1251", await attr(p, 'tr[data-rank="1"] td', "data-charset"), "windows-1251");
      check("33 readings", await p.$$eval("tr[data-rank]", (r) => r.length), 33);
      // Shift_JIS: decoded by the browser's TextDecoder.
      await follow(p, "#hex=93fa967b8cea82cc8365834c8358836782c582b78142938c8b9e82cd90b082ea82c482a282dc82b78142&view=detect", "detect");
      await p.waitForSelector('[data-candidate][data-charset="shift_jis"]');
      check("Shift_JIS is candidate 1", await attr(p, '[data-candidate][data-rank="1"]', "data-charset"), "shift_jis");
      check(
        "its preview comes from TextDecoder",
        await p.textContent('[data-candidate][data-rank="1"] .candidate-preview'),
        "日本語のテキストです。東京は晴れています。",
      );
      // UTF-16LE without a BOM is valid UTF-8 (ASCII and zero bytes): the verdict still says what it is.
      const utf16 = Buffer.from("Hello, this is a UTF-16 file.", "utf16le").toString("hex");
      await follow(p, `#hex=${utf16}&view=bytes`, "bytes");
      await p.waitForSelector('.verdict-likely[data-charset="utf-16le"]');
      check("the verdict names UTF-16LE", await attr(p, ".verdict-likely", "data-charset"), "utf-16le");
      await p.click(".verdict-likely button");
      await p.waitForSelector('.view-panel[data-view="detect"]');
      check("the verdict's link opens the panel", await attr(p, '[data-candidate][data-rank="1"]', "data-charset"), "utf-16le");
      // Phone width.
      const phone = await newPage({ viewport: { width: 390, height: 844 } });
      await open(phone, `#hex=${cp1251.toString("hex")}&view=detect`);
      await phone.waitForSelector("[data-candidate]");
      check("390 px: no horizontal scrolling", await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      await shot(phone, "view-detect-phone");
      await phone.context().close();
      await p.context().close();
    });

    await group("UTF-8 beside UTF-16 and UTF-32 (view=forms)", async () => {
      const p = await newPage();
      const text = "A€😀";
      await open(p, `#text=${encodeURIComponent(text)}&view=forms`);
      await p.waitForSelector("[data-form]");
      const forms = await p.$$eval("[data-form]", (els) => Object.fromEntries(els.map((e) => [e.dataset.form, [e.dataset.bytes, Number(e.dataset.total)]])));
      // Node as the oracle: Buffer's utf8 and utf16le; BE by swapping; UTF-32 from the code points.
      const le16 = Buffer.from(text, "utf16le");
      const be16 = Buffer.from(le16).swap16();
      const cps = [...text].map((c) => c.codePointAt(0));
      const be32 = Buffer.alloc(cps.length * 4);
      cps.forEach((cp, i) => be32.writeUInt32BE(cp, i * 4));
      const le32 = Buffer.from(be32).swap32();
      const oracle = (b) => [b.toString("hex"), b.length];
      check("forms: utf-8 bytes and size", forms["utf-8"], oracle(Buffer.from(text, "utf8")));
      check("forms: utf-16le", forms["utf-16le"], oracle(le16));
      check("forms: utf-16be", forms["utf-16be"], oracle(be16));
      check("forms: utf-32le", forms["utf-32le"], oracle(le32));
      check("forms: utf-32be", forms["utf-32be"], oracle(be32));
      check("forms: CESU-8 writes 😀 as two 3-byte surrogates", forms["cesu-8"], ["41e282aceda0bdedb880", 10]);
      check(
        "forms: the surrogate pair of U+1F600, step by step",
        await p.$eval(".surrogate-steps", (o) => [o.dataset.codePoint, o.dataset.high, o.dataset.low]),
        ["1F600", "D83D", "DE00"],
      );
      // A large input: the bytes drawn are capped, the totals are not.
      const big = "€".repeat(3000);
      await follow(p, `#text=${encodeURIComponent(big)}&view=forms`, "forms");
      await p.waitForFunction(() => document.querySelector('[data-form="utf-8"]')?.dataset.total === "9000");
      const [drawn, total] = await p.$eval('[data-form="utf-16le"]', (e) => [e.dataset.bytes.length / 2, Number(e.dataset.total)]);
      check("forms: a large input's totals are whole, the drawing capped", [drawn <= 4096 * 2, total], [true, 6000]);
      assert("forms: the cap is said", (await p.textContent(".unicode-forms")).includes("the totals are for all of it"));
      await p.context().close();
    });

    await group("UTF-8's properties, live (view=properties)", async () => {
      const p = await newPage();
      await open(p, "#text=a%E2%82%AC%F0%9F%98%80&view=properties");
      await p.waitForSelector(".sync-result");
      const sync = () => p.$eval(".sync-result", (r) => [r.dataset.offset, r.dataset.start, r.dataset.back].map(Number));
      check("self-sync: from the first continuation byte, back 1 to the lead", await sync(), [2, 1, 1]);
      await p.$eval("#sync-offset", (r) => {
        r.value = "7";
        r.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await p.waitForTimeout(50);
      check("self-sync: from 😀's last byte, back 3 to its lead", await sync(), [7, 4, 3]);
      const orders = await p.$$eval(".sort-list", (ls) => Object.fromEntries(ls.map((l) => [l.dataset.order, [...l.querySelectorAll("li")].map((li) => li.dataset.cp)])));
      const byCodePoint = [...orders["utf-8"]].sort((a, b) => parseInt(a, 16) - parseInt(b, 16));
      check("sort: UTF-8 byte order is code point order", orders["utf-8"], byCodePoint);
      assert("sort: UTF-16 order differs (😀 before ￦)", orders["utf-16"].indexOf("1F600") < orders["utf-16"].indexOf("FFE6"));
      check("search: € found once, never inside a character", await p.$eval(".search-result", (r) => [r.dataset.matches, r.dataset.inside]), ["1", "0"]);
      check("ascii: the link to the overlong C0 AF", await p.getAttribute('#prop-ascii a[href*="c0af"]', "href"), "#hex=c0af&view=errors");
      await p.context().close();
    });

    await group("practice (view=practice)", async () => {
      const p = await newPage();
      await open(p, "#view=practice&seed=42");
      await p.waitForSelector("[data-exercise]");
      const kinds = await p.$$eval("[data-exercise]", (es) => es.map((e) => e.dataset.exercise));
      check("practice: one exercise of each kind", kinds, ["encode", "decode", "roles", "malformed", "count", "mojibake"]);
      const specs = await p.$$eval("[data-exercise]", (es) => es.map((e) => e.dataset.spec));
      await p.reload();
      await p.waitForSelector("[data-exercise]");
      check("practice: the same seed gives the same set", await p.$$eval("[data-exercise]", (es) => es.map((e) => e.dataset.spec)), specs);
      await open(p, "#view=practice&ex=encode:20AC,decode:e282ac");
      await p.waitForSelector('[data-exercise="decode"]');
      check("practice: a teacher's set", await p.$$eval("[data-exercise]", (es) => es.map((e) => e.dataset.spec)), ["encode:20AC", "decode:e282ac"]);
      await p.fill("#ex-0-0", "e2 82 ac");
      await p.click('[data-exercise="encode"] button[type="submit"]');
      check("practice: a right answer", await p.getAttribute('[data-exercise="encode"] .exercise-verdict', "data-correct"), "true");
      await p.fill("#ex-1-0", "U+0041");
      await p.click('[data-exercise="decode"] button[type="submit"]');
      check("practice: a wrong answer", await p.getAttribute('[data-exercise="decode"] .exercise-verdict', "data-correct"), "false");
      assert("practice: a wrong answer is explained step by step", (await p.$$('[data-exercise="decode"] .exercise-steps li')).length >= 3);
      check(
        "practice: progress kept in local storage",
        await p.evaluate(() => localStorage.getItem("utf8lens.practice.solved")),
        "encode:20AC",
      );
      await p.context().close();
    });

    await group("accessibility: axe-core over every view", async () => {
      const views = await (async () => {
        const p = await newPage();
        await open(p);
        const ids = await p.$$eval('[role="tab"]', (ts) => ts.map((t) => t.dataset.view));
        await p.context().close();
        return ids;
      })();
      for (const scheme of ["light", "dark"]) {
        const p = await newPage({ colorScheme: scheme });
        for (const view of views) {
          await open(p, `#text=A%C3%B1%E2%82%AC%F0%9F%98%80&view=${view}`);
          await p.waitForSelector(`.view-panel[data-view="${view}"]`);
          await p.waitForTimeout(100);
          // axe's source is evaluated through the DevTools protocol, which the page's CSP does not
          // govern; nothing is added to the page's own scripts.
          if (!(await p.evaluate(() => typeof window.axe === "object"))) await p.evaluate(axe.source);
          const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
          const summary = result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
          console.log(`# axe ${scheme} ${view}: ${result.violations.length} violations, ${result.passes.length} rules passed`);
          for (const line of summary) console.log(`#   ${line}`);
          check(`axe: no violations in ${view} (${scheme})`, summary, []);
        }
        await p.context().close();
      }
    });

    await group("screenshots of every view", async () => {
      const views = [
        ["bytes", "#text=A%E2%89%A2%CE%91.%20na%C3%AFve%20%E2%82%AC%F0%9F%98%80&sel=5"],
        ["errors", "#hex=41c0af2fe4bd42eda080f5808080&view=errors"],
        ["decoders", "#hex=48f668652fc0afeda18cedbeb4&view=decoders"],
        ["stream", "#text=a%E2%82%AC%F0%9F%98%80&view=stream&chunk=2"],
        ["sanitize", "#view=sanitize"],
      ];
      const p = await newPage();
      for (const [view, fragment] of views) {
        await open(p, fragment);
        if (view === "sanitize") await p.click("#load-sample");
        await p.waitForTimeout(200);
        await shot(p, `view-${view}-light`);
      }
      const dark = await newPage({ colorScheme: "dark" });
      await open(dark, "#hex=eda080&view=errors");
      await shot(dark, "view-errors-dark");
      await open(dark, "#text=%E2%82%AC&view=bits");
      await shot(dark, "view-bits-dark");
      // The views of UTF-16/32, properties and practice: desktop, phone width, dark.
      const phone = await newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
      for (const [view, fragment] of [
        ["forms", "#text=H%C3%B6he%20%E6%97%A5%E6%9C%AC%20%F0%9F%98%80&view=forms"],
        ["properties", "#text=a%E2%82%AC%F0%9F%98%80&view=properties"],
        ["practice", "#view=practice&seed=42"],
      ]) {
        await open(p, fragment);
        await shot(p, `view-${view}-light`);
        await open(dark, fragment);
        await shot(dark, `view-${view}-dark`);
        await open(phone, fragment);
        await shot(phone, `phone-dark-${view}`);
      }
      await phone.context().close();
      await p.context().close();
      await dark.context().close();
    });

    await group("offline after the first load", async () => {
      const p = await newPage();
      await open(p, "#text=offline");
      await p.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await p.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 }).catch(() => {});
      if (!(await p.evaluate(() => navigator.serviceWorker.controller !== null))) await p.reload();
      await p.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
      await p.context().setOffline(true);
      await p.reload();
      await p.waitForSelector(".cell", { timeout: 30_000 });
      check("the app loads with the network off", await codePoints(p), ["U+006F", "U+0066", "U+0066", "U+006C", "U+0069", "U+006E", "U+0065"]);
      await p.waitForSelector(".segment[data-name]", { timeout: 30_000 });
      check("offline, the names come from the cache", await attr(p, '.segment[data-offset="0"]', "data-name"), "LATIN SMALL LETTER O");
      await p.context().setOffline(false);
      await p.context().close();
    });

    // The app's gzip transfer size: everything the first load fetches.
    await group("size", async () => {
      const files = (await readdir(distDir)).filter((f) => /\.(html|js|wasm|css|svg)$/.test(f));
      let total = 0;
      for (const f of files) {
        const gz = gzipSync(await readFile(join(distDir, f)), { level: 9 }).length;
        total += gz;
        console.log(`# gzip ${f}: ${gz} bytes`);
      }
      console.log(`# gzip total: ${total} bytes (${(total / 1024).toFixed(1)} KiB)`);
      timings.gzipTotal = total;
      assert("first load is at most 500 KB gzip", total <= 500 * 1000, `${total} bytes`);
      // The character names, fetched when first needed: not part of the first load.
      const lazy = gzipSync(await readFile(join(distDir, "ucd-names.txt")), { level: 9 }).length;
      console.log(`# gzip ucd-names.txt (lazy): ${lazy} bytes (${(lazy / 1024).toFixed(1)} KiB)`);
      timings.gzipLazyNames = lazy;
      // The frequent words of mojibake repair, fetched when a view that repairs opens.
      const words = gzipSync(await readFile(join(distDir, "frequent-words.txt")), { level: 9 }).length;
      console.log(`# gzip frequent-words.txt (lazy): ${words} bytes (${(words / 1024).toFixed(1)} KiB)`);
      timings.gzipLazyFrequentWords = words;
    });
    await writeFile(join(artifactDir, "measurements.json"), JSON.stringify(timings, null, 2));

    check("no page errors, console errors, CSP violations or failed requests", problems, []);
  } finally {
    await browser.close();
    server.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

try {
  await run();
} catch (error) {
  fail("the run broke", error);
}
console.log(`screenshots in ${artifactDir}`);
process.exit(finish("e2e"));
