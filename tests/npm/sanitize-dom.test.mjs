// sanitizeDocument and observe on a realistic page in headless Chromium: a forum page mixing good
// and bad content (mojibake, a Trojan Source comment in a code block, a spoofed user name, zero-width
// characters inside words and in attributes, tag characters in an alt text, text that looks like
// markup, emoji and Persian that must stay as they are, script and style content that must not be
// touched, lone surrogates put into the DOM from a JavaScript string). The page loads the packed
// package's utf8lens/text module (which fetches only its own WebAssembly) from a plain import map;
// each check runs in the page and is asserted here.
//
// Chromium is the system's (/usr/bin/chromium, or $CHROMIUM), driven by the playwright-core that
// scripts/setup.sh installs in scripts/e2e; nothing is downloaded.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { test } from "node:test";

import { ROOT, chromiumFlags } from "./support.mjs";

const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json" };

// The page, as a forum would render user content. Escapes keep the invisible characters visible
// here; the served page contains the characters themselves.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>loading</title>
<style id="style">/* a zero\u200Bwidth space in CSS stays */ .rtl::after { content: "\u202E"; }</style>
<script type="importmap">{ "imports": { "utf8lens/text": "/node_modules/utf8lens/text/browser.js" } }</script>
<script id="data">window.secret = "\u202Eevil\u200B";</script>
<script type="module">
  import * as utf8lensText from "utf8lens/text";
  window.utf8lensText = utf8lensText;
  document.title = "ready";
</script>
</head>
<body>
<header><span id="user" class="user" title="admin\u202Egpj.exe">admin\u202Egpj.exe</span></header>
<article id="post">
  <p id="mojibake">SchÃ¶ne GrÃ¼ÃŸe aus KÃ¶ln!</p>
  <p id="words">Log in at pay\u200Bpal.com with your pass\u2060word.</p>
  <img id="img" alt="photo\u{E0041}\u{E0042} of a cat" src="data:,">
  <button id="button" aria-label="De\u200Blete">×</button>
  <input id="field" value="o\u200Bk">
  <textarea id="area">te\u200Bxt</textarea>
  <p id="lone">placeholder</p>
