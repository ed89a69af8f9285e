//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: the inner struct holds x as in and y as out, two buffers: thread i writes y[i] and reads x[i + 1].
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
    Args a = {{x, y}, 64};
    void *args[] = {&a};
    cudaLaunchKernel((const void *)shiftNested, dim3(1), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
