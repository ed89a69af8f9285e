//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — without the barrier between the read of s[tid ^ mask] and the write of s[tid], the partner thread may already have overwritten its cell.
// All-reduce of a block in shared memory with a butterfly (recursive
// doubling): after log2(blockDim.x) xor steps every thread holds the sum.
__global__ void blockAllReduceButterflyNoSync(const float *in, float *out)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int gid = blockIdx.x * blockDim.x + tid;

    s[tid] = in[gid];
    __syncthreads();

    for (unsigned int mask = blockDim.x >> 1; mask > 0; mask >>= 1) {
        float v = s[tid] + s[tid ^ mask];
        s[tid] = v;
        __syncthreads();
    }

    out[gid] = in[gid] / s[tid];
}
