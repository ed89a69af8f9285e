// expect: tile_sum=drf
// why: cudaLaunchKernelExC's configuration, a braced initializer, starts TILE threads per block, as the shared tile assumes.
// assumes: blockDim = (128,1,1), gridDim = (32,1,1)
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
    cudaLaunchConfig_t config = {dim3(32), dim3(TILE), 0, 0, nullptr, 0};
    void *args[] = {&in, &out};
    cudaLaunchKernelExC(&config, (const void *)tile_sum, args);
    cudaDeviceSynchronize();
    return 0;
}
