//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the __syncthreads() inside if (tid < s) is reached only by the threads below s; the others skip it in the same iteration.
// Tree sum of each block's 256 inputs; thread 0 stores the block's partial sum.
__global__ void blockSum(const float *in, float *partial)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();               // BUG: barrier inside the branch
        }
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}
