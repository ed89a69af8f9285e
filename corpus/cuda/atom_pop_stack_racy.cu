//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — stack: a pop clears stack[old], the cell the previous pop (old + 1) reads.
// Pops that also clear the slot above their own: that slot is another pop's.
__global__ void pop_and_clear(int *stack, unsigned int *top, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int old = atomicSub(top, 1u);
        out[i] = stack[old - 1];
        stack[old] = 0;
    }
}
