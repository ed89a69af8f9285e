//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: io.out is set to x after io's initializer, so a.io.in and a.io.out are both x: thread i writes x[i] while thread i - 1 reads it.
#include <cuda_runtime.h>

// The inner struct built first, then copied into the argument struct.
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
    Io io = {x, y};
    io.out = x; // BUG: in place
    Args a = {io, 64};
    shiftNested<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
