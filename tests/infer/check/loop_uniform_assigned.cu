// expect: drf — df, the largest power of two not above nf, is computed by a loop of `if (nf >= i) df = i;` over values and tests the block shares: it is the same in every thread, so the reduction loop it bounds, with its barrier, does not diverge.
__global__ void reduce_pow2(int nf, const float *d, float *out)
{
    __shared__ float s[512];
    int tx = threadIdx.x;
    int df = 1;
    for (int i = 1; i <= 1024; i *= 2)
        if (nf >= i)
            df = i;
    s[tx] = d[blockIdx.x * blockDim.x + tx];
    __syncthreads();
    for (int i = 2; i <= df; i *= 2) {
        if (tx % i == 0)
            s[tx] += s[tx + i / 2];
        __syncthreads();
    }
    if (tx == 0)
        out[blockIdx.x] = s[0];
}
