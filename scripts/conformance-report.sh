#!/usr/bin/env bash
# Writes docs/CONFORMANCE.md: the pass count of every external suite in ../shared/conformance
# (Kuhn, every wpt-utf8-vectors file, flenniken, every charset mapping table byte by byte) and of
# the exhaustive sweeps (every code point, every input of one to three bytes).
#
#   bash scripts/conformance-report.sh
#
# It runs tests/tests/conformance_report.rs with UTF8LENS_CONFORMANCE_REPORT set to the file to
# write. Without that variable the same test runs in `cargo test` (so in CI): it fails if a case
# fails or if the committed docs/CONFORMANCE.md differs from what it renders. The data must be
# present (../shared/conformance beside the project).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

[ -d "$ROOT/../shared/conformance" ] || {
  echo "conformance-report: ERROR: ../shared/conformance not found beside the project" >&2
  exit 1
}
# The report must count every suite: missing data fails here even outside CI.
export CI=true
UTF8LENS_CONFORMANCE_REPORT="$ROOT/docs/CONFORMANCE.md" \
  cargo test -p utf8lens-tests --test conformance_report -- --nocapture
echo "conformance-report: wrote docs/CONFORMANCE.md"
