#!/usr/bin/env bash
# `mapkit gen --lang=opencl` and the round trips across dialects
# (codegen/gen_opencl.c; docs/codegen.md "OpenCL"; docs/fixpoint.md "Across dialects"):
#   clang     every protocol we generate (corpus/proto, tests/codegen) gives
#             OpenCL C that compiles with clang -x cl -cl-std=CL1.2 -fsyntax-only
#             -Wall (CL2.0 when its second comment line asks for it), the same
#             bytes twice
#   golden    tests/codegen/opencl/NAME.cl == gen --lang=opencl of the protocol
#   header    --gv-header writes GPUVerify's OpenCL sizes, which check reads back
#   pocl      --main programs build with cc and run on PoCL ("skipped" when the
#             machine has no OpenCL platform)
#   fixpoint  .cl inputs round-trip through OpenCL; --cross alternates dialects
#   fuzz      fuzz --lang=opencl writes NAME.cl that clang compiles
#
#   tests/opencl_gen.sh [BUILD_DIR]     UPDATE=1 rewrites the golden files
#
# Prints a FAIL line per failure and ends with "N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL opencl-gen %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$root/$build/bin/mapkit" "$tmp")
golden_dir=tests/codegen/opencl

# The -cl-std a generated file asks for on its second comment line.
cl_std() {
    if grep -q '^// OpenCL C 2.0' "$1"; then echo CL2.0; else echo CL1.2; fi
}

