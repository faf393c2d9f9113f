// The npm package in every runtime and bundler a user has (issue 14 §5, §7.1, §7.2, §7.5, §7.6): the
// packed tarball installed into target/runtimes/consumer, and the same checks (checks.js, answers
// against the engine's own TextDecoder/TextEncoder) run
//   - in Node 20 (this Node) and Node 22 (npm's node), by import and by require, the latter also with
//     require(esm) switched off (what Node before 20.19 and 22.12 and Jest do), so node.cjs is used;
//   - in Jest (npm's jest), by require and by import (--experimental-vm-modules);
//   - in Deno without permissions and in Bun (their npm packages);
//   - in workerd (Cloudflare Workers' runtime), bundled as wrangler bundles (esbuild, "workerd" condition);
//   - on a page and in a Web Worker of a small app built by Vite, webpack 5, esbuild, Rollup and
//     `bun build` with their defaults (Rollup with @rollup/plugin-node-resolve, without which it
//     resolves no npm package; Vite with worker.format "es"), in headless Chromium; esbuild's, Rollup's
//     and Bun's Node bundles run in Node, copied away from any node_modules;
//   - on a plain page with an import map in Chromium, Firefox ESR (puppeteer-core over WebDriver BiDi)
//     and WebKitGTK (WebKitWebDriver over WebDriver classic, under Xvfb);
//   - with the build without SIMD forced (globalThis.UTF8LENS_SIMD = false) in a copy of the package
//     whose SIMD builds are corrupted, so that the checks pass only if the other build was loaded.
// Run by scripts/test-runtimes.sh, which sets RUNTIMES_DIR, UTF8LENS_TARBALL and UTF8LENS_ROOT.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { webDriverCommand } from "../../scripts/e2e/webdriver.mjs";

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = process.env.UTF8LENS_ROOT ?? join(HERE, "../..");
const WORK = process.env.RUNTIMES_DIR ?? join(ROOT, "target/runtimes");
const TARBALL = process.env.UTF8LENS_TARBALL;
const BIN = join(HERE, "node_modules/.bin");
const CONSUMER = join(WORK, "consumer");
const NOSIMD = join(WORK, "nosimd");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FIREFOX = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const CHROMIUM_FLAGS = /^CHROMIUM_FLAGS="(.*)"$/m.exec(readFileSync(join(ROOT, "tools/versions.env"), "utf8"))[1].split(" ");
const TIMEOUT = 120_000;
// Deno: no update check (there is no network here).
process.env.DENO_NO_UPDATE_CHECK = "1";

/** Runs a command; its stdout's RESULT line parsed (the checks' { passed, failed, failures }). */
async function result(file, args, options = {}) {
  let stdout, stderr;
  try {
    ({ stdout, stderr } = await run(file, args, { timeout: TIMEOUT, maxBuffer: 1 << 24, ...options }));
  } catch (error) {
    throw new Error(`${file} ${args.join(" ")} failed:\n${error.stdout}\n${error.stderr}`);
  }
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  assert.ok(line, `no RESULT line in:\n${stdout}\n${stderr}`);
  return { ...JSON.parse(line.slice(7)), stdout };
}

function assertPassed(outcome, where) {
  assert.deepEqual(outcome.failures, [], `${where}: ${outcome.failures.join("\n")}`);
  assert.ok(outcome.passed > 40, `${where}: only ${outcome.passed} checks ran`);
}

/** A runtime script: imports (or requires) `lib`, `text` and `detect`, runs the checks, prints RESULT. */
function script({ lib = "utf8lens", text = "utf8lens/text", detect = "utf8lens/detect", nosimd = false, cjs = false }) {
  const force = nosimd ? "globalThis.UTF8LENS_SIMD = false;\n" : "";
  if (cjs) {
    return `${force}const lib = require("${lib}");\nconst text = require("${text}");\nconst detect = require("${detect}");\n` +
      `const entry = require.resolve("${lib}");\n` +
      `import("./checks.js").then(({ runChecks }) => console.log("RESULT " + JSON.stringify({ ...runChecks(lib, text, detect), entry })));\n`;
  }
  return `${force}const lib = await import("${lib}");\nconst text = await import("${text}");\nconst detect = await import("${detect}");\n` +
    `const { runChecks } = await import("./checks.js");\nconsole.log("RESULT " + JSON.stringify(runChecks(lib, text, detect)));\n`;
}

