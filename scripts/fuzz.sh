#!/usr/bin/env bash
# Runs the cargo-fuzz targets of codec/fuzz/:
#
#   bash scripts/fuzz.sh                      # every target for 20 s (what scripts/test.sh runs)
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh     # a long run, 10 minutes per target
#   bash scripts/fuzz.sh stream_splits        # only the targets named
#   bash scripts/fuzz.sh --update-corpus      # minimise everything found into codec/fuzz/corpus/
#   bash scripts/fuzz.sh --list               # the targets
#
# Each target starts from the committed seed corpus (codec/fuzz/corpus/<target>/, only read) and
# grows a scratch corpus in target/fuzz/corpus/<target>/, kept between runs so long runs add up.
# A crash, a failed assertion or an input slower than FUZZ_TIMEOUT seconds (default 10) stops the
# target and leaves the input in target/fuzz/artifacts/<target>/; the script shows how to replay it.
# Every run appends "date target seconds executions result" to target/fuzz/runs.tsv (seconds of
# wall time, up to the crash if there was one), which is where docs/FUZZING.md's totals come from.
#
# --update-corpus merges the committed corpus, the scratch corpus and the hand-made seeds
# (codec/fuzz/seeds.py) with libFuzzer's -merge=1, keeping the smallest set of inputs that covers
# the same edges (hit counts and comparison values are left out, which keeps the committed corpus
# to a few hundred KB), and replaces codec/fuzz/corpus/<target>/ with it. Inputs named
# regression-* (the findings of docs/FUZZING.md) are kept whatever their coverage.
#
# Toolchain: nightly when rustup has it (cargo +nightly fuzz); otherwise the default toolchain
# with RUSTC_BOOTSTRAP=1, which accepts the same unstable flags (a fresh machine has only the one
# toolchain). Sanitizer: none by default (the codec forbids unsafe code outside its wasm32 SIMD
# module, so coverage per second buys more than ASan); FUZZ_SANITIZER=address for ASan.
#
# Ends with "fuzz: N passed, M failed" (one per target; the same counts go to its stage's counts file
# when scripts/test.sh runs it: scripts/counts.sh) and exits non-zero if any target failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=counts.sh
. "$ROOT/scripts/counts.sh"
FUZZ_DIR="$ROOT/codec/fuzz"
WORK="$ROOT/target/fuzz"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

SECONDS_PER_TARGET="${FUZZ_SECONDS:-20}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
SANITIZER="${FUZZ_SANITIZER:-none}"
# In CI a fixed seed, so that a run can be repeated; elsewhere libFuzzer picks one (FUZZ_SEED sets it).
if [ -n "${FUZZ_SEED:-}" ]; then
  SEED_FLAG=(-seed="$FUZZ_SEED")
elif [ "${CI:-}" = true ]; then
  SEED_FLAG=(-seed=1)
else
  SEED_FLAG=()
fi
ALL_TARGETS=(decode_vs_std stream_splits variants_round_trip legacy_round_trip garble_repair sanitize_fixed_point unicode_decoder strict_utf16_encoder scan_positions detect)

say() { printf 'fuzz: %s\n' "$*"; }
# summary PASSED FAILED: the last line, and the stage's counts.
summary() {
  echo "fuzz: $1 passed, $2 failed"
  counts "$1" "$2"
}

command -v cargo-fuzz >/dev/null || {
  say "ERROR: cargo-fuzz not found; run bash scripts/setup.sh"
  summary 0 1
  exit 1
}

# FUZZ_TOOLCHAIN=default forces the second way (to test what a fresh machine does).
if [ "${FUZZ_TOOLCHAIN:-}" != default ] && rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  FUZZ=(cargo +nightly fuzz)
  TOOLCHAIN="nightly"
else
  export RUSTC_BOOTSTRAP=1
  FUZZ=(cargo fuzz)
  TOOLCHAIN="$(rustc --version) with RUSTC_BOOTSTRAP=1"
fi
# --debug-assertions: overflow checks and debug_assert! stay on, so arithmetic that could wrap on
# hostile input is a finding too.
BUILD_FLAGS=(--release --debug-assertions --sanitizer "$SANITIZER")

mode=run
targets=()
for arg in "$@"; do
  case "$arg" in
    --update-corpus) mode=update ;;
    --list)
      printf '%s\n' "${ALL_TARGETS[@]}"
      exit 0
      ;;
    -*)
      say "unknown option $arg"
      exit 2
      ;;
    *) targets+=("$arg") ;;
  esac
