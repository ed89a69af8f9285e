#!/usr/bin/env bash
# --timeout bounds a kernel's whole time (docs/checker.md): parsing or
# inference, encoding, solving and witness shrinking.  On expiry the kernel
# is unknown (exit 4) with "time limit reached while <phase>".
#
#   tests/deadline.sh [BUILD_DIR]
#
# Only verdicts and messages are asserted, never a speed: a broken deadline
# shows as a run that `timeout 60` kills, which fails.  How long the big
# protocol takes is measured by `make bench` (bench/deadline.sh).
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
tmp=$(mktemp -d)
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect NAME WANT_EXIT WANT_TEXT -- COMMAND...: exit code and a message
expect() {
    local name=$1 want=$2 text=$3 out code
    shift 4
    out=$(timeout 60 "$@" 2>&1)
    code=$?
    if [ "$code" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL deadline: $name: exit $code (want $want), want '$text' in:"
        printf '%s\n' "$out" | head -n 5
    fi
}

tests/gen_intervals.sh 4000 > "$tmp/big4000.proto"
# Encoding 4000 intervals takes longer than 2 s: it must stop at the deadline.
for engine in interval align; do
    expect "4000 intervals, --engine=$engine" 4 "time limit reached while" -- \
        "$mapkit" check --engine="$engine" --timeout=2000 "$tmp/big4000.proto"
done
expect "4000 intervals, json" 4 '"status":"unknown"' -- \
    "$mapkit" check --timeout=2000 --format=json "$tmp/big4000.proto"
# Inference counts: no kernel is inferred in 1 ms.
expect "inference counts against --timeout" 4 "time limit reached while inferring" -- \
    "$mapkit" check --timeout=1 corpus/cuda/matmul_tiled.cu
# A small protocol is still decided (the deadline is not "always unknown").
tests/gen_intervals.sh 20 > "$tmp/small.proto"
expect "20 intervals are decided" 0 "data-race free" -- "$mapkit" check --timeout=20000 "$tmp/small.proto"

count_sanitizer_failures "$tmp"
echo "deadline: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
