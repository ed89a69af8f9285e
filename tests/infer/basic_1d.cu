// Shared and global arrays, if, a barrier, locals inlined.
#include <cuda_runtime.h>
__global__ void shift(const float *in, float *out, int n)
{
    __shared__ float tile[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x;
    if (i < n)
        tile[t] = in[i];
    __syncthreads();
    if (i < n && t > 0)
        out[i] = tile[t - 1];
}
