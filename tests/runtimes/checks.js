// The core checks every runtime, bundle and worker runs against the installed package: each answer
// against the engine's own TextDecoder/TextEncoder (the oracle) or a known value. Plain JavaScript with
// no imports, so that Node, Deno, Bun, workerd, browsers and every bundler take it as it is.
// `lib` is the module `utf8lens` (or utf8lens/inline, ...), `text` the module `utf8lens/text`, `detect`
// the module `utf8lens/detect`. Returns { passed, failed, failures }.
export function runChecks(lib, text, detect) {
  const failures = [];
  let passed = 0;
  const check = (name, fn) => {
    try {
      const ok = fn();
      if (ok === true) passed++;
      else failures.push(`${name}: got ${String(ok)}`);
    } catch (error) {
      failures.push(`${name}: threw ${error && error.stack ? error.stack : error}`);
    }
  };
  const samples = [
    [], [0x68, 0x69], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf, 0x41],
    [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80, 0xbf, 0x41],
  ];
  // Long inputs reach the SIMD (or scalar) paths: 300 bytes of ASCII, then of mixed text, with an
  // error near the end.
  const long = new TextEncoder().encode("a".repeat(300) + "€ñ😀".repeat(50) + "z");
  const broken = Uint8Array.from([...long, 0xff, 0x41]);
  const inputs = [...samples.map((s) => Uint8Array.from(s)), long, broken];
  const platform = new TextDecoder();
  const platformFatal = new TextDecoder("utf-8", { fatal: true });
  const valid = (bytes) => {
    try {
      platformFatal.decode(bytes);
      return true;
    } catch {
      return false;
    }
  };
  inputs.forEach((bytes, i) => {
    check(`validate #${i}`, () => lib.validate(bytes) === valid(bytes));
    check(`decode #${i}`, () => lib.decode(bytes) === platform.decode(bytes));
    check(`Utf8Decoder #${i}`, () => new lib.Utf8Decoder().decode(bytes) === platform.decode(bytes));
  });
  check("fatal decode throws with the offset", () => {
    try {
      new lib.Utf8Decoder("utf-8", { fatal: true }).decode(broken);
      return "no error";
    } catch (error) {
      return error instanceof TypeError && error.offset === long.length ? true : `${error.name} offset ${error.offset}`;
    }
  });
  check("firstError", () => lib.firstError(broken)?.offset === long.length);
  const strings = ["", "hi", "€", "😀", "a\ud800b", "ñ".repeat(200)];
  strings.forEach((s, i) => {
    const expected = new TextEncoder().encode(s);
    check(`encode #${i}`, () => String(lib.encode(s)) === String(expected));
    check(`utf8Length #${i}`, () => lib.utf8Length(s) === expected.length);
  });
  check("encodeInto", () => {
    const out = new Uint8Array(8);
    const result = lib.encodeInto("€€€", out);
    return result.read === 2 && result.written === 6 && String(out.subarray(0, 6)) === "226,130,172,226,130,172";
  });
  check("Utf8Encoder fatal refuses a lone surrogate", () => {
    try {
      new lib.Utf8Encoder({ fatal: true }).encode("ab\udc00");
      return "no error";
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  check("decodeLegacy windows-1252", () => lib.decodeLegacy(Uint8Array.of(0x80, 0xe9), "windows-1252") === "€é");
  if (text) {
    check("repair", () => text.repair("SchÃ¶ne GrÃ¼ÃŸe").text === "Schöne Grüße");
    check("sanitize", () => text.sanitize("pay\u200Bpal").text === "paypal");
  }
  if (detect) {
    // "Привет, мир" in windows-1251, detected and decoded by the package's own tables.
    const cp1251 = Uint8Array.of(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0);
    check("detect and decodeAs", () => {
      const [best] = detect.detect(cp1251);
      return best.charset === "windows-1251" && detect.decodeAs(cp1251, best) === "Привет, мир";
    });
    check("Detector", () => {
      const detector = new detect.Detector();
      detector.feed(cp1251.subarray(0, 5));
      detector.feed(cp1251.subarray(5));
      return detector.finish()[0].charset === "windows-1251";
    });
  }
  return { passed, failed: failures.length, failures };
}
