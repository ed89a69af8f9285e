//pass
//--blockDim=256 --gridDim=32
// expect: drf — each kept element takes two consecutive slots [slot, slot + 2) from atomicAdd(count, 2).
// Compaction of (index, value) pairs into one interleaved array.
__global__ void compact_pairs(const int *in, int *out, unsigned int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] != 0) {
        unsigned int slot = atomicAdd(count, 2u);
        out[slot] = i;
        out[slot + 1] = in[i];
    }
}
