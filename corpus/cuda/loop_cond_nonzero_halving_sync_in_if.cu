//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the barrier sits inside `if (tid < s)`, which only the lower half of the active threads enter.
// The nonzero-stride reduction with its barrier moved into the branch.
__global__ void reduceNonzeroSyncInIf(const int *in, int *out)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();
        }
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
