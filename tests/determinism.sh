#!/usr/bin/env bash
# Verdicts and witnesses do not depend on the machine's load (docs/checker.md,
# item 7): the checker's internal budgets are Z3's deterministic resource
# units, not milliseconds (docs/checker.md, "Deadlines and budgets").
# The whole corpus (corpus/proto and corpus/cuda) is checked twice, once
# as it is and once beside two CPU-burning processes, and every line of
# the text reports (verdicts, witnesses, messages) must be the same.
#
#   tests/determinism.sh [BUILD_DIR]
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
tmp=$(mktemp -d)
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")
burners=()
stop_burners() {
    local pid
    for pid in "${burners[@]}"; do
        kill "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    burners=()
}
trap 'stop_burners; rm -rf "$tmp"' EXIT

# check_corpus OUT: every corpus file's report, in order (no timings in text)
check_corpus() {
    local f args
    for f in corpus/proto/*.proto corpus/cuda/*.cu; do
        args=""
        case $f in *.proto) args=$(sed -n 's|^// check: *||p' "$f" | head -n 1) ;; esac
        echo "### $f"
        # shellcheck disable=SC2086 # ARGS are words
        # a wall-clock deadline is not deterministic, and the slowest
        # kernels come near the default one under the sanitizers and two
        # burners: give it room, so that only the budgets decide
        timeout 300 "$mapkit" check --timeout=60000 $args "$f" 2>&1
        echo "### exit $?"
    done > "$1"
}

check_corpus "$tmp/idle"
for _ in 1 2; do
    sh -c 'while :; do :; done' &
    burners+=($!)
done
check_corpus "$tmp/loaded"
stop_burners

kernels=$(grep -c ': kernel .*: ' "$tmp/idle")
if [ "$kernels" -lt 150 ]; then
    echo "FAIL determinism: only $kernels kernel verdicts in the idle run"
    echo "determinism: 0 passed, 1 failed"
    exit 1
fi
passed=0
failed=0
if diff -u "$tmp/idle" "$tmp/loaded" > "$tmp/diff"; then
    echo "determinism: $kernels kernels, the same reports idle and loaded"
    passed=1
else
    echo "FAIL determinism: reports differ between an idle and a loaded machine:"
    head -n 40 "$tmp/diff"
    failed=1
fi
count_sanitizer_failures "$tmp"
echo "determinism: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
