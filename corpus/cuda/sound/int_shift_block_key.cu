//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=128
// expect: racy — out: thread t of block 64 writes out[(64 << 26) | t] = out[t] (the shift wraps in 32 bits), as thread t of block 0 does.
// One output per (block, thread) key.
__global__ void keys(const int *in, int *out)
{
    unsigned key = (blockIdx.x << 26) | threadIdx.x; // BUG: 6 bits of block only
    out[key] = in[blockIdx.x * 64 + threadIdx.x];
}
