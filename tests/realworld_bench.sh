#!/usr/bin/env bash
# bench/realworld.sh's counting (the tool that measures the front end on
# real projects, docs/inference.md):
#   dedup   a kernel met directly and through `#include "./k.cu"` (the path
#           dir/./k.cu) counts once, with the verdict the including file
#           gives it (its macros in scope), whatever the verdicts' order
#   defs    -D reaches mapkit
#   complete racy verdicts on incomplete protocols are counted apart, named
#   reason  an unknown whose opaque comes from a callee with an error is
#           grouped under that note, not "(no warning at ...)"
#
#   tests/realworld_bench.sh [BUILD_DIR]
#
# Prints a FAIL line per failure and ends with "realworld-bench: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL realworld-bench %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/proj"
cat > "$tmp/proj/kernel.cu" <<'CU'
__global__ void fill(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = i;
}
CU
cat > "$tmp/proj/main.cu" <<'CU'
#include "./kernel.cu"
int main() { int *a; fill<<<4, 256>>>(a, 1024); return 0; }
CU
cat > "$tmp/proj/broken.cu" <<'CU'
__device__ int offset(int i) { return i + NOT_DEFINED_ANYWHERE; }
__global__ void shift(int *a) { a[offset(threadIdx.x)] = 1; }
CU
bench/realworld.sh -m "$build/bin/mapkit" -v "$tmp/proj" > "$tmp/out" 2>&1
grep -q ': 3 files, 2 kernels$' "$tmp/out" && pass ||
    fail "dedup: want 2 kernels (fill once, through main.cu's ./kernel.cu too), got: $(head -n 1 "$tmp/out")"
grep -q 'unknown opaque: the function called here has an error' "$tmp/out" && pass ||
    fail "reason: the note of the callee's error should name the unknown"
grep -q 'no warning at' "$tmp/out" && fail "reason: a '(no warning at ...)' row is left" || pass

# the including file's verdict wins, also when it sorts after the other
mkdir -p "$tmp/incl"
cat > "$tmp/incl/put.cu" <<'CU'
#ifndef STRIDE
#define STRIDE 1
#endif
__global__ void put(int *a) { a[threadIdx.x * STRIDE] = threadIdx.x; }
CU
cat > "$tmp/incl/main.cu" <<'CU'
#define STRIDE 0
#include "put.cu"
int main() { int *a; put<<<1, 64>>>(a); return 0; }
CU
bench/realworld.sh -m "$build/bin/mapkit" -v "$tmp/incl" > "$tmp/out" 2>&1
grep -Eq '^  racy +[^ ]*/put.cu: put$' "$tmp/out" && pass ||
    fail "dedup: put is racy as main.cu includes it (STRIDE 0), got: $(grep 'put.cu: put' "$tmp/out")"

# a racy verdict on a protocol with an opaque is counted apart, with its reason
mkdir -p "$tmp/potential"
cat > "$tmp/potential/k.cu" <<'CU'
__device__ int offset(int i) { return i + NOT_DEFINED_ANYWHERE; }
__global__ void both(int *a) { a[offset(threadIdx.x)] = 1; a[threadIdx.x % 2] = threadIdx.x; }
__global__ void fill(int *a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = i; }
CU
bench/realworld.sh -m "$build/bin/mapkit" "$tmp/potential" > "$tmp/out" 2>&1
grep -Eq '^  verdict +2 ' "$tmp/out" && grep -Eq '^  complete +1 ' "$tmp/out" && pass ||
    fail "complete: want 2 verdicts, 1 on a complete protocol, got: $(grep -E '^  (verdict|complete) ' "$tmp/out" | tr '\n' ' ')"
grep -q 'racy      opaque: the function called here has an error' "$tmp/out" && pass ||
    fail "potential: the racy verdict's opaque should be named by the callee's note"

# -D reaches mapkit: a size only the build defines
mkdir -p "$tmp/defs"
cat > "$tmp/defs/k.cu" <<'CU'
__global__ void fill(int *a) { a[threadIdx.x % WIDTH] = 1; }
CU
bench/realworld.sh -m "$build/bin/mapkit" -D WIDTH=4096 "$tmp/defs" > "$tmp/out" 2>&1
grep -Eq '^  drf +1 ' "$tmp/out" && pass || fail "-D: want fill DRF with WIDTH=4096, got: $(grep -E '^  (drf|unknown|racy) ' "$tmp/out" | tr '\n' ' ')"
bench/realworld.sh -m "$build/bin/mapkit" "$tmp/defs" > "$tmp/out" 2>&1
grep -Eq '^  drf +0 ' "$tmp/out" && pass || fail "-D: without it, fill must not be DRF"

echo "realworld-bench: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
