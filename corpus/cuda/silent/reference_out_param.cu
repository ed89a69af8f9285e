//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — pick() writes threadIdx.x / 2 through its reference parameter, so threads 2k and 2k + 1 both write s[k]; without the out-parameter, slot keeps threadIdx.x and the writes are distinct.
// A C++ reference as an out-parameter of a device function.
__device__ void pick(int &slot, int t) { slot = t / 2; }

__global__ void outParam(int *out)
{
    __shared__ int s[64];
    int slot = threadIdx.x;
    pick(slot, threadIdx.x);
    s[slot] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
