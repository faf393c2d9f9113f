#!/usr/bin/env bash
# cargo's runner for the wasm32 tests (CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER, set by scripts/test.sh
# and scripts/test-npm.sh): wasm-bindgen-test-runner with a hard time limit, run once more when its test
# page never started.
#
#   scripts/wasm-test-runner.sh TEST.wasm [ARGS...]    # what cargo calls, once per test binary
#
# Why: in headless Chromium, wasm-bindgen-test-runner's own HTTP server has been seen (CI run of
# 2026-11-23) to leave one of the test page's module requests unanswered. The page then stays at
# "Loading scripts...", no test runs, and the runner keeps polling past WASM_BINDGEN_TEST_TIMEOUT,
# which would hold CI until its own limit. So the runner gets WASM_TEST_RUN_LIMIT seconds (default
# 240; a suite takes under 5 s in CI, 2026-11-26) and is then ended with everything it started. The
# hang came back in the fresh-clone run of 2026-11-26 (the npm stage's Chromium run of js_api: no
# test after the whole limit, then 16 passed in 0.6 s on the retry); at the old default of 600 s it
# cost ten minutes. A run that
# printed no "running N tests" line ran no test: it is tried once more, and says so. A run whose tests
# started is never repeated: its failures (a timeout included) are the result.
set -uo pipefail

limit="${WASM_TEST_RUN_LIMIT:-240}"
for attempt in 1 2; do
  out="$(mktemp)"
  # timeout signals its whole process group: the runner, chromedriver and the browser.
  timeout -k 15 "$limit" wasm-bindgen-test-runner "$@" 2>&1 | tee "$out"
  status=${PIPESTATUS[0]}
  started="$(grep -cE '^running [0-9]+ tests?$' "$out")"
  rm -f "$out"
  if [ "$status" -eq 0 ] || [ "$started" -gt 0 ] || [ "$attempt" -eq 2 ]; then
    [ "$status" -eq 124 ] && echo "wasm-test-runner: stopped after ${limit}s (WASM_TEST_RUN_LIMIT)" >&2
    exit "$status"
  fi
  echo "wasm-test-runner: no test started (exit $status after at most ${limit}s): the test page never loaded; running it once more" >&2
done
