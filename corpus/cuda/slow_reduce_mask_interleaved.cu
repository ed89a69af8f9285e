//pass
//--blockDim=512 --gridDim=64
// expect: drf — in step s only threads whose low log2(2s) bits are zero ((tid & (2s - 1)) == 0) add s[tid + s], a cell no active thread writes in that step, and every step ends with a barrier.
// Interleaved tree reduction with the activity test written as a bit mask
// instead of a modulo; the block size is a power of two.
__global__ void reduceMaskInterleaved(const int *in, int *blockSums)
{
    __shared__ int s[512];
    unsigned int tid = threadIdx.x;

    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();

    for (unsigned int stride = 1; stride < blockDim.x; stride <<= 1) {
        if ((tid & (2 * stride - 1)) == 0)
            s[tid] += s[tid + stride];
        __syncthreads();
    }

    if (tid == 0)
        blockSums[blockIdx.x] = s[0];
}
