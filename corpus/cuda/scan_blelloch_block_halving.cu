//pass
//--blockDim=256 --gridDim=64
// expect: drf — the up-sweep halves d from blockDim.x while offset doubles from 1, so offset is 2^t = blockDim.x / d's power of two, the same in the whole block; after it offset is the power of two above blockDim.x, so each down-sweep step halves it to at least 1 and the threads below d touch disjoint pairs.
// Work-efficient (Blelloch) exclusive scan of 2 * blockDim.x elements per
// block, its loops driven by the block size (Rodinia huffman, CUDA
// samples), offsets with __mul24.
__global__ void blellochScan(const unsigned *in, unsigned *out)
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
        __syncthreads();
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
