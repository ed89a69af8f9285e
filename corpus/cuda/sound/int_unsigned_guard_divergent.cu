//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — the __syncthreads() under t - 1u < 64u: thread 0 skips it (0 - 1u wraps) while threads 1..63 reach it.
// Each thread but the first takes its left neighbour.
__global__ void leftNeighbour(float *data)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = data[t];
    if (t - 1u < 64u) { // BUG: the barrier belongs outside the guard
        __syncthreads();
        data[t] = s[t - 1];
    }
}
