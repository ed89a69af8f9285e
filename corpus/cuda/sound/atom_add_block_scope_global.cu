//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: atomicAdd_block on count is atomic only within a block, so threads of the two blocks may take the same ticket and write the same out cell.
// Append to a global list, with a block-scoped atomic by mistake.
__global__ void append(const int *in, int *out, int *count)
{
    int slot = atomicAdd_block(count, 1); // BUG: blocks may take the same slot
    out[slot] = in[blockIdx.x * 64 + threadIdx.x];
}
