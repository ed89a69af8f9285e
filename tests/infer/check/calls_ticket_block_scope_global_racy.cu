//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: a block-scoped atomicAdd_block on a global counter gives slots distinct only within one block

__global__ void enqueue(int *counter, int *out)
{
    int slot = atomicAdd_block(counter, 1);
    out[slot] = threadIdx.x;
}
