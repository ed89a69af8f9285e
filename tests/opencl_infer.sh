#!/usr/bin/env bash
# The OpenCL dialect of the front end (infer/clang/dialect_opencl.c,
# docs/inference.md "OpenCL C"):
#   golden   tests/opencl/NAME.cl -> `mapkit infer` == tests/opencl/NAME.proto,
#            which fmt reads back unchanged
#   verdict  `mapkit check NAME.cl` gives line 3's `// expect:` (labels
#            reasoned by hand), and line 1's GPUVerify label agrees with it
#   clang    every file compiles with `clang -x cl -cl-std=CL1.2
#            -fsyntax-only` (the version a `// cl-std: CL2.0` line names)
#   cli      GPUVerify's OpenCL sizes, --lang=opencl, standard input,
#            reqd_work_group_size against the header
#
#   tests/opencl_infer.sh [BUILD_DIR]     UPDATE=1 rewrites the golden files
#
# Prints a FAIL line per failure and ends with "N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
dir=tests/opencl
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL opencl %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/$build/bin/mapkit" "$tmp/mapkit" || exit 2
. tests/lib.sh
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")

files=("$dir"/*.cl)
[ ${#files[@]} -ge 10 ] || fail "only ${#files[@]} kernels in $dir"

echo "-- golden protocols"
for cl in "${files[@]}"; do
    name=$(basename "$cl" .cl)
    want="$dir/$name.proto"
    timeout 60 "$mapkit" infer "$cl" > "$tmp/$name.out" 2> "$tmp/$name.err"
    status=$?
    if [ "${UPDATE:-0}" = 1 ] && [ "$status" -eq 0 ]; then
        cp "$tmp/$name.out" "$want"
    fi
    if [ "$status" -eq 0 ] && [ -f "$want" ] && cmp -s "$want" "$tmp/$name.out"; then
        pass
    else
        fail "golden $name (exit $status)"
        [ -f "$want" ] && diff -u "$want" "$tmp/$name.out" | head -n 20
    fi
    if "$mapkit" fmt "$tmp/$name.out" > "$tmp/$name.fmt" 2> /dev/null && cmp -s "$tmp/$name.out" "$tmp/$name.fmt"; then
        pass
    else
        fail "golden $name: output is not canonical .proto"
    fi
done

echo "-- verdicts"
for cl in "${files[@]}"; do
    name=$(basename "$cl" .cl)
    label=$(sed -n '1p' "$cl")
    expect=$(sed -n '3s|^// expect: \([a-z]*\).*|\1|p' "$cl")
    case $expect in
    drf) [ "$label" = "//pass" ] || fail "$name: '// expect: drf' with label '$label'" ;;
    racy | divergent) [[ $label == //xfail:* ]] || fail "$name: '// expect: $expect' with label '$label'" ;;
    *) fail "$name: line 3 is no '// expect: drf|racy|divergent'"; continue ;;
    esac
    timeout 120 "$mapkit" check "$cl" > "$tmp/$name.check" 2>&1
    got=$(verdict_of $?)
    if [ "$got" = "$expect" ]; then pass; else fail "verdict $name: $got, expected $expect"; fi
done

echo "-- clang -x cl"
if command -v clang > /dev/null; then
    for cl in "${files[@]}"; do
        std=$(sed -n 's|^// cl-std: ||p' "$cl")
        if clang -x cl -cl-std="${std:-CL1.2}" -fsyntax-only "$cl" 2> "$tmp/clang.err"; then
            pass
        else
            fail "clang -cl-std=${std:-CL1.2} rejects $cl: $(head -n 1 "$tmp/clang.err")"
        fi
    done
else
    fail "clang is not installed: the kernels' OpenCL C is not checked (make setup installs it)"
fi

echo "-- command line"
# Runs mapkit; passes when the exit status is $2 and the output matches $3.
expect_cmd() { # NAME STATUS REGEX CMD...
    local name=$1 want=$2 regex=$3
    shift 3
    timeout 60 "$@" > "$tmp/cmd.out" 2>&1
    local status=$?
    if [ "$status" -eq "$want" ] && grep -Eq -- "$regex" "$tmp/cmd.out"; then
        pass
    else
        fail "$name: exit $status (want $want), output: $(head -c 300 "$tmp/cmd.out")"
    fi
}
k=$tmp/k
mkdir -p "$k"
body='__kernel void k(__global int *A) { A[get_local_id(0)] = get_global_size(0); }\n'
printf "//pass\n//--local_size=[16,2] --num_groups=[3,5]\n$body" > "$k/sizes.cl"
expect_cmd header-sizes 0 'assume blockDim\.y == 2;' "$mapkit" infer "$k/sizes.cl"
expect_cmd header-groups 0 'assume gridDim\.y == 5;' "$mapkit" infer "$k/sizes.cl"
# --global_size with --local_size: the groups are the quotient
printf "//pass\n//--local_size=64 --global_size=4096\n$body" > "$k/global.cl"
expect_cmd header-global 0 'assume gridDim\.x == 64;' "$mapkit" infer "$k/global.cl"
printf "//pass\n//--local_size=64 --global_size=100\n$body" > "$k/uneven.cl"
expect_cmd header-uneven 2 'uneven\.cl:2:.*error: the global size is not a multiple of the local size on axis x' \
    "$mapkit" check "$k/uneven.cl"
printf "//pass\n//--local_size=[8,0] --num_groups=2\n$body" > "$k/zero.cl"
expect_cmd header-zero 2 'zero\.cl:2:3: error: --local_size=\[8,0\]: every size must be positive' \
    "$mapkit" check "$k/zero.cl"
# no CUDA limit: any positive size
printf "//pass\n//--local_size=[4096,2048] --num_groups=1\n$body" > "$k/big.cl"
expect_cmd header-big 0 'assume blockDim\.x == 4096;' "$mapkit" infer "$k/big.cl"
printf "//pass\n//--local_size=0 --num_groups=1\n$body" > "$k/zero.cl"
expect_cmd header-zero-x 2 'zero\.cl:2:3: error: --local_size=0: every size must be positive' "$mapkit" check "$k/zero.cl"
# --global_offset pins the offset uniforms (facts the checker applies); -p wins over it
printf "//pass\n//--local_size=64 --num_groups=4 --global_offset=0\n__kernel void k(__global int *A) { A[get_global_id(0)] = 1; A[get_group_id(0) * 64 + get_local_id(0)] = 2; }\n" > "$k/offset.cl"
expect_cmd offset-pinned 0 'global_offset_x = 0, .* from the GPUVerify header' "$mapkit" check "$k/offset.cl"
expect_cmd offset-cli 1 'kernel k: racy' "$mapkit" check -p global_offset_x=3 "$k/offset.cl"
sed 's/ --global_offset=0//' "$k/offset.cl" > "$k/offset-free.cl"
expect_cmd offset-symbolic 1 'kernel k: racy' "$mapkit" check "$k/offset-free.cl"
# the command line wins over the header
expect_cmd cli-over-header 0 'assume blockDim\.x == 32;' "$mapkit" infer -b 32 "$k/sizes.cl"
# --lang=opencl reads any name as OpenCL; standard input by its first lines
cp "$k/sizes.cl" "$k/sizes.txt"
expect_cmd lang-opencl 0 '^kernel k \{' "$mapkit" infer --lang=opencl "$k/sizes.txt"
expect_cmd stdin-opencl 0 'kernel k: data-race free' "$mapkit" check - < "$k/sizes.cl"
# reqd_work_group_size fixes the block; a header that says otherwise is warned about
printf "//pass\n//--local_size=32 --num_groups=2\n__kernel __attribute__((reqd_work_group_size(64,1,1))) $body" > "$k/reqd.cl"
expect_cmd reqd-wins 0 'assume blockDim\.x == 64;' "$mapkit" infer "$k/reqd.cl"
expect_cmd reqd-mismatch 0 "warning: kernel 'k' requires work-groups of \(64,1,1\), not the \(32,1,1\) given" \
    "$mapkit" infer "$k/reqd.cl"
# a helper function is no kernel; a CUDA file read as OpenCL has none
printf '__kernel void k(__global int *A) { A[0] = 1; }\nvoid helper(__global int *A) { A[1] = 2; }\n' > "$k/helper.cl"
expect_cmd helper-not-kernel 0 '^kernel k \{' "$mapkit" infer "$k/helper.cl"
check_helper=$(grep -c '^kernel' "$tmp/cmd.out")
[ "$check_helper" = 1 ] && pass || fail "helper-not-kernel: $check_helper kernels, want 1"
printf '__global__ void k(int *A) { A[0] = threadIdx.x; }\n' > "$k/cuda.cl"
expect_cmd cuda-as-opencl 2 'no __kernel function is defined in this file.*--lang=cuda' "$mapkit" check "$k/cuda.cl"
# a barrier whose flags are not a constant orders nothing, and says so
printf '__kernel void k(__global int *A, int f) { A[get_local_id(0)] = 1; barrier(f); A[get_local_id(0) + 1] = 2; }\n' \
    > "$k/flags.cl"
expect_cmd barrier-flags-unknown 0 "warning: the fence flags of 'barrier' are not a constant" "$mapkit" infer "$k/flags.cl"

count_sanitizer_failures "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
