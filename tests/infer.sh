#!/usr/bin/env bash
# The CUDA front end (infer/, docs/inference.md):
#   golden     tests/infer/NAME.cu -> `mapkit infer` == tests/infer/NAME.proto
#   roundtrip  infer -> gen -> infer gives the same protocol (docs/codegen.md)
#   check      tests/infer/check/*.cu: `mapkit check` exit code from the
#              `// expect:` line (labels reasoned by hand, not recorded)
#   hostile    malformed and odd inputs: a result or a clear error, never a crash
#   corpus     corpus/cuda/*.cu: `mapkit check` agrees with line 3's
#              `// expect:`, except the mismatches tests/infer/corpus-known.txt
#              lists with their reasons
#   cli        -o, --kernel, -D, -I, GPUVerify's header
#
#   tests/infer.sh [BUILD_DIR]     UPDATE=1 rewrites the golden files
#
# Prints a FAIL line per failure and ends with "N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
dir=tests/infer
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL infer %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a private copy: a concurrent `make` must not swap the binary mid-run
cp "$root/$build/bin/mapkit" "$tmp/mapkit" || exit 2
. tests/lib.sh
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")

# Exit status of a command, with a time limit; stdout and stderr kept.
run() { # run NAME CMD...
    local name=$1
    shift
    timeout 60 "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
}

