//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: swap_ptr swaps the buffers, so the second sweep writes what the first read, with no barrier between

__device__ void swap_ptr(float *&a, float *&b)
{
    float *t = a;
    a = b;
    b = t;
}

__global__ void jacobi(float *x, float *y)
{
    int i = threadIdx.x + 1;
    for (int it = 0; it < 2; it++) {
        y[i] = 0.5f * (x[i - 1] + x[i + 1]);
        swap_ptr(x, y);
    }
}
