#!/bin/sh
# The test suite's measured times (tests/README.md): the wall, user and
# system seconds of the last full run of `make check` (BUILD/test-times.tsv)
# and of `make check SANITIZE=1` (build-san/test-times.tsv), as the runner
# wrote them, with the case count and the slowest cases.  The targets the
# suite is held to: make check under 10 minutes and make check SANITIZE=1
# under 25 on an idle 2-core machine.  Timings are printed, never asserted.
#   bench/suite.sh [BUILD_DIR]          --run: run both suites first
run=
if [ "${1:-}" = --run ]; then
    run=1
    shift
fi
build=${1:-build}
cd "$(dirname "$0")/.." || exit 2
if [ -n "$run" ]; then
    make --no-print-directory check > /dev/null 2>&1
    make --no-print-directory check SANITIZE=1 > /dev/null 2>&1
fi
echo "== test suite times (last full runs; $(nproc) cores here)"
for log in "$build/test-times.tsv" build-san/test-times.tsv; do
    case $log in *-san/*) what="make check SANITIZE=1" ;; *) what="make check" ;; esac
    if [ ! -f "$log" ]; then
        printf '%-24s no run recorded (%s)\n' "$what" "$log"
        continue
    fi
    awk -F '\t' -v what="$what" '
        /^#total/ { split($2, w, " "); split($3, u, " "); split($4, s, " ")
                    total = sprintf("%.0f s wall (%.1f min), %.0f s user, %.0f s system", w[2], w[2] / 60, u[2], s[2]) }
        !/^#/ { n++; if ($3 == "failed") f++ }
        END { printf "%-24s %s; %d cases, %d failed\n", what, total, n, f }' "$log"
    sort -t "$(printf '\t')" -k2 -g -r "$log" | grep -v '^#' | head -n 5 |
        awk -F '\t' '{ printf "    %7.1f s  %s\n", $2, $1 }'
done
