#!/usr/bin/env bash
# Builds the npm package `utf8lens` and packs it:
#
#   bash scripts/build-npm.sh      # -> target/npm/pkg/ and target/npm/utf8lens-<version>.tgz
#
# Steps, for each of the package's three WebAssembly modules (`utf8lens`: the export layer crate
# utf8lens-js, codec/js, with its feature `main`; `utf8lens/text`: with its feature `text`, the
# sanitiser, the scanner and the mojibake tools; `utf8lens/detect`: with its feature `detect`, charset
# detection): the crate for wasm32 with and without simd128, as a cdylib with its profile's LTO
# (`cargo rustc --crate-type cdylib`; see build_module; the profile `release` for the first two,
# `npm-size`, opt-level "s", for the detector); wasm-bindgen --target web (the glue the module's
# entries share); the TypeScript declarations from a second wasm-bindgen run (--target nodejs, whose
# .d.ts lists the API without the init functions, which our entries hide);
# wasm-opt -O3 from the npm `binaryen` that tools/package.json pins (skipped with a note if it is
# missing); the package assembled from codec/js/npm/ plus the generated files; `npm pack`; the sizes
# (raw and gzip -9 of the three wasm modules, the JS and the whole package) against issue 7's 60 KB
# goal for the main module's wasm.
#
# Needs what scripts/setup.sh installs (the wasm32 target, wasm-bindgen-cli, Node, npm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# binaryen's wasm-opt comes from npm (tools/package.json, installed by scripts/setup.sh).
export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# shellcheck source=../tools/versions.env
. "$ROOT/tools/versions.env"

TEMPLATE="$ROOT/codec/js/npm"
OUT="$ROOT/target/npm"
PKG="$OUT/pkg"
GEN="$OUT/generated"
CARGO_TARGET_DIR_NPM="$ROOT/target/npm-build"
WASM_OPT="$ROOT/tools/node_modules/.bin/wasm-opt"
# The features rustc's wasm32 output and wasm-bindgen's glue use; wasm-opt must accept them.
WASM_FEATURES=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)

say() { printf 'build-npm: %s\n' "$*"; }
fail() {
  printf 'build-npm: ERROR: %s\n' "$*" >&2
  exit 1
}