# clang_ok FILE [FLAGS]: compiles as OpenCL C; by default with no warning
# but a literal division by zero (random protocols may leave a loop
# variable unread: they are compiled without -Wall)
clang_ok() {
    local f=$1
    shift
    [ $# -gt 0 ] || set -- -Wall -Werror -Wno-division-by-zero
    clang -x cl -cl-std="$(cl_std "$f")" -fsyntax-only "$@" "$f" > "$tmp/clang.log" 2>&1
}

sources=(corpus/proto/*.proto tests/codegen/*.proto tests/codegen/hostile/*.proto tests/codegen/roundtrip/*.proto)
echo "-- gen --lang=opencl and clang over ${#sources[@]} protocols"
i=0
for src in "${sources[@]}"; do
    i=$((i + 1))
    out=$tmp/g$i.cl
    if ! "$mapkit" gen --lang=opencl "$src" -o "$out" 2> "$tmp/gen.err"; then
        fail "gen --lang=opencl $src: $(head -n 2 "$tmp/gen.err")"
        continue
    fi
    "$mapkit" gen --lang=opencl "$src" 2> /dev/null | cmp -s - "$out" && pass ||
        fail "gen --lang=opencl $src: -o and standard output differ"
    if clang_ok "$out"; then pass; else
        fail "clang -x cl: $src"
        grep -m 3 -E 'error|warning' "$tmp/clang.log"
    fi
done

echo "-- the language written: -o FILE.cl is OpenCL, --lang=cuda and the default CUDA"
src=corpus/proto/fence_flags.proto
"$mapkit" gen "$src" -o "$tmp/by_ext.cl" 2> /dev/null
grep -q '^__kernel void' "$tmp/by_ext.cl" && pass || fail "-o FILE.cl did not write OpenCL"
"$mapkit" gen --lang=cuda "$src" -o "$tmp/forced.cl" 2> /dev/null
grep -q '^__global__ void' "$tmp/forced.cl" && pass || fail "--lang=cuda -o FILE.cl did not write CUDA"
"$mapkit" gen "$src" 2> /dev/null | grep -q '^__global__ void' && pass || fail "the default is no longer CUDA"
grep -q 'barrier(CLK_LOCAL_MEM_FENCE);' "$tmp/by_ext.cl" && grep -q 'barrier(CLK_GLOBAL_MEM_FENCE);' "$tmp/by_ext.cl" &&
    grep -q 'barrier(0);' "$tmp/by_ext.cl" && pass || fail "fence flags are not barrier(flags)"

echo "-- golden files ($golden_dir)"
goldens=("$golden_dir"/*.cl)
[ "${#goldens[@]}" -ge 6 ] && pass || fail "only ${#goldens[@]} golden files (want 6)"
for want in "${goldens[@]}"; do
    name=$(basename "$want" .cl)
    src=corpus/proto/$name.proto
    [ -f "$src" ] || src=tests/codegen/$name.proto
    [ -f "$src" ] || src=tests/codegen/hostile/$name.proto
    if [ "${UPDATE:-0}" = 1 ]; then
        "$mapkit" gen --lang=opencl "$src" > "$want" 2> /dev/null
    fi
    if "$mapkit" gen --lang=opencl "$src" 2>&1 | diff -u "$want" - > "$tmp/golden.diff"; then pass; else
        fail "golden $name"
        head -n 20 "$tmp/golden.diff"
    fi
done

echo "-- --gv-header: GPUVerify's OpenCL sizes, read back by check"
for src in corpus/proto/fence_flags.proto corpus/proto/own-2d-block-linear-index-drf.proto \
    corpus/proto/own-3d-neighbour-no-sync-racy.proto; do
    out=$tmp/hdr.cl
    if ! "$mapkit" gen --lang=opencl --gv-header "$src" -o "$out" 2> "$tmp/gen.err"; then
        fail "gen --gv-header $src: $(head -n 1 "$tmp/gen.err")"
        continue
    fi
    sed -n 2p "$out" | grep -Eq '^//--local_size=\[[0-9,]+\] --num_groups=\[[0-9,]+\]$' && pass ||
        fail "$src: line 2 is not GPUVerify's OpenCL sizes: $(sed -n 2p "$out")"
    # the label holds for the launch line 2 gives, as check reads it from the .cl
    want=pass
    head -n 1 "$out" | grep -q '^//xfail' && want=fail
    if "$mapkit" check "$out" > /dev/null 2>&1; then got=pass; else got=fail; fi
    [ "$got" = "$want" ] && pass || fail "$src: check of the generated OpenCL says $got, its header $want"
done

echo "-- --main on PoCL"
# DRF protocols whose every kernel terminates at the default launch
smoke=(corpus/proto/own-2d-block-linear-index-drf.proto corpus/proto/own-3d-block-3d-array-drf.proto
    corpus/proto/own-benign-uniform-drf.proto tests/codegen/arrays.proto)
for src in "${smoke[@]}"; do
    name=$(basename "$src" .proto)
    "$mapkit" gen --lang=opencl --main "$src" -o "$tmp/$name.cl" 2> /dev/null
    clang_ok "$tmp/$name.cl" && pass || fail "--main $src: the OpenCL part does not compile"
    if cc -x c "$tmp/$name.cl" -o "$tmp/$name" -lOpenCL > "$tmp/cc.log" 2>&1; then pass; else
        fail "--main $src: the host program does not build"
        head -n 5 "$tmp/cc.log"
    fi
done
if ! command -v clinfo > /dev/null || [ "$(clinfo -l 2> /dev/null | grep -c Platform)" -eq 0 ]; then
    echo "skipped: no OpenCL platform (make setup installs PoCL): the --main programs were not run"
else
    for src in "${smoke[@]}"; do
        name=$(basename "$src" .proto)
        [ -x "$tmp/$name" ] || continue
        if timeout 60 "$tmp/$name" > "$tmp/run.log" 2>&1; then pass; else
            fail "--main $src: the program failed on PoCL: $(head -n 3 "$tmp/run.log")"
        fi
    done
fi

echo "-- fixpoint on .cl files and across dialects"
# a .cl input goes through OpenCL, a protocol with --cross through CUDA, then OpenCL
"$mapkit" fixpoint --no-nvcc --keep "$tmp/keep" tests/opencl/fe_barrier_exec.cl > /dev/null 2>&1
[ -f "$tmp/keep/fe_barrier_exec.cl/K1.cl" ] && pass || fail "fixpoint of a .cl file did not write K1.cl"
"$mapkit" fixpoint --no-nvcc --cross --keep "$tmp/keep" corpus/proto/fence_flags.proto > "$tmp/fp.txt" 2>&1
[ -f "$tmp/keep/fence_flags.proto/K1.cu" ] && [ -f "$tmp/keep/fence_flags.proto/K2.cl" ] && pass ||
    fail "fixpoint --cross of a protocol did not write K1.cu then K2.cl"
# exact across dialects: each of these comes back the same through both
for src in corpus/proto/fence_flags.proto corpus/proto/own-2d-block-linear-index-drf.proto \
    corpus/cuda/bitonic_sort_shared.cu corpus/cuda/conv1d_tiled_const.cu corpus/cuda/reduce_warp_shuffle.cu \
    tests/opencl/fe_barrier_exec.cl; do
    [ -f "$src" ] || { fail "missing $src"; continue; }
    if "$mapkit" fixpoint --no-nvcc --cross "$src" > "$tmp/fp.txt" 2>&1; then pass; else
        fail "fixpoint --cross $src is no longer fixed: $(grep -v ': fixed$' "$tmp/fp.txt" | head -n 2)"
    fi
done
# corpus/opencl (the classes are in the report; here: no error, no checker inconsistency)
if [ -d corpus/opencl ]; then
    "$mapkit" fixpoint -j 2 --no-nvcc --format=json corpus/opencl > "$tmp/fp.jsonl" 2> /dev/null
    n=$(wc -l < "$tmp/fp.jsonl")
    [ "$n" -ge 60 ] && pass || fail "fixpoint corpus/opencl: $n kernels (want 60)"
    grep -c '"class":"error"' "$tmp/fp.jsonl" | grep -qx 0 && pass ||
        fail "fixpoint corpus/opencl: errors: $(grep -m 2 '"class":"error"' "$tmp/fp.jsonl")"
    grep -c '"consistent":false' "$tmp/fp.jsonl" | grep -qx 0 && pass ||
        fail "fixpoint corpus/opencl: checker inconsistencies: $(grep -m 2 '"consistent":false' "$tmp/fp.jsonl")"
    echo "corpus/opencl: $(grep -c '"class":"fixed"' "$tmp/fp.jsonl") of $n kernels fixed"
fi

echo "-- fuzz --lang=opencl"
"$mapkit" fuzz --lang=opencl --seed 3 --count 12 --twins 0 --out "$tmp/fz" > /dev/null 2>&1
cls=("$tmp"/fz/*.cl)
[ "${#cls[@]}" -ge 12 ] && pass || fail "fuzz --lang=opencl wrote ${#cls[@]} .cl files (want 12)"
grep -q '\.cl"\]' "$tmp/fz/manifest.jsonl" && pass || fail "the manifest does not list the .cl files"
bad=0
for f in "${cls[@]}"; do
    clang_ok "$f" -w || { bad=$((bad + 1)); fail "clang -x cl: fuzz's $(basename "$f"): $(grep -m 1 error "$tmp/clang.log")"; }
done
[ "$bad" -eq 0 ] && pass
head -n 2 "${cls[0]}" | sed -n 2p | grep -q '^//--local_size=' && pass || fail "fuzz's .cl has no OpenCL header"

# fuzz --check --lang=opencl: the OpenCL front end reads every random protocol's OpenCL back
if "$mapkit" fuzz --check --lang=opencl --seed 5 --count 40 --no-shrink -q --out "$tmp/fzc" > "$tmp/fzc.log" 2>&1; then
    pass
else
    fail "fuzz --check --lang=opencl: $(grep -m 1 disagreements "$tmp/fzc.log"); $(head -c 300 "$tmp/fzc/disagreements.jsonl" 2> /dev/null)"
fi

echo "-- fixpoint --cross on random protocols: CUDA, then OpenCL"
mkdir -p "$tmp/fzp"
cp "$tmp"/fz/*.proto "$tmp/fzp/"
"$mapkit" fixpoint -j 2 --no-nvcc --cross --format=json "$tmp/fzp" > "$tmp/cross.jsonl" 2> /dev/null
n=$(wc -l < "$tmp/cross.jsonl")
[ "$n" -ge 12 ] && pass || fail "fixpoint --cross: $n kernels from 12 random protocols"
# the only loss a random protocol may show is cosmetic (a global array's first size)
for what in '"semantic":true' '"class":"error"' '"consistent":false'; do
    grep -q "$what" "$tmp/cross.jsonl" && fail "fixpoint --cross on random protocols: $what: $(grep -m 1 "$what" "$tmp/cross.jsonl" | head -c 400)" || pass
done

count_sanitizer_failures "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
