// expect: tile_sum=racy tile_sum=drf
// why: the cuLaunchKernel launch names its kernel by a string read at run time, which may be any kernel of the module, so the kernel is checked for every launch, and with more than TILE threads thread TILE writes tile[0] as thread 0 does; the <<<>>> launch starts TILE threads per block as the shared tile assumes.
// assumes: could not be read
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

int launch_by_name(CUmodule module, const char *name, CUdeviceptr in, CUdeviceptr out)
{
    CUfunction f;
    cuModuleGetFunction(&f, module, name);
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
