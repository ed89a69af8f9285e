//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — total: thread 0 of every block does the plain *total += sdata[0], so thread 0 of block 0 and thread 0 of block 1 read and write total[0] unordered (besides the divergent barrier in if (tid < s)).
// Tree sum of each block's 256 inputs; thread 0 adds the block's sum into one grid total.
__global__ void blockSumTotal(const float *in, float *total)
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
        *total += sdata[0];                // BUG: not atomicAdd
}
