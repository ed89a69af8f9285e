//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — flag: a long long delta may be negative, and then every thread writes flag[0].
// Advance positions by a 64-bit delta; a negative one is flagged.
__global__ void advance(long long *pos, int *flag, long long delta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (delta < 0)
        flag[0] = i; // BUG: every thread writes flag[0]
    else
        pos[i] += delta;
}
