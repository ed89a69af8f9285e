//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=64
// expect: racy — the mask is (stride - 1) instead of (2 * stride - 1): thread tid + stride is active too and writes s[tid + stride] while thread tid reads it.
// Interleaved tree reduction with the activity test written as a bit mask
// instead of a modulo; the block size is a power of two.
__global__ void reduceMaskTooWide(const int *in, int *blockSums)
{
    __shared__ int s[512];
    unsigned int tid = threadIdx.x;

    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();

    for (unsigned int stride = 1; stride < blockDim.x; stride <<= 1) {
        if ((tid & (stride - 1)) == 0)
            s[tid] += s[tid + stride];
        __syncthreads();
    }

    if (tid == 0)
        blockSums[blockIdx.x] = s[0];
}
