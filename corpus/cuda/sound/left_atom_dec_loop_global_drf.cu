//pass
//--blockDim=32 --gridDim=2
// expect: drf — slots: 64 threads of the grid each draw atomicDec(count, 127) in 2 iterations: 128 draws, all before the counter wraps, so each slots[k] is written once.
// Hand out slots of a global table counted down, two per thread.
__global__ void takeSlots(unsigned *count, int *slots)
{
    for (int k = 0; k < 2; k++) {
        unsigned s = atomicDec(count, 127);
        slots[s] = blockIdx.x * 32 + threadIdx.x;
    }
}
