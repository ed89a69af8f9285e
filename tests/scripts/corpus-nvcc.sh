#!/usr/bin/env bash
# Every kernel of corpus/cuda, corpus/cuda/silent and corpus/cuda/sound compiles with nvcc
# -arch=sm_75 -rdc=true -c (NVCC_FLAGS to change them).  Compiling is
# batched to stay fast: the files are grouped (CUDA_CORPUS_BATCH, 12, per
# group), each group is one translation unit that #includes every file
# inside its own namespace (#undef-ing the file's macros after it), and the
# groups are compiled two at a time.  A group that fails is compiled again
# file by file, so every failure is reported against the file itself, as
# it compiles on its own.  Without nvcc it says SKIP and counts nothing.
#   tests/scripts/corpus-nvcc.sh BUILD_DIR       (run by tests/runner.py)
# REQUIRES: nvcc
# TIMEOUT: 1200
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
batch=${CUDA_CORPUS_BATCH:-12}
export NVCC_ARGS=${NVCC_FLAGS:--arch=sm_75 -rdc=true}
# compile FILE, writing FILE's log to LOG and nvcc's status to LOG.rc
# shellcheck disable=SC2016  # expanded by the sh that xargs starts
compile='$NVCC $NVCC_ARGS -c "$1" -o /dev/null >"$2" 2>&1; echo $? >"$2.rc"'

# compile_folder DIR: every DIR/*.cu
compile_folder() {
    local dir=$1 files=() f n nb=0 i k b w
    for f in "$dir"/*.cu; do
        [ -f "$f" ] && files+=("$f")
    done
    n=${#files[@]}
    [ "$n" -gt 0 ] || return 0
    local work=$tmp/${dir//\//_}
    mkdir -p "$work"
    : > "$work/batches"
    for ((i = 0; i < n; i += batch)); do
        nb=$((nb + 1))
        w=$work/batch$nb.cu
        printf '%s\n' "${files[@]:i:batch}" > "$work/batch$nb.list"
        {
            # system headers first, so that the #includes inside the
            # namespaces below are no-ops
            grep -h '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "${files[@]:i:batch}" | sort -u
            k=0
            for f in "${files[@]:i:batch}"; do
                k=$((k + 1))
                printf 'namespace cuda_corpus_%d_%d {\n#include "%s"\n}\n' "$nb" "$k" "$ROOT/$f"
                sed -n 's/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\).*/#undef \1/p' "$f"
            done
        } > "$w"
        printf '%s %s\n' "$w" "$w.log" >> "$work/batches"
    done
    xargs -P 2 -L 1 sh -c "$compile" sh < "$work/batches"
    local retry=()
    for ((b = 1; b <= nb; b++)); do
        if [ "$(cat "$work/batch$b.cu.log.rc" 2> /dev/null)" = 0 ]; then
            while read -r f; do pass "nvcc: $f"; done < "$work/batch$b.list"
        else
            while read -r f; do retry+=("$f"); done < "$work/batch$b.list"
        fi
    done
    [ "${#retry[@]}" -gt 0 ] || return 0
    : > "$work/files"
    k=0
    for f in "${retry[@]}"; do
        k=$((k + 1))
        printf '%s %s\n' "$f" "$work/file$k.log" >> "$work/files"
    done
    xargs -P 2 -L 1 sh -c "$compile" sh < "$work/files"
    k=0
    for f in "${retry[@]}"; do
        k=$((k + 1))
        log=$work/file$k.log
        if [ "$(cat "$log.rc" 2> /dev/null)" = 0 ]; then
            pass "nvcc: $f"
        else
            msg=$(grep -m1 -E 'error' "$log" || head -n1 "$log")
            fail "$f: nvcc: ${msg:-exit status $(cat "$log.rc" 2> /dev/null)}"
        fi
    done
}
compile_folder corpus/cuda
compile_folder corpus/cuda/silent
compile_folder corpus/cuda/sound
