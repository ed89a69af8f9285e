//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — slots: atomicInc(count, 255) gives at most 256 distinct values, so two of the 512 threads take the same slot and write slots[k].
// Hand out 256 slots to the threads of the grid.
__global__ void handOut(unsigned *count, int *slots)
{
    unsigned k = atomicInc(count, 255); // BUG: 8 blocks of 64 need 512 slots
    slots[k] = blockIdx.x * 64 + threadIdx.x;
}
