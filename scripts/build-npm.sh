#!/usr/bin/env bash
# Builds the npm package `utf8lens` and packs it:
#
#   bash scripts/build-npm.sh      # -> target/npm/pkg/ and target/npm/utf8lens-<version>.tgz
#
# Steps: the codec with its `js` feature for wasm32 with simd128; wasm-bindgen --target web (the
# glue both entries share); the TypeScript declarations from a second wasm-bindgen run (--target
# nodejs, whose .d.ts lists the API without the init functions, which our entries hide);
# wasm-opt -O3 from the npm `binaryen` that scripts/setup.sh pins (skipped with a note if it is
# missing); the package assembled from codec/npm/ plus the generated files; `npm pack`; the sizes
# (raw and gzip -9 of the wasm, the JS and the whole package) against issue 7's 60 KB wasm goal.
#
# Needs what scripts/setup.sh installs (the wasm32 target, wasm-bindgen-cli, Node, npm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

TEMPLATE="$ROOT/codec/npm"
OUT="$ROOT/target/npm"
PKG="$OUT/pkg"
GEN="$OUT/generated"
CARGO_TARGET_DIR_NPM="$ROOT/target/npm-build"
WASM_OPT="$ROOT/scripts/e2e/node_modules/.bin/wasm-opt"
# The features rustc's wasm32 output and wasm-bindgen's glue use; wasm-opt must accept them.
WASM_FEATURES=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)

say() { printf 'build-npm: %s\n' "$*"; }
fail() {
  printf 'build-npm: ERROR: %s\n' "$*" >&2
  exit 1
}

command -v wasm-bindgen >/dev/null || fail "wasm-bindgen not found; run bash scripts/setup.sh"
command -v node >/dev/null || fail "node not found"
command -v npm >/dev/null || fail "npm not found"

# Version, licence and repository come from the crate, so the two never disagree.
IFS=$'\t' read -r VERSION LICENSE REPOSITORY < <(
  cargo metadata --no-deps --format-version 1 --offline 2>/dev/null |
    node -e '
      let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
        const p = JSON.parse(s).packages.find(p => p.name === "utf8lens");
        console.log([p.version, p.license, p.repository].join("\t"));
      });'
)
[ -n "${VERSION:-}" ] || fail "could not read the utf8lens crate's version from cargo metadata"
say "utf8lens $VERSION ($LICENSE)"

say "cargo build (wasm32, simd128, feature js, release)"
RUSTFLAGS="-C target-feature=+simd128" cargo build -p utf8lens --lib --features js --release \
  --target wasm32-unknown-unknown --target-dir "$CARGO_TARGET_DIR_NPM"
WASM_IN="$CARGO_TARGET_DIR_NPM/wasm32-unknown-unknown/release/utf8lens.wasm"

rm -rf "$GEN" "$PKG"
mkdir -p "$GEN" "$PKG/wasm"

say "wasm-bindgen $(wasm-bindgen --version | cut -d' ' -f2)"
wasm-bindgen --target web --out-dir "$GEN/web" "$WASM_IN"
wasm-bindgen --target nodejs --out-dir "$GEN/types" "$WASM_IN"

if [ -x "$WASM_OPT" ]; then
  say "wasm-opt -O3 ($("$WASM_OPT" --version))"
  "$WASM_OPT" -O3 "${WASM_FEATURES[@]}" --strip-debug --strip-producers \
    -o "$GEN/web/utf8lens_bg.opt.wasm" "$GEN/web/utf8lens_bg.wasm"
  mv "$GEN/web/utf8lens_bg.opt.wasm" "$GEN/web/utf8lens_bg.wasm"
else
  say "wasm-opt not found at ${WASM_OPT#"$ROOT"/} (bash scripts/setup.sh installs it): packing the wasm unoptimised"
fi

# The package: the template, then the generated glue, wasm and declarations.
cp "$TEMPLATE/node.js" "$TEMPLATE/browser.js" "$TEMPLATE/exports.js" "$TEMPLATE/README.md" "$PKG/"
cp -r "$GEN/web/utf8lens.js" "$GEN/web/utf8lens.d.ts" "$GEN/web/utf8lens_bg.wasm" \
  "$GEN/web/snippets" "$PKG/wasm/"
cp "$GEN/types/utf8lens.d.ts" "$PKG/utf8lens.d.ts"
# The licence texts, once the repository has them (npm packs LICENSE* files whatever "files" says).
for licence in "$ROOT"/LICENSE*; do
  [ -f "$licence" ] && cp "$licence" "$PKG/"
done

