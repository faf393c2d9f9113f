# The stage counts of scripts/test.sh, sourced by it and by the scripts its stages run.
#
# test.sh runs each stage with UTF8LENS_COUNTS set to target/test-logs/<stage>.counts (emptied first);
# whatever runs in the stage adds its own tests there as lines "passed N" and "failed M", and test.sh
# sums the lines of that file. Nothing counts by reading another stage's log. Without the variable (a
# script run by hand) these functions do nothing.

# counts PASSED FAILED: adds PASSED passing and FAILED failing tests to the stage's counts.
counts() {
  [ -z "${UTF8LENS_COUNTS:-}" ] || printf 'passed %d\nfailed %d\n' "$1" "$2" >>"$UTF8LENS_COUNTS"
}

# cargo_results LOG: prints "PASSED FAILED", the sums of the "test result: ... N passed; M failed" lines
# that cargo test (and wasm-bindgen-test-runner) wrote to LOG, the log of one cargo test run.
cargo_results() {
  grep -Eo 'test result: [A-Za-z]+\. [0-9]+ passed; [0-9]+ failed' "$1" |
    awk '{ p += $4; f += $6 } END { printf "%d %d\n", p, f }'
}
