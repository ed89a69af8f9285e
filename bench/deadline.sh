#!/bin/sh
# bench/deadline.sh BUILD_DIR: how --timeout bounds a long kernel (docs/checker.md,
# item 6).  A protocol of 4000 barrier intervals (tests/gen_intervals.sh)
# is checked under --timeout=5000 and --timeout=2000; the wall time should
# be within 10% + 1 s of the timeout.  It prints numbers and MET / NOT MET,
# never fails on time (timings depend on the machine).
set -eu
build=${1:?usage: bench/deadline.sh BUILD_DIR}
dir=$build/bench
mkdir -p "$dir"
big=$dir/intervals4000.proto
tests/gen_intervals.sh 4000 > "$big"
echo "== deadline: 4000 barrier intervals"
for ms in 5000 2000; do
    start=$(date +%s%N)
    code=0
    "$build/bin/mapkit" check --timeout="$ms" "$big" > "$dir/deadline.out" 2>&1 || code=$?
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" -v ms="$ms" -v code="$code" -v msg="$(grep -o 'time limit reached while [a-z ]*' "$dir/deadline.out" | head -n 1 | sed 's/ *$//')" 'BEGIN {
        wall = (e - s) / 1e6
        limit = ms * 1.1 + 1000
        printf "--timeout=%d: %.0f ms wall, exit %d (%s); target <= %.0f ms: %s\n",
               ms, wall, code, msg == "" ? "decided" : msg, limit, wall <= limit ? "MET" : "NOT MET"
    }'
done
