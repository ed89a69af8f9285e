#!/usr/bin/env bash
# corpus/cuda/silent (see its README.md): kernels whose race or divergence
# lives in a construct a front end could drop.
#   (a) headers, README listing and nvcc, through tests/cuda_corpus.sh
#       (at least 25 kernels; labels racy, divergent, unknown or error);
#   (b) `mapkit check FILE` is never DRF: exit 0 fails, and so does exit 2
#       unless the label is `error`; 1, 3 and 4 are allowed;
#   (c) a racy or divergent label is the verdict exactly (for `unknown`
#       any of racy, divergent and unknown says "not proved" and passes).
# Kernels listed in corpus/cuda/silent/KNOWN-DRF (FILE reason) that still
# fail print a KNOWN line and count neither way; a crash always fails.
#
#   tests/silent_corpus.sh [BUILD_DIR]
#
# Environment: JOBS (2), SILENT_TIMEOUT_MS (20000; three times that in a
# sanitizer build).  Ends with "silent-corpus: N passed, M failed, K known".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
dir=corpus/cuda/silent
known=$dir/KNOWN-DRF
passed=0
failed=0
nknown=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL silent %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# a private copy: a concurrent `make` must not swap the binary mid-run
cp "$root/$build/bin/mapkit" "$tmp/mapkit" || exit 2
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")

# (a)
CUDA_CORPUS_DIR=$dir CUDA_CORPUS_MIN=25 CUDA_CORPUS_LABELS='racy|divergent|unknown|error' \
    tests/cuda_corpus.sh > "$tmp/headers" 2>&1
grep -E '^(FAIL|SKIP)' "$tmp/headers"
if [[ $(tail -n 1 "$tmp/headers") =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
else
    fail "tests/cuda_corpus.sh on $dir printed no counts: $(tail -n 1 "$tmp/headers")"
fi

files=("$dir"/*.cu)
# every KNOWN-DRF entry names a kernel of the folder
while read -r name _; do
    [ -f "$dir/$name" ] && pass || fail "$known names $name, which is not in $dir"
done < <(grep -v '^#' "$known" 2> /dev/null | grep -v '^[[:space:]]*$')

# (b), (c)
limit=${SILENT_TIMEOUT_MS:-20000}
[[ $build == *san* ]] && limit=$((limit * 3))
printf '%s\n' "${files[@]}" |
    xargs -P "${JOBS:-2}" -I{} sh -c '
        timeout 300 "$0" check --timeout="$1" "$2" > /dev/null 2>&1
        status=$?
        # the solver gave up: on a loaded machine, once more with more time
        if [ "$status" -eq 4 ]; then
            timeout 300 "$0" check --timeout="$(($1 * 3))" "$2" > /dev/null 2>&1
            status=$?
        fi
        echo "$2 $status"' "$mapkit" "$limit" {} > "$tmp/verdicts"
[ "$(wc -l < "$tmp/verdicts")" -eq "${#files[@]}" ] && pass ||
    fail "$(wc -l < "$tmp/verdicts") verdicts for ${#files[@]} kernels"

while read -r f status; do
    name=$(basename "$f")
    label=$(sed -n 's,^// expect: \([a-z]*\) — .*,\1,p' "$f" | head -n 1)
    got=$(verdict_of "$status")
    entry=$(grep -E "^$name[[:space:]]" "$known" 2> /dev/null | head -n 1)
    case $label:$status in
    error:2 | unknown:1 | unknown:3 | unknown:4) ok=1 ;;
    *) [ "$got" = "$label" ] && [ "$label" != error ] && ok=1 || ok=0 ;;
    esac
    if [ "$ok" = 1 ]; then
        pass
        [ -n "$entry" ] && echo "note: $name is listed in $known but now passes ($got): take it off the list"
    elif [ -n "$entry" ] && ! crashed "$status"; then
        nknown=$((nknown + 1))
        echo "KNOWN $name: mapkit says $got, the label says $label ($(sed 's/^[^[:space:]]*[[:space:]]*//' <<< "$entry"))"
    else
        fail "$name: mapkit says $got, the label says $label"
    fi
done < <(sort "$tmp/verdicts")

count_sanitizer_failures "$tmp"
echo "silent-corpus: $passed passed, $failed failed, $nknown known"
[ "$failed" -eq 0 ]
