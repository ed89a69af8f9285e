// expect: drf — a tree reduction in a device helper, uniform loop bounds, a barrier per step.
__device__ void reduce(float *s, unsigned tid)
{
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
}
__global__ void k(const float *in, float *out)
{
    extern __shared__ float s[];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    reduce(s, tid);
    if (tid == 0)
        out[blockIdx.x] = s[0];
}
