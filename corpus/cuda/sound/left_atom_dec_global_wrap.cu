//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — slots: atomicDec(count, 127) hands out at most 128 distinct values, so two of the 256 threads take the same slot and write slots[k].
// Hand out slots from the top of a table, counting down.
__global__ void takeDown(unsigned *count, int *slots)
{
    unsigned k = atomicDec(count, 127); // BUG: 4 blocks of 64 need 256 slots
    slots[k] = blockIdx.x * 64 + threadIdx.x;
}
