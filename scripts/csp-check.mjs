// Checks the Content-Security-Policy of the built inspector in headless Chromium:
//
//   node scripts/csp-check.mjs [DIST_DIR]      # default: dist
//
// Serves DIST_DIR on 127.0.0.1 with no policy header of its own, so that only the
// <meta http-equiv="Content-Security-Policy"> of index.html applies, and checks that
//   1. the page declares the policy, and it allows only what the app needs: its own scripts and
//      'wasm-unsafe-eval', nothing inline, nothing from another origin;
//   2. the app still starts under it (the WebAssembly module renders the inspector) with no
//      policy violation while it loads and works;
//   3. the policy is in force: an inline script, eval, a script or image from another origin
//      and an inline style attribute are all refused.
// Uses playwright-core from scripts/e2e (no browser download: $CHROMIUM, default /usr/bin/chromium).
// Ends with "csp: N passed, M failed" (and adds the counts to its stage's in scripts/test.sh).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { counts } from "./counts.mjs";
import { chromiumFlags } from "../tools/versions.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const { chromium } = createRequire(join(here, "e2e", "package.json"))("playwright-core");
const distDir = resolve(process.argv[2] ?? "dist");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

/** A same-origin script the check adds to the page, so that eval is tried by page code (code that
 * the DevTools protocol evaluates is exempt from the policy). */
const EVAL_PROBE = `try { eval("1 + 1"); window.__evalResult = "ran"; } catch (error) { window.__evalResult = error.name; }`;

function serve(root) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (path === "/__csp-eval-probe.js") {
      return response.writeHead(200, { "content-type": TYPES[".js"] }).end(EVAL_PROBE);
    }
    const file = resolve(join(root, path.endsWith("/") ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

let passed = 0;
let failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`csp: ${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
}

/** The directives of a policy string, as a map of name -> sources. */
function directives(policy) {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const server = await serve(distDir);
const origin = `http://127.0.0.1:${server.address().port}`;
let browser;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // The tests' flags (tools/versions.env). playwright gives every launch a fresh profile of its own.
    args: chromiumFlags,
  });
  const page = await browser.newPage();
  const consoleErrors = [];
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${origin}/`);

  // 1. The declared policy.
  const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content).catch(() => "");
  const d = directives(policy);
  const scriptSrc = d.get("script-src") ?? d.get("default-src") ?? [];
  check("index.html declares a Content-Security-Policy", policy !== "", policy);
  check(
    "scripts: only the app's own, plus 'wasm-unsafe-eval'",
    scriptSrc.length === 2 && scriptSrc.includes("'self'") && scriptSrc.includes("'wasm-unsafe-eval'"),
    scriptSrc.join(" "),
  );
  const everything = [...d.values()].flat();
  check(
    "nothing inline, no eval, no other origin anywhere in the policy",
    !everything.some((s) => ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:", "http:", "https:"].includes(s) || /^https?:\/\//.test(s)),
    everything.filter((s) => s !== "'self'" && s !== "'none'" && s !== "'wasm-unsafe-eval'").join(" ") || "only 'self', 'none' and 'wasm-unsafe-eval'",
  );
  check("default-src 'none' (anything not listed is refused)", (d.get("default-src") ?? []).join(" ") === "'none'");

  // 2. The app runs under it: the WebAssembly module renders the inspector and reacts to input.
  const rendered = await page
    .waitForFunction(() => document.body.querySelectorAll("*").length > 5 && !!document.querySelector("textarea, input"), null, { timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  check("the app starts (the WebAssembly module renders the inspector)", rendered);
  if (rendered) {
    const field = page.locator("textarea, input[type=text]").first();
    await field.fill("Grüße \u202E <b>x</b>").catch(() => {});
    await page.waitForTimeout(500);
  }
  const violations = await page.evaluate(() => window.__violations.slice());
  check("no policy violation while the app loads and works", violations.length === 0, violations.join(", "));
  const blockedByPolicy = consoleErrors.filter((e) => /Content Security Policy/i.test(e));
  check("no console error about the policy", blockedByPolicy.length === 0, blockedByPolicy.join(" | ").slice(0, 300));

  // 3. In force: what the policy exists to stop is stopped.
  const probes = await page.evaluate(async () => {
    const before = window.__violations.length;
    const inline = document.createElement("script");
    inline.textContent = "window.__inlineRan = true;";
    document.head.append(inline);
    const probe = document.createElement("script");
    probe.src = "/__csp-eval-probe.js";
    const probed = new Promise((ok) => {
      probe.onload = probe.onerror = ok;
    });
    document.head.append(probe);
    await probed;
    const evalResult = window.__evalResult ?? "the probe did not run";
    const external = document.createElement("script");
    external.src = "https://example.invalid/x.js";
    const externalBlocked = new Promise((ok) => {
      external.onerror = () => ok(true);
      external.onload = () => ok(false);
    });
    document.head.append(external);
    const styled = document.createElement("div");
    styled.setAttribute("style", "width: 123px");
    document.body.append(styled);
    await new Promise((ok) => setTimeout(ok, 300));
    const width = styled.getBoundingClientRect().width;
    styled.remove();
    return {
      inlineRan: window.__inlineRan === true,
      evalResult,
      externalBlocked: await externalBlocked,
      inlineStyleApplied: width === 123,
      violations: window.__violations.slice(before),
    };
  });
  check("an inline script is refused", !probes.inlineRan);
  check("eval is refused", probes.evalResult === "EvalError", probes.evalResult);
  check("a script from another origin is refused", probes.externalBlocked);
  check("an inline style attribute is refused", !probes.inlineStyleApplied);
  check("each refusal is reported as a violation", probes.violations.length >= 3, probes.violations.join(", "));
} catch (error) {
  check("the check ran", false, error.stack ?? String(error));
} finally {
  await browser?.close();
  server.close();
}
console.log(`csp: ${passed} passed, ${failed} failed`);
counts(passed, failed);
process.exitCode = failed === 0 ? 0 : 1;
