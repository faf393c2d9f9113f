#!/usr/bin/env bash
# THE serve command: builds the inspector and serves it with live reload.
#
#   bash scripts/serve.sh              # http://127.0.0.1:8080/
#   PORT=9000 bash scripts/serve.sh
#   bash scripts/serve.sh --release    # extra arguments go to `trunk serve`
#
# A dev build by default: quicker to rebuild, and wasm-opt only runs for --release. It is written to
# target/serve-dist (target/serve-dist-release with --release), never to dist/: dist/ holds only the
# release build that scripts/test.sh builds, tests and measures, so a later test or deploy cannot
# pick up a debug build that serve.sh left there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash "$ROOT/scripts/setup.sh"

# binaryen's wasm-opt for trunk comes from npm (tools/package.json).
export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk would otherwise ask crates.io for a newer trunk on every run.
export TRUNK_SKIP_VERSION_CHECK=true
DIST="$ROOT/target/serve-dist"
for arg in "$@"; do
  [[ "$arg" == "--release" ]] && DIST="$ROOT/target/serve-dist-release"
done
exec trunk serve --address 127.0.0.1 --port "${PORT:-8080}" --dist "$DIST" "$@"
