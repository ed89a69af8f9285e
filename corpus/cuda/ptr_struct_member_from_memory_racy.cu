//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — two blocks read b[blockIdx.x].data of different cells, which may be one pointer: their threads write the same cell b_data_target[d + i].
// ptr_struct_member_from_memory.cu run by every block.
struct Block {
    float *data;
    int n;
};

__global__ void zero_blocks(const Block *b)
{
    const Block &blk = b[blockIdx.x];
    float *d = blk.data;
    for (int i = threadIdx.x; i < blk.n; i += blockDim.x)
        d[i] = (float)i;
}
