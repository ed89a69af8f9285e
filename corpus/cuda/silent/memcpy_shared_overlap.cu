//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — each thread copies two ints into s[threadIdx.x] and s[threadIdx.x + 1], so neighbours write the same cell (a race); a front end that does not model memcpy must not call it race-free.
// memcpy into shared memory.
#include <cstring>
__global__ void copyPairs(const int *in, int *out)
{
    __shared__ int s[64 + 1];
    memcpy(&s[threadIdx.x], &in[2 * threadIdx.x], 2 * sizeof(int));
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
