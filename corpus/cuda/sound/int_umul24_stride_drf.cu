//pass
//--blockDim=64 --gridDim=4
// expect: drf — out: thread t of block b writes out[2^24 b + t], distinct for 4 blocks.
// Blocks write 2^24-element slices.
__global__ void slices(const float *in, float *out)
{
    unsigned base = blockIdx.x * (1u << 24);
    out[base + threadIdx.x] = in[threadIdx.x];
}
