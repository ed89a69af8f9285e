//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: divergent — the barrier sits inside `if (i < n)`, which threads of the last block may not all take; each thread now reads only its own cell of s, so no race is left even where the barrier does not hold.
// Neighbour sum with the barrier inside the bounds check: the race of its
// racy twin is fixed (each thread reads its own cell), the divergence remains.
__global__ void neighbourSumGuardedSyncFixed(const float *in, float *out, int n)
{
    __shared__ float s[257];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        s[t] = in[i];
        __syncthreads();
    }
    if (i < n)
        out[i] = s[t] + in[i + 1 < n ? i + 1 : i];
}
