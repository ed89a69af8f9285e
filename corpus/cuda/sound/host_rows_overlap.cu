//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — x: block b + 1 reads in[64(b + 1) + t] = x[64(b + 1) + t] while block b writes out[64b + t] = the same cell.
#include <cuda_runtime.h>

// Average neighbours of a row-major image, one row per block.
__global__ void blur(const float *in, float *out)
{
    int i = blockIdx.x * 64 + threadIdx.x;
    out[i] = 0.5f * (in[i] + in[i + 1]);
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    blur<<<4, 64>>>(x, x + 64); // BUG: out is in, one row down
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
