//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: the struct member a.out and the pointer parameter in are both x, so thread i writes x[i] while thread i - 1 reads it.
#include <cuda_runtime.h>

// The output in a struct, the input as a plain pointer.
struct Out {
    float *out;
    int unused;
};

__global__ void shiftMixed(const float *in, Out a)
{
    int i = threadIdx.x;
    a.out[i] = in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    Out a = {x, 0};
    shiftMixed<<<1, 64>>>(x, a); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
