//pass
//--blockDim=256 --gridDim=16
// expect: drf — the warp tail of the block sum reads, waits at __syncwarp(), writes, and waits again, so no lane reads a cell another lane of its warp is writing.
// Block sum whose last six steps are warp-synchronous, written as the CUDA programming guide recommends since Volta.
__global__ void block_sum_warp_tail(const float *in, float *partial)
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
            __syncwarp();
            s[t] = v;
            __syncwarp();
        }
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
