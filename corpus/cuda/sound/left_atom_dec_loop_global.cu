//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
// expect: racy — slots: 64 threads of the grid each draw atomicDec(count, 127) in 3 iterations: 192 draws from a counter that wraps after 128, so two threads write the same slots[k].
// Hand out slots of a global table counted down, three per thread.
__global__ void takeSlots(unsigned *count, int *slots)
{
    for (int k = 0; k <= 2; k++) { // BUG: 3 rounds, the table holds 2 per thread
        unsigned s = atomicDec(count, 127);
        slots[s] = blockIdx.x * 32 + threadIdx.x;
    }
}
