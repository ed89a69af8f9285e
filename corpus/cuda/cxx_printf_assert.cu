//pass
//--blockDim=256 --gridDim=64
// expect: drf — assert and printf read only the thread's values; the thread writes y[i] alone.
// Debug checks left in a kernel: assert on the index, printf of a value.
#include <cassert>
#include <cstdio>

__global__ void checkedScale(const float *x, float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    assert(i < n);
    float v = a * x[i];
    if (v != v)
        printf("NaN at %d\n", i);
    y[i] = v;
}
