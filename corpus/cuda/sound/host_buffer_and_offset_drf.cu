//pass
//--blockDim=64 --gridDim=1
// expect: drf — x: in is x[0..63] and out is x[64..127]: the two ranges are disjoint.
#include <cuda_runtime.h>

// Scale a vector into another.
__global__ void scale(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = 2.0f * in[i];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    scale<<<1, 64>>>(x, x + 64);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
