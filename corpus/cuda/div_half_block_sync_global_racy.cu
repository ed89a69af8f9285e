//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: all threads of the grid write out[threadIdx.x], so threads with the same threadIdx.x in two blocks write one cell; the barrier of the lower half of the block also diverges.
// Staging through shared memory with the barrier only in the lower half of
// the block, and an output indexed by the thread id alone (missing blockIdx).
__global__ void halfBlockStage(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 32)
        __syncthreads();
    out[t] = 2.0f * in[blockIdx.x * blockDim.x + t];
}
