// expect: racy — the twin of bytes_fields_distinct: both threads of a pair write the same field.
struct P { int count; float w; };
__global__ void fields_same(float *out)
{
    __shared__ P s[32];
    int t = threadIdx.x;
    if (t % 2)
        s[t / 2].count = t;
    else
        s[t / 2].count = 1;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s[t / 2].w;
}
