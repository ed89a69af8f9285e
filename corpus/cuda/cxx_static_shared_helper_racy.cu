//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — partial: lane 0 of warp w writes partial[w] while thread 0 reads partial[w] in its loop; the helper has no barrier between them.
// The same helper with its barrier forgotten.
__device__ float warpTotals(float v)
{
    static __shared__ float partial[8];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = v;
    // BUG: missing __syncthreads()
    float total = 0.0f;
    if (threadIdx.x == 0)
        for (int w = 0; w < 8; w++)
            total += partial[w];
    return total;
}

__global__ void blockTotals(const float *in, float *out)
{
    float total = warpTotals(in[blockIdx.x * 256 + threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}
