//pass
//--blockDim=128 --gridDim=8
// expect: drf — each block updates only count[blockIdx.x] with atomicAdd_block, so block-scoped atomics never meet another block.
// Per-block match counts with block-scoped atomics on per-block cells.
__global__ void count_matches_per_block(const int *in, int key, unsigned int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] == key)
        atomicAdd_block(&count[blockIdx.x], 1u);
}
