//pass
//--blockDim=64 --gridDim=1
// expect: drf — swap_ptr swaps the buffers and a barrier ends each sweep

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
        __syncthreads();
        swap_ptr(x, y);
    }
}
