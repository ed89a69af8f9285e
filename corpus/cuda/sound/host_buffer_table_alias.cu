//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: bufs holds x twice, so in (bufs[0]) and out (bufs[1]) are both x: thread i writes x[i] while thread i - 1 reads x[i].
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
    cudaMalloc(&x, 256 * sizeof(float));
    cudaMalloc(&y, 256 * sizeof(float));
    float *bufs[2] = {x, x}; // BUG: meant {x, y}
    shift<<<1, 64>>>(bufs[0], bufs[1]);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
