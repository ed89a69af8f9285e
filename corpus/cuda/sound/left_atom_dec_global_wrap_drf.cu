//pass
//--blockDim=64 --gridDim=2
// expect: drf — slots: atomicDec(count, 127) runs through 128 distinct values before it repeats one (from any start), and 2 blocks of 64 take 128 tickets.
// Hand out slots from the top of a table, counting down.
__global__ void takeDown(unsigned *count, int *slots)
{
    unsigned k = atomicDec(count, 127);
    slots[k] = blockIdx.x * 64 + threadIdx.x;
}
