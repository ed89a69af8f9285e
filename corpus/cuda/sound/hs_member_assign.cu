//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: the host sets a.in and a.out to x by assignment, so thread i writes x[i] while thread i - 1 reads it.
#include <cuda_runtime.h>

// Buffers handed over in a struct, filled member by member.
struct Args {
    const float *in;
    float *out;
};

__global__ void shiftAssigned(Args a)
{
    int i = threadIdx.x;
    a.out[i] = a.in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    Args a;
    a.in = x;
    a.out = x; // BUG: in place
    shiftAssigned<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
