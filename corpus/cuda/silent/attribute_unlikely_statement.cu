//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the statement marked [[unlikely]] writes s[threadIdx.x / 2], the same cell for threads 2k and 2k + 1.
// An attribute on a plain expression statement inside a loop.
__global__ void pairs(int *out, int rounds)
{
    __shared__ int s[32];
    for (int r = 0; r < rounds; r++) {
        [[unlikely]] s[threadIdx.x / 2] = r;
    }
    out[threadIdx.x] = rounds;
}
