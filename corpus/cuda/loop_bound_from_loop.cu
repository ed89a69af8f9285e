//pass
//--blockDim=256 --gridDim=64
// expect: drf — pow2 (the next power of two of n) is computed by a loop over uniform values before it is used, so every thread of the grid gets the same value and the reduction loop's barriers are reached by all; the steps only combine sdata[tid] with sdata[tid + s].
// A loop bound computed by an earlier loop: the next power of two above the
// element count, as reductions over arbitrary n do.
__global__ void reducePow2(const int *in, int *out, int n)
{
    __shared__ int sdata[512];
    unsigned pow2 = 1;
    while (pow2 < n)
        pow2 <<= 1;
    unsigned tid = threadIdx.x;
    sdata[tid] = tid < n ? in[blockIdx.x * n + tid] : 0;
    sdata[tid + 256] = 0;
    __syncthreads();
    for (unsigned s = pow2 / 2; s > 0; s >>= 1) {
        if (tid < s && tid + s < 512)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
