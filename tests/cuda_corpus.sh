#!/usr/bin/env bash
# The project's own CUDA corpus (corpus/cuda/*.cu, see corpus/cuda/README.md):
#   (a) there are at least 60 kernels;
#   (b) every file starts with the three header lines
#         //pass   or   //xfail:NOT_ALL_VERIFIED
#         //--blockDim=D --gridDim=D        D = 64 | [16,16] | [32,1,1]
#         // expect: drf|racy|divergent — one-sentence reason
#       where line 1 agrees with line 3 (//pass <=> drf), the file has a
#       __global__ function (itself, or a header next to it that it
#       includes with quotes), and corpus/cuda/README.md lists the file;
#   (c) every file compiles with nvcc -arch=sm_75 -rdc=true -c.
#
#   tests/cuda_corpus.sh [BUILD_DIR]     (BUILD_DIR is accepted and unused)
#
# Compiling is batched to stay fast: the files are grouped (CUDA_CORPUS_BATCH
# per group), each group is one translation unit that #includes every file
# inside its own namespace (#undef-ing the file's macros after it), and the
# groups are compiled JOBS (default 2) at a time.  A group that fails is
# compiled again file by file, so every failure is reported against the file
# itself, as it compiles on its own.  Without nvcc, (c) prints a SKIP line
# and counts nothing.
#
# Environment: NVCC (default /usr/local/cuda/bin/nvcc, else nvcc on PATH),
# NVCC_FLAGS (default "-arch=sm_75 -rdc=true"), JOBS (2),
# CUDA_CORPUS_BATCH (12), CUDA_CORPUS_DIR (corpus/cuda; relative to the root, or absolute),
# CUDA_CORPUS_MIN (60 kernels), CUDA_CORPUS_LABELS (drf|racy|divergent: the
# labels line 3 may give; corpus/cuda/silent adds unknown).
# Only *.cu files are kernels; subfolders and headers are not counted.
#
# Prints a FAIL line per problem and ends with
# "cuda-corpus: N passed, M failed"; exits 1 when something failed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
dir=${CUDA_CORPUS_DIR:-corpus/cuda}
jobs=${JOBS:-2}
batch=${CUDA_CORPUS_BATCH:-12}
flags=${NVCC_FLAGS:--arch=sm_75 -rdc=true}
min_kernels=${CUDA_CORPUS_MIN:-60}
labels=${CUDA_CORPUS_LABELS:-drf|racy|divergent}

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

