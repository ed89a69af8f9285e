#!/usr/bin/env bash
# Regression cases of the executable semantics (`mapkit run`).
#
#   tests/run_cases.sh [BUILD_DIR]      (default: build; falls back to bin/)
#
# Every tests/run_cases/*.proto starts with
#   // expect: ARGS => STATUS
# ARGS are passed to `mapkit run ARGS --format=json FILE` as they are (no
# quoting, no globbing); STATUS is the kernel's status (drf, racy, divergent,
# error, unknown; one per kernel, separated by spaces), or "usage" for a
# command line that must be refused (exit 2, no result).  Lines
#   // json: PATTERN        the JSON output must match (grep -E)
#   // json-not: PATTERN    it must not
# may follow.  Prints a FAIL line per mismatch and ends with
# "run-cases: N passed, M failed"; exits 1 when something failed.
set -u
set -f
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
[ -x "$mapkit" ] || mapkit="$root/bin/mapkit"
if [ ! -x "$mapkit" ]; then
    echo "run-cases: no mapkit binary (run make)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")

passed=0
failed=0
fail() { ok=0; printf 'FAIL %s\n' "$*"; }

set +f
files=(tests/run_cases/*.proto)
set -f

check_file() {
    local f=$1 expect args want out status got pat
    expect=$(sed -n '1s|^// expect: *||p' "$f")
    if [[ $expect != *" => "* ]]; then
        fail "$f: first line is not '// expect: ARGS => STATUS'"
        return
    fi
    args=${expect% => *}
    want=${expect##* => }
    read -r -a argv <<< "$args"
    out=$(timeout 60 "$mapkit" run "${argv[@]}" --format=json "$f" 2> /dev/null)
    status=$?
    got=$(printf '%s\n' "$out" | sed -n 's/^{"kernel":[^,]*,.*"status":"\([a-z]*\)".*$/\1/p' | tr '\n' ' ')
    got=${got% }
    if [ -z "$got" ]; then
        if [ "$status" -eq 2 ]; then got=usage; elif [ "$status" -eq 124 ]; then got=timeout; else got="no result (exit $status)"; fi
    fi
    if [ "$got" != "$want" ]; then
        fail "$f: expected $want, got $got (run $args)"
        return
    fi
    while IFS= read -r pat; do
        if ! printf '%s\n' "$out" | grep -Eq -- "$pat"; then
            fail "$f: the JSON does not match: $pat"
        fi
    done < <(sed -n 's|^// json: ||p' "$f")
    while IFS= read -r pat; do
        if printf '%s\n' "$out" | grep -Eq -- "$pat"; then
            fail "$f: the JSON matches what it must not: $pat"
        fi
    done < <(sed -n 's|^// json-not: ||p' "$f")
}

for f in "${files[@]}"; do
    ok=1
    check_file "$f"
    if [ "$ok" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done

count_sanitizer_failures "$tmp"
echo "run-cases: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
