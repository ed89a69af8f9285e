// expect: divergent — the twin of loop_uniform_assigned: thread 3 leaves the loop early, so after it df differs between threads (the block does not run the loop alike), and the loop with the barrier that it bounds diverges.
__global__ void reduce_pow2_break(int nf, const float *d, float *out)
{
    __shared__ float s[512];
    int tx = threadIdx.x;
    int df = 1;
    for (int i = 1; i <= 1024; i *= 2) {
        if (nf >= i)
            df = i;
        if (tx == 3)
            break;
    }
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
