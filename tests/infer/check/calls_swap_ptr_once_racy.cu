//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: after swap_ptr(x, y), y is the old x, so thread i's write y[i + 1] meets thread i + 1's write x[i + 1]

__device__ void swap_ptr(float *&a, float *&b)
{
    float *t = a;
    a = b;
    b = t;
}

__global__ void twice(float *x, float *y)
{
    int i = threadIdx.x;
    x[i] = 1.0f * i;
    swap_ptr(x, y);
    y[i + 1] = 2.0f * i;
}
