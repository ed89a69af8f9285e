#!/bin/sh
# bench/emulate.sh BUILD_DIR: `mapkit emulate` on a 256-thread single-block
# kernel (docs/emulate.md): a tree reduction in __shared__ with a barrier a
# level, as CPU time of the whole command, first with the compile (an
# empty cache) and then from the cache (the run alone).  Target: under 1 s
# of CPU each.  It prints numbers and MET / NOT MET, never fails on time.
set -eu
build=${1:?usage: bench/emulate.sh BUILD_DIR}
dir=$build/bench
mkdir -p "$dir"
if ! command -v clang++-19 > /dev/null; then
    echo "== emulate: skipped (clang++-19 not found: make setup installs it)"
    exit 0
fi
k=$dir/emulate_reduce256.cu
cat > "$k" <<'CU'
__global__ void reduce(const float *in, float *out)
{
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned d = 128; d > 0; d /= 2) {
        if (t < d)
            s[t] += s[t + d];
        __syncthreads();
    }
    if (t == 0)
        out[0] = s[0];
}
CU
cache=$dir/emulate-cache
rm -rf "$cache"
mkdir -p "$cache"
echo "== emulate: 256 threads, one block, a tree reduction in __shared__"
for what in "first run (shim precompiled, runtime and kernel compiled)" "kernel compiled" "cached build"; do
    [ "$what" = "kernel compiled" ] && echo "// changed" >> "$k"
    /usr/bin/env TIMEFORMAT='%U %S %R' bash -c "time TMPDIR='$cache' '$build/bin/mapkit' emulate -b 256 '$k' > '$dir/emulate.out' 2>&1" 2> "$dir/emulate.time" || true
    awk -v what="$what" '{ cpu = $1 + $2; printf "%s: %.2f s CPU (%.2f s wall); target < 1 s CPU: %s\n", what, cpu, $3, cpu < 1 ? "MET" : "NOT MET" }' "$dir/emulate.time"
done
grep -q 'kernel reduce: none seen' "$dir/emulate.out" && echo "verdict: none seen (as expected)" || { echo "verdict: unexpected"; cat "$dir/emulate.out"; }
