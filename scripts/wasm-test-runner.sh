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
# CI until CI's own limit. The cause, found on 2026-12-06 from chromedriver's network log: the
# runner's HTTP server (rouille on tiny_http 0.12) hands each connection to a thread pool that
# counts its idle threads loosely, and a connection the browser keeps alive holds its thread. When
# the page asks for more modules at once than there are idle threads (the JS snippets that
# wasm-bindgen-test.js imports), one request is queued behind a kept-alive connection and is never
# answered. js_api's page fetched five snippets at once and hung in 6 of 12 runs, each time on the
# last snippet asked for. With four (codec/js/tests/js_api.rs builds its helpers at run time) it
# passed 27 of 27 runs; with three (the text module's JS is one snippet too), 25 of 25, 15 of them
# beside two busy loops. This guard stays for any other hang: a page that loads starts its tests
# within seconds.
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
