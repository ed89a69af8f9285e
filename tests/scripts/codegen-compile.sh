#!/usr/bin/env bash
# The CUDA `mapkit gen` writes of every protocol we generate (corpus/proto,
# tests/codegen, its hostile names and proto-first round trips) compiles:
# with nvcc (two batches, each one translation unit in which every file
# sits in a namespace of its own, compiled in parallel), five --main
# programs built into executables, and with clang as CUDA (device side,
# -Wall, against tests/codegen/clang_cuda.h since clang does not know CUDA
# 13).  No warning is tolerated, but those of a division by a literal zero
# (nvcc 39, 179): hostile protocols write `x % 0`, and their CUDA keeps it.
# Where nvcc or clang is missing, a SKIP line says what was not compiled.
#   tests/scripts/codegen-compile.sh BUILD_DIR       (run by tests/runner.py)
set -u
shopt -s nullglob
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
nvcc_flags=(-arch=sm_75 -Werror all-warnings -diag-suppress 39,179)
sources=(corpus/proto/*.proto tests/codegen/*.proto tests/codegen/hostile/*.proto tests/codegen/roundtrip/*.proto)

# generate every source as kN.cu (each source's own checks are its case's)
generated=()
i=0
for src in "${sources[@]}"; do
    i=$((i + 1))
    "$MAPKIT" gen "$src" -o "$tmp/k$i.cu" 2> /dev/null && generated+=("k$i:$src")
done
check "every source generates (${#generated[@]} of ${#sources[@]})" [ "${#generated[@]}" -eq "${#sources[@]}" ]

# write_batch OUT ENTRY...: one translation unit; the first file also at
# file scope, for the prelude its include guard keeps out of the others;
# system headers (cooperative groups, for `sync grid;`) first, at file
# scope, so that their #includes inside the namespaces are no-ops
write_batch() {
    local out=$1 first=1 entry
    shift
    for entry in "$@"; do
        grep -h '^#include <' "$tmp/${entry%%:*}.cu"
    done | sort -u > "$out"
    for entry in "$@"; do
        local name=${entry%%:*}
        if [ $first -eq 1 ]; then
            printf '#include "%s.cu"\n' "$name" >> "$out"
            first=0
        fi
        printf 'namespace ns_%s {\n#include "%s.cu"\n}\n' "$name" "$name" >> "$out"
    done
}
# nvcc_to NAME ARGS...: compiles in $tmp, status in NAME.rc, log in NAME.log
nvcc_to() {
    local name=$1
    shift
    (cd "$tmp" && "$NVCC" "${nvcc_flags[@]}" "$@" > "$name.log" 2>&1; echo $? > "$name.rc")
}

if [ -z "${NVCC:-}" ]; then
    echo "SKIP nvcc: no nvcc (set NVCC=...): generated CUDA was NOT compiled"
else
    half=$(((${#generated[@]} + 1) / 2))
    write_batch "$tmp/batch1.cu" "${generated[@]:0:$half}"
    write_batch "$tmp/batch2.cu" "${generated[@]:$half}"
    "$MAPKIT" gen tests/codegen/arrays.proto --main -b '[16,4]' -p n=4 -p m=8 -o "$tmp/main_arrays.cu"
    "$MAPKIT" gen tests/codegen/hostile/collisions.proto --main -o "$tmp/main_hostile.cu"
    # every thread writes a value of its own, whatever the element type
    "$MAPKIT" gen tests/codegen/main_written.proto --main -b 4 -g 2 -o "$tmp/main_written.cu"
    check "--main: a write function returns the thread's own value" \
        [ "$(grep -c 'memcpy(&v, &id, ' "$tmp/main_written.cu")" -eq 6 ]
    # a kernel with `sync grid;` needs a cooperative launch
    # byte accesses through the helpers of the file's own prelude
    "$MAPKIT" gen tests/codegen/bytes.proto --main -b 16 -g 2 -p n=4 -o "$tmp/main_bytes.cu"
    "$MAPKIT" gen corpus/proto/own-grid-sync-loop-drf.proto --main -b 4 -g 3 -p n=3 -o "$tmp/main_grid.cu"
    check "--main: a kernel with sync grid is launched cooperatively" \
        grep -q 'cudaLaunchCooperativeKernel((void \*)' "$tmp/main_grid.cu"
    nvcc_to batch1 -rdc=true -c batch1.cu -o batch1.o &
    nvcc_to batch2 -rdc=true -c batch2.cu -o batch2.o &
    wait
    nvcc_to main_arrays main_arrays.cu -o main_arrays &
    nvcc_to main_hostile main_hostile.cu -o main_hostile &
    wait
    nvcc_to main_grid main_grid.cu -o main_grid &
    nvcc_to main_written main_written.cu -o main_written &
    wait
    nvcc_to main_bytes main_bytes.cu -o main_bytes
    for b in batch1 batch2; do
        if [ "$(cat "$tmp/$b.rc")" -ne 0 ] || [ ! -s "$tmp/$b.o" ]; then
            fail "nvcc $b"
            grep -m 10 'error' "$tmp/$b.log" | sed 's/^/  /'
        fi
    done
    # every generated file compiled unless its name is in an error line
    for entry in "${generated[@]}"; do
        name=${entry%%:*}
        b=batch1
        grep -q "ns_$name " "$tmp/batch2.cu" && b=batch2
        if [ "$(cat "$tmp/$b.rc")" -eq 0 ]; then
            pass "nvcc: ${entry#*:}"
        elif grep -q "^$name\.cu(" "$tmp/$b.log"; then
            fail "nvcc: ${entry#*:} does not compile"
        fi
    done
    for m in main_arrays main_hostile main_grid main_written main_bytes; do
        if [ "$(cat "$tmp/$m.rc")" -eq 0 ] && [ -x "$tmp/$m" ]; then
            pass "--main: $m"
        else
            fail "--main: $m does not build into an executable"
            grep -m 10 'error' "$tmp/$m.log" | sed 's/^/  /'
        fi
    done
fi

if ! command -v clang > /dev/null; then
    echo "SKIP clang: no clang: generated CUDA was NOT compiled by clang"
else
    clang_batch=$tmp/clang_batch.cu
    : > "$clang_batch"
    for entry in "${generated[@]}"; do
        name=${entry%%:*}
        sed '/^#include </d' "$tmp/$name.cu" > "$tmp/clang_$name.cu"
        # the first at file scope too, for the prelude (as for nvcc)
        [ -s "$clang_batch" ] || printf '#include "clang_%s.cu"\n' "$name" >> "$clang_batch"
        printf 'namespace ns_%s {\n#include "clang_%s.cu"\n}\n' "$name" "$name" >> "$clang_batch"
    done
    if clang -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_75 --cuda-device-only -fsyntax-only -Wall \
        -Werror -Wno-unknown-cuda-version -Wno-division-by-zero -include tests/codegen/clang_cuda.h \
        "$clang_batch" > "$tmp/clang.log" 2>&1; then
        pass "clang: the generated CUDA compiles"
    else
        fail "clang: generated CUDA has errors or warnings"
        grep -m 10 -E 'error|warning' "$tmp/clang.log" | sed 's/^/  /'
    fi
fi
