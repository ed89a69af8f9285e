//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// expect: divergent — the loop tests the thread's own flag changed instead of the block's __syncthreads_or, so threads leave the loop, and skip its barriers, at different times.
// uni_syncthreads_or_loop.cu with the collective test replaced by a per-thread one.
__global__ void propagateLabelsDivergent(int *labels, int passes)
{
    __shared__ int label[256];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    for (int p = 0; p < passes; p++) {
        label[tid] = labels[g];
        int changed = 1;
        __syncthreads();
        while (changed) {
            changed = 0;
            int mine = label[tid];
            int next = label[(tid + 1) % blockDim.x];
            __syncthreads();
            if (next < mine) {
                label[tid] = next;
                changed = 1;
            }
            __syncthreads();
        }
        labels[g] = label[tid];
        __syncthreads();
    }
}
