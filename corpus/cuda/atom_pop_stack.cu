//pass
//--blockDim=128 --gridDim=8
// expect: drf — threads pop with atomicSub(top, 1): each gets a distinct old top and reads only stack[old - 1].
// Concurrent pops from a stack whose top is moved with atomicSub.
__global__ void pop_items(const int *stack, unsigned int *top, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int old = atomicSub(top, 1u);
        out[i] = stack[old - 1];
    }
}
