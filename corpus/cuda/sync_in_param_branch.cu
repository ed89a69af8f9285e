//pass
//--blockDim=256 --gridDim=64
// expect: drf — smooth is a kernel parameter, the same for every thread, so the barrier under if (smooth) is reached by all threads or none; s[tid] is written before it and s[(tid+1) % blockDim.x] read after it.
// Optional smoothing pass selected by a uniform flag.
__global__ void maybeSmooth(const float *in, float *out, int n, int smooth)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    float v = (i < n) ? in[i] : 0.0f;

    if (smooth) {
        s[tid] = v;
        __syncthreads();
        v = 0.5f * (s[tid] + s[(tid + 1) % blockDim.x]);
    }

    if (i < n)
        out[i] = v;
}