command -v wasm-bindgen >/dev/null || fail "wasm-bindgen not found; run bash scripts/setup.sh"
[ "$(wasm-bindgen --version)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ] ||
  fail "found $(wasm-bindgen --version), but tools/versions.env pins $WASM_BINDGEN_VERSION; run bash scripts/setup.sh"
command -v node >/dev/null || fail "node not found"
command -v npm >/dev/null || fail "npm not found"

# Version, licence and repository come from the crate, so the two never disagree. The project has no
# public repository yet, so the crate names none and neither does the package (no placeholder URL):
# the package gets a "repository" (and "homepage" and "bugs" from it) once Cargo.toml has one.
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

# The package has three WebAssembly modules, one crate (utf8lens-js) built three times: `utf8lens`
# (feature main: validation, decoding, encoding, inspection, variants, charsets), `utf8lens/text`
# (feature text: the sanitiser, the scanner and the mojibake tools) and `utf8lens/detect` (feature
# detect: charset detection), so that validating and decoding never download the repair engine, the
# sanitiser or the detector. Each build has its own target directory (the same crate with other
# features).
rm -rf "$GEN" "$PKG"
mkdir -p "$GEN" "$PKG/wasm" "$PKG/text/wasm" "$PKG/detect/wasm"
say "wasm-bindgen $(wasm-bindgen --version | cut -d' ' -f2)"

# build_module FEATURE NAME PROFILE TARGET_DIR DEST: the wasm of one module built with the cargo
# profile PROFILE (release, or npm-size: release at opt-level "s", Cargo.toml), its web glue and
# snippets in DEST (a wasm/ directory of the package), and its declarations in $GEN/NAME-types/NAME.d.ts.
# The crate is an rlib (its tests link it); `cargo rustc --crate-type cdylib` makes this build a cdylib
# alone, the one crate type for which Cargo applies the profile's `lto = true` (a crate built as cdylib
# and rlib together gets no LTO: rustc is then run without `-C lto`).
build_module() {
  local feature="$1" name="$2" profile="$3" target_dir="$4" dest="$5"
  build_wasm "$feature" "$name" "$profile" "$target_dir" simd "-C target-feature=+simd128"
  # The same module without SIMD128, for engines without WebAssembly SIMD (engine.js picks one at load):
  # the codec's scalar paths (cfg(not(target_feature = "simd128")) in codec/src/simd/). wasm-opt
  # runs without --enable-simd on it, so a SIMD instruction there fails the build.
  build_wasm "$feature" "$name" "$profile" "$target_dir-nosimd" nosimd "-C target-feature=-simd128"
  # One glue serves both builds: they export and import the same functions, so the glue generated
  # for each is the same file.
  cmp -s "$GEN/$name-simd-web/$name.js" "$GEN/$name-nosimd-web/$name.js" ||
    fail "the glue of $name's builds with and without SIMD differs ($GEN/$name-{simd,nosimd}-web/$name.js)"
  # The glue without its declarations: no export of the package reaches it (the entries' own .d.ts
  # describe the API), so its .d.ts would ship unreachable, and so would the header naming it.
  sed '1{/@ts-self-types/d}' "$GEN/$name-simd-web/$name.js" >"$dest/$name.js"
  cp "$GEN/$name-simd-web/${name}_bg.wasm" "$dest/${name}_bg.wasm"
  cp "$GEN/$name-nosimd-web/${name}_bg.wasm" "$dest/${name}_nosimd_bg.wasm"
  if [ -d "$GEN/$name-simd-web/snippets" ]; then cp -r "$GEN/$name-simd-web/snippets" "$dest/"; fi
  # Both builds inlined as base64 for the inline entries (inline.js, text/inline.js, detect/inline.js):
  # no file to copy.
  node -e '
    const fs = require("node:fs");
    const [simd, nosimd, out] = process.argv.slice(1);
    const b64 = f => fs.readFileSync(f).toString("base64");
    fs.writeFileSync(out, "// Written by scripts/build-npm.sh: the WebAssembly module with and without SIMD128, as base64.\n" +
      `export const wasmSimd = "${b64(simd)}";\nexport const wasmNoSimd = "${b64(nosimd)}";\n`);
  ' "$dest/${name}_bg.wasm" "$dest/${name}_nosimd_bg.wasm" "$dest/${name}_bg.inline.js"
}

# build_wasm FEATURE NAME PROFILE TARGET_DIR VARIANT RUSTFLAGS: one build of one module with the cargo
# profile PROFILE, optimised, with its web glue in $GEN/NAME-VARIANT-web (and, for the SIMD build, its
# declarations in $GEN/NAME-types/NAME.d.ts).
build_wasm() {
  local feature="$1" name="$2" profile="$3" target_dir="$4" variant="$5" rustflags="$6" wasm_in features
  say "cargo rustc --crate-type cdylib (wasm32, $variant, feature $feature, profile $profile, LTO)"
  RUSTFLAGS="$rustflags" cargo rustc -p utf8lens-js --lib --crate-type cdylib \
    --no-default-features --features "$feature" --profile "$profile" \
    --target wasm32-unknown-unknown --target-dir "$target_dir"
  wasm_in="$target_dir/wasm32-unknown-unknown/$profile/utf8lens_js.wasm"
  wasm-bindgen --target web --out-name "$name" --out-dir "$GEN/$name-$variant-web" "$wasm_in"
  if [ "$variant" = simd ]; then
    wasm-bindgen --target nodejs --out-name "$name" --out-dir "$GEN/$name-types" "$wasm_in"
    features=("${WASM_FEATURES[@]}")
  else
    features=()
    for feature in "${WASM_FEATURES[@]}"; do [ "$feature" = --enable-simd ] || features+=("$feature"); done
  fi
  if [ -x "$WASM_OPT" ]; then
    say "wasm-opt -O3 $name, $variant ($("$WASM_OPT" --version))"
    "$WASM_OPT" -O3 "${features[@]}" --strip-debug --strip-producers \
      -o "$GEN/$name-$variant-web/${name}_bg.opt.wasm" "$GEN/$name-$variant-web/${name}_bg.wasm"
    mv "$GEN/$name-$variant-web/${name}_bg.opt.wasm" "$GEN/$name-$variant-web/${name}_bg.wasm"
  else
    say "wasm-opt not found at ${WASM_OPT#"$ROOT"/} (bash scripts/setup.sh installs it): packing $name unoptimised"
  fi
}
build_module main utf8lens release "$CARGO_TARGET_DIR_NPM" "$PKG/wasm"
# utf8lens/text stays at opt-level 3: `scan` needs the speed.
build_module text utf8lens_text release "$CARGO_TARGET_DIR_NPM-text" "$PKG/text/wasm"
# utf8lens/detect is built for size (profile npm-size, opt-level "s"), and stays faster than its JS
# peers (docs/BENCHMARKS.md, A module of its own).
build_module detect utf8lens_detect npm-size "$CARGO_TARGET_DIR_NPM-detect" "$PKG/detect/wasm"

# The package: the templates, then the generated glue, wasm and declarations.
cp "$TEMPLATE/node.js" "$TEMPLATE/browser.js" "$TEMPLATE/exports.js" "$TEMPLATE/encoder.js" "$TEMPLATE/length.js" "$TEMPLATE/streams.js" \
  "$TEMPLATE/README.md" "$PKG/"
# The other entries (engine.js: which build an engine gets; api.js: what every entry exports).
cp "$TEMPLATE/api.js" "$TEMPLATE/engine.js" "$TEMPLATE/inline.js" "$TEMPLATE/init.js" "$TEMPLATE/init.d.ts" \
  "$TEMPLATE/workerd.js" "$PKG/"
for module in text detect; do
  cp "$TEMPLATE/$module/node.js" "$TEMPLATE/$module/browser.js" "$TEMPLATE/$module/exports.js" "$TEMPLATE/$module/inline.js" \
    "$TEMPLATE/$module/init.js" "$TEMPLATE/$module/init.d.ts" "$TEMPLATE/$module/workerd.js" "$PKG/$module/"
done
# The CommonJS entries for `require` (node.cjs, text/node.cjs, detect/node.cjs): node.js, text/node.js
# and detect/node.js bundled by esbuild (tools/package.json) into one CommonJS file each, import.meta.url standing for the file's own
# URL. They load on every Node from 20 on, also those that cannot require() an ES module (before 20.19
# and 22.12). They hold their own copy of the glue and the JS classes: a program that both imports and
# requires the package gets two instances (two Utf8Decoder classes).
ESBUILD="$ROOT/tools/node_modules/.bin/esbuild"
[ -x "$ESBUILD" ] || fail "esbuild not found at ${ESBUILD#"$ROOT"/}; run bash scripts/setup.sh"
for entry in node text/node detect/node; do
  "$ESBUILD" "$PKG/$entry.js" --bundle --platform=node --format=cjs --target=node20 --log-level=warning --log-override:duplicate-object-key=silent \
    --external:node:fs --define:import.meta.url=__utf8lens_url \
    --banner:js="\"use strict\"; const __utf8lens_url = require(\"node:url\").pathToFileURL(__filename).href;" \
    --outfile="$PKG/$entry.cjs"
done
# The `utf8lens scan` command (package.json "bin").
mkdir -p "$PKG/bin"
install -m 755 "$TEMPLATE/bin/utf8lens.js" "$PKG/bin/utf8lens.js"
# The main module's declarations: wasm-bindgen's, then those of the classes and functions written in
# JavaScript (codec/js/npm/api.d.ts), which name types of the former.
cat "$GEN/utf8lens-types/utf8lens.d.ts" "$TEMPLATE/api.d.ts" >"$PKG/utf8lens.d.ts"
cp "$GEN/utf8lens_text-types/utf8lens_text.d.ts" "$PKG/text/index.d.ts"
cp "$GEN/utf8lens_detect-types/utf8lens_detect.d.ts" "$PKG/detect/index.d.ts"
# The same declarations for `require` (a .d.ts beside an ES module's "types" would be read as ESM).
cp "$PKG/utf8lens.d.ts" "$PKG/utf8lens.d.cts"
cp "$PKG/text/index.d.ts" "$PKG/text/index.d.cts"
cp "$PKG/detect/index.d.ts" "$PKG/detect/index.d.cts"
# The licence texts (LICENSE-MIT, LICENSE-APACHE; listed in "files"), and the sanitiser's options and
# changes, which the README refers to (docs/SANITIZE.md).
cp "$ROOT/LICENSE-MIT" "$ROOT/LICENSE-APACHE" "$PKG/"
cp "$ROOT/docs/SANITIZE.md" "$PKG/SANITIZE.md"

node - "$TEMPLATE/package.json" "$PKG" "$VERSION" "$LICENSE" "$REPOSITORY" <<'EOF'
// Fills in package.json from the crate, and checks that each module's exports.js exports exactly
// what wasm-bindgen generated for it, so a new export in codec/js/src/ cannot be forgotten.
const fs = require("node:fs");
const path = require("node:path");
const [template, pkg, version, license, repository] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(template, "utf8"));
Object.assign(manifest, { version, license });
if (repository) {
  // npm's object form: a bare URL that is not a host shorthand ("github:...") is not valid there (publint).
  Object.assign(manifest, { repository: { type: "git", url: `git+${repository}.git` }, homepage: repository, bugs: `${repository}/issues` });
}
fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

