#!/usr/bin/env bash
# THE test command for utf8lens:
#
#   bash scripts/test.sh
#
# Installs what is missing (scripts/setup.sh), then runs every stage below even if an
# earlier one failed (except that the browser check needs the build), prints a table of
# stages with their times, and ends with one line "test.sh: N passed, M failed" that adds
# up the tests of all stages (a stage that fails without a failing test counts as one
# failure). Exits non-zero if anything failed. Works unattended (CI=true, no stdin).
#
# Browser artefacts (screenshots) go to target/e2e-artifacts/.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

# binaryen's wasm-opt for trunk comes from npm (see scripts/e2e/package.json).
export PATH="$ROOT/scripts/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk would otherwise ask crates.io for a newer trunk on every run.
export TRUNK_SKIP_VERSION_CHECK=true
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

LOG_DIR="$ROOT/target/test-logs"
ARTIFACT_DIR="$ROOT/target/e2e-artifacts"
mkdir -p "$LOG_DIR"

STAGE_NAMES=()
STAGE_LOGS=()
STAGE_RESULTS=()
STAGE_SECONDS=()
TESTS_PASSED=0
TESTS_FAILED=0

# Counts "N passed; M failed" (cargo test, wasm-bindgen-test) and "N passed, M failed"
# (our e2e) lines in a stage's log and adds them to the totals.
count_tests() {
  local log="$1" counts
  counts="$(grep -Eo '[0-9]+ passed[;,] [0-9]+ failed' "$log" |
    awk '{ p += $1; f += $3 } END { printf "%d %d", p, f }')"
  STAGE_PASSED="${counts% *}"
  STAGE_FAILED="${counts#* }"
}

# run_stage NAME COMMAND...: runs COMMAND with its output shown and logged, and records
# whether it succeeded, how long it took and how many tests it ran.
run_stage() {
  local name="$1" slug log start status
  shift
  slug="$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '-')"
  log="$LOG_DIR/$slug.log"
  printf '\n==> %s\n' "$name"
  start=$SECONDS
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  count_tests "$log"
  TESTS_PASSED=$((TESTS_PASSED + STAGE_PASSED))
  TESTS_FAILED=$((TESTS_FAILED + STAGE_FAILED))
  if [ "$status" -ne 0 ] && [ "$STAGE_FAILED" -eq 0 ]; then
    TESTS_FAILED=$((TESTS_FAILED + 1))
  fi
  STAGE_NAMES+=("$name")
  STAGE_LOGS+=("$log")
  STAGE_SECONDS+=($((SECONDS - start)))
  if [ "$status" -eq 0 ]; then
    STAGE_RESULTS+=("ok")
  else
    STAGE_RESULTS+=("FAILED (exit $status)")
  fi
  return "$status"
}

skip_stage() {
  local name="$1" why="$2"
  printf '\n==> %s: skipped, %s\n' "$name" "$why"
  STAGE_NAMES+=("$name")
  STAGE_LOGS+=("")
  STAGE_SECONDS+=(0)
  STAGE_RESULTS+=("FAILED (skipped: $why)")
  TESTS_FAILED=$((TESTS_FAILED + 1))
}

# --- stages -------------------------------------------------------------------------

native_tests() {
  # The codec and the workspace's integration tests, doctests included. The web crate
  # is a browser app; its own unit tests run in web_unit_tests.
  cargo test --workspace --exclude utf8lens-web
}

web_unit_tests() {
  # The app's pure-Rust parts (e.g. hex notation) run natively too.
  cargo test -p utf8lens-web
}

# The codec's wasm tests are built with SIMD128 (.cargo/config.toml), as the npm package and the app
# are, so validate() and errors() take the SIMD fast path there (codec/tests/wasm_simd.rs checks it at
# every alignment); the native tests cover the scalar path.

codec_wasm_tests_node() {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test -p utf8lens --target wasm32-unknown-unknown --test wasm --test wasm_simd --test wasm_utf16
}

codec_wasm_tests_chromium() {
  # wasm-bindgen-test-runner starts chromedriver, which starts headless Chromium with
  # the capabilities in webdriver.json. The timeout covers the whole suite.
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    WASM_BINDGEN_USE_BROWSER=1 \
    CHROMEDRIVER=/usr/bin/chromedriver \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/webdriver.json" \
    WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}" \
    cargo test -p utf8lens --target wasm32-unknown-unknown --test wasm --test wasm_simd --test wasm_utf16
}

