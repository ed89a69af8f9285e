//pass
//--blockDim=256 --gridDim=64
// expect: drf — the static __shared__ partial[8] of warpTotals is written by lane 0 of each warp (partial[warp]) and read by thread 0 after the barrier; the helper's shuffles touch no memory.
// Block sum through a helper that keeps its per-warp partials in a
// `static __shared__` array of its own.
__device__ float warpTotals(float v)
{
    static __shared__ float partial[8];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    float total = 0.0f;
    if (threadIdx.x == 0)
        for (int w = 0; w < 8; w++)
            total += partial[w];
    return total;
}

__global__ void blockTotals(const float *in, float *out)
{
    float v = in[blockIdx.x * 256 + threadIdx.x];
    float total = warpTotals(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}
