//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: gid * 2 is distinct for every thread of the 2 blocks (no wrap below 2^32).
// Global ids spaced 2^24 apart per block, doubled.
__global__ void spread(const int *in, int *out)
{
    unsigned gid = blockIdx.x * 16777216u + threadIdx.x;
    out[gid * 2u] = in[threadIdx.x];
}
