//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: thread i writes x[i] through out while thread i - 1 reads x[i] through in; __restrict__ is a promise the launch breaks.
#include <cuda_runtime.h>

// Copy with a neighbour, promising the compiler that the buffers do not alias.
__global__ void smooth(const float *__restrict__ in, float *__restrict__ out)
{
    int i = threadIdx.x;
    out[i] = 0.5f * (in[i] + in[i + 1]);
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    smooth<<<1, 64>>>(x, x); // BUG: the __restrict__ promise is broken
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
