//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: thread t of block 1 writes out[(int)((1LL << 32) + t)] = out[t], as thread t of block 0 does.
// Blocks 2^32 elements apart; the index is narrowed on its way to the store.
__global__ void farBlocks(const float *in, float *out)
{
    long long g = ((long long)blockIdx.x << 32) + threadIdx.x;
    int idx = (int)g; // BUG: the block is in the high 32 bits
    out[idx] = in[threadIdx.x];
}
