//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: the first thread to take ticket k in each block writes out[k]; two blocks take the same tickets.
// Compact the positive values of each block into the output.
__global__ void compact(const float *in, float *out)
{
    __shared__ int count;
    int t = threadIdx.x;
    if (t == 0)
        count = 0;
    __syncthreads();
    float v = in[blockIdx.x * 64 + t];
    if (v > 0.0f) {
        int slot = atomicAdd(&count, 1);
        out[slot] = v; // BUG: every block counts from 0
    }
}
