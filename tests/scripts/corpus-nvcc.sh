#!/usr/bin/env bash
# Every kernel of corpus/cuda, corpus/cuda/silent, corpus/cuda/sound and corpus/cuda/values,
# and every program of corpus/host, compiles with nvcc -arch=sm_75
# -rdc=true -c (NVCC_FLAGS to change them).  Compiling is batched to stay
# fast: nvcc's cost is mostly fixed per translation unit (the CUDA headers
# through its front end, cicc and the host compiler, about 1.5 s of CPU),
# so each folder is one unit (CUDA_CORPUS_BATCH, 500, files at most) that
# #includes every file inside its own namespace, #undef-ing the file's
# macros after it; a file with extern "C" names is a unit of its own.  The
# units are compiled two at a time.  A unit that fails is compiled again
# in eight parts, and so on down to single files, so every failure is
# reported against the file itself, as it compiles on its own.  Without
# nvcc it says SKIP and counts nothing.
#   tests/scripts/corpus-nvcc.sh BUILD_DIR       (run by tests/runner.py)
# REQUIRES: nvcc
# TIMEOUT: 1200
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
batch=${CUDA_CORPUS_BATCH:-500}
export NVCC_ARGS=${NVCC_FLAGS:--arch=sm_75 -rdc=true}
# compile FILE, writing FILE's log to LOG and nvcc's status to LOG.rc
# shellcheck disable=SC2016  # expanded by the sh that xargs starts
compile='$NVCC $NVCC_ARGS -c "$1" -o /dev/null >"$2" 2>&1; echo $? >"$2.rc"'
units=0

# write_unit UNIT FILE...: one translation unit that includes every FILE
write_unit() {
    local unit=$1 f k=0
    shift
    {
        # system headers first, so that the #includes inside the
        # namespaces below are no-ops
        grep -h '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$@" | sort -u
        for f in "$@"; do
            k=$((k + 1))
            printf 'namespace cuda_corpus_%d_%d {\n#include "%s"\n}\n' "$units" "$k" "$ROOT/$f"
            sed -n 's/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\).*/#undef \1/p' "$f"
        done
    } > "$unit"
}

# compile_groups SIZE LIST: the files of LIST (one a line, folder by folder)
# in units of SIZE files at most, none spanning two folders; PASS for each
# file of a unit that compiles, the others to LIST.failed
compile_groups() {
    local size=$1 list=$2 f dir last= group=() b
    : > "$list.units"
    : > "$list.failed"
    flush() {
        [ "${#group[@]}" -gt 0 ] || return 0
        units=$((units + 1))
        local unit=$tmp/unit$units
        printf '%s\n' "${group[@]}" > "$unit.list"
        if [ "${#group[@]}" -eq 1 ]; then
            printf '%s %s\n' "${group[0]}" "$unit.log" >> "$list.units"
        else
            write_unit "$unit.cu" "${group[@]}"
            printf '%s %s\n' "$unit.cu" "$unit.log" >> "$list.units"
        fi
        group=()
    }
    while read -r f; do
        dir=${f%/*}
        if [ "$dir" != "$last" ] || [ "${#group[@]}" -ge "$size" ]; then
            flush
        fi
        last=$dir
        group+=("$f")
        # a C name is one per program, whatever namespace declares it
        if grep -q 'extern "C"' "$f"; then
            flush
            last=
        fi
    done < "$list"
    flush
    xargs -P 2 -L 1 sh -c "$compile" sh < "$list.units"
    while read -r b log; do
        if [ "$(cat "$log.rc" 2> /dev/null)" = 0 ]; then
            while read -r f; do pass "nvcc: $f"; done < "${log%.log}.list"
        elif [ "$size" -eq 1 ]; then
            msg=$(grep -m1 -E 'error' "$log" || head -n1 "$log")
            fail "$b: nvcc: ${msg:-exit status $(cat "$log.rc" 2> /dev/null)}"
        else
            cat "${log%.log}.list" >> "$list.failed"
        fi
    done < "$list.units"
}

for dir in corpus/cuda corpus/cuda/silent corpus/cuda/sound corpus/cuda/values corpus/host; do
    for f in "$dir"/*.cu; do
        [ -f "$f" ] && printf '%s\n' "$f"
    done
done > "$tmp/all"
# a unit that fails is split in eight, down to single files
size=$batch
compile_groups "$size" "$tmp/all"
round=0
while [ -s "$tmp/all.failed" ] && [ "$size" -gt 1 ]; do
    size=$(((size + 7) / 8))
    round=$((round + 1))
    mv "$tmp/all.failed" "$tmp/retry$round"
    compile_groups "$size" "$tmp/retry$round"
    mv "$tmp/retry$round.failed" "$tmp/all.failed"
done
