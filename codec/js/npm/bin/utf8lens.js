#!/usr/bin/env node
// `utf8lens scan`: checks files for invalid UTF-8, bidirectional controls (Trojan Source), invisible
// characters and the rest of what the sanitiser's preset finds, for CI and pre-commit hooks. A thin
// layer: the finding, locating and fixing is the WebAssembly `scan` of utf8lens/text (Rust,
// codec/src/sanitize/scan.rs); this file only finds the files, reads and writes them, and prints.
//
//   npx utf8lens scan [--preset code|display|identifier|prompt] [--json] [--fix] [--ignore GLOB]... PATH|GLOB...
//
// Exit status: 0 when nothing was found, 1 when something was (also with --fix, which rewrites the
// files: a CI step or a hook still fails, and the fix is there to commit), 2 for a usage error or a
// file that could not be read.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { scan } from "../text/node.js";

const USAGE = `usage: utf8lens scan [options] <path or glob>...

Reports invalid UTF-8, bidirectional controls (Trojan Source), invisible characters, control
characters and noncharacters in each file, as file:line:column: rule: character.

options:
  --preset NAME   code (default: flag everything, rewrite nothing), display, identifier, prompt
  --json          one JSON document instead of lines
  --fix           rewrite each file with the preset's fix (every finding removed or replaced)
  --ignore GLOB   skip paths matching GLOB (repeatable); .git directories are always skipped
  -h, --help      this text

Directories are scanned recursively. Files with a NUL byte in their first 8000 bytes are taken as
binary and skipped (as git does). Exit status: 0 nothing found, 1 something found, 2 error.`;

const PRESETS = ["code", "display", "identifier", "prompt"];
const BINARY_SNIFF = 8000;

