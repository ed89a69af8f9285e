//pass
//--blockDim=64 --gridDim=4
// expect: drf — x: in reads x[0..256] and out writes x[512..767]: disjoint.
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
    blur<<<4, 64>>>(x, x + 512);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
