#!/usr/bin/env bash
# Tests the npm package end to end:
#
#   bash scripts/test-npm.sh
#
# 1. scripts/build-npm.sh: the package and target/npm/utf8lens-<version>.tgz.
# 2. tests/npm's dev dependencies (npm ci, only when its lockfile changed).
# 3. The tarball installed into a fresh temporary project, and tests/npm/*.test.mjs run there with
#    node:test, importing "utf8lens" as a user would: consumer, README examples, TypeScript
#    declarations, WPT vectors, property tests, 10,000-call robustness, and the browser consumer
#    page in headless Chromium. Then the core tests (consumer, WPT vectors, property tests) again with
#    the build without SIMD forced.
#    Then the tarball's packaging: publint and `npm publish --dry-run`, with no warnings.
# 4. codec/js/tests/js_api.rs, the wasm-bindgen tests of the export layer (crate utf8lens-js), in
#    Node and in headless Chromium.
# 5. The benchmark in its quick mode (BENCH_QUICK=1), to keep it working; no timing is asserted.
#
# Ends with one line "npm: N passed, M failed" (a step that fails without counted tests counts as
# one failure), adds the same counts to its stage's counts file when scripts/test.sh runs it
# (scripts/counts.sh), and exits non-zero if anything failed. Full logs go to
# target/test-logs/npm-*.log.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
# shellcheck source=counts.sh
. "$ROOT/scripts/counts.sh"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

LOG_DIR="$ROOT/target/test-logs"
mkdir -p "$LOG_DIR"
PASSED=0
FAILED=0

say() { printf 'test-npm: %s\n' "$*"; }

# step NAME COMMAND...: runs COMMAND with its output in target/test-logs/npm-NAME.log; on failure
# shows the log's end and counts one failure.
step() {
  local name="$1" log="$LOG_DIR/npm-$1.log"
  shift
  say "$name..."
  if "$@" >"$log" 2>&1; then
    return 0
  fi
  say "$name FAILED (log: ${log#"$ROOT"/}); its last lines:"
  tail -n 40 "$log" | sed 's/^/    /'
  FAILED=$((FAILED + 1))
  return 1
}

summary() {
  echo "npm: $PASSED passed, $FAILED failed"
  counts "$PASSED" "$FAILED"
  [ "$FAILED" -eq 0 ]
  exit
}

if ! step build bash "$ROOT/scripts/build-npm.sh"; then
  summary
fi
grep '^build-npm: sizes:' "$LOG_DIR/npm-build.log"
TARBALL="$(ls "$ROOT"/target/npm/utf8lens-*.tgz)"

# The dev dependencies of tests/npm (TypeScript, and the benchmark's peers). --ignore-scripts:
# utf-8-validate's install script only looks for its native addon, which the benchmark does not use.
tests_dir="$ROOT/tests/npm"
stamp="$tests_dir/node_modules/.utf8lens-lock.sha256"
lock_hash="$(sha256sum "$tests_dir/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  if step dev-dependencies bash -c "cd '$tests_dir' && npm ci --ignore-scripts --no-audit --no-fund"; then
    echo "$lock_hash" >"$stamp"
  fi
fi

# node_tests NAME LINES ARGS...: node --test ARGS in the consumer project, its log in
# target/test-logs/npm-NAME.log (the last LINES lines of the summary and failures shown), its counts
# from the TAP beside it.
node_tests() {
  local name="$1" lines="$2" tap="$LOG_DIR/npm-$1.tap" status pass fail
  shift 2
  (cd "$consumer" &&
    UTF8LENS_ROOT="$ROOT" UTF8LENS_TARBALL="$TARBALL" node --test \
      --test-reporter=spec --test-reporter-destination=stdout \
      --test-reporter=tap --test-reporter-destination="$tap" \
      "$@") >"$LOG_DIR/npm-$name.log" 2>&1
  status=$?
  # The spec reporter's summary and any failures, without the passing lines.
  grep -Ev '^ *(✔|▶|at )' "$LOG_DIR/npm-$name.log" | sed 's/^/    /' | tail -n "$lines"
  pass="$(grep -Eo '^# pass [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
  fail="$(grep -Eo '^# fail [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
  PASSED=$((PASSED + ${pass:-0}))
  FAILED=$((FAILED + ${fail:-0}))
  if [ "$status" -ne 0 ] && [ "${fail:-0}" -eq 0 ]; then
    say "node --test ($name) exited with $status without a failing test"
    FAILED=$((FAILED + 1))
  fi
}

