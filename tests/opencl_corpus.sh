#!/usr/bin/env bash
# The project's own OpenCL corpus (corpus/opencl/*.cl, see corpus/opencl/README.md):
#   (a) there are at least 60 kernels;
#   (b) every file starts with the three header lines
#         //pass   or   //xfail:NOT_ALL_VERIFIED
#         //--local_size=D --num_groups=D   (or --global_size=D; D = 64 | [16,16] | [8,8,1];
#                                             --local_size= may be left to reqd_work_group_size)
#         // expect: drf|racy|divergent — one-sentence reason
#       where line 1 agrees with line 3 (//pass <=> drf), the file has a
#       __kernel function, and corpus/opencl/README.md lists the file;
#   (c) every file compiles with clang -x cl -cl-std=CL1.2 -fsyntax-only (the
#       standard of its optional `// cl-std: CL2.0` line);
#   (d) `mapkit check FILE.cl` gives the verdict of line 3, except the files
#       tests/opencl_corpus_known.txt lists ("FILE.cl reason", one a line),
#       which may disagree but must not crash.
#
#   tests/opencl_corpus.sh [BUILD_DIR]
#
# Environment: CLANG (default clang), JOBS (2), OPENCL_CORPUS_DIR
# (corpus/opencl), OPENCL_CORPUS_MIN (60), CORPUS_TIMEOUT_MS (20000 per kernel).
# Without clang, (c) prints a SKIP line and counts nothing.
# Prints a FAIL line per problem and ends with "opencl-corpus: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
dir=${OPENCL_CORPUS_DIR:-corpus/opencl}
min_kernels=${OPENCL_CORPUS_MIN:-60}
known=tests/opencl_corpus_known.txt
clang=${CLANG:-clang}
mapkit="$root/$build/bin/mapkit"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

files=()
for f in "$dir"/*.cl; do
    [ -f "$f" ] && files+=("$f")
done
n=${#files[@]}

# (a) enough kernels
[ "$n" -ge "$min_kernels" ] && pass || fail "$dir: $n kernels, at least $min_kernels expected"

# (b) headers
size='([0-9]+|\[[0-9]+(,[0-9]+){1,2}\])'
for f in "${files[@]}"; do
    l1=$(sed -n 1p "$f")
    l2=$(sed -n 2p "$f")
    l3=$(sed -n 3p "$f")
    want=$(printf '%s\n' "$l3" | sed -n 's,^// expect: \(drf\|racy\|divergent\) — .\+,\1,p')
    ok=1
    case $l1 in
    //pass) [ "$want" = drf ] || ok=0 ;;
    //xfail:NOT_ALL_VERIFIED) [ "$want" = racy ] || [ "$want" = divergent ] || ok=0 ;;
    *) ok=0 ;;
    esac
    [ "$ok" = 1 ] || fail "$f: line 1 '$l1' and line 3 '$l3' do not agree"
    if ! printf '%s\n' "$l2" | grep -Eq "^//(--local_size=$size )?--(num_groups|global_size)=$size\$"; then
        fail "$f: line 2 is not a GPUVerify OpenCL launch: '$l2'"
        ok=0
    elif ! printf '%s\n' "$l2" | grep -q -- '--local_size=' && ! grep -q 'reqd_work_group_size' "$f"; then
        fail "$f: no --local_size= and no reqd_work_group_size"
        ok=0
    fi
    grep -Eq '(__kernel|^kernel) ' "$f" || { fail "$f: no __kernel function"; ok=0; }
    grep -qF "\`$(basename "$f")\`" "$dir/README.md" || { fail "$f: not listed in $dir/README.md"; ok=0; }
    [ "$ok" = 1 ] && pass
done

# (c) clang compiles each
if ! command -v "$clang" > /dev/null 2>&1; then
    echo "SKIP: no $clang: the corpus was not compiled"
else
    for f in "${files[@]}"; do
        std=$(sed -n 's|^// cl-std: \(CL[0-9.]*\)$|\1|p' "$f" | head -n 1)
        if "$clang" -x cl -cl-std="${std:-CL1.2}" -fsyntax-only "$f" > "$tmp/clang.err" 2>&1; then
            pass
        else
            fail "$f: clang -x cl -cl-std=${std:-CL1.2} -fsyntax-only: $(head -n 3 "$tmp/clang.err")"
        fi
    done
fi

# (d) mapkit's verdicts against the labels
for f in "${files[@]}"; do
    echo "$f"
done |
    xargs -P "${JOBS:-2}" -I{} sh -c '
        timeout 300 "$0" check --timeout="$1" "{}" > /dev/null 2>&1
        echo "{} $?"' "$mapkit" "${CORPUS_TIMEOUT_MS:-20000}" > "$tmp/verdicts"
agree=0
declare -A tally
while read -r f status; do
    want=$(sed -n 3p "$f" | sed -n 's,^// expect: \([a-z]*\).*,\1,p')
    got=$(verdict_of "$status")
    entry=$(grep -E "^$(basename "$f") " "$known" 2> /dev/null | head -n 1)
    if [ "$got" = "$want" ]; then
        agree=$((agree + 1))
        tally[$want]=$((${tally[$want]:-0} + 1))
        pass
        [ -n "$entry" ] && echo "note: $(basename "$f") is listed as a known mismatch but now agrees"
    elif [ -n "$entry" ] && ! crashed "$status"; then
        tally[$want-xfail]=$((${tally[$want-xfail]:-0} + 1))
        pass # a known mismatch, with its reason in the known list
    else
        fail "corpus $(basename "$f"): mapkit says $got, the label says $want"
    fi
done < <(sort "$tmp/verdicts")
echo "corpus/opencl: $agree of $n verdicts agree with their labels" \
    "(drf ${tally[drf]:-0}, racy ${tally[racy]:-0}, divergent ${tally[divergent]:-0};" \
    "known mismatches: drf ${tally[drf-xfail]:-0}, racy ${tally[racy-xfail]:-0}, divergent ${tally[divergent-xfail]:-0})"
# known entries must name files that exist
while read -r name _; do
    [ -z "$name" ] || [ "${name#\#}" != "$name" ] && continue
    [ -f "$dir/$name" ] && pass || fail "$known: '$name' is no file of $dir"
done < <(cat "$known" 2> /dev/null)

count_sanitizer_failures "$tmp"
echo "opencl-corpus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
