//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: the helper's one call passes x as in and y as out.
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

// The launch lives in a helper that takes the buffers as parameters.
static void run(const float *src, float *dst)
{
    shift<<<1, 64>>>(src, dst);
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 256 * sizeof(float));
    cudaMalloc(&y, 256 * sizeof(float));
    run(x, y);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
