//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — out: atomicAdd reserves one slot but the thread writes two, out[slot + 1] is the next thread's slot.
// Compaction of pairs that reserves only one slot for two values.
__global__ void compact_pairs_short(const int *in, int *out, unsigned int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] != 0) {
        unsigned int slot = atomicAdd(count, 1u);
        out[slot] = i;
        out[slot + 1] = in[i];
    }
}
