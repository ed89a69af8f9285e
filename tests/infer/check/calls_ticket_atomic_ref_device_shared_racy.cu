//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: a device-scoped cuda::atomic_ref on a __shared__ counter still gives slots distinct only within a block

#include <cuda/atomic>

__global__ void gather(const int *in, int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_device> c(count);
    int slot = c.fetch_add(1);
    out[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
