//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: run without arguments, dst is x (in place), so thread i writes x[i] (out) while thread i - 1 reads x[i] (in).
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

int main(int argc, char **argv)
{
    float *x, *y;
    cudaMalloc(&x, 256 * sizeof(float));
    cudaMalloc(&y, 256 * sizeof(float));
    float *dst = (argc == 1) ? x : y; // BUG: in place by default
    shift<<<1, 64>>>(x, dst);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
