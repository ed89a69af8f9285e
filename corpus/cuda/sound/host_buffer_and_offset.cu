//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: thread i writes out[i] = x[i + 1] while thread i + 1 reads in[i + 1] = x[i + 1].
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
    scale<<<1, 64>>>(x, x + 1); // BUG: out overlaps in
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
