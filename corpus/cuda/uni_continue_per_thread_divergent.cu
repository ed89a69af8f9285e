//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: divergent — the continue tests the thread's own tile[tid], so threads with a zero count skip the tile's last barrier that the others reach.
// uni_continue_on_zero_sum.cu testing each thread's own count instead of the block's sum.
__global__ void normaliseTilesDivergent(const int *counts, int *percent, int ntiles)
{
    __shared__ int tile[128];
    __shared__ int lsum;
    int tid = threadIdx.x;
    for (int t = 0; t < ntiles; t++) {
        int g = (blockIdx.x * ntiles + t) * blockDim.x + tid;
        tile[tid] = counts[g];
        __syncthreads();
        if (tid == 0) {
            int s = 0;
            for (int i = 0; i < blockDim.x; i++)
                s += tile[i];
            lsum = s + 1;
        }
        __syncthreads();
        if (tile[tid] == 0)
            continue;
        percent[g] = tile[tid] * 100 / lsum;
        __syncthreads();
    }
}
