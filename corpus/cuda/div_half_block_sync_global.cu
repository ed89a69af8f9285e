//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: divergent — the barrier is reached by the lower half of the block only; the output now includes blockIdx.x, so no race is left.
// Staging with the barrier only in the lower half of the block: the output
// race of the racy twin is fixed, the divergence remains.
__global__ void halfBlockStageFixed(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 32)
        __syncthreads();
    out[blockIdx.x * blockDim.x + t] = 2.0f * in[blockIdx.x * blockDim.x + t];
}
