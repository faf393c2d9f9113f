#!/usr/bin/env bash
# The licence check of the dependency tree, offline:
#
#   bash scripts/licenses.sh
#
# `cargo deny --offline check licenses` with the committed deny.toml: every crate the workspace
# builds with (all features, dev dependencies included) must be under a licence deny.toml allows.
# Offline: cargo-deny reads `cargo metadata` of the crates `cargo fetch` brought (scripts/setup.sh
# fetches them and installs cargo-deny). Ends with "licenses: N passed, M failed" (and adds the same
# counts to its stage's counts file when scripts/test.sh runs it: scripts/counts.sh).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
export PATH="$HOME/.cargo/bin:$PATH"
# shellcheck source=counts.sh
. "$ROOT/scripts/counts.sh"

command -v cargo-deny >/dev/null || {
  echo "licenses: cargo-deny not found; run bash scripts/setup.sh"
  echo "licenses: 0 passed, 1 failed"
  counts 0 1
  exit 1
}
if cargo deny --offline --color never check licenses; then
  echo "licenses: 1 passed, 0 failed"
  counts 1 0
else
  echo "licenses: 0 passed, 1 failed"
  counts 0 1
  exit 1
fi
