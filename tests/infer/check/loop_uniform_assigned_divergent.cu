// expect: divergent — the twin of loop_uniform_assigned: df is set only in the threads below 7, so the threads disagree on the trip count of the loop with the barrier.
__global__ void reduce_pow2_split(int nf, const float *d, float *out)
{
    __shared__ float s[512];
    int tx = threadIdx.x;
    int df = 1;
    for (int i = 1; i <= 1024; i *= 2)
        if (nf >= i && tx < 7)
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
