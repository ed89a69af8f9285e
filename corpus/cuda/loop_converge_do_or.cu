//pass
//--blockDim=256 --gridDim=64
// expect: drf — the loop ends on __syncthreads_or, the same in every thread of the block; reads of s and writes of s are in different barrier intervals.
// Min-label propagation along a ring inside a block, until no label changes.
__global__ void ringMinLabels(int *label)
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
        changed = __syncthreads_or(best != mine);
    } while (changed);
    label[g] = s[t];
}
