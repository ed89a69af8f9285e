#include "kernels.cuh"

__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = 2.0f * x[i];
}

/* one tile of 64 values per block: racy unless blockDim.x == 64 */
__global__ void tile_sum(const float *in, float *out)
{
    __shared__ float tile[64];
    tile[threadIdx.x % 64] = in[blockIdx.x * 64 + threadIdx.x % 64];
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (int j = 0; j < 64; j++)
            s += tile[j];
        out[blockIdx.x] = s;
    }
}
