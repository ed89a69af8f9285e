//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: the helper launches shift with in and out both x (run(x, x)): thread i writes x[i] (out) while thread i - 1 reads x[i] (in).
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
    float *x;
    cudaMalloc(&x, 256 * sizeof(float));
    run(x, x); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
