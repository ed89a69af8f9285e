//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — out: thread t of block 4 writes out[t] (4 * 2^30 wraps to 0 in 32 bits), as thread t of block 0 does.
// Blocks write 2^30-element planes of a very large output.
__global__ void planes(const float *in, float *out)
{
    unsigned pitch = 1u << 30;
    size_t off = blockIdx.x * pitch + threadIdx.x; // BUG: the product wraps in 32 bits
    out[off] = in[threadIdx.x];
}
