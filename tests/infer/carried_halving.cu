// A loop that halves its variable from a start that is no constant
// (docs/inference.md, "Loop-carried values"): 2^t is an unknown power of
// two the block shares, tied to the variable in each iteration and to the
// start after the loop; a call that gets the carried value by value
// (__mul24) does not change it.
__global__ void upDown(unsigned *g)
{
    __shared__ unsigned s[512];
    unsigned tid = threadIdx.x;
    s[tid] = g[tid];
    unsigned offset = 1;
    for (int d = blockDim.x; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d)
            s[__mul24(__mul24(2, offset), tid) + 2 * offset - 1] += s[__mul24(__mul24(2, offset), tid) + offset - 1];
        offset *= 2;
    }
    for (int d = 1; d <= blockDim.x; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (tid < d)
            s[__mul24(__mul24(2, offset), tid) + offset - 1] = 0;
    }
}

// An integer converted to unsigned char keeps its low 8 bits.
__global__ void bytes(const unsigned *w, int *out)
{
    __shared__ int t[256];
    unsigned char b = w[threadIdx.x] >> 8;
    t[b] = 1;
    unsigned short h = (unsigned short)(w[threadIdx.x] >> 16);
    out[h] = t[(unsigned char)threadIdx.x];
}
