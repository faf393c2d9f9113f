#!/usr/bin/env bash
# Tests the npm package in every runtime and bundler (the runtimes stage of scripts/test.sh):
#
#   bash scripts/test-runtimes.sh
#
# 1. The packed package: the one the npm stage built (target/npm/utf8lens-<version>.tgz), or a fresh
#    build (scripts/build-npm.sh) when there is none.
# 2. tests/runtimes's packages (Node 22, Deno, Bun, workerd, Vite, webpack, esbuild, Rollup,
#    puppeteer-core), pinned by its lockfile; installed only when the lockfile changed (a stamp in its
#    node_modules), so a second run installs nothing.
# 3. tests/runtimes/runtimes.test.mjs with node:test: the tarball installed into target/runtimes, and
#    the same checks in each runtime, bundle, worker and browser (Chromium, Firefox ESR, WebKitGTK;
#    scripts/setup.sh installs Debian's firefox-esr, webkit2gtk-driver and xvfb).
#
# Ends with "runtimes: N passed, M failed", adds the counts to the stage's counts file when test.sh runs
# it, and exits non-zero if anything failed. Logs: target/test-logs/runtimes-*.log.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
# shellcheck source=counts.sh
. "$ROOT/scripts/counts.sh"
LOG_DIR="$ROOT/target/test-logs"
mkdir -p "$LOG_DIR"
say() { printf 'test-runtimes: %s\n' "$*"; }
fail() {
  say "$*"
  echo "runtimes: 0 passed, 1 failed"
  counts 0 1
  exit 1
}

TARBALL="$(ls "$ROOT"/target/npm/utf8lens-*.tgz 2>/dev/null | head -n 1)"
if [ "${RUNTIMES_REBUILD:-0}" = 1 ] || [ -z "$TARBALL" ]; then
  say "building the npm package (log: target/test-logs/runtimes-build.log)"
  bash "$ROOT/scripts/build-npm.sh" >"$LOG_DIR/runtimes-build.log" 2>&1 ||
    { tail -n 40 "$LOG_DIR/runtimes-build.log"; fail "the npm package does not build"; }
  TARBALL="$(ls "$ROOT"/target/npm/utf8lens-*.tgz)"
fi
say "package: ${TARBALL#"$ROOT"/}"

dir="$ROOT/tests/runtimes"
stamp="$dir/node_modules/.utf8lens-lock.sha256"
lock_hash="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  say "npm install in tests/runtimes (log: target/test-logs/runtimes-install.log)"
  # Install scripts run: those of node, deno, bun, esbuild and workerd link the binary that their
  # platform package (an optional dependency from the registry) holds. `npm install` from the
  # lockfile rather than `npm ci`: the lockfile records the platform packages of this platform only
  # (linux-x64; the registry here serves no others of deno, bun and rollup), which npm ci refuses as
  # out of sync. The versions are the lockfile's all the same, the direct ones exact in package.json.
  (cd "$dir" && npm install --no-audit --no-fund) >"$LOG_DIR/runtimes-install.log" 2>&1 ||
    { tail -n 40 "$LOG_DIR/runtimes-install.log"; fail "npm ci in tests/runtimes failed"; }
  echo "$lock_hash" >"$stamp"
fi

for tool in /usr/bin/chromium /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/xvfb-run; do
  [ -x "$tool" ] || fail "$tool is missing; run bash scripts/setup.sh"
done

tap="$LOG_DIR/runtimes.tap"
rm -f "$tap"
say "node --test tests/runtimes/runtimes.test.mjs (log: target/test-logs/runtimes-node-test.log)"
UTF8LENS_ROOT="$ROOT" UTF8LENS_TARBALL="$TARBALL" RUNTIMES_DIR="$ROOT/target/runtimes" \
  node --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$tap" \
  "$dir/runtimes.test.mjs" >"$LOG_DIR/runtimes-node-test.log" 2>&1
status=$?
grep -Ev '^ *(at )' "$LOG_DIR/runtimes-node-test.log" | sed 's/^/    /' | tail -n 120
# -a: the TAP holds the runtimes' coloured output (escape bytes) of any failure.
pass="$(grep -aEo '^# pass [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
failed="$(grep -aEo '^# fail [0-9]+' "$tap" | tail -n 1 | cut -d' ' -f3)"
pass="${pass:-0}" failed="${failed:-0}"
# A run that failed, or counted nothing, is a failure even without a failing test.
if { [ "$status" -ne 0 ] || [ "$pass" -eq 0 ]; } && [ "$failed" -eq 0 ]; then failed=1; fi
echo "runtimes: $pass passed, $failed failed"
counts "$pass" "$failed"
[ "$failed" -eq 0 ]
