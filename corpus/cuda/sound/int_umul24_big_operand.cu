//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: thread t of block 1 (gid = 2^24 + t) writes out[__umul24(gid, 2)] = out[2t], as thread t of block 0 does.
// Global ids spaced 2^24 apart per block, doubled with the fast multiply.
__global__ void spread(const int *in, int *out)
{
    unsigned gid = blockIdx.x * 16777216u + threadIdx.x;
    out[__umul24(gid, 2u)] = in[threadIdx.x]; // BUG: bits 24 and up of gid are lost
}
