// Big inputs in Node: 256 MiB through validate, decode and friends must either work or fail with a
// clear RangeError, and never crash the process. Each case runs in a child process started with
// Node's default flags (the library must not need a bigger heap), so that a crash — an abort for
// running out of heap, a trap — is seen as such instead of taking the harness down with it.
//
//   node big-input.mjs               # every case; prints one line per case and a summary
//   node big-input.mjs --case NAME   # one case, in this process (what the children run)
//
// run where `import "utf8lens"` resolves to the packed package (big-input.test.mjs runs it in the
// test command; scripts/soak.sh runs it with the full soak).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const MiB = 2 ** 20;
const SIZE = 256 * MiB;
// The package refuses inputs over 512 MiB up front (codec/js/src/args.rs, MAX_INPUT_BYTES).
const LIMIT = 512 * MiB;

/** `size` bytes of valid, mixed UTF-8 (1-, 2-, 3- and 4-byte characters), and how many UTF-16 code
 * units it decodes to. */
function mixedText(size) {
  const unit = new TextEncoder().encode("abcdefgh é € 😀 "); // 24 bytes, 16 code units
  const bytes = new Uint8Array(size);
  for (let i = 0; i + unit.length <= size; i += unit.length) bytes.set(unit, i);
  const whole = Math.floor(size / unit.length);
  bytes.fill(0x61, whole * unit.length);
  return { bytes, units: whole * 16 + (size - whole * unit.length) };
}

function check(condition, message) {
  if (!condition) throw new Error(`wrong result: ${message}`);
}

/** name -> [what it does, the case]. A case returns a short description of its result. */
const CASES = {
  "validate 256 MiB valid": async (api) => {
    const { bytes } = mixedText(SIZE);
    check(api.validate(bytes) === true, "validate said false");
    return "true";
  },
  "validate 256 MiB, error in the last byte": async (api) => {
    const { bytes } = mixedText(SIZE);
    bytes[SIZE - 1] = 0xff;
    check(api.validate(bytes) === false, "validate said true");
    const first = api.firstError(bytes);
    check(first?.offset === SIZE - 1 && first.kind === "invalid-byte", `firstError ${JSON.stringify(first)}`);
    return `false; firstError at ${first.offset}`;
  },
  "errors 256 MiB valid": async (api) => {
    const { bytes } = mixedText(SIZE);
    check(api.errors(bytes).length === 0, "errors in valid input");
    return "[]";
  },
  // The WebAssembly encode refused strings over about 179 million code units; encode and encodeInto
  // are TextEncoder's now, and a fatal Utf8Encoder still finds a lone surrogate at the very end.
  "encode 180 million code units": async (api) => {
    const text = "ab".repeat(90_000_000);
    const bytes = api.encode(text);
    check(bytes.length === text.length && bytes[bytes.length - 1] === 0x62, `length ${bytes.length}`);
    const { read, written } = api.encodeInto(text, new Uint8Array(text.length));
    check(read === text.length && written === text.length, `encodeInto ${read}, ${written}`);
    return `${bytes.length} bytes`;
  },
  "fatal Utf8Encoder, 180 million code units, lone surrogate last": async (api) => {
    const text = `${"ab".repeat(90_000_000)}\uD800`;
    let offset;
    try {
      new api.Utf8Encoder({ fatal: true }).encode(text);
    } catch (error) {
      offset = error.offset;
    }
    check(offset === 180_000_000, `offset ${offset}`);
    return `lone surrogate at ${offset}`;
  },
  "decode 256 MiB ASCII": async (api) => {
    const bytes = new Uint8Array(SIZE).fill(0x61);
    const text = api.decode(bytes);
    check(text.length === SIZE && text.endsWith("aaa"), `length ${text.length}`);
    return `${text.length} code units`;
  },
  "decode 256 MiB mixed": async (api) => {
    const { bytes, units } = mixedText(SIZE);
    const text = api.decode(bytes);
    check(text.length === units && text.startsWith("abcdefgh é € 😀"), `length ${text.length}, want ${units}`);
    return `${text.length} code units`;
  },
  "decode 256 MiB of invalid bytes (every byte a U+FFFD)": async (api) => {
    const bytes = new Uint8Array(SIZE).fill(0xff);
    const text = api.decode(bytes);
    check(text.length === SIZE && text[0] === "\uFFFD", `length ${text.length}`);
    return `${text.length} code units`;
  },
  "decode 256 MiB fatal, error in the last byte": async (api) => {
    const { bytes } = mixedText(SIZE);
    bytes[SIZE - 1] = 0xc3;
    try {
      api.decode(bytes, { fatal: true });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      check(error.offset === SIZE - 1, `offset ${error.offset}`);
      return `TypeError at offset ${error.offset}`;
    }
    throw new Error("wrong result: fatal decode accepted invalid input");
  },
  "Utf8Decoder 256 MiB in 16 MiB chunks": async (api) => {
    const { bytes, units } = mixedText(SIZE);
    const decoder = new api.Utf8Decoder();
    let length = 0;
    // Chunk boundaries fall inside characters: 16 MiB is no multiple of the 24-byte pattern.
    for (let at = 0; at < SIZE; at += 16 * MiB) length += decoder.decode(bytes.subarray(at, at + 16 * MiB), { stream: true }).length;
    length += decoder.decode().length;
    decoder.free();
    check(length === units, `length ${length}, want ${units}`);
    return `${length} code units`;
  },
  "Utf8Decoder 256 MiB of invalid bytes in one call": async (api) => {
    const decoder = new api.Utf8Decoder();
    try {
      const text = decoder.decode(new Uint8Array(SIZE).fill(0x80));
      check(text.length === SIZE, `length ${text.length}`);
      return `${text.length} code units`;
    } finally {
      decoder.free();
    }
  },
  "encode 100M code units": async (api) => {
    const text = "aé€😀".repeat(20_000_000); // 100M code units, 200 MB of UTF-8
    const bytes = api.encode(text);
    check(bytes.length === 200_000_000 && bytes[1] === 0xc3, `length ${bytes.length}`);
    return `${bytes.length} bytes`;
  },
  "over the limit: 512 MiB + 1 byte": async (api) => {
    // The pages of this buffer are never touched, so it costs no real memory.
    const bytes = new Uint8Array(LIMIT + 1);
    const outcomes = [];
    for (const call of [() => api.validate(bytes), () => api.decode(bytes), () => api.errors(bytes)]) {
      try {
        call();
        outcomes.push("accepted");
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        outcomes.push("RangeError");
      }
    }
    check(outcomes.every((o) => o === "RangeError"), outcomes.join());
    return "RangeError from validate, decode and errors";
  },
  "over the limit: a 256M-code-unit string": async (api) => {
    const text = "a".repeat(SIZE);
    try {
      api.encode(text);
    } catch (error) {
      if (error instanceof RangeError) return `RangeError: ${error.message.slice(0, 80)}`;
      throw error;
    }
    return "encoded";
  },
};

