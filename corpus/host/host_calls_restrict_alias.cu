// expect: copy=racy
// why: in and out are __restrict__, yet the launch passes x and x + 1: the promise is broken and out[i] is the cell thread i + 1 reads.
// assumes: the promise is broken
// no-host: copy=drf
#include <cuda_runtime.h>

__global__ void copy(const float *__restrict__ in, float *__restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;
}

int main()
{
    float *x;
    cudaMalloc(&x, 65 * sizeof(float));
    copy<<<1, 64>>>(x, x + 1);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