</article>
<pre><code id="code">/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */
return;</code></pre>
<p id="emoji">👩\u200D💻 🏳\uFE0F\u200D🌈 می\u200Cخواهم 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}</p>
<p id="markup">&lt;b&gt;not\u200B bold&lt;/b&gt; &amp;amp;</p>
<noscript id="noscript">no\u200Bscript</noscript>
<div id="skipped" class="raw">keep\u200Bthis</div>
</body>
</html>`;

function tarball() {
  if (process.env.UTF8LENS_TARBALL) return process.env.UTF8LENS_TARBALL;
  const dir = join(ROOT, "target/npm");
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^utf8lens-.*\.tgz$/.test(f)) : [];
  assert.equal(found.length, 1, `one tarball in ${dir} (run scripts/build-npm.sh)`);
  return join(dir, found[0]);
}

async function serve(packageDir) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (path === "/" || path === "/forum.html") {
      return response.writeHead(200, { "content-type": TYPES[".html"] }).end(PAGE);
    }
    const prefix = "/node_modules/utf8lens/";
    const file = path.startsWith(prefix) && resolve(packageDir, `.${path.slice(prefix.length - 1)}`);
    if (!file || !file.startsWith(packageDir + sep)) return response.writeHead(404).end();
    try {
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(await readFile(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
  return server;
}

test("sanitizeDocument and observe on a realistic page in headless Chromium", async (t) => {
  let chromium;
  try {
    ({ chromium } = createRequire(join(ROOT, "scripts/e2e/package.json"))("playwright-core"));
  } catch (error) {
    assert.fail(`playwright-core is missing in scripts/e2e (bash scripts/setup.sh installs it): ${error.message}`);
  }
  assert.ok(existsSync(chromiumPath), `Chromium at ${chromiumPath}`);

  const unpacked = mkdtempSync(join(tmpdir(), "utf8lens-sanitize-"));
  t.after(() => rmSync(unpacked, { recursive: true, force: true }));
  execFileSync("tar", ["-xzf", tarball(), "-C", unpacked]);
  const server = await serve(join(unpacked, "package"));
  // Chromium's keep-alive connections are dropped too, or close() would wait for them.
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });

  const profile = mkdtempSync(join(tmpdir(), "utf8lens-chromium-"));
  t.after(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags, // tools/versions.env
  });
  try {
    await checks(t, context, server);
  } finally {
    await context.close();
  }
});

async function checks(t, context, server) {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && problems.push(`console error: ${message.text()}`));
  await page.goto(`http://127.0.0.1:${server.address().port}/forum.html`);
  await page.waitForFunction(() => document.title === "ready", null, { timeout: 60_000 });

  await t.test("sanitizeDocument cleans text and attributes in place and reports each change", async () => {
    const result = await page.evaluate(() => {
      const { sanitizeDocument } = window.utf8lensText;
      const $ = (id) => document.getElementById(id);
      // Lone surrogates, as a script puts them into the DOM: half of an emoji, sliced by code unit.
      $("lone").textContent = "cut " + "\u{1F600}".slice(0, 1) + " here \uDC00";
      const elementsBefore = document.querySelectorAll("*").length;
      const report = sanitizeDocument(document.body, { mojibake: true, skip: ".raw" });
      return {
        elementsBefore,
        elementsAfter: document.querySelectorAll("*").length,
        user: $("user").textContent,
        userTitle: $("user").title,
        mojibake: $("mojibake").textContent,
        words: $("words").textContent,
        alt: $("img").alt,
        label: $("button").getAttribute("aria-label"),
        value: $("field").getAttribute("value"),
        area: $("area").value,
        lone: $("lone").textContent,
        code: $("code").textContent,
        emoji: $("emoji").textContent,
        markup: [$("markup").childNodes.length, $("markup").children.length, $("markup").textContent],
        noscript: $("noscript").textContent,
        skipped: $("skipped").textContent,
        script: $("data").textContent,
        style: $("style").textContent,
        secret: window.secret,
        counts: report.counts,
        textNodes: report.textNodes,
        attributes: report.attributes,
        targets: report.targets.map((x) => [x.node.nodeType === 1 ? `#${x.node.id}` : `#${x.node.parentElement.id}`, x.attribute, x.changes.map((c) => c.kind).join(",")]),
        again: sanitizeDocument(document.body, { mojibake: true, skip: ".raw" }).targets.length,
      };
    });
    assert.equal(result.user, "admingpj.exe");
    assert.equal(result.userTitle, "admingpj.exe");
    assert.equal(result.mojibake, "Schöne Grüße aus Köln!");
    assert.equal(result.words, "Log in at paypal.com with your password.");
    assert.equal(result.alt, "photo of a cat");
    assert.equal(result.label, "Delete");
    assert.equal(result.value, "ok");
    assert.equal(result.area, "text");
    assert.equal(result.lone, "cut \uFFFD here \uFFFD");
    assert.equal(result.code, "/* } if (isAdmin)  begin admins only */\nreturn;");
    assert.equal(result.emoji, "👩\u200D💻 🏳\uFE0F\u200D🌈 می\u200Cخواهم 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}");
    // Text that looks like markup stays one text node: nothing is ever parsed as HTML.
    assert.deepEqual(result.markup, [1, 0, "<b>not bold</b> &amp;"]);
    assert.equal(result.elementsAfter, result.elementsBefore);
    // Never touched: script, style and noscript content, and what the caller skipped.
    assert.equal(result.noscript, "no\u200Bscript");
    assert.equal(result.skipped, "keep\u200Bthis");
    assert.equal(result.script, 'window.secret = "\u202Eevil\u200B";');
    assert.equal(result.secret, "\u202Eevil\u200B");
    assert.match(result.style, /zero\u200Bwidth/);
    assert.deepEqual(result.counts, { "bidi-control": 6, mojibake: 1, invisible: 6, tag: 1, "hidden-text": 1, "lone-surrogate": 2 });
    assert.ok(result.textNodes > 10, `${result.textNodes} text nodes`);
    assert.equal(result.attributes, 4, "title, alt, aria-label and value, each once");
    assert.deepEqual(result.targets, [
      ["#user", "title", "bidi-control"],
      ["#user", null, "bidi-control"],
      ["#mojibake", null, "mojibake"],
      ["#words", null, "invisible,invisible"],
      ["#img", "alt", "hidden-text,tag"],
      ["#button", "aria-label", "invisible"],
      ["#field", "value", "invisible"],
      ["#area", null, "invisible"],
      ["#lone", null, "lone-surrogate,lone-surrogate"],
      ["#code", null, "bidi-control,bidi-control,bidi-control,bidi-control"],
      ["#markup", null, "invisible"],
    ]);
    assert.equal(result.again, 0, "a second pass finds nothing");
  });

  await t.test("observe cleans content added and changed later, and stops when disconnected", async () => {
    const result = await page.evaluate(async () => {
      const { observe } = window.utf8lensText;
      const tick = () => new Promise((ok) => setTimeout(ok, 0));
      const post = document.getElementById("post");
      const reports = [];
      const watcher = observe(document.body, { onChange: (report) => reports.push(report), bidi: "balance" });

      const comment = document.createElement("p");
      comment.id = "comment";
      comment.textContent = "new\u200Bcomment from a JS string \uD83D";
      post.append(comment);
      const reply = document.createElement("div");
      reply.innerHTML = '<p id="reply" title="re\u200Bply">\u202Eevil.exe</p>';
      post.append(reply);
      const words = document.getElementById("words").firstChild;
      words.data = "edited\u2060 text";
      document.getElementById("img").setAttribute("alt", "new\u200B alt");
      const script = document.createElement("script");
      script.type = "text/plain";
      script.textContent = "never\u200Btouched";
      post.append(script);
      await tick();
      const seen = {
        comment: comment.textContent,
        reply: document.getElementById("reply").textContent,
        replyTitle: document.getElementById("reply").title,
        words: words.data,
        alt: document.getElementById("img").alt,
        script: script.textContent,
        reports: reports.length,
        kinds: reports.flatMap((r) => r.targets.flatMap((x) => x.changes.map((c) => c.kind))).sort(),
      };
      watcher.disconnect();
      const late = document.createElement("p");
      late.textContent = "after\u200Bdisconnect";
      post.append(late);
      await tick();
      seen.late = late.textContent;
      seen.reportsAfter = reports.length;
      return seen;
    });
    assert.equal(result.comment, "newcomment from a JS string \uFFFD");
    // Balanced: the override is closed at the end of its text node, so it cannot reorder the page.
    assert.equal(result.reply, "\u202Eevil.exe\u202C");
    assert.equal(result.replyTitle, "reply");
    assert.equal(result.words, "edited text");
    assert.equal(result.alt, "new alt");
    assert.equal(result.script, "never\u200Btouched");
    assert.ok(result.reports >= 1);
    assert.deepEqual(result.kinds, ["bidi-unclosed", "invisible", "invisible", "invisible", "invisible", "lone-surrogate"]);
    assert.equal(result.late, "after\u200Bdisconnect");
    assert.equal(result.reportsAfter, result.reports);
  });

  await t.test("the page raised no errors", () => assert.deepEqual(problems, []));
}