function main(argv) {
  const [command, ...rest] = argv;
  if (command === "-h" || command === "--help") return usage(0);
  if (command !== "scan") return usage(2, command === undefined ? "a command is needed" : `unknown command ${command}`);
  const options = { preset: "code", json: false, fix: false, ignore: [], paths: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => {
      const [flag, inline] = arg.split(/=(.*)/s);
      if (inline !== undefined) return inline;
      if (i + 1 >= rest.length) throw new UsageError(`${flag} needs a value`);
      return rest[++i];
    };
    if (arg === "-h" || arg === "--help") return usage(0);
    else if (arg === "--json") options.json = true;
    else if (arg === "--fix") options.fix = true;
    else if (arg === "--preset" || arg.startsWith("--preset=")) options.preset = value();
    else if (arg === "--ignore" || arg.startsWith("--ignore=")) options.ignore.push(globToRegExp(value(), true));
    else if (arg === "--") options.paths.push(...rest.splice(i + 1));
    else if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option ${arg}`);
    else options.paths.push(arg);
  }
  if (!PRESETS.includes(options.preset)) throw new UsageError(`--preset must be one of ${PRESETS.join(", ")}, got ${options.preset}`);
  if (options.paths.length === 0) throw new UsageError("no path or glob to scan");

  const files = [];
  let errors = 0;
  for (const path of options.paths) {
    try {
      files.push(...expand(path, options.ignore));
    } catch (error) {
      errors++;
      console.error(`utf8lens scan: ${path}: ${error.code === "ENOENT" ? "no such file or directory" : error.message}`);
    }
  }
  const report = { preset: options.preset, scanned: 0, skipped: 0, findings: 0, fixed: 0, files: [] };
  for (const file of [...new Set(files)]) {
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      errors++;
      console.error(`utf8lens scan: ${file}: ${error.message}`);
      continue;
    }
    if (bytes.subarray(0, BINARY_SNIFF).includes(0)) {
      report.skipped++;
      continue;
    }
    report.scanned++;
    const result = scan(bytes, { preset: options.preset, fix: options.fix });
    if (result.findings.length === 0) continue;
    report.findings += result.findings.length;
    const entry = { path: file, findings: result.findings };
    if (result.fixed !== undefined) {
      writeFileSync(file, result.fixed);
      entry.fixed = true;
      report.fixed++;
    }
    report.files.push(entry);
    if (!options.json) {
      for (const f of result.findings) {
        console.log(`${file}:${f.line}:${f.column}: ${f.rule}: ${f.found} (bytes ${f.start}-${f.end}, ${f.action})`);
      }
    }
  }
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const fixed = options.fix ? `, ${report.fixed} file(s) fixed` : "";
    console.error(`utf8lens scan: ${report.findings} finding(s) in ${report.files.length} of ${report.scanned} file(s) (preset ${options.preset}${fixed}; ${report.skipped} binary file(s) skipped)`);
  }
  if (errors > 0) return 2;
  return report.findings > 0 ? 1 : 0;
}

class UsageError extends Error {}

function usage(status, message) {
  if (message) console.error(`utf8lens: ${message}\n`);
  (status === 0 ? console.log : console.error)(USAGE);
  return status;
}

// --- Paths and globs ---------------------------------------------------------------------------------
// A path is a file, or a directory walked recursively. A glob (with *, ?, [...] or {a,b}) is matched
// against the paths under its longest leading part without glob characters. `**` matches any number of
// directories, `*` anything but `/`. Paths are reported relative to the working directory, with `/`.

const GLOB_CHARS = /[*?[{]/;

function expand(arg, ignore) {
  const posix = arg.split(sep).join("/");
  if (!GLOB_CHARS.test(posix)) {
    const stat = statSync(posix);
    return stat.isDirectory() ? walk(posix, ignore) : ignored(clean(posix), ignore) ? [] : [clean(posix)];
  }
  const parts = posix.split("/");
  const fixed = [];
  for (const part of parts) {
    if (GLOB_CHARS.test(part)) break;
    fixed.push(part);
  }
  const base = fixed.length === 0 ? "." : fixed.join("/") || "/";
  const pattern = globToRegExp(posix.startsWith("./") ? posix.slice(2) : posix);
  let stat;
  try {
    stat = statSync(base);
  } catch {
    return [];
  }
  const candidates = stat.isDirectory() ? walk(base, ignore) : [clean(base)];
  return candidates.filter((file) => pattern.test(file));
}

function clean(path) {
  const rel = relative(".", path).split(sep).join("/");
  return rel === "" ? "." : rel.startsWith("../") || path.startsWith("/") ? path : rel;
}

function ignored(path, ignore) {
  return ignore.some((re) => re.test(path));
}

function walk(dir, ignore) {
  const out = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (error) {
      if (error.code === "ENOTDIR") continue;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    for (const entry of entries) {
      const path = clean(join(current, entry.name));
      if (entry.isDirectory()) {
        if (entry.name !== ".git" && !ignored(path, ignore) && !ignored(`${path}/`, ignore)) stack.push(path);
      } else if (entry.isFile() && !ignored(path, ignore)) {
        out.push(path);
      }
    }
  }
  return out.sort();
}

/**
 * A glob as a regular expression over a whole relative path with `/` separators. With `anywhere`
 * (--ignore), a pattern without a slash (`*.min.js`, `vendor`) matches a name in any directory, as
 * in .gitignore.
 */
function globToRegExp(glob, anywhere = false) {
  let re = "";
  let braces = 0;
  const source = glob.startsWith("./") ? glob.slice(2) : glob;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "*") {
      if (source[i + 1] === "*") {
        // `**/` matches no directory or several; a trailing `**` matches everything below.
        const slash = source[i + 2] === "/";
        re += slash ? "(?:.*/)?" : ".*";
        i += slash ? 2 : 1;
      } else {
        re += "[^/]*";
      }
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = source.indexOf("]", i + 1);
      if (end === -1) re += "\\[";
      else {
        const body = source.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else if (c === "{") {
      braces++;
      re += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      re += ")";
    } else if (c === "," && braces > 0) re += "|";
    else re += c.replace(/[.+^$()|\\\]{}]/g, "\\$&");
  }
  return new RegExp(`^${anywhere && !source.includes("/") ? "(?:.*/)?" : ""}${re}/?$`);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) process.exitCode = usage(2, error.message);
  else throw error;
}
