//pass
//--blockDim=128 --gridDim=16
// expect: drf — blk = b[blockIdx.x] is read by every thread of the block at one index and never written: its data pointer is one pointer in the block, and each thread writes its own cell of it.
// A batch of blocks described by structs that hold their data pointers.
struct Block {
    float *data;
    int n;
};

__global__ void zero_blocks(const Block *b)
{
    const Block &blk = b[blockIdx.x];
    float *d = blk.data;
    if (blockIdx.x == 0)
        for (int i = threadIdx.x; i < blk.n; i += blockDim.x)
            d[i] = (float)i;
}
