//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: in the cudaLaunchKernelEx launch in and out are both x, so thread i writes x[i] while thread i - 1 reads it.
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    shift<<<1, 64>>>(x, y);
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(64);
    cfg.dynamicSmemBytes = 0;
    cfg.stream = 0;
    cudaLaunchKernelEx(&cfg, shift, (const float *)x, x); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
