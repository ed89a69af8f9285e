//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — y: the helper's second call passes y as both in and out: thread i writes y[i] (out) while thread i - 1 reads y[i] (in).
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

// One smoothing step per call of the helper.
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
    step(y, y); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
