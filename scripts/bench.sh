#!/usr/bin/env bash
# THE benchmark command: every benchmark of the project in one run, each printing its ratios against
# the named peers.
#
#   bash scripts/bench.sh            # full run (about 10 minutes on 2 cores)
#   BENCH_QUICK=1 bash scripts/bench.sh   # a rough run that only proves everything builds and runs
#
# 1. Native (criterion, codec/benches/throughput.rs): validate and decode_lossy vs std and simdutf8.
# 2. Inside wasm32+SIMD128 (tests/bench-wasm): utf8lens vs std and simdutf8 compiled into the same
#    module, on the same bytes in wasm memory, and errors() on random bytes and valid text.
# 3. The npm package in Node (tests/npm/bench.mjs): validate vs buffer.isUtf8, TextDecoder (fatal),
#    utf8.js and utf-8-validate's JS fallback; decode vs TextDecoder. Copy into wasm included.
# 4. The npm package in headless Chromium (tests/npm/bench-browser.mjs): validate vs TextDecoder
#    (fatal) and decode vs TextDecoder, the browser's own, on the same texts and sizes.
# 5. Charset detection (tests/detect/bench.py): utf8lens::detect's accuracy per group on
#    ../shared/conformance/uchardet-test beside chardet and jschardet (npm) and chardet and
#    charset-normalizer (PyPI), and its speed on 1 MiB inputs (docs/DETECT.md).
# 6. Mojibake repair (tests/mojibake/run.py): exact repairs per damage class and clean texts changed
#    on the real-world evaluation set, beside ftfy 6 (PyPI) on the same cases (docs/MOJIBAKE.md);
#    legacy as legacy on sentences of real text, short phrases and Russian sentences holding ё,
#    per pipeline (tests/mojibake/real_legacy.py); clean frequent words and phrases of them changed,
#    and such phrases and words alone damaged by real codecs repaired
#    (tests/mojibake/frequent_words.py); Faker's names, streets, cities, companies and jobs of 68
#    locales, clean and UTF-8 shown as windows-1252 (tests/mojibake/faker_names.py); the
#    WebAssembly memory repair holds after those (tests/npm/bench-memory.mjs);
#    in a full run also repair's speed on the long lipsum texts, clean and garbled
#    (mojibake_eval --long, docs/BENCHMARKS.md).
# 7. The scanner (tests/npm/bench-scan.mjs): `utf8lens scan` vs anti-trojan-source (npm) in MB/s on
#    the same files of a real source tree (~/.cargo/registry/src), and both commands end to end.
#
# Nothing asserts a time: the machines are shared and noisy. Record the figures in docs/BENCHMARKS.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# binaryen's wasm-opt (for scripts/build-npm.sh) comes from npm (tools/package.json).
export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
QUICK="${BENCH_QUICK:-0}"
# Which step was running when something failed: said last, where CI's tail shows it.
STEP="setup"
trap 'echo "bench.sh: failed in step: $STEP (exit $?)" >&2' ERR

bash "$ROOT/scripts/setup.sh" >/dev/null

echo "== machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; $(rustc --version); node $(node --version)"

STEP="1. native (criterion)"
echo "== 1. native (criterion)"
if [ "$QUICK" = 1 ]; then
  UTF8LENS_BENCH_QUICK=1 cargo bench -p utf8lens --bench throughput
else
  cargo bench -p utf8lens --bench throughput
fi

STEP="2. inside wasm32+simd128"
echo "== 2. inside wasm32+simd128"
(cd tests/bench-wasm && cargo build --release --target wasm32-unknown-unknown --target-dir "$ROOT/target/bench-wasm")
wasm-bindgen --target nodejs --out-dir "$ROOT/target/bench-wasm/pkg" \
  "$ROOT/target/bench-wasm/wasm32-unknown-unknown/release/utf8lens_bench_wasm.wasm"
BENCH_QUICK="$QUICK" node tests/bench-wasm/bench.mjs "$ROOT/target/bench-wasm/pkg"

STEP="3. the npm package in Node"
echo "== 3. the npm package in Node"
[ -d target/npm/pkg ] && [ "$QUICK" = 1 ] || bash scripts/build-npm.sh >/dev/null
(cd tests/npm && [ -d node_modules ] || npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
BENCH_QUICK="$QUICK" node tests/npm/bench.mjs

STEP="4. the npm package in headless Chromium"
echo "== 4. the npm package in headless Chromium"
BENCH_QUICK="$QUICK" node tests/npm/bench-browser.mjs

STEP="5. charset detection"
echo "== 5. charset detection"
BENCH_QUICK="$QUICK" python3 tests/detect/bench.py

STEP="6. mojibake repair"
echo "== 6. mojibake repair"
# Legacy as legacy on sentences of real text in 23 languages, beside ftfy (a few seconds); fails
# below the measured state.
python3 tests/mojibake/real_legacy.py
# The most frequent words of 22 languages and phrases of them in 32, clean, and phrases damaged by
# real codecs (about a minute); fails above the clean texts changed or below the damaged repaired.
python3 tests/mojibake/frequent_words.py
# Faker's names, streets, cities, companies and jobs of 68 locales, clean and damaged (about a
# minute); fails above the clean strings changed or below the damaged repaired.
python3 tests/mojibake/faker_names.py
# What repair holds in WebAssembly memory after those sets (and, in a full run, the long lipsum
# texts), in the npm package's own utf8lens/text module.
BENCH_QUICK="$QUICK" node tests/npm/bench-memory.mjs
if [ "$QUICK" = 1 ]; then
  python3 tests/mojibake/run.py --quick --report
else
  python3 tests/mojibake/run.py --report
  # Repair's speed on long texts (the lipsum texts whole, clean and garbled).
  cargo run --release -q -p utf8lens-tests --example mojibake_eval -- --long
fi

STEP="7. the scanner on a source tree"
echo "== 7. the scanner on a source tree"
# utf8lens scan (the npm package's WebAssembly scan) beside anti-trojan-source (npm) on the same files
# of ~/.cargo/registry/src (else tests/npm/node_modules); issue 16's goal is >= 200 MB/s.
BENCH_QUICK="$QUICK" node tests/npm/bench-scan.mjs
