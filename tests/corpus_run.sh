#!/usr/bin/env bash
# Runs every corpus protocol through the executable semantics and compares
# each kernel's status with the file's label.
#
#   tests/corpus_run.sh [BUILD_DIR]      (default: build; falls back to bin/)
#
# Every corpus/proto/*.proto starts with
#   // verdict: drf|racy|divergent            (one kernel, or no kernel blocks)
#   // verdict: k1=drf k2=racy ...             (one label per kernel)
#   // run: <arguments for mapkit run>
# The run line's words are passed to `mapkit run --format=json` as they are
# (no quoting, no globbing). Prints a FAIL line per mismatch and ends with
# "corpus-run: N passed, M failed"; exits 1 when something failed.
set -u
set -f
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
[ -x "$mapkit" ] || mapkit="$root/bin/mapkit"
if [ ! -x "$mapkit" ]; then
    echo "corpus-run: no mapkit binary (run make)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")

passed=0
failed=0
# A file counts once, however many of its kernels fail.
fail() { ok=0; printf 'FAIL %s\n' "$*"; }

set +f
files=(corpus/proto/*.proto)
set -f

check_file() {
    local f=$1 verdict runline out got pair k want have nk nl
    verdict=$(sed -n '1s|^// verdict: *||p' "$f")
    if [ -z "$verdict" ]; then
        fail "$f: first line is not '// verdict: ...'"
        return
    fi
    if ! sed -n '2p' "$f" | grep -q '^// run:'; then
        fail "$f: second line is not '// run: ...'"
        return
    fi
    runline=$(sed -n '2s|^// run:||p' "$f")
    read -r -a args <<< "$runline"

    # "kernel status" per JSON object (one object per line).
    out=$("$mapkit" run "${args[@]}" --format=json "$f" 2> /dev/null)
    got=$(printf '%s\n' "$out" | sed -n \
        -e 's/^{"kernel":null,.*"status":"\([a-z]*\)".*$/(none) \1/p' \
        -e 's/^{"kernel":"\([^"]*\)",.*"status":"\([a-z]*\)".*$/\1 \2/p')
    if [ -z "$got" ]; then
        fail "$f: mapkit run ${args[*]} printed no result"
        return
    fi

    # Expected "kernel status" pairs; a bare label applies to every kernel.
    case "$verdict" in
    *=*)
        for pair in $verdict; do
            k=${pair%%=*}
            want=${pair#*=}
            have=$(printf '%s\n' "$got" | awk -v k="$k" '$1 == k { print $2; exit }')
            if [ "$have" != "$want" ]; then
                fail "$f: kernel $k: label $want, run ${have:-missing} (run ${args[*]})"
            fi
        done
        nk=$(printf '%s\n' "$got" | wc -l)
        nl=$(printf '%s\n' $verdict | wc -l)
        if [ "$nk" -ne "$nl" ]; then
            fail "$f: $nl labels but the run reported $nk kernels"
        fi
        ;;
    *)
        while read -r k have; do
            if [ "$have" != "$verdict" ]; then
                fail "$f: kernel ${k:-?}: label $verdict, run $have (run ${args[*]})"
            fi
        done <<< "$got"
        ;;
    esac
}

for f in "${files[@]}"; do
    ok=1
    check_file "$f"
    if [ "$ok" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done

count_sanitizer_failures "$tmp"
echo "corpus-run: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
