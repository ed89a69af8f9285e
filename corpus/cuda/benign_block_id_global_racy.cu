//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — last: blockIdx.x is the same within a block but not across blocks, so threads of blocks 0 and 1 write different values to last[0].
// Records "the last block that ran" in a global cell: uniform within a block,
// but blocks are not ordered, so which value survives is a race.
__global__ void recordLastBlock(int *last, float *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
    last[0] = blockIdx.x;
}
