#!/usr/bin/env bash
# The ten slowest corpus/cuda kernels for `mapkit check` (docs/checker.md:
# no solver timeouts on real kernels), in CPU seconds (user + system, which
# a loaded machine disturbs less than wall time), with each exit status
# and the Z3 that mapkit reached.  Any unknown (exit 4) is counted: the
# target is none.  It reports; it never fails the bench.
#
#   bench/slowest.sh [BUILD_DIR]
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 0
mapkit=$root/$build/bin/mapkit
[ -x "$mapkit" ] || { echo "bench/slowest.sh: $mapkit not built"; exit 0; }
[ -x /usr/bin/time ] || { echo "bench/slowest.sh: skipped (no GNU /usr/bin/time)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== slowest ten corpus/cuda kernels, mapkit check, CPU seconds ($("$mapkit" --version))"
for f in corpus/cuda/*.cu; do
    /usr/bin/time -f '%U %S' -o "$tmp/t" timeout 300 "$mapkit" check "$f" > /dev/null 2>&1
    status=$?
    printf '%s %s %s\n' "$(tail -n 1 "$tmp/t" | awk '{printf "%.2f", $1 + $2}')" "$status" "$(basename "$f")"
done > "$tmp/all"
sort -rn "$tmp/all" | head -n 10 | awk '{printf "  %6s s  exit %s  %s\n", $1, $2, $3}'
unknown=$(awk '$2 == 4' "$tmp/all" | wc -l)
total=$(awk '{s += $1} END {printf "%.1f", s}' "$tmp/all")
echo "  $(wc -l < "$tmp/all") kernels, $total s in all; unknown (exit 4): $unknown (target: 0)"
