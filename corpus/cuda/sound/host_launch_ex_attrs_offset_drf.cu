//pass
//--blockDim=64 --gridDim=1
// expect: drf — x: in is x[129..192] and out is x[0..63]: disjoint.
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
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeCooperative;
    attr[0].val.cooperative = 0;
    cudaLaunchConfig_t cfg = {dim3(1), dim3(64), 0, 0, attr, 1};
    cudaLaunchKernelEx(&cfg, shift, (const float *)(x + 128), x);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
