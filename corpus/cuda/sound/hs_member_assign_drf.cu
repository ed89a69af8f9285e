//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: the host sets a.in to x and a.out to y by assignment.
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
    a.out = y;
    shiftAssigned<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
