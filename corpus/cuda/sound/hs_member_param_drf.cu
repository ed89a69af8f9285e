//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: in is x and the struct member a.out is y.
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
    Out a = {y, 0};
    shiftMixed<<<1, 64>>>(x, a);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
