//pass
//--blockDim=256 --gridDim=64
// expect: drf — in each step every thread reads s[tid] and s[tid ^ mask], a barrier follows, and only then does each thread write its own s[tid]; so all threads end with the block's sum.
// All-reduce of a block in shared memory with a butterfly (recursive
// doubling): after log2(blockDim.x) xor steps every thread holds the sum.
__global__ void blockAllReduceButterfly(const float *in, float *out)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int gid = blockIdx.x * blockDim.x + tid;

    s[tid] = in[gid];
    __syncthreads();

    for (unsigned int mask = blockDim.x >> 1; mask > 0; mask >>= 1) {
        float v = s[tid] + s[tid ^ mask];
        __syncthreads();
        s[tid] = v;
        __syncthreads();
    }

    out[gid] = in[gid] / s[tid];
}
