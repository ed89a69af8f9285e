// expect: tile_sum=drf tile_sum=racy
// why: the <<<>>> launch starts TILE threads per block as the shared tile assumes; the cudaLaunchKernelEx launch starts 2 * TILE, so thread TILE writes tile[0] as thread 0 does.
// assumes: blockDim = (256,1,1)
// no-host: tile_sum=racy
#include <cuda_runtime.h>

#define TILE 128

__global__ void tile_sum(const float *in, float *out)
{
    __shared__ float tile[TILE];
    int t = threadIdx.x;
    tile[t % TILE] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    if (t == 0) {
        float s = 0.0f;
        for (int k = 0; k < TILE; k++)
            s += tile[k];
        out[blockIdx.x] = s;
    }
}

int main()
{
    float *in, *out;
    cudaMalloc(&in, 4096 * sizeof(float));
    cudaMalloc(&out, 32 * sizeof(float));
    tile_sum<<<32, TILE>>>(in, out);
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(16);
    config.blockDim = dim3(2 * TILE);
    config.dynamicSmemBytes = 0;
    cudaLaunchKernelEx(&config, tile_sum, (const float *)in, out);
    cudaDeviceSynchronize();
    return 0;
}
