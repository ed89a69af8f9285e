#!/usr/bin/env bash
# infer+check time per kernel over corpus/cuda (docs/inference.md, `make bench`),
# measured twice: inside mapkit (the "time_ms" of `mapkit check
# --format=json`: the kernel's share of parsing and inference plus its
# check), and as the wall-clock time of one `mapkit check --kernel NAME
# FILE.cu` process (which adds process start, mostly loading libclang).
# Prints the median, the 95th percentile and the maximum of each, and
# whether the targets (median < 50 ms, none over 1 s) are met by the
# in-process time.  It reports; it never fails the bench.
#
#   bench/infer.sh [BUILD_DIR]
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 0
mapkit=$root/$build/bin/mapkit
[ -x "$mapkit" ] || { echo "bench/infer.sh: $mapkit not built"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
times=$tmp/times
inproc=$tmp/inproc
: > "$times"
: > "$inproc"
for f in corpus/cuda/*.cu; do
    timeout 300 "$mapkit" check --format=json "$f" 2> /dev/null |
        sed -n 's/^{"kernel":"\([^"]*\)".*"time_ms":\([0-9]*\).*/\2 \1/p' |
        while read -r ms k; do echo "$ms $(basename "$f"):$k"; done >> "$inproc"
    for k in $("$mapkit" infer "$f" 2> /dev/null | sed -n 's/^kernel \([A-Za-z0-9_]*\) {$/\1/p'); do
        start=$(date +%s%N)
        timeout 120 "$mapkit" check --kernel "$k" "$f" > /dev/null 2>&1
        end=$(date +%s%N)
        echo "$(((end - start) / 1000000)) $(basename "$f"):$k" >> "$times"
    done
done
verdict() { if [ "$1" = 1 ]; then echo MET; else echo "NOT MET"; fi; }
# report FILE TITLE: median, p95 and max of FILE's "ms name" lines.
report() {
    local file=$1 title=$2 n median p95 max_line max over
    n=$(wc -l < "$file")
    if [ "$n" -eq 0 ]; then
        echo "infer+check: no kernels measured ($title)"
        return
    fi
    sort -n "$file" -o "$file"
    at() { sed -n "${1}p" "$file"; } # the line of rank $1 (1-based)
    median=$(at $(((n + 1) / 2)) | cut -d' ' -f1)
    p95=$(at $(((95 * n + 99) / 100)) | cut -d' ' -f1)
    max_line=$(at "$n")
    max=${max_line%% *}
    over=$(awk '$1 > 1000' "$file" | wc -l)
    echo "infer+check per kernel over corpus/cuda ($n kernels; $title)"
    printf '  median %6d ms   target < 50 ms: %s\n' "$median" "$(verdict $((median < 50)))"
    printf '  p95    %6d ms\n' "$p95"
    printf '  max    %6d ms   target none > 1 s: %s (%d over 1 s; slowest %s)\n' "$max" \
        "$(verdict $((over == 0)))" "$over" "${max_line#* }"
    if [ "$over" -gt 0 ]; then
        awk '$1 > 1000 { printf "    %6d ms  %s\n", $1, $2 }' "$file"
    fi
}
report "$inproc" "time inside mapkit: inference share + check, the targets' measure"
report "$times" "wall time of one \`mapkit check --kernel K FILE.cu\` process each, start-up included"
exit 0
