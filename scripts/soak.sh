#!/usr/bin/env bash
# The full robustness run of the npm package in Node:
#
#   bash scripts/soak.sh                 # 1,000,000-call soak, then the big-input cases
#   SOAK_CALLS=200000 bash scripts/soak.sh
#
# Builds the package (scripts/build-npm.sh), installs the tarball into a fresh temporary project
# as a user would, and runs tests/npm/soak.mjs (the module never traps, every good call stays
# correct, WebAssembly memory and held JS values stay bounded, dropped Utf8Decoders are released)
# and tests/npm/big-input.mjs (256 MiB inputs work or fail with a RangeError, never crash).
# The test command runs short forms of both (tests/npm/soak.test.mjs, big-input.test.mjs).
# Ends with "soak: N passed, M failed".
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
export PATH="$HOME/.cargo/bin:$PATH"
CALLS="${SOAK_CALLS:-1000000}"

if ! bash "$ROOT/scripts/build-npm.sh" >"$ROOT/target/soak-build.log" 2>&1; then
  tail -n 20 "$ROOT/target/soak-build.log"
  echo "soak: the package does not build (log: target/soak-build.log)"
  echo "soak: 0 passed, 1 failed"
  exit 1
fi
TARBALL="$(ls "$ROOT"/target/npm/utf8lens-*.tgz)"
consumer="$(mktemp -d "${TMPDIR:-/tmp}/utf8lens-soak-XXXXXX")"
trap 'rm -rf "$consumer"' EXIT
printf '{ "name": "utf8lens-soak", "private": true, "type": "module" }\n' >"$consumer/package.json"
(cd "$consumer" && npm install --offline --no-audit --no-fund "$TARBALL" >/dev/null) || {
  echo "soak: cannot install $TARBALL"
  echo "soak: 0 passed, 1 failed"
  exit 1
}
mkdir -p "$consumer/test"
cp "$ROOT/tests/npm/soak.mjs" "$ROOT/tests/npm/big-input.mjs" "$ROOT/tests/npm/support.mjs" "$consumer/test/"

passed=0
failed=0
echo "soak: $CALLS calls"
if (cd "$consumer" && node --expose-gc test/soak.mjs --calls "$CALLS"); then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
echo "soak: big inputs"
if (cd "$consumer" && node test/big-input.mjs); then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
echo "soak: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
