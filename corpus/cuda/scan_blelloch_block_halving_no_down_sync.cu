//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the down-sweep has no barrier between its steps, so a thread reads temp[ai] while the thread that owned that pair in the step before still writes it (temp[bi] of one step is temp[ai] of the next).
// Work-efficient (Blelloch) exclusive scan of 2 * blockDim.x elements per
// block, its loops driven by the block size (Rodinia huffman, CUDA
// samples), offsets with __mul24.
__global__ void blellochScanNoDownSync(const unsigned *in, unsigned *out)
{
    __shared__ unsigned temp[512];
    unsigned tid = threadIdx.x;
    unsigned base = blockIdx.x * blockDim.x * 2;
    temp[tid] = in[base + tid];
    temp[tid + blockDim.x] = in[base + tid + blockDim.x];
    unsigned offset = 1;
    for (int d = blockDim.x; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = __mul24(__mul24(2, offset), tid) + offset - 1;
            int bi = ai + offset;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (tid == 0)
        temp[2 * blockDim.x - 1] = 0;
    for (int d = 1; d <= blockDim.x; d *= 2) {
        offset >>= 1;
        if (tid < d) {
            int ai = __mul24(__mul24(2, offset), tid) + offset - 1;
            int bi = ai + offset;
            unsigned t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    out[base + tid] = temp[tid];
    out[base + tid + blockDim.x] = temp[tid + blockDim.x];
}
