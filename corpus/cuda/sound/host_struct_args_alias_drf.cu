//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: a.in is x and a.out is y.
#include <cuda_runtime.h>

// Buffers handed over in a struct.
struct Args {
    const float *in;
    float *out;
};

__global__ void shiftArgs(Args a)
{
    int i = threadIdx.x;
    a.out[i] = a.in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    Args a = {x, y};
    shiftArgs<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
