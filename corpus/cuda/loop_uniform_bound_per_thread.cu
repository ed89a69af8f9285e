//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: divergent — the bound rows = threadIdx.x / 32 + 1 is computed before the loop but differs between warps, so threads of one block run different numbers of iterations and disagree on the barrier inside.
// A bound computed before the loop that is not uniform: per warp.
#define TILE 128

__global__ void perWarpRows(const float *in, float *out)
{
    __shared__ float s[TILE];
    int rows = threadIdx.x / 32 + 1;
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r) {
        s[threadIdx.x] = in[(blockIdx.x * 4 + r) * TILE + threadIdx.x];
        __syncthreads();
        acc += s[TILE - 1 - threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * TILE + threadIdx.x] = acc;
}
