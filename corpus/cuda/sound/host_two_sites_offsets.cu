//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: the second launch passes x as in and x + 2 as out: thread i writes out[i] = x[i + 2] while thread i + 2 reads in[i + 2] = x[i + 2].
#include <cuda_runtime.h>

// Copy a block of samples.
__global__ void copy(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i];
}

int main()
{
    float *x;
    cudaMalloc(&x, 512 * sizeof(float));
    copy<<<1, 64>>>(x, x + 64);
    copy<<<1, 64>>>(x, x + 2); // BUG: the ranges overlap
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
