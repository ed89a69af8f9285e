//pass
//--blockDim=128 --gridDim=8
// expect: drf — base: every thread of a block stores the same block-uniform value blockIdx.x * blockDim.x, a benign write-write race; the reads follow the barrier.
// Each thread publishes the block's offset into the input (the same for the
// whole block), then every thread adds it to its element.
__global__ void addBlockOffset(const int *in, int *out)
{
    __shared__ int base;
    base = blockIdx.x * blockDim.x;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] + base;
}
