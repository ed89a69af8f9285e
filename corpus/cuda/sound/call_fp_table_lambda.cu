//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: with mode 1 the lambda writes a[t / 2], so threads 2k and 2k + 1 write the same cell.
// Two store modes in a table; mode 1 is a lambda.
typedef void (*Store)(float *, int, float);

__device__ void store_plain(float *a, int t, float v)
{
    a[t] = v;
}

__global__ void store(float *a, const float *in, int mode)
{
    Store table[2] = {store_plain, [](float *p, int i, float v) { p[i / 2] = v; }}; // BUG: i / 2
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    table[mode & 1](a, t, in[t]);
}
