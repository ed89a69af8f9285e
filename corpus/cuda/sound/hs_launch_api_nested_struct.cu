//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: cudaLaunchKernel's argument array hands over a struct whose inner struct holds x twice, so thread i writes x[i] while thread i - 1 reads it.
#include <cuda_runtime.h>

// A struct argument with an inner struct, launched through cudaLaunchKernel.
struct Io {
    const float *in;
    float *out;
};
struct Args {
    Io io;
    int n;
};

__global__ void shiftNested(Args a)
{
    int i = threadIdx.x;
    if (i + 1 < a.n)
        a.io.out[i] = a.io.in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    Args a = {{x, x}, 64}; // BUG: in place
    void *args[] = {&a};
    cudaLaunchKernel((const void *)shiftNested, dim3(1), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
