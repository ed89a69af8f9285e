//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y, z: dst is y or z, never the x passed as in.
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

int main(int argc, char **argv)
{
    float *x, *y, *z;
    cudaMalloc(&x, 256 * sizeof(float));
    cudaMalloc(&y, 256 * sizeof(float));
    cudaMalloc(&z, 256 * sizeof(float));
    float *dst = (argc == 1) ? y : z;
    shift<<<1, 64>>>(x, dst);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    cudaFree(z);
    return 0;
}
