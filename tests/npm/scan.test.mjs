// The presets, the Sanitizer class and the `utf8lens scan` command of the installed package, end to
// end: the command is run as `npx utf8lens scan` would run it (node_modules/.bin/utf8lens, the
// package's "bin"), on files written to a temporary tree: exit codes, plain and --json output, --fix,
// --ignore, globs, a file with invalid UTF-8, a file with a bidi control, binary files.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Sanitizer, check, describeSanitizer, sanitize, scan } from "utf8lens/text";

const packageDir = dirname(fileURLToPath(import.meta.resolve("utf8lens/package.json")));
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

test("presets: display, identifier, code, prompt", () => {
  const text = "ad\u200Bmin\u202E \uFB01 \u{E0041}\u{E0042} a\uFE00 \u0007";
  assert.equal(sanitize(text).text, sanitize(text, { preset: "display" }).text);
  assert.equal(sanitize(text, { preset: "identifier" }).text, "admin fi  a ");
  const code = sanitize(text, { preset: "code" });
  assert.equal(code.text, text, "code rewrites nothing");
  assert.deepEqual(
    code.changes.map((c) => [c.kind, c.action]),
    [
      ["invisible", "flagged"],
      ["bidi-control", "flagged"],
      // The two tags spell "AB": the first reports the hidden text, the second is a tag.
      ["hidden-text", "flagged"],
      ["tag", "flagged"],
      ["variation-selector", "flagged"],
      ["control", "flagged"],
    ],
  );
  assert.equal(sanitize(text, { preset: "prompt" }).text, "admin \uFB01  a ");
  // An option given overrides the preset's.
  assert.equal(sanitize("a\u202Eb", { preset: "code", bidi: "remove" }).text, "ab");
  assert.throws(() => sanitize("x", { preset: "html" }), /option preset must be one of "display", "identifier", "code", "prompt"/);
});

test("check: findings with line and column, nothing changed", () => {
  const findings = check("let a = 1;\r\nlet b\u200B = 2;\n\u202E", { preset: "code" });
  assert.deepEqual(
    findings.map((f) => [f.kind, f.line, f.column, f.inputStart]),
    [
      ["invisible", 2, 6, 17],
      ["bidi-control", 3, 1, 24],
    ],
  );
  // Columns count code points; a lone surrogate is one, and the string path that keeps it is used.
  const lone = check("\u{1F600}x\uD800\u200B", { preset: "code" });
  assert.deepEqual(lone.map((f) => [f.kind, f.column]), [["lone-surrogate", 3], ["invisible", 4]]);
  // Bytes: columns of the characters; an invalid sequence counts as one.
  const bytes = check(new Uint8Array([0x61, 0xff, 0xe2, 0x80, 0xae]), { preset: "code" });
  assert.deepEqual(bytes.map((f) => [f.kind, f.column]), [["malformed", 2], ["bidi-control", 3]]);
  assert.equal(sanitize("a\u200B").changes[0].line, undefined, "sanitize does not locate");
});

test("Sanitizer: a vetted, frozen configuration with sanitize, check and describe", () => {
  const code = new Sanitizer("code");
  assert.equal(code.sanitize("x\u202E").text, "x\u202E");
  assert.equal(code.check("x\u202E")[0].column, 2);
  assert.ok(Object.isFrozen(code.options));
  const rules = code.describe();
  assert.match(rules[0], /Trojan Source/);
  assert.ok(rules.some((r) => /^Bidirectional controls.*flagged/.test(r)), rules.join("\n"));
  assert.ok(rules.some((r) => r === "Unicode normalisation: none."));
  assert.ok(new Sanitizer("identifier").describe().includes("Unicode normalisation: NFKC."));
  assert.deepEqual(new Sanitizer().describe(), describeSanitizer({ preset: "display" }));
  const custom = new Sanitizer({ preset: "prompt", lineEndings: "lf" });
  assert.equal(custom.sanitize("a\r\nb\u{E0041}").text, "a\nb");
  assert.throws(() => new Sanitizer("html"), (e) => e instanceof TypeError && /^Sanitizer: option preset/.test(e.message));
  assert.throws(() => new Sanitizer({ bidi: "keep" }), TypeError);
  assert.throws(() => new Sanitizer({ colour: "red" }), TypeError);
  assert.throws(() => new Sanitizer(5), TypeError);
  // Changing the object given afterwards changes nothing.
  const given = { preset: "code" };
  const kept = new Sanitizer(given);
  given.preset = "display";
  assert.equal(kept.sanitize("a\u202E").text, "a\u202E");
});

