#!/bin/sh
# tests/gen_intervals.sh N: a DRF protocol of N barrier intervals,
# `wr s[threadIdx.x + i]; sync;` for i in 0..N-1: large enough at N = 4000
# that encoding alone outlasts a 2 s --timeout (docs/checker.md; tests/deadline.sh
# and bench/deadline.sh use it).
n=${1:?usage: tests/gen_intervals.sh N}
awk -v n="$n" 'BEGIN {
    print "kernel intervals {"
    print "  shared int s[];"
    for (i = 0; i < n; i++) printf "  wr s[threadIdx.x + %d];\n  sync;\n", i
    print "}"
}'
