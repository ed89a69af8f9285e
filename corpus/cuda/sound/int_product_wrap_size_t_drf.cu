//pass
//--blockDim=64 --gridDim=8
// expect: drf — out: the product is taken in 64 bits, so thread t of block b writes out[2^30 b + t], distinct.
// Blocks write 2^30-element planes of a very large output.
__global__ void planes(const float *in, float *out)
{
    unsigned pitch = 1u << 30;
    size_t off = (size_t)blockIdx.x * pitch + threadIdx.x;
    out[off] = in[threadIdx.x];
}
