//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: storeStrided<1> writes out[i] and out[i + 1], so thread i + 1 writes out[i + 1] too (the STRIDE should be 2).
// The explicit template argument is wrong: consecutive threads overlap.
template <int STRIDE>
__device__ void storeStrided(float *p, int i, float v)
{
    p[i * STRIDE] = v;
    p[i * STRIDE + 1] = v;
}

__global__ void pairFill(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    storeStrided<1>(out, i, in[i]);
}
