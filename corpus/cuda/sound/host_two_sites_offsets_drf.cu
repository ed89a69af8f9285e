//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: each launch passes a buffer and the same buffer 64 floats on: in is x[0..63] or y[0..63], out the next 64.
#include <cuda_runtime.h>

// Copy a block of samples.
__global__ void copy(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 512 * sizeof(float));
    cudaMalloc(&y, 512 * sizeof(float));
    copy<<<1, 64>>>(x, x + 64);
    copy<<<1, 64>>>(y, y + 64);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
