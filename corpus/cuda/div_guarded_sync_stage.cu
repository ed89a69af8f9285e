//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: divergent — the barrier between staging s[t] and reading s[t + 1] sits inside `if (i < n)`, which threads of the last block may not all take; the only conflict is one that barrier stands between, so no race is reported.
// Neighbour sum staged through shared memory with the barrier inside the
// bounds check: moving __syncthreads() out of the `if` fixes it.
__global__ void neighbourSumGuardedStage(const float *in, float *out, int n)
{
    __shared__ float s[257];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        s[t] = in[i];
        __syncthreads();
        out[i] = s[t] + s[t + 1];
    }
}