done
[ "${#targets[@]}" -gt 0 ] || targets=("${ALL_TARGETS[@]}")

cd "$FUZZ_DIR" || exit 1
mkdir -p "$WORK"
say "building ${targets[*]} ($TOOLCHAIN, sanitizer $SANITIZER)"
if ! "${FUZZ[@]}" build "${BUILD_FLAGS[@]}" >"$WORK/build.log" 2>&1; then
  tail -n 40 "$WORK/build.log"
  say "ERROR: the fuzz targets do not build (log: ${WORK#"$ROOT"/}/build.log)"
  summary 0 "${#targets[@]}"
  exit 1
fi

passed=0
failed=0

if [ "$mode" = update ]; then
  seeds="$(mktemp -d "${TMPDIR:-/tmp}/utf8lens-seeds-XXXXXX")"
  trap 'rm -rf "$seeds"' EXIT
  python3 "$FUZZ_DIR/seeds.py" "$seeds" || exit 1
  for target in "${targets[@]}"; do
    fresh="$WORK/merged/$target"
    rm -rf "$fresh"
    mkdir -p "$fresh" "$WORK/corpus/$target" "$FUZZ_DIR/corpus/$target" "$seeds/$target"
    if "${FUZZ[@]}" run "${BUILD_FLAGS[@]}" "$target" "$fresh" "$FUZZ_DIR/corpus/$target" \
      "$WORK/corpus/$target" "$seeds/$target" -- -merge=1 -use_counters=0 -use_cmp=0 -timeout="$TIMEOUT" \
      >"$WORK/merge-$target.log" 2>&1; then
      cp "$FUZZ_DIR/corpus/$target"/regression-* "$fresh/" 2>/dev/null || true
      rm -rf "$FUZZ_DIR/corpus/$target"
      mv "$fresh" "$FUZZ_DIR/corpus/$target"
      say "$target: corpus now $(find "$FUZZ_DIR/corpus/$target" -type f | wc -l) files, $(du -sk --apparent-size "$FUZZ_DIR/corpus/$target" | cut -f1) KiB"
      passed=$((passed + 1))
    else
      tail -n 20 "$WORK/merge-$target.log"
      say "$target: merge FAILED (log: ${WORK#"$ROOT"/}/merge-$target.log)"
      failed=$((failed + 1))
    fi
  done
  summary "$passed" "$failed"
  [ "$failed" -eq 0 ]
  exit
fi

for target in "${targets[@]}"; do
  scratch="$WORK/corpus/$target"
  artifacts="$WORK/artifacts/$target"
  log="$WORK/run-$target.log"
  mkdir -p "$scratch" "$artifacts"
  [ -d "$FUZZ_DIR/corpus/$target" ] || mkdir -p "$FUZZ_DIR/corpus/$target"
  started=$SECONDS
  "${FUZZ[@]}" run "${BUILD_FLAGS[@]}" "$target" "$scratch" "$FUZZ_DIR/corpus/$target" -- \
    -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "${SEED_FLAG[@]}" >"$log" 2>&1
  status=$?
  took=$((SECONDS - started))
  # -a: the log can hold raw bytes of inputs (libFuzzer's dictionary entries).
  runs="$(grep -aEo '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1)"
  runs="${runs:-0}"
  if [ "$status" -eq 0 ]; then
    result=ok
    passed=$((passed + 1))
    say "$target: ok, $runs executions in ${SECONDS_PER_TARGET} s of fuzzing"
  else
    result=FAILED
    failed=$((failed + 1))
    artifact="$(grep -aEo "$artifacts/[^ ]+" "$log" | tail -n 1)"
    grep -aE 'panicked at|^thread|assertion|SUMMARY|ERROR: libFuzzer' "$log" | head -n 12 | sed 's/^/    /'
    say "$target: FAILED after $runs executions (log: ${log#"$ROOT"/})"
    if [ -n "$artifact" ]; then
      say "  input: ${artifact#"$ROOT"/} ($(wc -c <"$artifact") bytes): $(od -An -tx1 -v "$artifact" | tr -s ' \n' ' ' | cut -c1-200)"
      say "  replay: (cd codec/fuzz && ${FUZZ[*]} run ${BUILD_FLAGS[*]} $target $artifact)"
    fi
  fi
  # Wall time of the run, cargo's up-to-date check included (a few seconds), or up to the crash.
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$target" "$took" "$runs" "$result" >>"$WORK/runs.tsv"
done

summary "$passed" "$failed"
[ "$failed" -eq 0 ]
