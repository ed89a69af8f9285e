//pass
//--blockDim=256 --gridDim=64
// expect: drf — the shared tree is the sequential-addressing one, and the cross-block combination into total[0] is an atomicAdd, so the blocks' updates are all atomic.
// Whole-array sum in one launch: each block reduces its slice in shared
// memory and thread 0 adds the block's sum to the global total atomically.
__global__ void sumAtomic(const float *in, float *total, int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        atomicAdd(total, sdata[0]);
}
