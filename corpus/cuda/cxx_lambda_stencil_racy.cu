//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — tile: the lambda at(t + 1) makes thread t read tile[t + 2], which thread t + 1 writes through load(t + 2, ...); the barrier is missing.
// The lambda stencil without the barrier between the fill and the reads.
__global__ void blur3NoSync(const float *in, float *out, int n)
{
    __shared__ float tile[256 + 2];
    int t = threadIdx.x;
    int g = blockIdx.x * 256 + t;
    auto load = [&](int dst, int src) { tile[dst] = (src >= 0 && src < n) ? in[src] : 0.0f; };
    load(t + 1, g);
    if (t == 0)
        load(0, g - 1);
    if (t == 255)
        load(257, g + 1);
    // BUG: missing __syncthreads()
    auto at = [&](int k) { return tile[k + 1]; };
    if (g < n)
        out[g] = (at(t - 1) + at(t) + at(t + 1)) / 3.0f;
}
