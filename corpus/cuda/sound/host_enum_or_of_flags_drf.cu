//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: with m = SCALE thread i writes out[i] only.
#include <cuda_runtime.h>

// Flags that select what a pass does.
enum Mode { NONE = 0, SCALE = 1, ACCUM = 2 };

__global__ void pass(const float *in, float *out, Mode m)
{
    int i = threadIdx.x;
    switch (m) {
    case NONE:
        out[i] = in[i];
        break;
    case SCALE:
        out[i] = 2.0f * in[i];
        break;
    case ACCUM:
        out[i] += in[i];
        break;
    default: // both flags: a block-wide total, written without care
        out[0] += 2.0f * in[i];
    }
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    pass<<<1, 64>>>(x, y, SCALE);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
