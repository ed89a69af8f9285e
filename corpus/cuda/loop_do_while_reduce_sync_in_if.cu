//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the barrier inside `if (tid < s)` is reached only by the threads below s.
// The do-while reduction with its barrier inside the branch.
__global__ void reduceDoWhileSyncInIf(const float *in, float *out)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned s = blockDim.x / 2;
    do {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();
        }
        s >>= 1;
    } while (s > 0);
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
