#!/usr/bin/env bash
# cargo's runner for the wasm32 tests (CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER, set by scripts/test.sh
# and scripts/test-npm.sh): wasm-bindgen-test-runner with a hard time limit, run again when its test
# page never started.
#
#   scripts/wasm-test-runner.sh TEST.wasm [ARGS...]    # what cargo calls, once per test binary
#
# Why: in headless Chromium, wasm-bindgen-test-runner sometimes never gets its test page going. It
# prints "Running headless tests in Chrome", finds webdriver.json, and then nothing: not the page's
# "Loading Wasm module...", and not even its own WASM_BINDGEN_TEST_TIMEOUT fires, so it would hold
# CI until CI's own limit. Seen in the fresh-clone runs of 2026-11-23 and 2026-11-26 (the npm
# stage's Chromium run of js_api), and reproduced on 2026-11-26 on an idle machine: one run in
# three to six hung before the page loaded, whichever directory it ran in, and the next run passed
# in 3 s. A page that loads starts its tests within seconds.
#
# So each attempt must show that its page started (a "Loading Wasm module" or "running N tests"
# line) within WASM_TEST_START_LIMIT seconds (default 45); if it does not, it is ended with
# everything it started (timeout signals its whole process group: the runner, chromedriver and the
# browser) and tried again, up to four attempts, each saying so. A run that started is never
# repeated: its failures are the result, and WASM_TEST_RUN_LIMIT seconds (default 240; a suite
# takes under 5 s in CI) bound it.
set -uo pipefail

limit="${WASM_TEST_RUN_LIMIT:-240}"
start_limit="${WASM_TEST_START_LIMIT:-45}"
attempts=4
started_line='^(Loading Wasm module|running [0-9]+ tests?$)'
for attempt in $(seq 1 "$attempts"); do
  out="$(mktemp)"
  timeout -k 15 "$limit" wasm-bindgen-test-runner "$@" >"$out" 2>&1 &
  pid=$!
  shown=0
  waited=0
  started=0
  # Pass the output on as it comes, and watch for the start.
  while kill -0 "$pid" 2>/dev/null; do
    lines="$(wc -l <"$out")"
    if [ "$lines" -gt "$shown" ]; then
      sed -n "$((shown + 1)),${lines}p" "$out"
      shown="$lines"
    fi
    if [ "$started" -eq 0 ] && grep -qE "$started_line" "$out"; then
      started=1
    fi
    if [ "$started" -eq 0 ] && [ "$waited" -ge "$start_limit" ]; then
      kill -TERM "$pid" 2>/dev/null
      break
    fi
    sleep 1
    waited=$((waited + 1))
  done
  wait "$pid"
  status=$?
  sed -n "$((shown + 1)),\$p" "$out"
  grep -qE "$started_line" "$out" && started=1
  rm -f "$out"
  if [ "$status" -eq 0 ] || [ "$started" -eq 1 ] || [ "$attempt" -eq "$attempts" ]; then
    [ "$status" -eq 124 ] && echo "wasm-test-runner: stopped after ${limit}s (WASM_TEST_RUN_LIMIT)" >&2
    [ "$started" -eq 0 ] && [ "$status" -ne 0 ] &&
      echo "wasm-test-runner: the test page never started in $attempts attempts" >&2
    exit "$status"
  fi
  echo "wasm-test-runner: the test page did not start within ${start_limit}s (attempt $attempt of $attempts, exit $status): running it again" >&2
done
