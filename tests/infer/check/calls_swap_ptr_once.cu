//pass
//--blockDim=64 --gridDim=1
// expect: drf — after swap_ptr(x, y), x is the old y, so thread i's write x[i + 1] is in the other buffer than the first writes

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
    x[i + 1] = 2.0f * i;
}
