//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — count: atomicAdd_block is atomic only within a block, and every block updates the one global count.
// A block-scoped atomic used on a counter shared by the whole grid.
__global__ void count_matches_block_scope(const int *in, int key, unsigned int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] == key)
        atomicAdd_block(count, 1u);
}