# A fresh project with the tarball installed, and the tests beside it.
consumer="$(mktemp -d "${TMPDIR:-/tmp}/utf8lens-consumer-XXXXXX")"
trap 'rm -rf "$consumer"' EXIT
printf '{ "name": "utf8lens-consumer", "private": true, "type": "module" }\n' >"$consumer/package.json"
if step install bash -c "cd '$consumer' && npm install --offline --no-audit --no-fund '$TARBALL'"; then
  mkdir -p "$consumer/test"
  cp "$tests_dir"/*.mjs "$consumer/test/"
  cp -r "$tests_dir/types" "$tests_dir/browser" "$consumer/test/"
  rm -f "$consumer/test/bench.mjs"
  say "node --test in a fresh project with the tarball installed"
  node_tests node-test 150 "$consumer"/test/*.test.mjs
  # The build without SIMD128 (for engines without WebAssembly SIMD): the core tests again with it
  # forced by globalThis.UTF8LENS_SIMD = false, set before the package is imported. (tests/runtimes
  # shows that the override really loads that build, in a copy whose SIMD build is junk.)
  say "node --test, the build without SIMD forced: consumer, WPT vectors, property tests"
  printf 'globalThis.UTF8LENS_SIMD = false;\n' >"$consumer/test/no-simd.mjs"
  node_tests node-test-nosimd 40 --import ./test/no-simd.mjs test/consumer.test.mjs test/wpt.test.mjs test/property.test.mjs
fi

# The packed package as the registry would take it: publint (pinned in tests/npm) with warnings as
# errors, and `npm publish --dry-run` with no warning of npm's about the package. Two npm warnings
# are about this machine, not the package, and are let through: not being logged in (a dry run
# needs no login) and an unknown key in a global npmrc.
package_lint() {
  "$tests_dir/node_modules/.bin/publint" run --strict "$TARBALL" || return 1
  local out
  out="$(cd "$ROOT/target/npm" && npm publish --dry-run "$TARBALL" 2>&1)" || { printf '%s\n' "$out"; return 1; }
  printf '%s\n' "$out"
  ! grep -E '^npm (warn|WARN|ERR)' <<<"$out" | grep -Ev 'requires you to be logged in|Unknown user config'
}
step package-lint package_lint && PASSED=$((PASSED + 1))

# The export layer's wasm-bindgen tests, in Node and in headless Chromium (wasm-bindgen-test-runner
# starts chromedriver, which starts Chromium with webdriver.json's capabilities). Counted from
# the "test result" lines of each run's own log.
js_api() {
  local where="$1" log="$LOG_DIR/npm-js-api-$1.log" counts status
  say "codec/js/tests/js_api.rs in $where"
  if [ "$where" = chromium ]; then
    env WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
      WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/webdriver.json" \
      WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-540}" \
      CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$ROOT/scripts/wasm-test-runner.sh" \
      cargo test -p utf8lens-js --target wasm32-unknown-unknown --test js_api >"$log" 2>&1
  else
    env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$ROOT/scripts/wasm-test-runner.sh" \
      cargo test -p utf8lens-js --target wasm32-unknown-unknown --test js_api >"$log" 2>&1
  fi
  status=$?
  counts="$(cargo_results "$log")"
  PASSED=$((PASSED + ${counts% *}))
  FAILED=$((FAILED + ${counts#* }))
  printf '    js_api in %s: %s tests ok, %s failing\n' "$where" "${counts% *}" "${counts#* }"
  if [ "$status" -ne 0 ]; then
    [ "${counts#* }" -eq 0 ] && FAILED=$((FAILED + 1))
    say "js_api in $where FAILED (log: ${log#"$ROOT"/}); its last lines:"
    tail -n 40 "$log" | sed 's/^/    /'
  fi
}
js_api node
js_api chromium

if step bench env BENCH_QUICK=1 node "$tests_dir/bench.mjs"; then
  awk '/^ratio utf8lens/ { show = 1 } /^$/ { show = 0 } show' "$LOG_DIR/npm-bench.log" | sed 's/^/    /'
fi

summary
