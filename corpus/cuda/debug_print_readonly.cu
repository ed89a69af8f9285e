//pass
//--blockDim=256 --gridDim=64
// expect: drf — the kernel only reads x (and writes nothing but printf output), so no two accesses conflict.
// Debugging aid: report non-finite values without modifying anything.
#include <cstdio>

__global__ void reportNonFinite(const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        if (v != v)
            printf("x[%d] is NaN\n", i);
        else if (isinf(v))
            printf("x[%d] is infinite\n", i);
    }
}
