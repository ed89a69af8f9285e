//pass
//--blockDim=64 --gridDim=4
// expect: drf — fetch_add on a __shared__ counter indexes a __shared__ buffer of the same block

#include <cuda/atomic>

__global__ void gather(const int *in, int *out)
{
    __shared__ int count;
    __shared__ int buf[64];
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> c(count);
    int slot = c.fetch_add(1);
    buf[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
