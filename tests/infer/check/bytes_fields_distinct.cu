// expect: drf — two threads write different fields of one cell: their bytes do not overlap.
struct P { int count; float w; };
__global__ void fields_distinct(float *out)
{
    __shared__ P s[32];
    int t = threadIdx.x;
    if (t % 2)
        s[t / 2].count = t;
    else
        s[t / 2].w = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s[t / 2].w;
}
