#!/usr/bin/env bash
# What `mapkit gen` writes of random protocols compiles without a warning
# (docs/codegen.md, "Warnings"): 72 protocols of gen_random, 12 in each of
# its modes from a fixed seed, as CUDA through nvcc (-Werror all-warnings,
# the host compiler with -Wall -Wextra; two batches, each one translation
# unit with every file in a namespace of its own, compiled in parallel) and
# as OpenCL through clang -x cl -Wall -Werror, one file at a time.
# Random protocols say things hand-written ones do not: constants they never
# read, `threadIdx.x >= 0`, an i8 value as an index.
# Left to the protocol, as codegen-compile.sh leaves its `x % 0`: what it
# says itself that a compiler may call pointless or wrong, which the code
# keeps as written: a division by a literal zero (nvcc 39, 179; clang
# -Wdivision-by-zero), a literal index past a literal size (-Warray-bounds),
# a comparison the operands decide (`i >= i`, `(n & 2) != 3`:
# -Wtautological-compare).  Where nvcc or clang is missing, a SKIP line
# says what was not compiled.
#   tests/scripts/codegen-fuzz-warnings.sh BUILD_DIR   (run by tests/runner.py)
# TIMEOUT: 300
set -u
shopt -s nullglob
build=${1:-build}
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
seed=7
per_mode=12
modes=(plain extended tiles fences bytes loads)
nvcc_flags=(-arch=sm_75 -Werror all-warnings -diag-suppress 39,179 -Xcompiler -Wall,-Wextra)
cl_flags=(-Wall -Werror -Wno-division-by-zero -Wno-array-bounds -Wno-tautological-compare)

# the protocols, and their CUDA and OpenCL as kN.cu and kN.cl
names=()
i=0
for mode in "${modes[@]}"; do
    arg=$mode
    [ "$mode" = plain ] && arg=
    mkdir -p "$tmp/proto/$mode"
    "$ROOT/$build/bin/gen_random" "$seed" "$per_mode" "$tmp/proto/$mode" $arg > /dev/null
    for src in "$tmp/proto/$mode"/*.proto; do
        i=$((i + 1))
        if "$MAPKIT" gen "$src" -o "$tmp/k$i.cu" 2> "$tmp/k$i.err" &&
            "$MAPKIT" gen --lang=opencl "$src" -o "$tmp/k$i.cl" 2>> "$tmp/k$i.err"; then
            names+=("k$i")
        else
            fail "gen: $mode/$(basename "$src"): $(head -n 1 "$tmp/k$i.err")"
        fi
    done
done
check "gen_random wrote $((per_mode * ${#modes[@]})) protocols" [ "$i" -eq $((per_mode * ${#modes[@]})) ]

# write_batch OUT NAME...: one translation unit.  Each file brings its own
# prelude (the include guard is reset), in its namespace: preludes differ
# with what a protocol uses (sync local; needs __mapkit_sync_local).
# System headers first, at file scope, so that their #includes inside the
# namespaces are no-ops.
write_batch() {
    local out=$1 name
    shift
    for name in "$@"; do
        grep -h '^#include <' "$tmp/$name.cu"
    done | sort -u > "$out"
    for name in "$@"; do
        printf '#undef MAPKIT_PRELUDE\n#undef MAPKIT_FENCES\nnamespace ns_%s {\n#include "%s.cu"\n}\n' \
            "$name" "$name" >> "$out"
    done
}

# nvcc_batch NAME: the verdict of batch NAME, and each file named in its log
nvcc_batch() {
    local b=$1 name
    if [ "$(cat "$tmp/$b.rc")" -eq 0 ] && [ -s "$tmp/$b.o" ]; then
        pass "nvcc: $b compiles without warnings"
        return
    fi
    fail "nvcc: $b has warnings or errors"
    for name in $(grep -o '^k[0-9]*\.cu' "$tmp/$b.log" | sort -u); do
        fail "nvcc: $name: $(grep -m 1 -A 1 "^$name(" "$tmp/$b.log" | tr -s ' \n' ' ')"
    done
}

if [ -z "${NVCC:-}" ]; then
    echo "SKIP nvcc: no nvcc (set NVCC=...): the random protocols' CUDA was NOT compiled"
else
    half=$(((${#names[@]} + 1) / 2))
    write_batch "$tmp/batch1.cu" "${names[@]:0:$half}"
    write_batch "$tmp/batch2.cu" "${names[@]:$half}"
    for b in batch1 batch2; do
        (cd "$tmp" && "$NVCC" "${nvcc_flags[@]}" -rdc=true -c $b.cu -o $b.o > $b.log 2>&1; echo $? > $b.rc) &
    done
    wait
    nvcc_batch batch1
    nvcc_batch batch2
fi

# clang -x cl at the standard each file asks for (its second comment line)
cl=$(command -v clang-19 || command -v clang)
if [ -z "$cl" ]; then
    echo "SKIP clang: no clang: the random protocols' OpenCL was NOT compiled"
else
    clean=0
    for name in "${names[@]}"; do
        std=CL1.2
        grep -q '^// OpenCL C 2.0' "$tmp/$name.cl" && std=CL2.0
        if "$cl" -x cl -cl-std=$std -fsyntax-only "${cl_flags[@]}" "$tmp/$name.cl" > "$tmp/$name.cl.log" 2>&1; then
            clean=$((clean + 1))
        else
            fail "clang -x cl: $name.cl: $(grep -m 1 -E 'error|warning' "$tmp/$name.cl.log")"
        fi
    done
    check "clang -x cl: $clean of ${#names[@]} files compile without warnings" [ "$clean" -eq "${#names[@]}" ]
fi
