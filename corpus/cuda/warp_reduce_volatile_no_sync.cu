//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — the warp tail relies on lock-step execution: lane t reads s[t + 16] while lane t + 16 of the same warp writes it, with no __syncwarp() between.
// The pre-Volta "volatile" warp tail of a block sum, without warp barriers.
__global__ void block_sum_volatile_tail(const float *in, float *partial)
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
        volatile float *vs = s;
        vs[t] += vs[t + 32];
        vs[t] += vs[t + 16];
        vs[t] += vs[t + 8];
        vs[t] += vs[t + 4];
        vs[t] += vs[t + 2];
        vs[t] += vs[t + 1];
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
