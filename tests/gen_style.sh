#!/usr/bin/env bash
# `mapkit gen --style=plain|gpuverify|faial`, `--templates`, `--helpers`
# (docs/codegen.md, "Styles"): every protocol of corpus/proto and
# tests/codegen, in every style that can write it, re-infers to the same protocol (tests/test_style.c, through the
# fixed-point harness's comparison) and compiles with nvcc (one translation
# unit per style, each file in a namespace of its own); the CLI's refusals
# and the GPUVerify header.  Usage: tests/gen_style.sh BUILD_DIR.  The last
# line is "N passed, M failed".  NVCC=path overrides the compiler.
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mapkit="$root/$build/bin/mapkit"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")
styles=(plain gpuverify faial)
# test_style's shapes: the styles, and --templates --helpers in mapkit's
# style and in plain CUDA
shapes=("${styles[@]}" shaped plainshaped)

echo "-- every style re-infers to the same protocol"
sources=(corpus/proto/*.proto tests/codegen/*.proto tests/codegen/roundtrip/*.proto)
mkdir -p "$tmp/cu"
out=$("$build/bin/test_style" "$tmp/cu" "${sources[@]}" 2> "$tmp/style.err")
status=$?
printf '%s\n' "$out" | grep '^FAIL' || true
line=$(printf '%s\n' "$out" | tail -n 1)
if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    echo "$line"
else
    fail "test_style crashed or printed no counts (exit $status): $line"
fi
# most of the corpus is written by every style: refusals stay the exception
for shape in "${shapes[@]}"; do
    files=("$tmp/cu/$shape"-*.cu)
    [ "${#files[@]}" -ge $(( ${#sources[@]} * 2 / 3 )) ] && pass ||
        fail "$shape: written for only ${#files[@]} of ${#sources[@]} protocols"
done
grep -lq '^template __global__ void' "$tmp"/cu/shaped-*.cu && pass || fail "--templates: no kernel template instantiated"
grep -lq '__mapkit_store(' "$tmp"/cu/shaped-*.cu && pass || fail "--helpers: no write through a helper"
grep -lq '^template\|__mapkit_store(' "$tmp"/cu/plain-*.cu && fail "templates or helpers without being asked for" || pass

echo "-- the command line"
p=corpus/proto/own-transpose-tile-drf.proto
for style in "${styles[@]}"; do
    if "$mapkit" gen --style="$style" "$p" -o "$tmp/$style.cu" 2> "$tmp/$style.err"; then pass; else
        fail "gen --style=$style $p: $(head -n 2 "$tmp/$style.err")"
    fi
done
grep -q 'extern __device__' "$tmp/plain.cu" && fail "--style=plain declares an extern function" || pass
grep -Eq '^//(pass|xfail:NOT_ALL_VERIFIED)$' <(head -n 1 "$tmp/gpuverify.cu") && pass ||
    fail "--style=gpuverify: line 1 is not GPUVerify's label"
sed -n 2p "$tmp/gpuverify.cu" | grep -q '^//--blockDim=\[.*\] --gridDim=\[.*\]$' && pass ||
    fail "--style=gpuverify: line 2 does not give the launch"
cmp -s "$tmp/faial.cu" "$tmp/plain.cu" && fail "--style=faial and plain write the same bytes" || pass
# a construct a style cannot write is a located error, exit 2, no output
printf 'kernel k {\n    shared int A[8];\n    rd A[threadIdx.x];\n    opaque;\n}\n' > "$tmp/opaque.proto"
"$mapkit" gen --style=plain "$tmp/opaque.proto" -o "$tmp/opaque.cu" 2> "$tmp/opaque.err"
[ $? -eq 2 ] && [ ! -e "$tmp/opaque.cu" ] && grep -q 'opaque.proto:4:5: error: --style=plain' "$tmp/opaque.err" &&
    pass || fail "gen --style=plain on opaque: want a located error and exit 2: $(cat "$tmp/opaque.err")"
"$mapkit" gen --style=mapkit "$tmp/opaque.proto" > /dev/null 2>&1 && pass || fail "gen --style=mapkit refused opaque"
"$mapkit" gen --style=fancy "$p" > /dev/null 2> "$tmp/bad.err"
[ $? -eq 2 ] && grep -q 'mapkit, plain, gpuverify or faial' "$tmp/bad.err" && pass ||
    fail "gen --style=fancy: want a usage error"
printf 'kernel k {\n    global int A[];\n    local x;\n    assume 1@x != 2@x;\n    wr A[x];\n}\n' > "$tmp/pair.proto"
"$mapkit" gen --style=plain "$tmp/pair.proto" > /dev/null 2>&1 && fail "--style=plain wrote a pairwise precondition" || pass
"$mapkit" gen --style=gpuverify "$tmp/pair.proto" 2> /dev/null | grep -q '__requires(.*__other_int(x)' ||
    "$mapkit" gen --style=gpuverify "$tmp/pair.proto" 2> /dev/null | grep -q '__assume(.*__other_int(x)' &&
    pass || fail "--style=gpuverify: no __other_int in the pairwise precondition"

echo "-- nvcc"
if [ ! -x "$nvcc" ]; then
    echo "SKIP nvcc tests: no nvcc at $nvcc (set NVCC=...): styled CUDA was NOT compiled"
else
    # One translation unit per shape: every file in a namespace of its own
    # (system headers first, at file scope, so that their includes inside
    # the namespaces are no-ops).  Two compilers at a time.
    for shape in "${shapes[@]}"; do
        files=("$tmp/cu/$shape"-*.cu)
        unit="$tmp/$shape-all.cu"
        grep -h '^#include <' "${files[@]}" | sort -u > "$unit"
        # the first file also at file scope, for the prelude its include
        # guard keeps out of the others
        printf '#include "cu/%s"\n' "$(basename "${files[0]}")" >> "$unit"
        for f in "${files[@]}"; do
            name=$(basename "$f" .cu)
            printf 'namespace ns_%s {\n#include "cu/%s.cu"\n}\n' "${name//-/_}" "$name" >> "$unit"
        done
    done
    flags=(-arch=sm_75 -rdc=true -c -Werror all-warnings -diag-suppress 39,179)
    compile() { (cd "$tmp" && "$nvcc" "${flags[@]}" "$1-all.cu" -o "$1.o" > "$1.log" 2>&1; echo $? > "$1.rc"); }
    compile plain & compile gpuverify
    wait
    compile faial & compile shaped
    wait
    compile plainshaped
    for shape in "${shapes[@]}"; do
        if [ "$(cat "$tmp/$shape.rc")" -eq 0 ] && [ -s "$tmp/$shape.o" ]; then
            pass
        else
            fail "nvcc: $shape does not compile"
            grep -m 10 -E 'error|warning' "$tmp/$shape.log"
        fi
    done
fi

count_sanitizer_failures "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
