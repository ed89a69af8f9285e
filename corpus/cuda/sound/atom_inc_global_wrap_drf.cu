//pass
//--blockDim=64 --gridDim=4
// expect: drf — slots: atomicInc(count, 255) runs through 256 distinct values before it repeats one (from any start), and 4 blocks of 64 take 256 tickets.
// Hand out 256 slots to the threads of the grid.
__global__ void handOut(unsigned *count, int *slots)
{
    unsigned k = atomicInc(count, 255);
    slots[k] = blockIdx.x * 64 + threadIdx.x;
}
