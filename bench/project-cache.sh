#!/usr/bin/env bash
# docs/projects.md, "The cache": `mapkit check --cache DIR` on corpus/projects
# twice; the second run of the unchanged project must take at most a tenth
# of the first's CPU time (user + system, the children's included).  It
# prints numbers and MET / NOT MET, never fails on time.
set -u
BUILD=${1:-build}
MAPKIT=$BUILD/bin/mapkit
cd "$(dirname "$0")/.." || exit 2
CACHE=$(mktemp -d)
trap 'rm -rf "$CACHE"' EXIT
cpu_of() { # CPU seconds of a command, its output dropped
    local t
    t=$( { TIMEFORMAT='%U %S'; time "$@" > /dev/null 2>&1; } 2>&1 | tail -n 1)
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}
first=$(cpu_of "$MAPKIT" check --cache "$CACHE/c" corpus/projects)
second=$(cpu_of "$MAPKIT" check --cache "$CACHE/c" corpus/projects)
ratio=$(awk -v a="$first" -v b="$second" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 999) }')
met=$(awk -v r="$ratio" 'BEGIN { print (r >= 10 ? "MET" : "NOT MET") }')
echo "== project cache: corpus/projects checked twice with --cache"
printf 'first run %s s CPU, second %s s: %sx faster (target >= 10x): %s\n' "$first" "$second" "$ratio" "$met"
