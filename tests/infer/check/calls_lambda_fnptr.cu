//pass
//--blockDim=64 --gridDim=1
// expect: drf — both the function and the lambda converted to op_t write the thread's own cell a[i]

typedef void (*op_t)(float *, int);

__device__ void write_own(float *a, int i) { a[i] = 0.5f * i; }

__global__ void apply(float *a, int sel)
{
    op_t f = write_own;
    if (sel)
        f = [](float *p, int i) { p[i] = (float)i; };
    a[threadIdx.x] = 2.0f;
    f(a, threadIdx.x);
}
