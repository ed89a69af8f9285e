//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — stack: atomicDec wraps to its limit 31 below zero, so two threads draw the same slot and write stack[slot]

__global__ void stack_pop(unsigned int *top, int *stack)
{
    unsigned int slot = atomicDec(top, 31u);
    stack[slot] = threadIdx.x;
}
