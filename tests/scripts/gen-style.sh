#!/usr/bin/env bash
# `mapkit gen --style=plain|gpuverify|faial`, `--templates`, `--helpers`
# (docs/codegen.md, "Styles"): every protocol of corpus/proto and
# tests/codegen, in every style that can write it, re-infers to the same
# protocol (tests/test_style.c, through the fixed-point harness's
# comparison), most of them in every style, and compiles with nvcc (one
# translation unit per style, each file in a namespace of its own, two
# compilers at a time).  The command line's refusals are
# tests/cases/codegen/styles.test's.
#   tests/scripts/gen-style.sh BUILD_DIR       (run by tests/runner.py)
set -u
shopt -s nullglob
build=${1:-build}
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
# test_style's shapes: the styles, and --templates --helpers in mapkit's
# style and in plain CUDA
shapes=(plain gpuverify faial shaped plainshaped)

sources=(corpus/proto/*.proto tests/codegen/*.proto tests/codegen/roundtrip/*.proto)
mkdir -p "$tmp/cu"
counts test_style "$("$BUILD_ABS/bin/test_style" "$tmp/cu" "${sources[@]}" 2> "$tmp/style.err")"
# most of the corpus is written by every style: refusals stay the exception
for shape in "${shapes[@]}"; do
    files=("$tmp/cu/$shape"-*.cu)
    check "$shape: written for ${#files[@]} of ${#sources[@]} protocols" \
        [ "${#files[@]}" -ge $((${#sources[@]} * 2 / 3)) ]
done
check "--templates: a kernel template instantiated" grep -lq '^template __global__ void' "$tmp"/cu/shaped-*.cu
check "--helpers: a write through a helper" grep -lq '__mapkit_store(' "$tmp"/cu/shaped-*.cu
check_not "templates or helpers without being asked for" grep -lq '^template\|__mapkit_store(' "$tmp"/cu/plain-*.cu

if [ -z "${NVCC:-}" ]; then
    echo "SKIP nvcc: no nvcc (set NVCC=...): styled CUDA was NOT compiled"
    exit 0
fi
# One translation unit per shape: system headers first, at file scope, so
# that their includes inside the namespaces are no-ops; the first file also
# at file scope, for the prelude its include guard keeps out of the others.
for shape in "${shapes[@]}"; do
    files=("$tmp/cu/$shape"-*.cu)
    unit="$tmp/$shape-all.cu"
    grep -h '^#include <' "${files[@]}" | sort -u > "$unit"
    printf '#include "cu/%s"\n' "$(basename "${files[0]}")" >> "$unit"
    for f in "${files[@]}"; do
        name=$(basename "$f" .cu)
        printf 'namespace ns_%s {\n#include "cu/%s.cu"\n}\n' "${name//-/_}" "$name" >> "$unit"
    done
done
flags=(-arch=sm_75 -rdc=true -c -Werror all-warnings -diag-suppress 39,179)
compile() { (cd "$tmp" && "$NVCC" "${flags[@]}" "$1-all.cu" -o "$1.o" > "$1.log" 2>&1; echo $? > "$1.rc"); }
compile plain & compile gpuverify
wait
compile faial & compile shaped
wait
compile plainshaped
for shape in "${shapes[@]}"; do
    if [ "$(cat "$tmp/$shape.rc")" -eq 0 ] && [ -s "$tmp/$shape.o" ]; then
        pass "nvcc: $shape"
    else
        fail "nvcc: $shape does not compile"
        grep -m 10 -E 'error|warning' "$tmp/$shape.log" | sed 's/^/  /'
    fi
done
