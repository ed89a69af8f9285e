//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: thread t writes s[t] while thread t-1 may still read s[t] as its neighbour (the barrier between the reads and the write is missing).
// Min-label propagation along a ring inside a block; the update does not wait
// for the neighbours' reads.
__global__ void ringMinLabelsNoSync(int *label)
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
        s[t] = best;
        changed = __syncthreads_or(best != mine);
    } while (changed);
    label[g] = s[t];
}