echo "-- golden protocols"
for cu in "$dir"/*.cu; do
    name=$(basename "$cu" .cu)
    want="$dir/$name.proto"
    run "$name" "$mapkit" infer "$cu"
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
    # the protocol must be valid .proto text: fmt reads it back unchanged
    if "$mapkit" fmt "$tmp/$name.out" > "$tmp/$name.fmt" 2> /dev/null &&
        cmp -s "$tmp/$name.out" "$tmp/$name.fmt"; then
        pass
    else
        fail "golden $name: output is not canonical .proto"
    fi
done

echo "-- round trip infer -> gen -> infer"
# templates.cu, template_instances.cu, cxx_templates.cu: arrays of a type
# parameter T have no element type, and gen writes int; so has
# atom_libcuxx.cu's cuda::std::atomic<int>.  surfaces.cu: a surface's array
# has no element type or sizes either, and gen writes it as an int array.
# atom_cub_warp.cu: arrays of CUB TempStorage have no element type, and a
# `local x uniform tile(N)` comes back named after the ballot gen writes.
# cub_span_output.cu: its array of TempStorage has no element type either.
roundtrip_skip=" templates template_instances cxx_templates atom_libcuxx surfaces atom_cub_warp cub_span_output "
if "$mapkit" gen --help > /dev/null 2>&1; then
    for cu in "$dir"/*.cu; do
        name=$(basename "$cu" .cu)
        [[ $roundtrip_skip == *" $name "* ]] && continue
        "$mapkit" infer "$cu" > "$tmp/p1.proto" 2> /dev/null &&
            "$mapkit" gen "$tmp/p1.proto" > "$tmp/k1.cu" 2> /dev/null &&
            "$mapkit" infer "$tmp/k1.cu" > "$tmp/p2.proto" 2> "$tmp/rt.err"
        if [ $? -eq 0 ] && cmp -s "$tmp/p1.proto" "$tmp/p2.proto"; then
            pass
        else
            fail "round trip $name"
            diff "$tmp/p1.proto" "$tmp/p2.proto" | head -n 10
        fi
    done
else
    echo "SKIP round trip: mapkit gen is not available"
fi

echo "-- verdicts of small kernels"
for cu in "$dir"/check/*.cu; do
    name=$(basename "$cu" .cu)
    want=$(sed -n 's,^// expect: \([a-z]*\).*,\1,p' "$cu" | head -n 1)
    run "check-$name" "$mapkit" check "$cu"
    got=$(verdict_of $?)
    [ "$got" = "$want" ] && pass || fail "check $name: $got, want $want"
done

echo "-- every construct modelled or warned (tests/infer/coverage)"
# constructs.cu has one kernel per statement, operator, cast, literal and
# call form clang produces for device code, each writing s[0] inside its
# construct: a construct dropped silently would leave its kernel DRF.
cov=$dir/coverage/constructs.cu
nkernels=$(grep -c '^__global__ void' "$cov")
run cov-check "$mapkit" check "$cov"
verdicts=$(grep -Eo 'kernel [a-z_0-9]+: (racy|unknown|divergent)' "$tmp/cov-check.out" "$tmp/cov-check.err" |
    sed 's/^[^:]*://' | sort -u | wc -l)
drf=$(grep -E ': kernel [a-z_0-9]+: data-race free' "$tmp/cov-check.out" "$tmp/cov-check.err" | sed 's/.*kernel //')
[ -z "$drf" ] && pass || fail "coverage: data-race free although a construct holds a race: $drf"
[ "$verdicts" -eq "$nkernels" ] && pass || fail "coverage: $verdicts racy or unknown verdicts for $nkernels kernels"
# golden: the protocol, and the located warnings (what is not followed)
run cov-infer "$mapkit" infer "$cov"
grep -E '^[^ ].*: (warning|note): ' "$tmp/cov-infer.err" | sed "s,^$dir/,," > "$tmp/cov.warnings"
if [ "${UPDATE:-0}" = 1 ]; then
    cp "$tmp/cov-infer.out" "$dir/coverage/constructs.proto"
    cp "$tmp/cov.warnings" "$dir/coverage/constructs.warnings"
fi
for what in proto warnings; do
    got=$tmp/cov-infer.out
    [ "$what" = warnings ] && got=$tmp/cov.warnings
    if cmp -s "$dir/coverage/constructs.$what" "$got"; then
        pass
    else
        fail "coverage: golden constructs.$what"
        diff -u "$dir/coverage/constructs.$what" "$got" | head -n 20
    fi
done
# the not-followed path names its construct, located
grep -q "constructs.cu:[0-9]*:[0-9]*: warning: not followed: a statement expression" "$tmp/cov.warnings" &&
    pass || fail "coverage: 'not followed: <construct>' warnings"

# docs/inference.md's construct table states its own counts
table=$(awk '/^## Coverage: every construct/,/^Of the/' docs/inference.md | grep -E '^\| ' |
    grep -v '^| \*\*\|^| construct \|^| ---' | sed 's/\\|//g' | awk -F'|' '{print $3}' | awk '{print $1}')
rows=$(printf '%s\n' "$table" | grep -c .)
modelled=$(printf '%s\n' "$table" | grep -c '^modelled')
opaque=$(printf '%s\n' "$table" | grep -c '^opaque')
errors=$(printf '%s\n' "$table" | grep -c '^input')
[ $((modelled + opaque + errors)) -eq "$rows" ] &&
    grep -q "^Of the $rows rows, $modelled are modelled, $opaque opaque and $errors input errors" docs/inference.md &&
    pass || fail "coverage: docs/inference.md's table has $rows rows: $modelled modelled, $opaque opaque, $errors input errors"

echo "-- hostile inputs"
# expect_run NAME WANT_EXIT REGEX FILE: infer exits WANT_EXIT within 60 s,
# stderr matches REGEX (when given) and stays short.
expect_run() {
    local name=$1 want=$2 regex=$3 file=$4
    run "h-$name" "$mapkit" infer "$file"
    local status=$?
    local size
    size=$(wc -c < "$tmp/h-$name.err")
    if [ "$status" -eq "$want" ] && { [ -z "$regex" ] || grep -Eq "$regex" "$tmp/h-$name.err" "$tmp/h-$name.out"; } &&
        [ "$size" -lt 50000 ]; then
        pass
    else
        fail "hostile $name: exit $status (want $want), $size bytes of stderr: $(head -c 300 "$tmp/h-$name.err")"
    fi
}
h=$tmp/h
mkdir -p "$h"
# nothing to check is an input error (docs/checker.md), not a warning and exit 0
: > "$h/empty.cu"
expect_run empty 2 'empty\.cu: error: the file is empty: nothing to check' "$h/empty.cu"
printf 'int add(int a, int b) { return a + b; }\n' > "$h/nokernel.cu"
expect_run no-kernel 2 'nokernel\.cu:1:1: error: no __global__ function is defined' "$h/nokernel.cu"
cat > "$h/syntax.cu" <<'EOF'
int broken = ;
void host_code() { this is not C++ at all ]]; }
__global__ void survivor(int *A)
{
    A[threadIdx.x] = 0;
}
struct S { int x };;; float y = ) ;
EOF
expect_run syntax-elsewhere 0 'kernel survivor' "$h/syntax.cu"
grep -q 'wr A\[threadIdx.x\]' "$tmp/h-syntax-elsewhere.out" && pass || fail "hostile: the kernel next to syntax errors is analysed"
cat > "$h/include.cu" <<'EOF'
#include "no/such/header.cuh"
#include <thrust/device_vector.h>
#include <cuda_runtime.h>
__global__ void k(float *A) { A[threadIdx.x] = 1.0f; }
EOF
expect_run unknown-include 0 "header 'no/such/header.cuh' not found" "$h/include.cu"
grep -q 'wr A\[threadIdx.x\]' "$tmp/h-unknown-include.out" && pass || fail "hostile: unknown #include stops nothing"
cat > "$h/bad-kernel.cu" <<'EOF'
__global__ void k(float *A)
{
    A[threadIdx.x] = undeclared_function(A) + no_such_var;
    __syncthreads();
    A[threadIdx.x + 1] = 2;
}
EOF
expect_run error-in-kernel 0 'warning: .*undeclared' "$h/bad-kernel.cu"
grep -q 'sync;' "$tmp/h-error-in-kernel.out" && pass || fail "hostile: a kernel with errors is analysed from what parsed"
cat > "$h/recursion.cu" <<'EOF'
__device__ int f(int *A, int x) { A[x] = 1; return x > 0 ? f(A, x - 1) : 0; }
__global__ void k(int *A) { A[f(A, threadIdx.x)] = 2; }
EOF
expect_run recursion 0 'recursive call' "$h/recursion.cu"
cat > "$h/goto.cu" <<'EOF'
__global__ void k(int *A)
{
    int i = 0;
again:
    A[i] = 0;
    if (++i < 4)
        goto again;
}
EOF
expect_run goto 0 'not followed: goto' "$h/goto.cu"
cat > "$h/templates.cu" <<'EOF'
template <typename T, int N> struct Buf { T v[N]; __device__ T &at(int i) { return v[i]; } };
template <typename T> __device__ T twice(T x) { return x + x; }
template <class T, unsigned B>
__global__ void k(T *A) { Buf<T, B> b; b.at(0) = A[threadIdx.x]; A[twice<int>(threadIdx.x)] = b.at(0); }
template __global__ void k<float, 64>(float *);
EOF
expect_run cxx-templates 0 'kernel k' "$h/templates.cu"
{ head -c 30000 /dev/urandom; printf '\0'; } > "$h/garbage.cu"
expect_run garbage 2 'garbage\.cu:[0-9]+:[0-9]+: error: this is not a text file' "$h/garbage.cu"
expect_run missing-file 2 'error' "$h/none.cu"
mkdir -p "$h/dir.cu"
expect_run directory 2 'error' "$h/dir.cu"
{
    printf '__global__ void deep(int *A) {\n    int x = threadIdx.x'
    for _ in $(seq 1 3000); do printf ' + 1'; done
    printf ';\n    A[x] = 0;\n'
    for _ in $(seq 1 200); do printf '    if (threadIdx.x > 1) {\n'; done
    printf '    A[threadIdx.x] = 1;\n'
    for _ in $(seq 1 200); do printf '    }\n'; done
    printf '}\n'
} > "$h/deep.cu"
expect_run deep-nesting 0 'kernel deep' "$h/deep.cu"
{
    for i in $(seq 1 560); do
        printf '__device__ int f%d(int x) { return x + %d; }\n' "$i" "$i"
        printf '__global__ void k%d(float *A, int n)\n{\n' "$i"
        printf '    __shared__ float s[64];\n'
        printf '    int t = f%d(threadIdx.x);\n' "$i"
        printf '    for (int j = 0; j < n; j++) {\n'
        printf '        if (t < n)\n            s[threadIdx.x] = A[t + j];\n'
        printf '        __syncthreads();\n'
        printf '        A[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + j) %% 64];\n'
        printf '        __syncthreads();\n    }\n'
        printf '    while (t < n) { A[t] += 1.0f; t += blockDim.x; }\n'
        printf '    // padding\n    // padding\n    // padding\n}\n\n'
    done
} > "$h/big.cu"
# Speed is the benchmark's business (bench/infer.sh); here only the size and the result.
expect_run big-10000-lines 0 'kernel k560' "$h/big.cu"
lines=$(wc -l < "$h/big.cu")
[ "$lines" -ge 10000 ] && pass || fail "hostile: the generated file has only $lines lines"
[ "$(grep -c '^kernel ' "$tmp/h-big-10000-lines.out")" -eq 560 ] && pass || fail "hostile: 560 kernels inferred"

echo "-- command line"
cat > "$h/two.cu" <<'EOF'
#ifndef STEP
#error STEP is not defined
#endif
#include "defs.h"
__global__ void one(int *A) { A[threadIdx.x * STEP] = OFFSET; }
__global__ void two(int *B) { B[threadIdx.x] = 0; }
EOF
mkdir -p "$h/inc"
printf '#define OFFSET 3\n' > "$h/inc/defs.h"
run cli-o "$mapkit" infer -DSTEP=2 -I "$h/inc" "$h/two.cu" -o "$h/two.proto"
[ $? -eq 0 ] && grep -q 'wr A\[threadIdx.x \* 2\]' "$h/two.proto" && ! grep -q 'not found' "$tmp/cli-o.err" &&
    pass || fail "cli: -o, -D and -I"
run cli-kernel "$mapkit" infer -D STEP=1 --kernel two "$h/two.cu"
grep -q '^kernel two' "$tmp/cli-kernel.out" && ! grep -q '^kernel one' "$tmp/cli-kernel.out" && pass ||
    fail "cli: --kernel"
run cli-dims "$mapkit" infer -b 64 -g '[2,2]' "$dir/basic_1d.cu"
grep -q 'assume blockDim.x == 64;' "$tmp/cli-dims.out" && grep -q 'assume gridDim.y == 2;' "$tmp/cli-dims.out" &&
    pass || fail "cli: --blockDim/--gridDim become assumptions"
long_macro=$(printf 'M%.0s' $(seq 1 400))
run cli-long-define "$mapkit" infer -D "$long_macro=1" -D N=64 -D T=float "$dir/basic_1d.cu"
[ $? -eq 0 ] && grep -q '^kernel ' "$tmp/cli-long-define.out" && ! grep -q 'in an included header' "$tmp/cli-long-define.err" &&
    pass || fail "cli: long and common -D names leave our CUDA header alone"
run cli-helper-error "$mapkit" infer "$dir/check/unknown_error_in_helper.cu"
[ "$(grep -c "warning: use of undeclared identifier 'no_such_offset'" "$tmp/cli-helper-error.err")" -eq 1 ] &&
    grep -q ':7:5: note: the function called here has an error (.*, at line 2)' "$tmp/cli-helper-error.err" &&
    pass || fail "cli: a helper's error is shown once, with a note at the call"
# one warning per place: a helper inlined three times warns once, with a count
cat > "$h/repeat.cu" <<'EOF'
__device__ void ext(int *p);
__device__ void helper(int *p) { ext(p); }
__global__ void k(int *A) { helper(A); helper(A + 1); helper(A + 2); }
EOF
run cli-repeat "$mapkit" infer "$h/repeat.cu"
[ "$(grep -c "repeat.cu:2:34: warning: call to 'ext'" "$tmp/cli-repeat.err")" -eq 1 ] &&
    grep -q 'repeat.cu:2:34: note: the warning above applies here 3 times' "$tmp/cli-repeat.err" &&
    [ "$(grep -c '^    opaque;' "$tmp/cli-repeat.out")" -eq 3 ] &&
    pass || fail "cli: a repeated warning is shown once with its count (and every copy stays opaque)"
printf '//pass\n//--gridDim=[2,2]  --blockDim [16,16] --only-intra-group\n__global__ void k(int *A) { A[0] = 1; }\n' > "$h/spaced.cu"
run cli-spaced "$mapkit" infer "$h/spaced.cu"
grep -q 'assume blockDim.y == 16;' "$tmp/cli-spaced.out" && grep -q 'assume gridDim.y == 2;' "$tmp/cli-spaced.out" &&
    pass || fail "cli: GPUVerify's '--blockDim [16,16]' spelling"
"$mapkit" infer --help | grep -q 'usage: mapkit infer' && pass || fail "cli: infer --help"
"$mapkit" infer 2> /dev/null
[ $? -eq 2 ] && pass || fail "cli: infer without a file exits 2"
# no blockIdx in the index: blocks 0 and 1 of GridDim 4 write the same cell
# (the same value k: benign by default, so --strict-writes shows the race)
run cli-gv "$mapkit" check --strict-writes "$dir/annotations.cu"
[ $? -eq 1 ] && grep -q 'gridDim.x = 4' "$tmp/cli-gv.out" && pass ||
    fail "cli: check FILE.cu takes the launch from GPUVerify's header"
printf '//pass\n//--blockDim=[8,8] --gridDim=1\n__global__ void k(int *A) { A[threadIdx.y * 8 + threadIdx.x] = threadIdx.y; }\n' > "$h/gv.cu"
run cli-gv2 "$mapkit" check "$h/gv.cu"
[ $? -eq 0 ] && pass || fail "cli: the GPUVerify launch makes an 8x8 block DRF"
run cli-gv3 "$mapkit" check -b '[16,8]' "$h/gv.cu"
[ $? -eq 1 ] && pass || fail "cli: --blockDim overrides the GPUVerify header"

# a benign same-value write: DRF with a note, a race under --strict-writes
run cli-benign "$mapkit" check "$dir/check/drf_benign_same_literal.cu"
[ $? -eq 0 ] && grep -q ':5:5: note: benign write-write race on flag\[0\]: both threads write 1' "$tmp/cli-benign.out" &&
    pass || fail "cli: a benign same-value write is DRF with a note"
run cli-benign-strict "$mapkit" check --strict-writes "$dir/check/drf_benign_same_literal.cu"
[ $? -eq 1 ] && grep -q 'write-write race on flag\[0\]' "$tmp/cli-benign-strict.out" &&
    pass || fail "cli: --strict-writes reports the same-value write as a race"

# a loop translated in trials (block-shared counters, infer/core/trial.c) warns
# once, as if translated once: the trials' warnings are muted and undone
run cli-trial "$mapkit" infer "$dir/check/unknown_loop_shared_counter_extern_call.cu"
[ "$(grep -c "warning: call to 'ext'" "$tmp/cli-trial.err")" -eq 1 ] && ! grep -q 'applies here' "$tmp/cli-trial.err" &&
    grep -q 'local lo uniform block;' "$tmp/cli-trial.out" && pass ||
    fail "cli: a loop's trials leave one warning: $(cat "$tmp/cli-trial.err")"

echo "-- corpus/cuda verdicts"
known=$dir/corpus-known.txt
corpus=(corpus/cuda/*.cu)
if [ "${#corpus[@]}" -gt 0 ]; then
    # known mismatches run with a short limit: the checker gives up on some;
    # the sanitizer build is slower, so it gets more time
    slow=1
    [[ $build == *san* ]] && slow=3
    for f in "${corpus[@]}"; do
        if grep -q "^$(basename "$f") " "$known" 2> /dev/null; then
            echo "$f ${KNOWN_TIMEOUT_MS:-3000}"
        else
            echo "$f ${CORPUS_TIMEOUT_MS:-$((20000 * slow))}"
        fi
    done |
        xargs -P "${JOBS:-2}" -L 1 sh -c '
            timeout 300 "$0" check --timeout="$2" "$1" > /dev/null 2>&1
            status=$?
            # the solver gave up: on a loaded machine, once more with more time
            if [ "$status" -eq 4 ] && [ "$2" -ge 20000 ]; then
                timeout 300 "$0" check --timeout="$(($2 * 3))" "$1" > /dev/null 2>&1
                status=$?
            fi
            echo "$1 $status"' "$mapkit" > "$tmp/corpus"
    agree=0
    while read -r f status; do
        want=$(sed -n 3p "$f" | sed -n 's,^// expect: \([a-z]*\).*,\1,p')
        got=$(verdict_of "$status")
        entry=$(grep -E "^$(basename "$f") " "$known" 2> /dev/null | head -n 1)
        if [ "$got" = "$want" ]; then
            agree=$((agree + 1))
            pass
            [ -n "$entry" ] && echo "note: $(basename "$f") is listed as a known mismatch but now agrees"
        elif [ -n "$entry" ] && ! crashed "$status"; then
            pass # a known mismatch, with its reason in corpus-known.txt
        else
            fail "corpus $(basename "$f"): mapkit says $got, the label says $want"
        fi
    done < <(sort "$tmp/corpus")
    echo "corpus/cuda: $agree of ${#corpus[@]} verdicts agree with their labels"
fi

# Identifiers clang takes and a protocol cannot spell (`$`, non-ASCII
# letters; found by fuzz_infer) are renamed, so the protocol always loads.
printf '__global__ void k\xc3\xa9$(int *A$) { A$[threadIdx.x] = 0; }\n' > "$tmp/names.cu"
"$mapkit" infer "$tmp/names.cu" 2> /dev/null > "$tmp/names.proto" &&
    "$mapkit" fmt "$tmp/names.proto" > /dev/null 2>&1 && grep -q 'wr A_\[threadIdx.x\]' "$tmp/names.proto" &&
    pass || fail "hostile: names with \$ and UTF-8 letters"

echo "-- the built-in header's math API and intrinsics (infer/clang/gen_cuda_decls.py)"
# The committed infer/clang/cuda_decls.inc is what the script makes of the CUDA
# headers installed here; where CUDA, python3 or clang is missing it says SKIP.
cuda_inc=${CUDA_INCLUDE:-/usr/local/cuda/include}
if [ -f "$cuda_inc/crt/math_functions.h" ] && command -v python3 > /dev/null && command -v clang > /dev/null; then
    if python3 infer/clang/gen_cuda_decls.py --check "$cuda_inc" > "$tmp/decls.out" 2>&1; then
        pass
    else
        fail "infer/clang/cuda_decls.inc: $(tail -n 1 "$tmp/decls.out")"
    fi
else
    echo "SKIP infer/clang/cuda_decls.inc check: no CUDA headers, python3 or clang"
fi

count_sanitizer_failures "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
