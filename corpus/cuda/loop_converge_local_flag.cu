//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — each thread stops when its own label stops changing, so threads leave the loop after different numbers of barriers.
// Min-label propagation that tests a per-thread flag instead of the block's vote.
__global__ void ringMinLabelsLocalFlag(int *label)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    s[t] = label[g];
    __syncthreads();
    int changed;
    do {
        int mine = s[t];
        int best = min(mine, s[(t + 1) % blockDim.x]);
        __syncthreads();
        s[t] = best;
        __syncthreads();
        changed = best != mine;
    } while (changed);
    label[g] = s[t];
}
