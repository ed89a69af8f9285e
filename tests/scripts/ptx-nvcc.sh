#!/usr/bin/env bash
# The PTX reader (docs/ptx.md, "Reading PTX") on what nvcc really writes:
# a sample of the CUDA corpus (every 15th kernel of corpus/cuda, every
# 40th of its sub-folders, and larger kernels named below: CUB's radix
# sort, block reduce and scan, a bitonic sort) compiled with
# `nvcc -ptx -arch=sm_75 -lineinfo` (again with -rdc=true where the first
# refuses: kernels that call extern device functions), two of them also
# with -G, whose DWARF sections are skipped.  Every .ptx parses, round-trips
# (tests/test_ptx.c), and carries its .loc lines; a kernel nvcc refuses is
# counted and left out.  The printed form of the hand-written files of
# tests/ptx/ and of three real modules assembles with ptxas, so what
# ptx_print writes is PTX and not only what ptx_parse reads.
#   tests/scripts/ptx-nvcc.sh BUILD_DIR       (run by tests/runner.py)
# REQUIRES: nvcc
# TIMEOUT: 600
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
ptxas=$(dirname "$NVCC")/ptxas
test_ptx=$BUILD_ABS/bin/test_ptx

{
    ls corpus/cuda/*.cu | awk 'NR % 15 == 1'
    ls corpus/cuda/silent/*.cu corpus/cuda/sound/*.cu corpus/cuda/values/*.cu | awk 'NR % 40 == 1'
    printf '%s\n' corpus/cuda/atom_cub_sort_store.cu corpus/cuda/atom_cub_load_reduce_union.cu \
        corpus/cuda/atom_cub_scan_twice.cu corpus/cuda/bitonic_sort_shared.cu
} | sort -u > "$tmp/sample"

# compile FILE OUT.ptx [FLAGS]: nvcc's log beside OUT; a kernel that
# calls extern device functions compiles with -rdc=true
# shellcheck disable=SC2016  # expanded by the sh that xargs starts
compile='f=$1 out=$2; shift 2
"$NVCC" -ptx -arch=sm_75 "$@" -o "$out" "$f" > "$out.log" 2>&1 ||
    "$NVCC" -ptx -arch=sm_75 -rdc=true "$@" -o "$out" "$f" >> "$out.log" 2>&1 || rm -f "$out"'
export NVCC
mkdir -p "$tmp/ptx"
while read -r f; do
    printf '%s %s -lineinfo\n' "$f" "$tmp/ptx/$(echo "${f%.cu}" | tr / _).ptx"
done < "$tmp/sample" > "$tmp/jobs"
printf '%s %s -G\n' corpus/cuda/bitonic_sort_shared.cu "$tmp/bitonic.G.ptx" \
    corpus/cuda/atom_cub_load_reduce_union.cu "$tmp/cub_reduce.G.ptx" >> "$tmp/jobs"
xargs -P 2 -L 1 sh -c "$compile" sh < "$tmp/jobs"

sampled=$(wc -l < "$tmp/sample")
compiled=$(find "$tmp/ptx" -name '*.ptx' | wc -l)
refused=$(while read -r f; do
    [ -e "$tmp/ptx/$(echo "${f%.cu}" | tr / _).ptx" ] || printf ' %s' "$f"
done < "$tmp/sample")
pass "nvcc wrote PTX for $compiled of $sampled sampled kernels${refused:+ (refused:$refused)}"
expect_holds "nvcc compiles most of the sample" "[ $compiled -ge $((sampled * 9 / 10)) ]"

counts test_ptx "$("$test_ptx" --lines "$tmp"/ptx/*.ptx 2> "$tmp/lines.err")"
[ -s "$tmp/lines.err" ] && head -n 20 "$tmp/lines.err"
for g in "$tmp"/bitonic.G.ptx "$tmp"/cub_reduce.G.ptx; do
    if [ -e "$g" ]; then
        counts "test_ptx -G" "$("$test_ptx" "$g" 2>&1)"
        check "$(basename "$g"): its .section blocks are skipped" \
            quiet grep -q 'skipped .section .debug_info' <("$test_ptx" --dump "$g")
    else
        fail "nvcc -G wrote no $(basename "$g")"
    fi
done

# what ptx_print writes assembles (opcodes.ptx holds an opcode PTX lacks)
for f in tests/ptx/module.ptx tests/ptx/functions.ptx tests/ptx/body.ptx tests/ptx/operands.ptx \
    "$tmp/ptx/corpus_cuda_atom_cub_sort_store.ptx" "$tmp/ptx/corpus_cuda_bitonic_sort_shared.ptx" \
    "$tmp/cub_reduce.G.ptx"; do
    out=$tmp/printed-$(basename "$f")
    if "$test_ptx" --print "$f" > "$out" && "$ptxas" -c -arch=sm_90 -o /dev/null "$out" > "$out.log" 2>&1; then
        pass "ptxas assembles the printed $(basename "$f")"
    else
        fail "ptxas refuses the printed $(basename "$f"): $(head -n 3 "$out.log")"
    fi
done
