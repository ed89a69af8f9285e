//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: thread t of block b writes out[2^32 b + t], distinct.
// Blocks 2^32 elements apart, indexed in 64 bits.
__global__ void farBlocks(const float *in, float *out)
{
    long long g = ((long long)blockIdx.x << 32) + threadIdx.x;
    long long idx = g;
    out[idx] = in[threadIdx.x];
}
