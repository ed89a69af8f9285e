// expect: racy — the twin of loop_bound_read_each_test: the loop re-reads its bound from memory, but steps by blockDim.x alone, so the blocks cover the same elements.
__global__ void frontier_pass_block_stride(const int *q_size, const int *frontier, int *out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q_size[0]; i += blockDim.x)
        out[i] = frontier[i] + (int)blockIdx.x;
}
