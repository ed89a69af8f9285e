//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — total: thread 0 of block 0 and thread 0 of block 1 both do the read-modify-write *total += sdata[0]; __syncthreads() does not order different blocks.
// Whole-array sum whose last step adds the block sums with a plain +=.
__global__ void sumPlainAccumulate(const float *in, float *total, int n)
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
        *total += sdata[0];           // BUG: should be atomicAdd(total, sdata[0])
}
