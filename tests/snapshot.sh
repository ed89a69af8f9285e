#!/usr/bin/env bash
# The corpus snapshot: what mapkit prints for every input under corpus/,
# byte for byte (stdout, stderr and the exit code of each command), kept in
# tests/snapshot/.  A change meant to keep behaviour (a restructuring) must
# leave it identical; a change meant to alter verdicts or messages updates
# it with --update, and the diff of tests/snapshot/ is what a reviewer reads.
#
#   tests/snapshot.sh [--update] [BUILD_DIR]
#
# The commands, per input (paths relative to the repository's root):
#   .proto           check --engine=interval, check --engine=align, fmt
#   .cu .cuh .cl     infer, check
# (check with --timeout=120000: the solver's budgets are deterministic, and
# the wall-clock limit is set far enough that a loaded machine cannot reach it)
# Without --update it writes them to a temporary folder, compares each input's
# record with tests/snapshot/PATH.txt (a FAIL line and the diff's head for
# each that differs, is missing or is left over) and ends with
# "snapshot: N passed, M failed".  JOBS (default 2) inputs run at a time.
set -u
update=0
if [ "${1:-}" = --update ]; then
    update=1
    shift
fi
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. tests/lib.sh
mapkit=$root/$build/bin/mapkit
[ -x "$mapkit" ] || { echo "snapshot: $mapkit is not built"; echo "snapshot: 0 passed, 1 failed"; exit 1; }
want_dir=tests/snapshot
if [ -z "${SNAPSHOT_ONE:-}" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    out_dir=$tmp/got
fi

# One command's record: the command line, its stdout, its stderr, its exit.
# (Each worker of the pool is a process of its own: $$ names its files.)
record() {
    local status
    "$mapkit" "$@" > "$tmp/out.$$" 2> "$tmp/err.$$"
    status=$?
    printf '$ mapkit %s\n' "$*"
    cat "$tmp/out.$$"
    printf -- '--- stderr\n'
    cat "$tmp/err.$$"
    printf -- '--- exit %d\n' "$status"
    rm -f "$tmp/out.$$" "$tmp/err.$$"
}

# The record of one input, into out_dir/PATH.txt.
snap() {
    local f=$1 dest=$out_dir/$1.txt
    mkdir -p "$(dirname "$dest")"
    case $f in
    *.proto)
        { record check --timeout=120000 --engine=interval "$f"; record check --timeout=120000 --engine=align "$f"; record fmt "$f"; } > "$dest" ;;
    *)
        { record infer "$f"; record check --timeout=120000 "$f"; } > "$dest" ;;
    esac
}

if [ -n "${SNAPSHOT_ONE:-}" ]; then # a worker of the pool below: BUILD_DIR FILE...
    shift
    for f in "$@"; do snap "$f"; done
    exit 0
fi

inputs=$(find corpus -type f \( -name '*.proto' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cl' \) | LC_ALL=C sort)
export mapkit tmp out_dir
printf '%s\n' $inputs | SNAPSHOT_ONE=1 xargs -P "${JOBS:-2}" -n 8 "$0" "$build"

if [ "$update" -eq 1 ]; then
    rm -rf "$want_dir"
    mkdir -p "$want_dir"
    cp -R "$out_dir"/. "$want_dir"/
    echo "snapshot: $(printf '%s\n' $inputs | wc -l) records written to $want_dir"
    exit 0
fi

passed=0
failed=0
for f in $inputs; do
    if [ ! -f "$want_dir/$f.txt" ]; then
        failed=$((failed + 1)); echo "FAIL snapshot $f: no record in $want_dir (tests/snapshot.sh --update)"
    elif diff -u "$want_dir/$f.txt" "$out_dir/$f.txt" > "$tmp/diff"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL snapshot $f: the output changed"; head -n 20 "$tmp/diff"
    fi
done
# a record whose input is gone
while IFS= read -r rec; do
    f=${rec#"$want_dir"/}
    f=${f%.txt}
    [ -f "$f" ] || { failed=$((failed + 1)); echo "FAIL snapshot $rec: its input $f is gone"; }
done < <(find "$want_dir" -type f -name '*.txt' | LC_ALL=C sort)
echo "snapshot: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