web_component_tests_chromium() {
  # The inspector's components rendered into a test root in headless Chromium (web/tests/components.rs).
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    WASM_BINDGEN_USE_BROWSER=1 \
    CHROMEDRIVER=/usr/bin/chromedriver \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/webdriver.json" \
    WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}" \
    cargo test -p utf8lens-web --target wasm32-unknown-unknown --test components
}

web_release_build() {
  trunk build --release
}

inspector_e2e() {
  node "$ROOT/scripts/e2e/inspector.e2e.mjs" "$ROOT/dist" "$ARTIFACT_DIR"
}

sanitize_extras() {
  # The sanitiser's NFC/NFKC (cargo feature normalize, off in the default build, so the stage
  # above does not compile it) and its benchmark on 1 MiB in quick mode, against the package the
  # npm stage built; no timing is asserted.
  cargo test -p utf8lens --features normalize --lib sanitize &&
    BENCH_QUICK=1 node "$ROOT/tests/npm/bench-sanitize.mjs"
}

# --- run ----------------------------------------------------------------------------

TOTAL_START=$SECONDS

if ! run_stage "setup" bash "$ROOT/scripts/setup.sh"; then
  echo "test.sh: setup failed; nothing else can run"
else
  run_stage "native tests (cargo test --workspace --exclude utf8lens-web)" native_tests
  run_stage "web unit tests (native)" web_unit_tests
  run_stage "codec wasm tests in Node" codec_wasm_tests_node
  run_stage "codec wasm tests in headless Chromium" codec_wasm_tests_chromium
  run_stage "inspector component tests in headless Chromium" web_component_tests_chromium
  run_stage "npm package (scripts/test-npm.sh)" bash "$ROOT/scripts/test-npm.sh"
  run_stage "sanitize: feature normalize, benchmark (quick)" sanitize_extras
  # Every benchmark in its short form, so that they keep building and running; nothing is timed
  # against a limit (shared machines are noisy). The full run is plain `bash scripts/bench.sh`.
  run_stage "benchmarks, quick (BENCH_QUICK=1 scripts/bench.sh)" env BENCH_QUICK=1 bash "$ROOT/scripts/bench.sh"
  run_stage "licence check, offline (scripts/licenses.sh)" bash "$ROOT/scripts/licenses.sh"
  run_stage "fuzz targets, 20 s each (scripts/fuzz.sh)" bash "$ROOT/scripts/fuzz.sh"
  if run_stage "web release build (trunk build --release)" web_release_build; then
    run_stage "inspector e2e in headless Chromium" inspector_e2e
    run_stage "CSP of the built app in headless Chromium (scripts/csp-check.mjs)" node "$ROOT/scripts/csp-check.mjs" "$ROOT/dist"
  else
    skip_stage "inspector e2e in headless Chromium" "the build failed"
  fi
fi

# CI shows only the end of the output: repeat the end of each failed stage's log just before the
# summary, errors first, so that the reason for a failure is always in view.
for i in "${!STAGE_NAMES[@]}"; do
  log="${STAGE_LOGS[$i]}"
  [ "${STAGE_RESULTS[$i]}" = "ok" ] && continue
  [ -n "$log" ] && [ -f "$log" ] || continue
  printf '\n==> why "%s" failed: its lines that name an error, then the last 40 lines of %s\n' "${STAGE_NAMES[$i]}" "${log#"$ROOT"/}"
  grep -n -i -E 'error|panick|fail|not ok|assert' "$log" | grep -v -E '^[0-9]+:ok |0 failed' | tail -n 25
  echo "---"
  tail -n 40 "$log"
done

printf '\n==> summary (logs in %s)\n' "${LOG_DIR#"$ROOT"/}"
for i in "${!STAGE_NAMES[@]}"; do
  printf '%6ss  %-24s %s\n' "${STAGE_SECONDS[$i]}" "${STAGE_RESULTS[$i]}" "${STAGE_NAMES[$i]}"
done
printf '%6ss  total\n' "$((SECONDS - TOTAL_START))"

OVERALL=0
for result in "${STAGE_RESULTS[@]}"; do
  [ "$result" = "ok" ] || OVERALL=1
done
[ "$TESTS_FAILED" -eq 0 ] || OVERALL=1
echo "test.sh: $TESTS_PASSED passed, $TESTS_FAILED failed"
exit "$OVERALL"
