// expect: shift=racy
// why: the launch passes x as both in and out, so thread 0's read of in[1] meets thread 1's write of out[1], one cell of x.
// assumes: they are checked as one array
// no-host: shift=drf
#include <cuda_runtime.h>

__global__ void shift(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i + 1];
}

int main()
{
    float *x;
    cudaMalloc(&x, 65 * sizeof(float));
    shift<<<1, 64>>>(x, x);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
