//pass
//--blockDim=64 --gridDim=128
// expect: drf — out: the 64-bit key keeps every bit of the block, so out[key] is distinct per thread of the grid.
// One output per (block, thread) key.
__global__ void keys(const int *in, int *out)
{
    unsigned long long key = ((unsigned long long)blockIdx.x << 26) | threadIdx.x;
    out[key] = in[blockIdx.x * 64 + threadIdx.x];
}
