//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: each call of the helper passes two buffers (x then y, y then x), though each parameter is x at one call and y at the other.
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

// One smoothing step per call of the helper, ping-pong.
static void step(const float *src, float *dst)
{
    shift<<<1, 64>>>(src, dst);
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 256 * sizeof(float));
    cudaMalloc(&y, 256 * sizeof(float));
    step(x, y);
    step(y, x);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