test("scan (the command's engine): findings, rules, the fix", () => {
  const bytes = new TextEncoder().encode("a\n\u202Eb\u200B");
  const result = scan(bytes, { fix: true });
  assert.deepEqual(
    result.findings.map((f) => [f.rule, f.kind, f.line, f.column, f.start, f.end, f.found]),
    [
      ["bidi", "bidi-control", 2, 1, 2, 5, "U+202E RIGHT-TO-LEFT OVERRIDE"],
      ["invisible", "invisible", 2, 3, 6, 9, "U+200B ZERO WIDTH SPACE"],
    ],
  );
  assert.deepEqual([...result.fixed], [0x61, 0x0a, 0x62]);
  assert.equal(scan(new TextEncoder().encode("clean\n"), { fix: true }).fixed, undefined);
  assert.equal(scan(bytes, { preset: "display" }).findings[0].action, "removed");
});

function tree() {
  const dir = mkdtempSync(join(tmpdir(), "utf8lens-scan-"));
  const write = (path, content) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  write("src/clean.js", "export const a = 1;\n");
  write("src/trojan.js", 'const access = "user\u202E \u2066// admin\u2069 \u2066";\nok();\n');
  write("src/latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6b, 0xff, 0x0a]));
  write("vendor/zw.js", "let x\u200B = 1;\n");
  write("image.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xe2, 0x80, 0xae]));
  return dir;
}

function run(cwd, ...args) {
  const bin = join(process.cwd(), "node_modules/.bin/utf8lens");
  const command = existsSync(bin) ? bin : join(packageDir, manifest.bin.utf8lens);
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("utf8lens scan: the installed command", async (t) => {
  assert.equal(manifest.bin.utf8lens, "./bin/utf8lens.js");
  assert.ok(existsSync(join(process.cwd(), "node_modules/.bin/utf8lens")), "npm linked the bin");
  const dir = tree();
  t.after(() => rmSync(dir, { recursive: true, force: true }));

  await t.test("plain output, file:line:column: rule: character, exit 1", () => {
    const r = run(dir, "scan", ".");
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(r.stdout.trim().split("\n"), [
      "src/latin1.txt:1:4: invalid-utf8: malformed UTF-8 (truncated) (bytes 3-4, replaced)",
      "src/latin1.txt:2:3: invalid-utf8: malformed UTF-8 (invalid-byte) (bytes 7-8, replaced)",
      "src/trojan.js:1:21: bidi: U+202E RIGHT-TO-LEFT OVERRIDE (bytes 20-23, flagged)",
      "src/trojan.js:1:23: bidi: U+2066 LEFT-TO-RIGHT ISOLATE (bytes 24-27, flagged)",
      "src/trojan.js:1:32: bidi: U+2069 POP DIRECTIONAL ISOLATE (bytes 35-38, flagged)",
      "src/trojan.js:1:34: bidi: U+2066 LEFT-TO-RIGHT ISOLATE (bytes 39-42, flagged)",
      "vendor/zw.js:1:6: invisible: U+200B ZERO WIDTH SPACE (bytes 5-8, flagged)",
    ]);
    assert.match(r.stderr, /7 finding\(s\) in 3 of 4 file\(s\) \(preset code; 1 binary file\(s\) skipped\)/);
  });

  await t.test("exit 0 on clean files; 2 on a missing path or a bad option", () => {
    assert.equal(run(dir, "scan", "src/clean.js").status, 0);
    assert.equal(run(dir, "scan", "missing.js").status, 2);
    assert.equal(run(dir, "scan", "--preset", "html", ".").status, 2);
    assert.equal(run(dir, "scan", "--frobnicate", ".").status, 2);
    assert.equal(run(dir, "scan").status, 2);
    assert.equal(run(dir, "lint", ".").status, 2);
    assert.equal(run(dir, "--help").status, 0);
  });

  await t.test("--json: the document's shape", () => {
    const r = run(dir, "scan", "--json", "src/trojan.js", "src/latin1.txt");
    assert.equal(r.status, 1);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(report).sort(), ["files", "findings", "fixed", "preset", "scanned", "skipped"]);
    assert.equal(report.preset, "code");
    assert.equal(report.scanned, 2);
    assert.equal(report.findings, 6);
    assert.deepEqual(report.files.map((f) => f.path), ["src/trojan.js", "src/latin1.txt"]);
    const first = report.files[0].findings[0];
    assert.deepEqual(Object.keys(first).sort(), ["action", "codePoint", "column", "end", "found", "kind", "line", "reason", "rule", "start"]);
    assert.equal(first.codePoint, 0x202e);
    assert.match(first.reason, /CVE-2021-42574/);
    const invalid = report.files[1].findings[1];
    assert.deepEqual([invalid.rule, invalid.start, invalid.end, invalid.line, invalid.column], ["invalid-utf8", 7, 8, 2, 3]);
  });

  await t.test("--ignore and globs", () => {
    const ignored = run(dir, "scan", "--json", "--ignore", "vendor", "--ignore=*.txt", ".");
    assert.deepEqual(JSON.parse(ignored.stdout).files.map((f) => f.path), ["src/trojan.js"]);
    const glob = run(dir, "scan", "--json", "src/**/*.js");
    assert.deepEqual(JSON.parse(glob.stdout).files.map((f) => f.path), ["src/trojan.js"]);
    assert.equal(JSON.parse(glob.stdout).scanned, 2);
    const braces = run(dir, "scan", "--json", "{src,vendor}/*.{js,txt}");
    assert.equal(JSON.parse(braces.stdout).scanned, 4);
  });

  await t.test("--fix rewrites with the preset's fix; a second scan finds nothing", () => {
    const r = run(dir, "scan", "--fix", "src", "vendor");
    assert.equal(r.status, 1, "what was found still fails the run");
    assert.match(r.stderr, /3 file\(s\) fixed/);
    assert.equal(readFileSync(join(dir, "src/trojan.js"), "utf8"), 'const access = "user // admin ";\nok();\n');
    assert.equal(readFileSync(join(dir, "vendor/zw.js"), "utf8"), "let x = 1;\n");
    assert.equal(readFileSync(join(dir, "src/latin1.txt"), "utf8"), "caf\uFFFD\nok\uFFFD\n");
    const again = run(dir, "scan", ".");
    assert.equal(again.status, 0, again.stdout);
    assert.equal(readFileSync(join(dir, "image.png")).length, 9, "binary files are not touched");
  });
});

// scan's ASCII route (text/exports.js) answers "no findings" without WebAssembly for ASCII files with
// no controls; adding any option but preset and fix forces the WebAssembly route, whose answer must
// be the same for every file, ASCII or not.
test("scan: the ASCII route and the WebAssembly route agree", async () => {
  const { generator, propertySeed } = await import("./support.mjs");
  const rng = generator(propertySeed() ^ 0x5ca);
  const pieces = ["let x = 1;", "\n", "\r\n", "\r", "\t", " ", "fn main() {}", "\u0007", "\u0000", "\u007f", "\u001b[0m", "é", "\u202e", "p\u0430ypal", "\u200b"];
  for (let i = 0; i < 400; i++) {
    let text = "";
    const asciiOnly = i % 2 === 0;
    while (text.length < rng.below(3000)) {
      const piece = rng.pick(pieces);
      if (asciiOnly && (/[^\x00-\x7f]/.test(piece) || /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(piece)) && i % 4 === 0) continue;
      text += piece;
    }
    const bytes = new TextEncoder().encode(text);
    for (const preset of ["display", "identifier", "code", "prompt", undefined]) {
      for (const fix of [false, true]) {
        const options = preset === undefined ? (fix ? { fix } : undefined) : { preset, fix };
        const viaWasm = scan(bytes, { ...(options ?? {}), preset: preset ?? "code", lineEndings: "keep" });
        assert.deepEqual(scan(bytes, options), viaWasm, `${JSON.stringify(text.slice(0, 60))} ${preset} ${fix}`);
      }
    }
  }
  // Every ASCII byte, in each of the four lanes of a word, at the unaligned head, in the middle and
  // in the tail, for each alignment of the view: the four-bytes-at-a-time check of the ASCII route
  // finds exactly the controls the WebAssembly route reports.
  const backing = new Uint8Array(4 + 301);
  for (let offset = 0; offset < 4; offset++) {
    for (const at of [0, 1, 2, 3, 4, 5, 6, 7, 148, 149, 150, 151, 297, 298, 299, 300]) {
      for (let b = 0; b < 0x80; b++) {
        const bytes = backing.subarray(offset, offset + 301).fill(0x61);
        bytes[at] = b;
        const expected = scan(bytes, { preset: "code", lineEndings: "keep" }).findings.length > 0;
        assert.equal(scan(bytes).findings.length > 0, expected, `byte ${b} at ${at}, view offset ${offset}`);
      }
    }
  }
  assert.throws(() => scan(new Uint8Array(1000).fill(0x41), { preset: "html" }), TypeError, "a bad preset still throws");
  assert.throws(() => scan(new Uint8Array(1000).fill(0x41), { presett: "code" }), TypeError, "an unknown key still throws");
});
