//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: the argument array's element is a struct holding x as in and y as out, two buffers.
#include <cuda_runtime.h>

// A struct argument handed to cudaLaunchKernel through an argument array filled element by element.
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
    void *args[1];
    args[0] = &a;
    cudaLaunchKernel((const void *)shiftArgs, dim3(1), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
