#!/usr/bin/env bash
# Every annotation of the table in infer/clang/annotations_header.c is
# used by the labelled kernels of both dialects: the CUDA one of
# tests/cases/infer/annotations-dialects.test and the OpenCL one of
# corpus/opencl/annotations_all.cl (a barrier invariant also as `NAME_N`),
# and each of those is read without an undeclared name.
#   tests/scripts/annotations-covered.sh BUILD_DIR   (run by tests/runner.py)
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
names=$(sed -n 's/^    {"\(__[a-z_0-9]*\)", A_[A-Z_0-9]*},$/\1/p' infer/clang/annotations_header.c)
expect_holds "the table lists GPUVerify's annotations" "[ $(printf '%s\n' "$names" | wc -l) -ge 40 ]"
cuda=$TEST_TMP/all.cu
sed -n '/^#--- all.cu$/,/^#--- /p' tests/cases/infer/annotations-dialects.test | sed '1d;$d' > "$cuda"
opencl=corpus/opencl/annotations_all.cl
for n in $names; do
    for f in "$cuda" "$opencl"; do
        check "$n is used in $(basename "$f")" grep -Eq "$n(_[0-9]+)?\(" "$f"
    done
done
for f in "$cuda" "$opencl"; do
    out=$("$MAPKIT" check -b 64 -g 16 "$f" 2>&1)
    check_not "$(basename "$f") has no undeclared name" grep -q undeclared <<< "$out"
    check "$(basename "$f") is data-race free" grep -q 'kernel annotated: data-race free' <<< "$out"
done
