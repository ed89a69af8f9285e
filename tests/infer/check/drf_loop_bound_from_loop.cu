// expect: drf — p is computed by a loop over uniform values (`while (p < n) p <<= 1;`), so it is the same in every thread and the halving loop's barrier is uniform.
__global__ void k(int *out, int n)
{
    __shared__ int s[512];
    unsigned p = 1;
    while (p < n)
        p <<= 1;
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (unsigned h = p / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h && threadIdx.x + h < 512)
            s[threadIdx.x] += s[threadIdx.x + h];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}