node - "$TEMPLATE/package.json" "$PKG" "$VERSION" "$LICENSE" "$REPOSITORY" <<'EOF'
// Fills in package.json from the crate, and checks that exports.js exports exactly what
// wasm-bindgen generated, so a new export in codec/src/js/ cannot be forgotten.
const fs = require("node:fs");
const path = require("node:path");
const [template, pkg, version, license, repository] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(template, "utf8"));
Object.assign(manifest, { version, license, repository });
fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

const glue = fs.readFileSync(path.join(pkg, "wasm/utf8lens.js"), "utf8");
const generated = [...glue.matchAll(/^export (?:function|class) (\w+)/gm)].map(m => m[1]).sort();
const api = fs.readFileSync(path.join(pkg, "exports.js"), "utf8");
const block = api.match(/export \{([^}]*)\} from "\.\/wasm\/utf8lens\.js"/);
const listed = block ? block[1].split(",").map(s => s.trim()).filter(Boolean) : [];
// Its own classes and functions that stand in for a generated export of the same name (Utf8Decoder, decode).
const own = [...api.matchAll(/^export (?:class|function) (\w+)/gm)].map(m => m[1]).filter(name => generated.includes(name));
const exported = [...listed, ...own].sort();
if (JSON.stringify(exported) !== JSON.stringify(generated)) {
  console.error(`build-npm: ERROR: exports.js exports [${exported}] but the glue has [${generated}]`);
  process.exit(1);
}
EOF

# The measured sizes go into the packed README between its size markers.
gz() { gzip -9 -c "$1" | wc -c; }
WASM_RAW=$(wc -c <"$PKG/wasm/utf8lens_bg.wasm")
WASM_GZ=$(gz "$PKG/wasm/utf8lens_bg.wasm")
JS_FILES=("$PKG/wasm/utf8lens.js" "$PKG"/wasm/snippets/*/*.js "$PKG/exports.js" "$PKG/browser.js")
JS_RAW=$(cat "${JS_FILES[@]}" | wc -c)
JS_GZ=$(cat "${JS_FILES[@]}" | gzip -9 -c | wc -c)
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
SIZES="WebAssembly $(kib "$WASM_GZ") gzipped ($(kib "$WASM_RAW") raw); JavaScript $(kib "$JS_GZ") gzipped ($(kib "$JS_RAW") raw), measured by scripts/build-npm.sh for $VERSION."
node - "$PKG/README.md" "$SIZES" <<'EOF'
const fs = require("node:fs");
const [file, sizes] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");
const marked = /(<!-- sizes -->)[\s\S]*?(<!-- \/sizes -->)/;
if (!marked.test(text)) {
  console.error("build-npm: ERROR: codec/npm/README.md has no <!-- sizes --> ... <!-- /sizes --> markers");
  process.exit(1);
}
fs.writeFileSync(file, text.replace(marked, `$1${sizes}$2`));
EOF

say "npm pack"
rm -f "$OUT"/utf8lens-*.tgz
(cd "$PKG" && npm pack --silent --pack-destination "$OUT" >/dev/null)
TARBALL="$OUT/utf8lens-$VERSION.tgz"
[ -f "$TARBALL" ] || fail "npm pack did not leave $TARBALL"

say "package contents:"
tar -tzf "$TARBALL" | sed 's/^/  /'
# The whole package as installed: every file, raw and each gzipped on its own (as a server or CDN
# would send it), and the tarball npm downloads.
PKG_RAW=0
PKG_GZ=0
while IFS= read -r -d '' file; do
  PKG_RAW=$((PKG_RAW + $(wc -c <"$file")))
  PKG_GZ=$((PKG_GZ + $(gz "$file")))
done < <(find "$PKG" -type f -print0)
printf 'build-npm: sizes: wasm %s bytes (gzip -9: %s); JS %s bytes (gzip -9: %s); package %s bytes in %s files (each gzipped: %s); tarball %s bytes\n' \
  "$WASM_RAW" "$WASM_GZ" "$JS_RAW" "$JS_GZ" "$PKG_RAW" "$(find "$PKG" -type f | wc -l)" "$PKG_GZ" "$(wc -c <"$TARBALL")"
# Issue 7's goal for the wasm, charset tables included: 60 KB gzipped (60,000 bytes, gzip -9).
WASM_GOAL=60000
if [ "$WASM_GZ" -le "$WASM_GOAL" ]; then
  say "size goal: wasm gzip $WASM_GZ <= $WASM_GOAL bytes (60 KB): met"
else
  say "size goal: wasm gzip $WASM_GZ > $WASM_GOAL bytes (60 KB): not met, $((WASM_GZ - WASM_GOAL)) bytes over (docs/BENCHMARKS.md, Sizes, has the breakdown)"
fi
say "done: ${TARBALL#"$ROOT"/}"
