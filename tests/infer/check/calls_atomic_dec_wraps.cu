//pass
//--blockDim=64 --gridDim=1
// expect: drf — atomicDec's slot is only read from stack, each thread writes its own out cell

__global__ void stack_peek(unsigned int *top, const int *stack, int *out)
{
    unsigned int slot = atomicDec(top, 31u);
    out[threadIdx.x] = stack[slot];
}