files=()
for f in "$dir"/*.cu; do
    [ -f "$f" ] && files+=("$f")
done
n=${#files[@]}

# (a) enough kernels
if [ "$n" -ge "$min_kernels" ]; then
    pass
else
    fail "$dir: $n kernels, at least $min_kernels expected"
fi

# (b) headers
dim='([0-9]+|\[[0-9]+(,[0-9]+){0,2}\])'
re2="^//--blockDim=$dim --gridDim=$dim\$"
re3="^// expect: ($labels) — .+"
readme=$dir/README.md
for f in "${files[@]}"; do
    ok=1
    l1=$(sed -n '1{s/\r$//;p;}' "$f")
    l2=$(sed -n '2{s/\r$//;p;}' "$f")
    l3=$(sed -n '3{s/\r$//;p;}' "$f")
    case $l1 in
    //pass) label=pass ;;
    //xfail:NOT_ALL_VERIFIED) label=xfail ;;
    *) label=; ok=0; fail "$f: line 1 must be //pass or //xfail:NOT_ALL_VERIFIED, got '$l1'" ;;
    esac
    if ! [[ $l2 =~ $re2 ]]; then
        ok=0; fail "$f: line 2 must be //--blockDim=D --gridDim=D, got '$l2'"
    fi
    if [[ $l3 =~ $re3 ]]; then
        verdict=${BASH_REMATCH[1]}
        if [ "$label" = pass ] && [ "$verdict" != drf ]; then
            ok=0; fail "$f: line 1 says //pass but line 3 expects $verdict"
        elif [ "$label" = xfail ] && [ "$verdict" = drf ]; then
            ok=0; fail "$f: line 1 says //xfail but line 3 expects drf"
        fi
    else
        ok=0; fail "$f: line 3 must be '// expect: $labels — reason', got '$l3'"
    fi
    # a kernel may live in a project header next to the file
    headers=()
    while read -r h; do
        [ -f "$(dirname "$f")/$h" ] && headers+=("$(dirname "$f")/$h")
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
    if ! grep -q '__global__' "$f" "${headers[@]}"; then
        ok=0; fail "$f: no __global__ function"
    fi
    if ! grep -qF "$(basename "$f")" "$readme" 2>/dev/null; then
        ok=0; fail "$f: not listed in $readme"
    fi
    [ "$ok" = 1 ] && pass
done

# (c) nvcc
nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then
        nvcc=/usr/local/cuda/bin/nvcc
    else
        nvcc=$(command -v nvcc 2>/dev/null || true)
    fi
fi
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
    echo "SKIP nvcc not found (set NVCC=...): the $n kernels were not compiled"
elif [ "$n" -gt 0 ]; then
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda_corpus.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    export NVCC_BIN=$nvcc NVCC_ARGS=$flags
    # compile FILE, writing FILE's log to LOG and nvcc's status to LOG.rc
    # shellcheck disable=SC2016  # expanded by the sh that xargs starts
    compile='$NVCC_BIN $NVCC_ARGS -c "$1" -o /dev/null >"$2" 2>&1; echo $? >"$2.rc"'

    nb=0
    for ((i = 0; i < n; i += batch)); do
        nb=$((nb + 1))
        w=$tmp/batch$nb.cu
        printf '%s\n' "${files[@]:i:batch}" >"$tmp/batch$nb.list"
        {
            # system headers first, so that the #includes inside the
            # namespaces below are no-ops
            grep -h '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "${files[@]:i:batch}" | sort -u
            k=0
            for f in "${files[@]:i:batch}"; do
                k=$((k + 1))
                case $f in /*) abs=$f ;; *) abs=$root/$f ;; esac
                printf 'namespace cuda_corpus_%d_%d {\n#include "%s"\n}\n' "$nb" "$k" "$abs"
                sed -n 's/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\).*/#undef \1/p' "$f"
            done
        } >"$w"
        printf '%s %s\n' "$w" "$w.log" >>"$tmp/batches"
    done
    xargs -P "$jobs" -L 1 sh -c "$compile" sh <"$tmp/batches"

    retry=()
    for ((b = 1; b <= nb; b++)); do
        if [ "$(cat "$tmp/batch$b.cu.log.rc" 2>/dev/null)" = 0 ]; then
            while read -r f; do pass; done <"$tmp/batch$b.list"
        else
            while read -r f; do retry+=("$f"); done <"$tmp/batch$b.list"
        fi
    done

    if [ "${#retry[@]}" -gt 0 ]; then
        k=0
        for f in "${retry[@]}"; do
            k=$((k + 1))
            printf '%s %s\n' "$f" "$tmp/file$k.log" >>"$tmp/files"
        done
        xargs -P "$jobs" -L 1 sh -c "$compile" sh <"$tmp/files"
        k=0
        for f in "${retry[@]}"; do
            k=$((k + 1))
            log=$tmp/file$k.log
            if [ "$(cat "$log.rc" 2>/dev/null)" = 0 ]; then
                pass
            else
                msg=$(grep -m1 -E 'error' "$log" || head -n1 "$log")
                fail "$f: nvcc: ${msg:-exit status $(cat "$log.rc" 2>/dev/null)}"
            fi
        done
    fi
fi

echo "cuda-corpus: $passed passed, $failed failed"
[ "$failed" = 0 ]
