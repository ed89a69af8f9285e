//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: atomicAdd on count is atomic in the whole grid, so every slot is distinct.
// Append to a global list.
__global__ void append(const int *in, int *out, int *count)
{
    int slot = atomicAdd(count, 1);
    out[slot] = in[blockIdx.x * 64 + threadIdx.x];
}
