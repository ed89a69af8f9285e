//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: in step 2 thread t writes a[t] (dst is a again) while thread t - 1 may still read a[t] in step 1, with no barrier.
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
        swap_ptr(src, dst); // BUG: no barrier before the buffers change roles
    }
    __syncthreads();
    out[t] = src[t];
}
