//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — every thread clears the whole of s with memset, so all threads write every cell (a race); a front end that does not model memset must not call it race-free.
// memset on a shared array, by every thread instead of one.
#include <cstring>
__global__ void clearAll(int *out)
{
    __shared__ int s[64];
    memset(s, 0, sizeof s);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
