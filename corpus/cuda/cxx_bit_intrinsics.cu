//pass
//--blockDim=256 --gridDim=64
// expect: drf — __ldg reads in[i]; __popc, __clz, __brev, __ffs and the shuffles compute on registers; each thread writes out[i] only.
// Bit-manipulation and warp intrinsics, as in compaction and hashing code.
__global__ void bitStats(const unsigned int *in, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int v = __ldg(&in[i]);
    unsigned int r = __popc(v) + __clz(v) + (__brev(v) & 0xffu) + __ffs(v);
    r ^= __shfl_xor_sync(0xffffffffu, r, 1);
    unsigned int active = __ballot_sync(0xffffffffu, v != 0);
    out[i] = r + __popc(active);
}
