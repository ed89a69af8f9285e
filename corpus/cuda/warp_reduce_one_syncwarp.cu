//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — with only the __syncwarp() after the store, lane t reads s[t + stride] while lane t + stride of the same warp stores to it in the same step.
// The warp tail of a block sum with one of the two warp barriers of each step left out.
__global__ void block_sum_half_synced_tail(const float *in, float *partial)
{
    __shared__ float s[256];
    unsigned int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (unsigned int stride = 128; stride > 32; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t < 32) {
        float v = s[t];
        for (unsigned int stride = 32; stride > 0; stride >>= 1) {
            v += s[t + stride];
            s[t] = v;
            __syncwarp();
        }
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
