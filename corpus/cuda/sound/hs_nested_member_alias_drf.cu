//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: a.io.in is x and a.io.out is y, two buffers: thread i writes y[i] and reads x[i + 1].
#include <cuda_runtime.h>

// Buffers handed over in a struct inside the argument struct.
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
    shiftNested<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