async function runCase(name) {
  const api = await import("utf8lens");
  const started = Date.now();
  let result;
  try {
    result = { outcome: "ok", detail: await CASES[name](api) };
  } catch (error) {
    result =
      error instanceof RangeError
        ? { outcome: "RangeError", detail: error.message }
        : { outcome: "error", detail: `${error?.constructor?.name}: ${error?.message}` };
  }
  result.seconds = (Date.now() - started) / 1000;
  result.rssMiB = Math.round(process.memoryUsage().rss / MiB);
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/**
 * Runs every case in its own child process. Resolves to one entry per case:
 * {name, outcome: "ok" | "RangeError" | "error" | "crashed", detail, seconds, rssMiB}.
 * A case passes when its outcome is "ok" or "RangeError".
 */
export function bigInputs({ log = () => {} } = {}) {
  const results = [];
  for (const name of Object.keys(CASES)) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--case", name], {
      encoding: "utf8",
      maxBuffer: 16 * MiB,
    });
    const line = child.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    let result;
    if (child.status === 0 && line) {
      result = { name, ...JSON.parse(line.slice(7)) };
    } else {
      const why = child.signal ? `killed by ${child.signal}` : `exit code ${child.status}`;
      const tail = `${child.stderr}`.trim().split("\n").slice(-3).join(" | ");
      result = { name, outcome: "crashed", detail: `${why}: ${tail}` };
    }
    result.passed = result.outcome === "ok" || result.outcome === "RangeError";
    log(result);
    results.push(result);
  }
  return results;
}

const self = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (self && process.argv[2] === "--case") {
  await runCase(process.argv[3]);
} else if (self) {
  const results = bigInputs({
    log: (r) => console.log(`big-input: ${r.passed ? "ok  " : "FAIL"} ${r.name}: ${r.outcome}, ${r.detail} (${r.seconds ?? "?"} s, ${r.rssMiB ?? "?"} MiB)`),
  });
  const failed = results.filter((r) => !r.passed).length;
  console.log(`big-input: ${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}
