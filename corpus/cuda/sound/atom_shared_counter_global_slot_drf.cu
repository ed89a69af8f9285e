//pass
//--blockDim=64 --gridDim=4
// expect: drf — out: tickets are distinct within a block (at most 64 of them) and each block writes its own 64 cells.
// Compact the positive values of each block into the block's part of the output.
__global__ void compact(const float *in, float *out)
{
    __shared__ int count;
    int t = threadIdx.x;
    if (t == 0)
        count = 0;
    __syncthreads();
    float v = in[blockIdx.x * 64 + t];
    if (v > 0.0f) {
        int slot = atomicAdd(&count, 1);
        out[blockIdx.x * 64 + slot] = v;
    }
}
