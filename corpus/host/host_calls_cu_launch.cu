// expect: tile_sum=racy tile_sum=drf
// why: the CUfunction of the cuLaunchKernel launch is looked up once, by the name of a kernel of this file, so the launch is that kernel's: 2 * TILE threads, and thread TILE writes tile[0] as thread 0 does; the <<<>>> launch starts TILE threads per block as the shared tile assumes.
// assumes: blockDim = (256,1,1), gridDim = (16,1,1) from the launch at
// no-host: tile_sum=racy
#include <cuda.h>
#include <cuda_runtime.h>

#define TILE 128

extern "C" __global__ void tile_sum(const float *in, float *out)
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

int launch_by_name(CUmodule module, CUdeviceptr in, CUdeviceptr out)
{
    CUfunction f;
    cuModuleGetFunction(&f, module, "tile_sum");
    void *args[] = {&in, &out};
    return (int)cuLaunchKernel(f, 16, 1, 1, 2 * TILE, 1, 1, 0, 0, args, 0);
}

int main()
{
    float *in, *out;
    cudaMalloc(&in, 4096 * sizeof(float));
    cudaMalloc(&out, 32 * sizeof(float));
    tile_sum<<<32, TILE>>>(in, out);
    cudaDeviceSynchronize();
    return 0;
}
