// End-to-end check of the built inspector (dist/) in the system's headless Chromium.
//
//   node scripts/e2e/inspector.e2e.mjs [DIST_DIR] [ARTIFACT_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 at a port the OS picks, drives the page
// with playwright-core (no browser download: it launches $CHROMIUM, default
// /usr/bin/chromium), asserts on the DOM and saves screenshots to ARTIFACT_DIR
// (default: target/e2e-artifacts). Prints one line per check and ends with
// "e2e: N passed, M failed"; exits non-zero if any check failed or the run broke.

import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { chromium } from "playwright-core";

const distDir = resolve(process.argv[2] ?? "dist");
const artifactDir = resolve(process.argv[3] ?? "target/e2e-artifacts");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/** A static file server for `root`, bound to loopback on a free port. */
async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = resolve(join(root, path.endsWith("/") ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", ok);
  });
  return server;
}

let passed = 0;
let failed = 0;

/** Records one check; `actual` and `expected` are compared as JSON. */
function check(name, actual, expected) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a === e) {
    passed += 1;
    console.log(`ok - ${name}`);
  } else {
    failed += 1;
    console.log(`not ok - ${name}\n    expected: ${e}\n    actual:   ${a}`);
  }
}

/** [offset, role] of every byte cell, in page order. */
const cellRoles = (page) =>
  page.$$eval(".cell", (cells) =>
    cells.map((c) => [Number(c.dataset.offset), c.dataset.role]),
  );

/** [offset, kind] of every listed error, in page order. */
const errorKinds = (page) =>
  page.$$eval(".error-list .error", (errors) =>
    errors.map((e) => [Number(e.dataset.offset), e.dataset.kind]),
  );

const codePoints = (page) =>
  page.$$eval(".segment .code-point", (spans) => spans.map((s) => s.textContent));

async function run() {
  await mkdir(artifactDir, { recursive: true });
  const server = await serve(distDir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`serving ${distDir} at ${url}`);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Running as root in a container needs --no-sandbox; the rest keeps Chromium
    // from reaching out to the network or doing first-run work.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });

    await page.goto(url);
    await page.waitForSelector(".cell", { timeout: 30_000 });
    check("page title", await page.title(), "utf8lens: UTF-8 byte inspector");
    check(
      "inputs have labels",
      await page.$$eval("label", (labels) => labels.map((l) => l.htmlFor)),
      ["text-input", "hex-input"],
    );

    // Text: one character of each length 1, 3 and 4.
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
      "text A€😀: hex field follows",
      await page.inputValue("#hex-input"),
      "41 E2 82 AC F0 9F 98 80",
    );
    check(
      "text A€😀: cell shows hex and binary",
      await page.$eval('.cell[data-offset="1"]', (c) => [
        c.querySelector(".cell-hex").textContent,
        c.querySelector(".cell-bin").textContent,
        c.querySelector(".cell-role").textContent,
      ]),
      ["E2", "11100010", "lead"],
    );
    check("text A€😀: valid verdict", await page.getAttribute(".verdict", "data-valid"), "true");
    check("text A€😀: no errors listed", await errorKinds(page), []);
    await page.screenshot({ path: join(artifactDir, "text-light.png"), fullPage: true });

    // Hex: an overlong encoding of "/" that no text can produce.
    await page.fill("#hex-input", "c0af");
    await page.waitForSelector('.verdict[data-valid="false"]');
    check("hex c0af: role of each byte", await cellRoles(page), [
      [0, "invalid"],
      [1, "invalid"],
    ]);
    check("hex c0af: errors", await errorKinds(page), [
      // C0 can never start a valid sequence, so the codec reports it on its own.
      [0, "invalid-byte"],
      [1, "unexpected-continuation"],
    ]);
    check(
      "hex c0af: text box shows the lossy decoding",
      await page.inputValue("#text-input"),
      "\uFFFD\uFFFD",
    );
    check("hex c0af: hex field keeps what was typed", await page.inputValue("#hex-input"), "c0af");
    await page.screenshot({ path: join(artifactDir, "hex-invalid-light.png"), fullPage: true });

    // A mistake in the hex field is reported and leaves the bytes alone.
    await page.fill("#hex-input", "c0a");
    await page.waitForSelector(".hex-problem");
    check("hex c0a: problem reported", await page.isVisible(".hex-problem"), true);
    check("hex c0a: bytes unchanged", (await cellRoles(page)).length, 2);

    // User text is text, never markup.
    await page.fill("#text-input", "<b>x</b>");
    await page.waitForFunction(() => document.querySelectorAll(".cell").length === 8);
    check("markup typed as text creates no element", await page.$$eval("main b", (b) => b.length), 0);
    check(
      "markup typed as text is shown as characters",
      await page.$$eval(".segment .glyph", (g) => g.map((s) => s.textContent).join("")),
      "<b>x</b>",
    );

    // Phone width, dark scheme: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.fill("#text-input", "A€😀 naïve");
    await page.waitForFunction(() => document.querySelectorAll(".cell").length === 15);
    check(
      "phone width: no horizontal scrolling",
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
    );
    check(
      "dark scheme applies",
      await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      "rgb(22, 22, 20)",
    );
    await page.screenshot({ path: join(artifactDir, "phone-dark.png"), fullPage: true });

    check("no page or console errors", problems, []);
  } finally {
    await browser.close();
    server.close();
  }
}

try {
  await run();
} catch (error) {
  failed += 1;
  console.log(`not ok - the run broke: ${error.stack ?? error}`);
}
console.log(`screenshots in ${artifactDir}`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
