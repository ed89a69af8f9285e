//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: __popc(t) counts bits, so threads 1 and 2 (one bit each) write the same cell.
__global__ void popcOffset(int *out)
{
    unsigned t = threadIdx.x;
    out[__popc(t)] = threadIdx.x;
}