function check(dir, glueName) {
  const glue = fs.readFileSync(path.join(pkg, dir, "wasm", `${glueName}.js`), "utf8");
  const generated = [...glue.matchAll(/^export (?:function|class) (\w+)/gm)].map(m => m[1]).sort();
  const file = path.join(dir, "exports.js");
  const api = fs.readFileSync(path.join(pkg, file), "utf8");
  const block = api.match(new RegExp(`export \\{([^}]*)\\} from "\\./wasm/${glueName}\\.js"`));
  const listed = block ? block[1].split(",").map(s => s.trim()).filter(Boolean) : [];
  // Its own classes and functions that stand in for a generated export of the same name (Utf8Decoder, decode).
  const own = [...api.matchAll(/^export (?:class|function) (\w+)/gm)].map(m => m[1]).filter(name => generated.includes(name));
  const exported = [...listed, ...own].sort();
  if (JSON.stringify(exported) !== JSON.stringify(generated)) {
    console.error(`build-npm: ERROR: ${file} exports [${exported}] but the glue ${glueName}.js has [${generated}]`);
    process.exit(1);
  }
}
check(".", "utf8lens");
check("text", "utf8lens_text");
check("detect", "utf8lens_detect");
EOF

# The measured sizes go into the packed README between its size markers.
gz() { gzip -9 -c "$1" | wc -c; }
WASM_RAW=$(wc -c <"$PKG/wasm/utf8lens_bg.wasm")
WASM_GZ=$(gz "$PKG/wasm/utf8lens_bg.wasm")
TEXT_WASM_RAW=$(wc -c <"$PKG/text/wasm/utf8lens_text_bg.wasm")
TEXT_WASM_GZ=$(gz "$PKG/text/wasm/utf8lens_text_bg.wasm")
JS_FILES=("$PKG/wasm/utf8lens.js" "$PKG"/wasm/snippets/*/*.js "$PKG/exports.js" "$PKG/encoder.js" "$PKG/length.js" "$PKG/streams.js" "$PKG/browser.js")
JS_RAW=$(cat "${JS_FILES[@]}" | wc -c)
JS_GZ=$(cat "${JS_FILES[@]}" | gzip -9 -c | wc -c)
TEXT_JS_FILES=("$PKG/text/wasm/utf8lens_text.js" "$PKG"/text/wasm/snippets/*/*.js "$PKG/text/exports.js" "$PKG/text/browser.js")
TEXT_JS_RAW=$(cat "${TEXT_JS_FILES[@]}" | wc -c)
TEXT_JS_GZ=$(cat "${TEXT_JS_FILES[@]}" | gzip -9 -c | wc -c)
DETECT_WASM_RAW=$(wc -c <"$PKG/detect/wasm/utf8lens_detect_bg.wasm")
DETECT_WASM_GZ=$(gz "$PKG/detect/wasm/utf8lens_detect_bg.wasm")
DETECT_JS_FILES=("$PKG/detect/wasm/utf8lens_detect.js" "$PKG"/detect/wasm/snippets/*/*.js "$PKG/detect/exports.js" "$PKG/detect/browser.js")
DETECT_JS_RAW=$(cat "${DETECT_JS_FILES[@]}" | wc -c)
DETECT_JS_GZ=$(cat "${DETECT_JS_FILES[@]}" | gzip -9 -c | wc -c)
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
SIZES="utf8lens: WebAssembly $(kib "$WASM_GZ") gzipped ($(kib "$WASM_RAW") raw), JavaScript $(kib "$JS_GZ") gzipped ($(kib "$JS_RAW") raw); utf8lens/text, downloaded only by its importers: WebAssembly $(kib "$TEXT_WASM_GZ") gzipped ($(kib "$TEXT_WASM_RAW") raw), JavaScript $(kib "$TEXT_JS_GZ") gzipped ($(kib "$TEXT_JS_RAW") raw); utf8lens/detect, likewise: WebAssembly $(kib "$DETECT_WASM_GZ") gzipped ($(kib "$DETECT_WASM_RAW") raw), JavaScript $(kib "$DETECT_JS_GZ") gzipped ($(kib "$DETECT_JS_RAW") raw); measured by scripts/build-npm.sh for $VERSION."
node - "$PKG/README.md" "$SIZES" <<'EOF'
const fs = require("node:fs");
const [file, sizes] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");
const marked = /(<!-- sizes -->)[\s\S]*?(<!-- \/sizes -->)/;
if (!marked.test(text)) {
  console.error("build-npm: ERROR: codec/js/npm/README.md has no <!-- sizes --> ... <!-- /sizes --> markers");
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
printf 'build-npm: sizes: wasm %s bytes (gzip -9: %s); JS %s bytes (gzip -9: %s); text wasm %s bytes (gzip -9: %s); text JS %s bytes (gzip -9: %s); detect wasm %s bytes (gzip -9: %s); detect JS %s bytes (gzip -9: %s); package %s bytes in %s files (each gzipped: %s); tarball %s bytes\n' \
  "$WASM_RAW" "$WASM_GZ" "$JS_RAW" "$JS_GZ" "$TEXT_WASM_RAW" "$TEXT_WASM_GZ" "$TEXT_JS_RAW" "$TEXT_JS_GZ" \
  "$DETECT_WASM_RAW" "$DETECT_WASM_GZ" "$DETECT_JS_RAW" "$DETECT_JS_GZ" \
  "$PKG_RAW" "$(find "$PKG" -type f | wc -l)" "$PKG_GZ" "$(wc -c <"$TARBALL")"
# Issue 7's goal for the wasm, charset tables included: 60 KB gzipped (60,000 bytes, gzip -9). It is
# the main module's, which every user downloads; utf8lens/text and utf8lens/detect are downloaded only
# by their importers.
WASM_GOAL=60000
if [ "$WASM_GZ" -le "$WASM_GOAL" ]; then
  say "size goal: main wasm gzip $WASM_GZ <= $WASM_GOAL bytes (60 KB): met"
else
  say "size goal: main wasm gzip $WASM_GZ > $WASM_GOAL bytes (60 KB): not met, $((WASM_GZ - WASM_GOAL)) bytes over (docs/BENCHMARKS.md, Sizes, has the breakdown)"
fi
printf 'build-npm: sizes without SIMD: wasm %s bytes (gzip -9: %s); text wasm %s bytes (gzip -9: %s); detect wasm %s bytes (gzip -9: %s); inline entries (both builds, base64): %s, %s and %s bytes\n' \
  "$(wc -c <"$PKG/wasm/utf8lens_nosimd_bg.wasm")" "$(gz "$PKG/wasm/utf8lens_nosimd_bg.wasm")" \
  "$(wc -c <"$PKG/text/wasm/utf8lens_text_nosimd_bg.wasm")" "$(gz "$PKG/text/wasm/utf8lens_text_nosimd_bg.wasm")" \
  "$(wc -c <"$PKG/detect/wasm/utf8lens_detect_nosimd_bg.wasm")" "$(gz "$PKG/detect/wasm/utf8lens_detect_nosimd_bg.wasm")" \
  "$(wc -c <"$PKG/wasm/utf8lens_bg.inline.js")" "$(wc -c <"$PKG/text/wasm/utf8lens_text_bg.inline.js")" \
  "$(wc -c <"$PKG/detect/wasm/utf8lens_detect_bg.inline.js")"
say "sizes: the three wasm modules (utf8lens + utf8lens/text + utf8lens/detect) gzip -9: $WASM_GZ + $TEXT_WASM_GZ + $DETECT_WASM_GZ = $((WASM_GZ + TEXT_WASM_GZ + DETECT_WASM_GZ)) bytes; raw: $WASM_RAW + $TEXT_WASM_RAW + $DETECT_WASM_RAW = $((WASM_RAW + TEXT_WASM_RAW + DETECT_WASM_RAW)) bytes"
say "done: ${TARBALL#"$ROOT"/}"
