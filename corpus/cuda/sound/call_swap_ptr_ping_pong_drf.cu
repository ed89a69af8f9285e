//pass
//--blockDim=64 --gridDim=1
// expect: drf — a, b: a barrier ends every step, so a buffer is written only after every read of it in the step before.
// Three smoothing steps between two shared buffers.
__device__ void swap_ptr(float *&x, float *&y)
{
    float *t = x;
    x = y;
    y = t;
}

__global__ void smooth(const float *in, float *out)
{
    __shared__ float a[65], b[65];
    int t = threadIdx.x;
    a[t] = in[t];
    if (t == 0)
        a[64] = b[64] = 0.0f;
    __syncthreads();
    float *src = a, *dst = b;
    for (int step = 0; step < 3; step++) {
        dst[t] = 0.5f * (src[t] + src[t + 1]);
        __syncthreads();
        swap_ptr(src, dst);
    }
    out[t] = src[t];
}