function write(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** The app's sources for one bundler: LIB, TEXT, DETECT and WORKER filled in. */
function appSources(dir, { lib, text, detect, worker }) {
  const fill = (name) =>
    readFileSync(join(HERE, "app", name), "utf8").replaceAll('"LIB"', JSON.stringify(lib)).replaceAll('"TEXT"', JSON.stringify(text))
      .replaceAll('"DETECT"', JSON.stringify(detect)).replace("= WORKER;", `= ${worker};`);
  write(join(dir, "src/index.js"), fill("main.js"));
  write(join(dir, "src/worker.js"), fill("worker.js"));
  write(join(dir, "src/node.js"), fill("node.js"));
  cpSync(join(HERE, "checks.js"), join(dir, "src/checks.js"));
}

const page = (script, type = "module") =>
  `<!doctype html><meta charset="utf-8"><title>utf8lens</title><script type="${type}" src="${script}"></script>\n`;

// --- a static server over the work directory, for the browsers ---------------------------------------
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
const servers = [];
let origin;

before(async () => {
  assert.ok(TARBALL && existsSync(TARBALL), "UTF8LENS_TARBALL names the packed package");
  rmSync(WORK, { recursive: true, force: true });
  write(join(CONSUMER, "package.json"), '{ "name": "utf8lens-runtimes-consumer", "private": true, "type": "module" }\n');
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", TARBALL], { cwd: CONSUMER, timeout: TIMEOUT });
  cpSync(join(HERE, "checks.js"), join(CONSUMER, "checks.js"));
  // The plain page: an import map, no bundler.
  write(join(CONSUMER, "plain/index.html"), `<!doctype html><meta charset="utf-8"><title>utf8lens</title>
<script>if (location.search === "?nosimd") globalThis.UTF8LENS_SIMD = false;</script>
<script type="importmap">{ "imports": { "utf8lens": "../node_modules/utf8lens/browser.js", "utf8lens/text": "../node_modules/utf8lens/text/browser.js", "utf8lens/detect": "../node_modules/utf8lens/detect/browser.js" } }</script>
<script type="module">
import * as lib from "utf8lens";
import * as text from "utf8lens/text";
import * as detect from "utf8lens/detect";
import { runChecks } from "../checks.js";
window.__utf8lensResult = { page: runChecks(lib, text, detect) };
</script>\n`);
  origin = await serve(CONSUMER, { "/nosimd/": NOSIMD });
});

/** A static server on 127.0.0.1 over `root` (and `mounts`: path prefix -> directory); its origin. */
async function serve(root, mounts = {}) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const mount = Object.keys(mounts).find((prefix) => path.startsWith(prefix));
    const base = mount ? mounts[mount] : root;
    const file = join(base, mount ? path.slice(mount.length - 1) : path, path.endsWith("/") ? "index.html" : "");
    if (!file.startsWith(base) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
    // ?csp=strict and ?csp=wasm: the page under a strict Content-Security-Policy, without and with
    // 'wasm-unsafe-eval' (the README says the second is needed).
    const csp = new URL(request.url, "http://x").searchParams.get("csp");
    if (csp) headers["content-security-policy"] = `default-src 'self'; script-src 'self'${csp === "wasm" ? " 'wasm-unsafe-eval'" : ""}`;
    response.writeHead(200, headers).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

after(() => servers.forEach((server) => server.close()));

// --- Node, Deno, Bun ------------------------------------------------------------------------------------
const NODE22 = join(BIN, "node");

describe("runtimes", () => {
  const runtimes = [
    ["Node 20 (this Node), import", process.execPath, (f) => [f]],
    ["Node 22 (npm's node), import", NODE22, (f) => [f]],
    ["Deno, no permissions", join(BIN, "deno"), (f) => ["run", "--no-prompt", f]],
    ["Bun", join(BIN, "bun"), (f) => [f]],
  ];
  for (const [name, bin, args] of runtimes) {
    test(name, async () => {
      const file = join(CONSUMER, "runtime.mjs");
      if (!existsSync(file)) write(file, script({}));
      assertPassed(await result(bin, args(file), { cwd: CONSUMER }), name);
    });
  }
  test("the version of each runtime", async () => {
    const versions = {};
    for (const [name, bin] of runtimes) versions[name] = (await run(bin, ["--version"])).stdout.trim();
    console.log(`versions: ${JSON.stringify(versions)}`);
    assert.match(versions["Node 22 (npm's node), import"], /^v22\./);
  });
  for (const [name, bin] of [["Node 20", process.execPath], ["Node 22", NODE22]]) {
    test(`${name}, require (CommonJS)`, async () => {
      write(join(CONSUMER, "runtime.cjs"), script({ cjs: true }));
      const outcome = await result(bin, [join(CONSUMER, "runtime.cjs")], { cwd: CONSUMER });
      assertPassed(outcome, `${name} require`);
    });
    test(`${name}, require with require(esm) off: node.cjs`, async () => {
      const outcome = await result(bin, ["--no-experimental-require-module", join(CONSUMER, "runtime.cjs")], { cwd: CONSUMER });
      assertPassed(outcome, `${name} require, require(esm) off`);
      assert.match(outcome.entry, /node\.cjs$/);
    });
  }
  // Jest (npm's jest, its defaults): a CommonJS test file, which Jest runs through its own module
  // registry (require(esm) never applies there, so node.cjs is what it loads), and an ES module
  // test file under --experimental-vm-modules, the flag Jest's documentation asks for ES modules.
  // checks.js is an ES module: the CommonJS test gets a copy with module.exports.
  test("Jest, require (CommonJS) and import (ES modules)", async () => {
    const dir = join(CONSUMER, "jest");
    const checks = readFileSync(join(HERE, "checks.js"), "utf8");
    write(join(dir, "checks.cjs"), checks.replace("export function runChecks", "function runChecks") + "\nmodule.exports = { runChecks };\n");
    cpSync(join(HERE, "checks.js"), join(dir, "checks.mjs"));
    const body = (where) => `test("the checks, ${where}", () => {
  const outcome = runChecks(lib, text, detect);
  expect(outcome.failures).toEqual([]);
  expect(outcome.passed).toBeGreaterThan(40);
  console.log("JEST ${where} " + JSON.stringify({ passed: outcome.passed }));
});
`;
    write(join(dir, "require.test.cjs"), `const lib = require("utf8lens");
const text = require("utf8lens/text");
const detect = require("utf8lens/detect");
const { runChecks } = require("./checks.cjs");
test("require resolves node.cjs", () => expect(require.resolve("utf8lens")).toMatch(/node\\.cjs$/));
${body("require")}`);
    write(join(dir, "import.test.mjs"), `import * as lib from "utf8lens";
import * as text from "utf8lens/text";
import * as detect from "utf8lens/detect";
import { runChecks } from "./checks.mjs";
${body("import")}`);
    const jest = join(BIN, "jest");
    const common = ["--ci", "--rootDir", dir, "--cacheDirectory", join(WORK, "jest-cache"), "--runTestsByPath"];
    for (const [file, env] of [["require.test.cjs", {}], ["import.test.mjs", { NODE_OPTIONS: "--experimental-vm-modules" }]]) {
      let output;
      try {
        const { stdout, stderr } = await run(process.execPath, [jest, ...common, join(dir, file)], { cwd: dir, timeout: TIMEOUT, env: { ...process.env, ...env } });
        output = stdout + stderr;
      } catch (error) {
        throw new Error(`jest ${file} failed:\n${error.stdout}\n${error.stderr}`);
      }
      assert.match(output, /Test Suites: 1 passed, 1 total/, output);
      assert.match(output, /Tests: +2 passed, 2 total|Tests: +1 passed, 1 total/, output);
      assert.match(output, file.endsWith(".cjs") ? /JEST require/ : /JEST import/, output);
    }
  });
  test("Node 20, utf8lens/inline and utf8lens/init", async () => {
    write(join(CONSUMER, "runtime-inline.mjs"), script({ lib: "utf8lens/inline", text: "utf8lens/text/inline", detect: "utf8lens/detect/inline" }));
    assertPassed(await result(process.execPath, [join(CONSUMER, "runtime-inline.mjs")], { cwd: CONSUMER }), "inline");
    write(join(CONSUMER, "runtime-init.mjs"), `import { readFileSync } from "node:fs";
const lib = await import("utf8lens/init");
const text = await import("utf8lens/text/init");
const detect = await import("utf8lens/detect/init");
const dir = new URL("./node_modules/utf8lens/", import.meta.url);
lib.initSync(readFileSync(new URL("wasm/utf8lens_bg.wasm", dir)));
await text.init(readFileSync(new URL("text/wasm/utf8lens_text_bg.wasm", dir)));
detect.initSync(readFileSync(new URL("detect/wasm/utf8lens_detect_bg.wasm", dir)));
const { runChecks } = await import("./checks.js");
console.log("RESULT " + JSON.stringify(runChecks(lib, text, detect)));
`);
    assertPassed(await result(process.execPath, [join(CONSUMER, "runtime-init.mjs")], { cwd: CONSUMER }), "init");
  });
});

// --- the build without SIMD -----------------------------------------------------------------------------
describe("the build without SIMD, forced", () => {
  before(() => {
    // A copy of the consumer whose SIMD builds are junk: the checks pass only from the other build.
    cpSync(CONSUMER, NOSIMD, { recursive: true });
    const pkg = join(NOSIMD, "node_modules/utf8lens");
    for (const file of ["wasm/utf8lens_bg.wasm", "text/wasm/utf8lens_text_bg.wasm", "detect/wasm/utf8lens_detect_bg.wasm"]) {
      writeFileSync(join(pkg, file), "not wasm");
    }
    for (const file of ["wasm/utf8lens_bg.inline.js", "text/wasm/utf8lens_text_bg.inline.js", "detect/wasm/utf8lens_detect_bg.inline.js"]) {
      const inline = readFileSync(join(pkg, file), "utf8");
      writeFileSync(join(pkg, file), inline.replace(/wasmSimd = "[^"]*"/, 'wasmSimd = "bm90IHdhc20="'));
    }
  });
  const cases = [
    ["Node, import", "runtime-nosimd.mjs", script({ nosimd: true })],
    ["Node, utf8lens/inline", "runtime-nosimd-inline.mjs", script({ nosimd: true, lib: "utf8lens/inline", text: "utf8lens/text/inline", detect: "utf8lens/detect/inline" })],
    ["Node, require (node.cjs)", "runtime-nosimd.cjs", script({ nosimd: true, cjs: true })],
  ];
  for (const [name, file, source] of cases) {
    test(name, async () => {
      write(join(NOSIMD, file), source);
      const args = file.endsWith(".cjs") ? ["--no-experimental-require-module"] : [];
      assertPassed(await result(process.execPath, [...args, join(NOSIMD, file)], { cwd: NOSIMD }), name);
    });
  }
  test("the SIMD build really is junk in the copy", async () => {
    write(join(NOSIMD, "runtime.mjs"), script({}));
    await assert.rejects(result(process.execPath, [join(NOSIMD, "runtime.mjs")], { cwd: NOSIMD }));
  });
  test("Chromium, plain page", async () => {
    const outcome = await inPuppeteer("chrome", CHROMIUM, `${origin}/nosimd/plain/?nosimd`);
    assertPassed(outcome.page, "Chromium without SIMD");
  });
});

// --- browsers -------------------------------------------------------------------------------------------
let puppeteer;
async function inPuppeteer(browser, executablePath, url, wait = 60_000) {
  puppeteer ??= (await import("puppeteer-core")).default;
  const options = browser === "firefox"
    ? { browser, executablePath, headless: true, protocol: "webDriverBiDi", extraPrefsFirefox: { "network.proxy.type": 0 } }
    : { browser, executablePath, headless: true, args: CHROMIUM_FLAGS.filter((f) => f !== "--headless") };
  const instance = await puppeteer.launch({ ...options, timeout: TIMEOUT });
  try {
    const tab = await instance.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    // An uncaught error on the page ends the wait at once.
    const failed = new Promise((_, reject) => tab.on("pageerror", reject));
    failed.catch(() => {});
    await tab.goto(url);
    try {
      await Promise.race([tab.waitForFunction(() => window.__utf8lensResult, { timeout: wait }), failed]);
    } catch (error) {
      throw Object.assign(new Error(`${url}: no result (${errors.join("; ") || error.message})`), { errors });
    }
    return await tab.evaluate(() => window.__utf8lensResult);
  } finally {
    await instance.close();
  }
}

describe("browsers, plain page with an import map", () => {
  test("Chromium", async () => assertPassed((await inPuppeteer("chrome", CHROMIUM, `${origin}/plain/`)).page, "Chromium"));
  test("Firefox ESR (WebDriver BiDi)", async () => {
    assertPassed((await inPuppeteer("firefox", FIREFOX, `${origin}/plain/`)).page, "Firefox");
  });
  test("WebKitGTK (WebKitWebDriver under Xvfb)", async () => assertPassed((await inWebKit(`${origin}/plain/`)).page, "WebKit"));
});

/**
 * The page's result in WebKitGTK's MiniBrowser, in up to three tries. One CI run on a fresh machine
 * got no result from WebKitGTK while every other browser passed, so a try that ends with no result
 * (the driver not up, no session, the page silent) is said in the log and made again. A result
 * whose checks fail is not tried again: assertPassed sees the first one.
 */
async function inWebKit(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await webKitOnce(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`# webkit: try ${attempt} got no result, trying again: ${error.message.split("\n")[0]}`);
    }
  }
}

/** The page in WebKitGTK's MiniBrowser, driven by WebKitWebDriver over WebDriver classic (plain fetch). */
async function webKitOnce(url) {
  const port = 4444 + Math.floor(Math.random() * 1000);
  // A process group of its own: xvfb-run, Xvfb and WebKitWebDriver are all ended together below.
  const driver = spawn("xvfb-run", ["--auto-servernum", WEBKIT_DRIVER, `--port=${port}`], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  driver.stdout.on("data", (d) => (log += d));
  driver.stderr.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body, ms = TIMEOUT) => {
    const { ok, json } = await webDriverCommand(base, method, path, body, ms);
    if (!ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}\n${log}`);
    return json.value;
  };
  try {
    // This stage is the first to start WebKitGTK on a fresh machine, where its libraries are read from
    // a cold disk: the driver gets a minute to answer, not the 10 s it had.
    const start = Date.now();
    for (;;) {
      try {
        await call("GET", "/status", undefined, 2_000);
        break;
      } catch (error) {
        if (Date.now() - start > 60_000) throw new Error(`WebKitWebDriver did not start in 60 s: ${error.message}\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const session = await call("POST", "/session", {
      capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
    });
    const id = session.sessionId;
    try {
      await call("POST", `/session/${id}/url`, { url });
      for (let i = 0; i < 600; i++) {
        const value = await call("POST", `/session/${id}/execute/sync`, { script: "return window.__utf8lensResult ?? null", args: [] });
        if (value) return value;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("no result in 60 s");
    } finally {
      await call("DELETE", `/session/${id}`).catch(() => {});
    }
  } finally {
    try {
      process.kill(-driver.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// --- bundlers -------------------------------------------------------------------------------------------
const MODULE_WORKER = 'new Worker(new URL("./worker.js", import.meta.url), { type: "module" })';
const BUNDLERS = [
  {
    name: "Vite",
    lib: "utf8lens",
    text: "utf8lens/text",
    detect: "utf8lens/detect",
    worker: MODULE_WORKER,
    async build(dir) {
      write(join(dir, "index.html"), page("/src/index.js"));
      // The one line of configuration (the README's): Vite builds workers as iife by default, which
      // cannot hold the entry's top-level await.
      write(join(dir, "vite.config.js"), 'export default { worker: { format: "es" } };\n');
      await run(join(BIN, "vite"), ["build", "--logLevel", "warn"], { cwd: dir, timeout: TIMEOUT });
    },
    node: null,
  },
  {
    name: "webpack 5",
    lib: "utf8lens",
    text: "utf8lens/text",
    detect: "utf8lens/detect",
    worker: MODULE_WORKER,
    async build(dir) {
      // webpack's defaults (entry ./src/index.js, output dist/main.js), only the mode said aloud.
      await run(process.execPath, ["-e", `
        require(${JSON.stringify(join(HERE, "node_modules/webpack"))})({ mode: "production" }, (error, stats) => {
          if (error || stats.hasErrors()) { console.error(error ?? stats.toString("errors-only")); process.exit(1); }
        });`], { cwd: dir, timeout: TIMEOUT });
      write(join(dir, "dist/index.html"), page("main.js", "text/javascript"));
    },
    node: null,
  },
  {
    name: "esbuild",
    lib: "utf8lens/inline",
    text: "utf8lens/text/inline",
    detect: "utf8lens/detect/inline",
    worker: 'new Worker("./worker.js")',
    async build(dir) {
      await run(join(BIN, "esbuild"), ["src/index.js", "src/worker.js", "--bundle", "--outdir=dist", "--log-level=warning"], { cwd: dir, timeout: TIMEOUT });
      write(join(dir, "dist/index.html"), page("index.js", "text/javascript"));
    },
    async node(dir) {
      await run(join(BIN, "esbuild"), ["src/node.js", "--bundle", "--platform=node", "--outfile=node-dist/app.js", "--log-level=warning"], { cwd: dir, timeout: TIMEOUT });
      return join(dir, "node-dist/app.js");
    },
  },
  {
    name: "Rollup",
    lib: "utf8lens/inline",
    text: "utf8lens/text/inline",
    detect: "utf8lens/detect/inline",
    worker: 'new Worker(new URL("./worker.js", import.meta.url), { type: "module" })',
    async build(dir) {
      await run(join(BIN, "rollup"), ["-p", "@rollup/plugin-node-resolve", "src/index.js", "src/worker.js", "-d", "dist", "--silent"], { cwd: dir, timeout: TIMEOUT });
      write(join(dir, "dist/index.html"), page("index.js"));
    },
    async node(dir) {
      await run(join(BIN, "rollup"), ["-p", "@rollup/plugin-node-resolve", "src/node.js", "-o", "node-dist/app.mjs", "--silent"], { cwd: dir, timeout: TIMEOUT });
      return join(dir, "node-dist/app.mjs");
    },
  },
  {
    name: "bun build",
    lib: "utf8lens/inline",
    text: "utf8lens/text/inline",
    detect: "utf8lens/detect/inline",
    worker: MODULE_WORKER,
    async build(dir) {
      await run(join(BIN, "bun"), ["build", "src/index.js", "src/worker.js", "--outdir=dist"], { cwd: dir, timeout: TIMEOUT });
      write(join(dir, "dist/index.html"), page("index.js"));
    },
    async node(dir) {
      await run(join(BIN, "bun"), ["build", "src/node.js", "--target=node", "--outfile=node-dist/app.mjs"], { cwd: dir, timeout: TIMEOUT });
      return join(dir, "node-dist/app.mjs");
    },
  },
];

describe("bundlers: the app on a page and in a Web Worker in Chromium, and Node bundles", () => {
  for (const bundler of BUNDLERS) {
    const dir = join(CONSUMER, "apps", bundler.name.replace(/\W+/g, "-").toLowerCase());
    test(`${bundler.name}, browser`, async () => {
      appSources(dir, bundler);
      await bundler.build(dir);
      // Served from the root of an origin of its own, as it would be deployed.
      const outcome = await inPuppeteer("chrome", CHROMIUM, `${await serve(join(dir, "dist"))}/`);
      assertPassed(outcome.page, `${bundler.name} page`);
      assert.ok(!outcome.worker.error, `${bundler.name} worker: ${outcome.worker.error}`);
      assertPassed(outcome.worker, `${bundler.name} worker`);
    });
    if (bundler.node) {
      test(`${bundler.name}, Node bundle`, async () => {
        appSources(dir, bundler);
        const bundle = await bundler.node(dir);
        // The bundle runs from elsewhere, with no node_modules near it.
        const elsewhere = join(WORK, "elsewhere", bundler.name);
        mkdirSync(elsewhere, { recursive: true });
        const moved = join(elsewhere, bundle.split("/").pop());
        cpSync(bundle, moved);
        assertPassed(await result(process.execPath, [moved], { cwd: elsewhere }), `${bundler.name} Node bundle`);
      });
    }
  }
});

// --- Cloudflare Workers -------------------------------------------------------------------------------
test("workerd: the Worker bundled as wrangler bundles it, in workerd's test mode", async () => {
  const dir = join(CONSUMER, "apps/workerd");
  write(join(dir, "src/worker.js"), readFileSync(join(HERE, "app/workerd.js"), "utf8"));
  cpSync(join(HERE, "checks.js"), join(dir, "src/checks.js"));
  // wrangler's conditions and its .wasm rule (a module of its own, imported as a WebAssembly.Module).
  await run(join(BIN, "esbuild"), ["src/worker.js", "--bundle", "--format=esm", "--platform=neutral",
    "--conditions=workerd,worker,browser", "--main-fields=module,main", "--loader:.wasm=copy", "--outdir=dist", "--log-level=warning"], { cwd: dir, timeout: TIMEOUT });
  const wasm = readdirSync(join(dir, "dist")).filter((f) => f.endsWith(".wasm"));
  assert.equal(wasm.length, 3, "the three modules' .wasm files are imported");
  const modules = [`(name = "worker.js", esModule = embed "dist/worker.js")`, ...wasm.map((f) => `(name = "${f}", wasm = embed "dist/${f}")`)];
  write(join(dir, "config.capnp"), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
);
const worker :Workerd.Worker = (
  modules = [ ${modules.join(", ")} ],
  compatibilityDate = "2025-01-01",
);
`);
  const { stdout, stderr } = await run(join(BIN, "workerd"), ["test", "config.capnp"], { cwd: dir, timeout: TIMEOUT }).catch((error) => {
    throw new Error(`workerd test failed:\n${error.stdout}\n${error.stderr}`);
  });
  const line = (stdout + stderr).split("\n").find((l) => l.includes("RESULT "));
  assert.ok(line, `no RESULT from workerd:\n${stdout}\n${stderr}`);
  assertPassed(JSON.parse(line.slice(line.indexOf("RESULT ") + 7)), "workerd");
});

// --- Content-Security-Policy ----------------------------------------------------------------------------
describe("a strict Content-Security-Policy (the esbuild app, Chromium)", () => {
  const url = (csp) => `${origin}/apps/esbuild/dist/index.html?csp=${csp}`;
  test("with 'wasm-unsafe-eval' the package loads", async () => {
    assertPassed((await inPuppeteer("chrome", CHROMIUM, url("wasm"))).page, "CSP with wasm-unsafe-eval");
  });
  test("without it the browser refuses to compile the module", async () => {
    const error = await inPuppeteer("chrome", CHROMIUM, url("strict"), 5_000).then(() => null, (e) => e);
    assert.ok(error, "the page ran under script-src 'self' alone");
    assert.match(String(error.errors), /CompileError|WebAssembly|unsafe-eval/);
  });
});
